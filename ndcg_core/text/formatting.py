"""How the app writes a number: one rule, for Python text and for the charts' Vega labels.

The rule (:func:`format_real`):

- not a number (NaN, e.g. nDCG with an ideal DCG of 0) reads ``undefined``;
- a whole number is written whole (CG ``11``);
- any other number has exactly :data:`DECIMALS` decimals (``0.740`` next to ``0.961``, never
  ``0.74``), so a column of values lines up and a reader sees how precise each one is;
- from :data:`SCIENTIFIC_FROM` on, scientific notation with :data:`DECIMALS` decimals
  (``1.358e+331``), so no value, however large, is longer than ``-999999.999`` (11
  characters) and a number card can always show it whole;
- a value that is not zero is never shown as zero: one that the fixed decimals would write
  as ``0.000`` is written in scientific notation too (``5.154e-331``, ``-1.000e-04``), so
  the reader sees how small it is. Only 0 itself reads ``0``.

The charts take the same rule as a Vega expression (:func:`vega_format_expr`) built from
these constants, so an axis never reads ``0.000000`` while the cards read ``0``.
"""

from __future__ import annotations

import math
from decimal import Decimal

Real = float | Decimal

DECIMALS = 3
SCIENTIFIC_FROM = 1e6  # |value| from here on is written 1.235e+06
UNDEFINED = "undefined"
# The longest text format_real can return at DECIMALS: "-999999.999" and "-1.358e+331".
MAX_FORMATTED_LENGTH = 11


def format_real(value: Real, digits: int = DECIMALS) -> str:
    """A number for people, by the app's one rule (see the module docstring).

    >>> format_real(6.86112), format_real(0.74), format_real(11.0)
    ('6.861', '0.740', '11')
    >>> format_real(Decimal(2) ** 1100)
    '1.358e+331'
    >>> format_real(-1234567.0), format_real(-0.0001), format_real(0.0004), format_real(0.0005)
    ('-1.235e+06', '-1.000e-04', '4.000e-04', '0.001')
    >>> format_real(Decimal(7) / Decimal(2) ** 1100), format_real(-0.0)
    ('5.154e-331', '0')
    >>> format_real(float("nan"))
    'undefined'

    ``digits`` asks for more decimals where a lesson compares values that differ further
    down (``format_real(0.97624, 4)`` is ``'0.9762'``).
    """
    if isinstance(value, Decimal):
        if value.is_nan():
            return UNDEFINED
        if abs(value) >= Decimal(SCIENTIFIC_FROM) or _rounds_to_zero(value, digits):
            return f"{value:.{digits}e}"
    number = float(value)
    if math.isnan(number):
        return UNDEFINED
    # Rounding can carry 999999.9996 up to 1000000.000: that is scientific too.
    if math.isinf(number) or abs(round(number, digits)) >= SCIENTIFIC_FROM:
        return f"{number:.{digits}e}"
    if number.is_integer():
        return str(int(number))
    if _rounds_to_zero(number, digits):
        return f"{number:.{digits}e}"
    return f"{number:.{digits}f}"


def _rounds_to_zero(value: Real, digits: int) -> bool:
    """A value that is not zero but that ``digits`` fixed decimals would write as zero."""
    size = Decimal(value).copy_abs()  # exact for a float too
    return Decimal(0) < size < Decimal(_half_step(digits))


def _half_step(digits: int) -> float:
    # Below half the last decimal's step, fixed decimals write 0; float(5e-4) lies just
    # above 0.0005, so 0.0005 itself rounds up to 0.001 in Python, JavaScript and d3 alike.
    return float(f"5e-{digits + 1}")


def printf_format(digits: int = DECIMALS) -> str:
    """The rule's fixed decimals as a printf pattern, for a table column of numbers.

    A table keeps its numbers (so a column sorts by value) and shows them with the cards'
    decimals; whole numbers then read ``1.000``, the one place the rule is loosened.

    >>> printf_format(), printf_format(4)
    ('%.3f', '%.4f')
    """
    return f"%.{digits}f"


def vega_format_expr(field: str = "datum.value", digits: int = DECIMALS) -> str:
    """The rule of :func:`format_real` as a Vega expression, e.g. for an axis' ``labelExpr``.

    Vega formats with d3-format (``.3f``, ``.3e``), which is JavaScript's ``toFixed`` and
    ``toExponential``: at an exact tie they round up where Python rounds half to even
    (0.0625 is ``0.062`` in the table; ``.3f`` alone drew ``0.063``), and they write the
    exponent unpadded (``1.235e+6``). So at a tie (``|x| * 2**(d+1)`` odd) whose rounded-up
    last digit would be odd (``|x| * 10**d + 0.5`` odd; both products are exact there) the
    expression formats ``x`` half a step nearer zero, and it pads a one-digit exponent. As in
    :func:`format_real`, scientific notation starts where the rounded value reaches
    :data:`SCIENTIFIC_FROM`. (A whole number of over 6 digits that ties, such as 1062500, is
    still rounded up.) A negative value reads with d3's minus sign, U+2212.

    >>> expression = vega_format_expr("x")
    >>> expression.startswith("!isValid(x) || isNaN(x) ? 'undefined' : "), expression[-16:]
    (True, "format(x, '.3f')")
    >>> "(abs(x) * 16) % 2 == 1 && (abs(x) * 1000 + 0.5) % 2 == 1" in expression  # a tie
    True

    tests/core/text/test_formatting.py draws values through it with Vega and reads them.
    """
    step = 10**digits
    half = _half_step(digits)
    scientific = (
        f"replace(replace(format({field}, '.{digits}e'), regexp('e\\\\+(\\\\d)$'), "
        f"'e+0$1'), regexp('e-(\\\\d)$'), 'e-0$1')"
    )
    tie = f"(abs({field}) * {2 ** (digits + 1)}) % 2 == 1 && (abs({field}) * {step} + 0.5) % 2 == 1"
    nearer_zero = f"{field} < 0 ? {field} + {half!r} : {field} - {half!r}"
    return (
        f"!isValid({field}) || isNaN({field}) ? '{UNDEFINED}' : "
        f"abs(round({field} * {step}) / {step}) >= {SCIENTIFIC_FROM:.0f} ? {scientific} : "
        f"{field} == floor({field}) ? format({field}, 'd') : "
        f"abs({field}) < {half!r} ? {scientific} : "
        f"{tie} ? format({nearer_zero}, '.{digits}f') : "
        f"format({field}, '.{digits}f')"
    )
