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
from ndcg_core.formatting import (
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


def test_whole_numbers_stay_whole_and_tiny_negatives_lose_their_sign() -> None:
    assert [format_real(v) for v in (11.0, 0.0, -0.0, -3.0)] == ["11", "0", "0", "-3"]
    assert format_real(-0.0001) == "0.000"


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
    expected = [format_real(v) for v in values]
    # d3-format writes the exponent without a leading zero and a true minus sign.
    assert _vega_labels(values) == [re.sub(r"e\+0?", "e+", t) for t in expected]


def test_vega_writes_a_missing_value_as_undefined() -> None:
    assert _vega_labels([math.nan])[0] in {"undefined", ""}
