"""The browser's formatter (JavaScript's toFixed/toExponential, half to even at exact ties)
prints every float as format_real does."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core.text.browser_format import (
    browser_format_js,
    format_like_browser,
    format_rule,
    js_to_exponential,
    js_to_fixed,
)
from ndcg_core.text.formatting import format_real
from tests.examples import examples

DIGITS = (1, 2, 3, 4, 6)


def _fixed_ties(digits: int) -> list[float]:
    """Values exactly halfway between two ``digits``-decimal numbers: odd multiples of
    2**-(digits + 1), small and up to the scientific threshold, both signs."""
    step = 2.0 ** -(digits + 1)
    odd = [*range(1, 400, 2), *range(2**20 + 1, 2**20 + 400, 2)]
    whole = (0.0, 1.0, 7.0, 123456.0, 999998.0, 999999.0)
    return [sign * (w + m * step) for m in odd for w in whole for sign in (1.0, -1.0)]


def _exponential_ties(digits: int) -> list[float]:
    """Whole numbers exactly halfway between two numbers of ``digits + 1`` significant
    digits, ``(10 m + 5) * 10**(exponent - digits - 1)`` with m of ``digits + 1`` digits,
    from 10**6 to 10**25 (odd and even last digits of m)."""
    ties = []
    low = 10**digits
    for exponent in range(max(6, digits + 1), 26):
        for m in (low, low + 1, low + 2, low + 3, 2 * low - 1, 10 * low - 2, 10 * low - 1):
            value = float((10 * m + 5) * 10 ** (exponent - digits - 1))
            ties += [value, -value]
    return ties


def _edges(digits: int) -> list[float]:
    """The rule's borders and their neighbouring floats."""
    tiny = float(f"5e-{digits + 1}")
    top = 1e6 - 0.5 * 10.0**-digits
    edges = [0.0, -0.0, tiny, 1e6, top, 1e21, 2.0**53, 5e-324, 2.2e-308, 1.7976931348623157e308]
    near = [
        math.nextafter(math.nextafter(v, direction), direction)
        for v in edges
        for direction in (0.0, math.inf)
    ]
    near += [math.nextafter(v, d) for v in edges for d in (0.0, math.inf)]
    return [s * v for v in edges + near for s in (1.0, -1.0)]


@pytest.mark.parametrize("digits", DIGITS)
def test_exact_fixed_ties_print_half_to_even_as_python_does(digits: int) -> None:
    ties = _fixed_ties(digits)
    rule = format_rule(digits)
    assert [format_like_browser(v, rule) for v in ties] == [format_real(v, digits) for v in ties]
    # The ties are real: plain toFixed rounds a good share of them the other way.
    plain = [v for v in ties if 5e-4 <= abs(v) < 999999 and not v.is_integer()]
    differ = [v for v in plain if js_to_fixed(abs(v), digits) != f"{abs(v):.{digits}f}"]
    assert len(differ) > len(plain) // 4


@pytest.mark.parametrize("digits", DIGITS)
def test_whole_number_ties_in_scientific_notation_print_as_python_does(digits: int) -> None:
    ties = _exponential_ties(digits)
    rule = format_rule(digits)
    assert [format_like_browser(v, rule) for v in ties] == [format_real(v, digits) for v in ties]
    differ = [
        v
        for v in ties
        if js_to_exponential(abs(v), digits).split("e")[0] != f"{abs(v):.{digits}e}".split("e")[0]
    ]
    assert differ  # toExponential alone would print some of them otherwise


@pytest.mark.parametrize("digits", DIGITS)
def test_the_rules_borders_print_as_python_does(digits: int) -> None:
    rule = format_rule(digits)
    for value in _edges(digits):
        assert format_like_browser(value, rule) == format_real(value, digits), value


@settings(max_examples=examples(2000), deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(DIGITS))
def test_any_float_prints_as_format_real(value: float, digits: int) -> None:
    assert format_like_browser(value, format_rule(digits)) == format_real(value, digits)


@settings(max_examples=examples(2000), deadline=None)
@given(st.integers(-(10**9), 10**9), st.integers(0, 12))
def test_dyadic_values_print_as_format_real(numerator: int, power: int) -> None:
    # Sixteenths, halves and their like: the values a tie can be, and a DCG of quarter grades.
    value = numerator / 2.0**power
    assert format_like_browser(value, format_rule()) == format_real(value)


def test_the_docstrings_table_of_differences() -> None:
    rule = format_rule()
    assert [js_to_fixed(0.0625, 3), js_to_fixed(1.3125, 3), js_to_fixed(0.125, 2)] == [
        "0.063",
        "1.313",
        "0.13",
    ]
    assert js_to_exponential(1062500.0, 3) == "1.063e+6"
    assert [format_like_browser(v, rule) for v in (0.0625, 1.3125, 1062500.0)] == [
        "0.062",
        "1.312",
        "1.062e+06",
    ]
    assert format_like_browser(0.125, format_rule(2)) == "0.12"


def test_null_and_nan_read_undefined_and_the_rule_is_json_ready() -> None:
    rule = format_rule()
    assert format_like_browser(None, rule) == format_like_browser(math.nan, rule) == "undefined"
    assert rule["scientific_from"] == 1e6
    assert rule["tiny_below"] == 5e-4


def test_the_javascript_takes_the_same_steps() -> None:
    # The JavaScript text itself runs in the browser tests; here, that it has each step.
    js = browser_format_js("formatReal")
    for step in ("toFixed(d)", "toExponential(d)", "BigUint64Array", "% 2 === 1", "padStart(2"):
        assert step in js
