"""Numbers on the pages follow one rule: a value that is not zero is never shown as zero."""

from __future__ import annotations

from decimal import Decimal

from ndcg_core.text.formatting import format_real
from tests.pages.conftest import open_app, shown_cards

PLAYGROUND = "pages/playground.py"


def test_a_tiny_ndcg_card_says_how_small_it_is() -> None:
    # Exponential gain: 7 / (2^1100 - 1) is about 5.2e-331, below the smallest float.
    at = open_app({"g": "3, 1100, 2", "gain": "exponential", "k": "1"}, PLAYGROUND)
    cards = shown_cards(at)
    assert cards["nDCG@1"] == format_real(Decimal(7) / (Decimal(2) ** 1100 - 1))
    assert cards["nDCG@1"].endswith("e-331")


def test_a_small_but_float_ndcg_card_is_not_zero_either() -> None:
    at = open_app({"g": "3, 1000, 2", "gain": "exponential", "k": "1"}, PLAYGROUND)
    cards = shown_cards(at)
    assert cards["nDCG@1"] == f"{7 / (2.0**1000 - 1):.3e}"
