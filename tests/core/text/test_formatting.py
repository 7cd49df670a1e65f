"""The app's one number format: format_real, and the same rule drawn by Vega in the charts."""

from __future__ import annotations

import math
import re
from decimal import Decimal

import altair as alt
import pandas as pd
import vl_convert
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, evaluate
from ndcg_core.metric.exact_ratio import shown_ndcg
from ndcg_core.pictures.tables import display_columns
from ndcg_core.teaching.worked import ndcg_step
from ndcg_core.text.formatting import (
    DECIMALS,
    MAX_FORMATTED_LENGTH,
    SCIENTIFIC_FROM,
    format_real,
    vega_format_expr,
)

EXPONENTIAL = Convention(gain="exponential")
UNDEFINED_WHEN_ZERO = Convention(zero_ideal="nan")


def test_every_fraction_has_the_same_number_of_decimals() -> None:
    # 0.74 beside 0.961 reads as if the first were less precise than the second.
    shown = [format_real(v) for v in (0.74, 0.961, 0.5, 1.25)]
    assert shown == ["0.740", "0.961", "0.500", "1.250"]
    assert {len(text.split(".")[1]) for text in shown} == {DECIMALS}


def test_whole_numbers_stay_whole() -> None:
    assert [format_real(v) for v in (11.0, 0.0, -0.0, -3.0)] == ["11", "0", "0", "-3"]


@given(
    st.floats(-1e6, 1e6, allow_subnormal=True).filter(lambda v: v != 0)
    | st.decimals(Decimal("-1e-2000"), Decimal("1e-2000"), allow_nan=False).filter(lambda v: v != 0)
)
def test_a_value_that_is_not_zero_is_never_shown_as_zero(value: float | Decimal) -> None:
    text = format_real(value)
    assert text.strip("-+0.e") != "", text
    assert float(text) == float(value) or "e" in text or abs(float(text) - float(value)) < 1e-3


def test_a_tiny_value_says_how_small_it_is_in_floats_and_exact_values() -> None:
    # 7 / (2^1000 - 1) is a float; 7 / (2^1100 - 1) only exists as a Decimal.
    small = evaluate([3, 1000, 2], Convention(gain="exponential", cutoff_k=1))
    tiny = evaluate([3, 1100, 2], Convention(gain="exponential", cutoff_k=1))
    assert format_real(small.ndcg) == f"{7 / (2.0**1000 - 1):.3e}"
    assert format_real(shown_ndcg(tiny)) == f"{Decimal(7) / (Decimal(2) ** 1100 - 1):.3e}"
    assert format_real(shown_ndcg(tiny)).endswith("e-331")
    assert display_columns(tiny)["nDCG@i"][0] == format_real(shown_ndcg(tiny))
    assert ndcg_step(tiny).filled.endswith("= " + format_real(shown_ndcg(tiny)))


@given(st.floats(-1e17, 1e17) | st.floats(allow_nan=True, allow_infinity=True))
def test_no_float_is_written_longer_than_the_cards_allow(value: float) -> None:
    assert len(format_real(value)) <= MAX_FORMATTED_LENGTH


@given(st.decimals(Decimal("-1e400"), Decimal("1e400"), allow_nan=True, allow_infinity=False))
def test_no_exact_value_is_written_longer_than_the_cards_allow(value: Decimal) -> None:
    assert len(format_real(value)) <= MAX_FORMATTED_LENGTH


def test_extreme_results_of_the_core_fit_the_cards() -> None:
    results = [
        evaluate([1100, 0, 5], EXPONENTIAL),
        evaluate([1100, 0, 5]),
        evaluate([0, 0, 0], UNDEFINED_WHEN_ZERO),
        evaluate([-1, 0, 1]),
        evaluate([999_999.0] * 10_000),
    ]
    for result in results:
        for value in (result.cg, result.dcg, result.ideal_dcg, result.ndcg):
            text = format_real(value)
            assert len(text) <= MAX_FORMATTED_LENGTH, text
            assert "inf" not in text
    assert format_real(evaluate([0, 0, 0], UNDEFINED_WHEN_ZERO).ndcg) == "undefined"
    assert format_real(evaluate([1100, 0, 5], EXPONENTIAL).cg) == "1.358e+331"


def _vega_labels(values: list[float]) -> list[str]:
    """The text Vega draws for ``values`` through vega_format_expr, read from the SVG."""
    frame = pd.DataFrame({"row": range(len(values)), "value": values})
    chart = (
        alt.Chart(frame)
        .mark_text()
        .encode(
            y=alt.Y("row:O", axis=None),
            text=alt.Text("label:N"),
        )
        .transform_calculate(label=vega_format_expr("datum.value"))
    )
    svg = vl_convert.vegalite_to_svg(chart.to_dict())
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_vega_writes_numbers_as_format_real_does() -> None:
    values = [0.74, 0.961, 11.0, 0.0, 6.86112, SCIENTIFIC_FROM * 1.234567, 1e300]
    values += [0.0004, 0.0005, 6.5e-301, -0.0001, 999999.9996, 1.5e-5, 2.5e-10]
    # Exact ties, which d3-format (toFixed) rounds up and Python to even: 0.0625 is 0.062.
    values += [0.0625, 0.1875, 1.3125, -0.0625, 2.5625, 0.9375, 0.0005 + 2**-30]
    expected = [format_real(v) for v in values]
    drawn = [re.sub(r"^-", "\u2212", t) for t in expected]  # d3-format's minus sign
    assert _vega_labels(values) == drawn


def test_vega_writes_a_missing_value_as_undefined() -> None:
    assert _vega_labels([math.nan])[0] in {"undefined", ""}
