"""The app's number rule (:func:`~ndcg_core.text.formatting.format_real`) as a browser can follow
it, step by step, with JavaScript's own ``toFixed`` and ``toExponential``.

The two languages round differently at an exact tie, a float that lies exactly halfway
between two printed values: Python rounds the exact binary value half to even, JavaScript's
``toFixed``/``toExponential`` pick the larger magnitude (ECMA-262: "if there are two such n,
pick the larger n")::

    value      digits   Python (format_real)   plain toFixed / toExponential
    0.0625     3        0.062                  0.063
    1.3125     3        1.312                  1.313
    1062500    3        1.062e+06              1.063e+6
    0.125      2        0.12                   0.13

A tie at ``d`` fixed decimals is a value with ``value * 2**(d + 1)`` an odd integer (for
``d = 3``: the odd sixteenths, 0.0625, 0.1875, ...); linear gains of quarter grades, or a
discount of 2 or 4, make them. In scientific notation only whole numbers of at least
``d + 1`` digits tie (1062500 at 3 decimals); no value below the tiny threshold can.

:func:`format_like_browser` is the browser's algorithm (:func:`browser_format_js` is its
JavaScript): JavaScript's rounding, and at a tie whose last digit would be odd, the same
call on the next float towards zero, which gives the lower, even neighbour. It equals
:func:`format_real` on every float (``tests/core/text/test_browser_format.py``; its
JavaScript gave the same texts in V8 for 400,016 floats and digits 1 to 4, ties included).

The drag list's preview prints with it (:func:`js_format_function`). The charts' labels are
Vega expressions (:func:`~ndcg_core.text.formatting.vega_format_expr`), which Streamlit's Vega
evaluates without functions of ours: that expression makes the same tie and exponent
corrections in Vega's own terms.
"""

from __future__ import annotations

import json
import math
from decimal import ROUND_HALF_UP, Context, Decimal
from typing import Any

from ndcg_core.text.formatting import DECIMALS, SCIENTIFIC_FROM, UNDEFINED

# toFixed gives up on fixed decimals from here on (it returns String(value)).
_TO_FIXED_LIMIT = 1e21
# 10**p is a float exactly for p <= 22; past that no whole number ties (see _exponential_tie).
_EXACT_POWERS = 22


def format_rule(digits: int = DECIMALS) -> dict[str, Any]:
    """What a browser needs to print numbers as :func:`format_real` does (JSON-ready).

    >>> format_rule()["digits"], format_rule()["tiny_below"], format_rule()["undefined"]
    (3, 0.0005, 'undefined')
    """
    return {
        "digits": digits,
        "scientific_from": SCIENTIFIC_FROM,  # |value| rounded to `digits` decimals, from here
        "tiny_below": float(f"5e-{digits + 1}"),  # non-zero |value| below this: scientific
        "undefined": UNDEFINED,  # NaN, or null in JSON
        "whole": True,  # a whole number is written without decimals: 11, not 11.000
        "exponent_digits": 2,  # 1.235e+06, not JavaScript's 1.235e+6
        "ties": "half-even",  # on the exact binary value, as Python's format()
    }


def js_to_fixed(value: float, digits: int) -> str:
    """JavaScript's ``value.toFixed(digits)`` for ``0 <= value < 1e21``: the integer n closest
    to ``value * 10**digits`` (exactly), the larger at a tie.

    >>> js_to_fixed(0.0625, 3), f"{0.0625:.3f}", js_to_fixed(2.675, 2)
    ('0.063', '0.062', '2.67')
    """
    step = Decimal(1).scaleb(-digits)
    return f"{Decimal(value).quantize(step, rounding=ROUND_HALF_UP):f}"


def js_to_exponential(value: float, digits: int) -> str:
    """JavaScript's ``value.toExponential(digits)`` for a finite ``value >= 0``: the closest
    ``digits + 1`` significant digits, the larger at a tie, exponent unpadded.

    >>> js_to_exponential(1062500.0, 3), f"{1062500.0:.3e}", js_to_exponential(0.0, 3)
    ('1.063e+6', '1.062e+06', '0.000e+0')
    """
    if value == 0:  # Decimal would write 0 with the precision's exponent
        return f"{0:.{digits}f}e+0"
    rounded = Context(prec=digits + 1, rounding=ROUND_HALF_UP).plus(Decimal(value))
    mantissa, exponent = f"{rounded:.{digits}e}".split("e")
    return f"{mantissa}e{int(exponent):+d}"


def _fixed_tie(value: float, digits: int) -> bool:
    """``value`` lies exactly halfway between two ``digits``-decimal numbers: then
    ``value * 10**digits`` is j + 1/2, which a float can be only as an odd multiple of
    ``2**-(digits + 1)``. Scaling by a power of two is exact, so is the test."""
    scaled = value * 2.0 ** (digits + 1)
    return scaled.is_integer() and scaled % 2.0 == 1.0


def _exponential_tie(value: float, digits: int, exponent: int) -> bool:
    """``value`` (with decimal exponent ``exponent``) lies exactly halfway between two numbers
    of ``digits + 1`` significant digits: ``2 * value / 10**(exponent - digits)`` is an odd
    whole number. Only whole values of ``digits + 1`` digits or more can; past 10**22 none
    can (the odd factor times 5**(exponent - digits) would need more than 53 bits)."""
    places = exponent - digits
    if places < 0 or places > _EXACT_POWERS:
        return False
    power = float(f"1e{places}")  # exact for places <= 22
    double = 2.0 * value
    return double % power == 0.0 and (double / power) % 2.0 == 1.0


def _odd_last(text: str) -> bool:
    return int(text[-1]) % 2 == 1


def _toward_zero(value: float) -> float:
    # In JavaScript: the float's bits as a BigUint64, minus one (value > 0).
    return math.nextafter(value, 0.0)


def fixed_half_even(value: float, digits: int) -> str:
    """``toFixed`` of ``value >= 0``, but half to even at an exact tie.

    >>> fixed_half_even(0.0625, 3), fixed_half_even(0.1875, 3), fixed_half_even(0.0626, 3)
    ('0.062', '0.188', '0.063')
    """
    text = js_to_fixed(value, digits)
    if _fixed_tie(value, digits) and _odd_last(text):
        return js_to_fixed(_toward_zero(value), digits)
    return text


def exponential_half_even(value: float, digits: int) -> str:
    """``toExponential`` of ``value >= 0``, half to even at an exact tie, the exponent padded
    to two digits (``1.062e+06``).

    >>> exponential_half_even(1062500.0, 3), exponential_half_even(1063500.0, 3)
    ('1.062e+06', '1.064e+06')
    """
    text = js_to_exponential(value, digits)
    mantissa, exponent = text.split("e")
    if _exponential_tie(value, digits, int(exponent)) and _odd_last(mantissa):
        mantissa, exponent = js_to_exponential(_toward_zero(value), digits).split("e")
    return f"{mantissa}e{exponent[0]}{exponent[1:].rjust(2, '0')}"


def format_like_browser(value: float | None, rule: dict[str, Any]) -> str:
    """The browser's algorithm for the app's rule, step by step (``d`` = ``rule["digits"]``):

    1. ``null`` or NaN: ``rule["undefined"]``; an infinity: ``inf`` or ``-inf``.
    2. Take the sign apart: ``a = |value|`` (-0 reads 0).
    3. ``fixed`` = ``a.toFixed(d)``, half to even at a tie (:func:`fixed_half_even`);
       ``a >= 1e21`` skips to step 6.
    4. ``Number(fixed) >= rule["scientific_from"]``: step 6 (999999.9996 is 1.000e+06).
    5. ``a`` whole: its digits (``String(a)``). ``0 < a < rule["tiny_below"]``: step 6.
       Else the sign and ``fixed``.
    6. The sign and ``a.toExponential(d)``, half to even at a tie, the exponent padded to
       ``rule["exponent_digits"]`` digits (:func:`exponential_half_even`).

    >>> rule = format_rule()
    >>> [format_like_browser(v, rule) for v in (6.86112, 11.0, -0.0001, 0.0625, None)]
    ['6.861', '11', '-1.000e-04', '0.062', 'undefined']
    """
    digits = int(rule["digits"])
    if value is None or math.isnan(value):
        return str(rule["undefined"])
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    sign, size = ("-" if value < 0 else ""), abs(value)
    if size < _TO_FIXED_LIMIT:
        fixed = fixed_half_even(size, digits)
        if float(fixed) < rule["scientific_from"]:
            if size.is_integer():
                return sign + str(int(size))
            if size >= rule["tiny_below"]:
                return sign + fixed
    return sign + exponential_half_even(size, digits)


def browser_format_js(name: str = "formatReal") -> str:
    """:func:`format_like_browser` in JavaScript: ``name(value, rule)``, ``rule`` as
    :func:`format_rule` sends it.

    >>> browser_format_js().splitlines()[0]
    'function formatReal(value, rule) {'
    """
    return f"""function {name}(value, rule) {{
  const d = rule.digits;
  if (value === null || Number.isNaN(value)) return rule.undefined;
  if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
  const sign = value < 0 ? "-" : "";
  const a = Math.abs(value);
  const towardZero = (x) => {{
    const box = new Float64Array([x]);
    new BigUint64Array(box.buffer)[0] -= 1n;
    return box[0];
  }};
  const oddLast = (text) => Number(text[text.length - 1]) % 2 === 1;
  if (a < 1e21) {{
    let fixed = a.toFixed(d);
    const scaled = a * 2 ** (d + 1);
    if (Number.isInteger(scaled) && scaled % 2 === 1 && oddLast(fixed)) {{
      fixed = towardZero(a).toFixed(d);
    }}
    if (Number(fixed) < rule.scientific_from) {{
      if (Number.isInteger(a)) return sign + String(a);
      if (a >= rule.tiny_below) return sign + fixed;
    }}
  }}
  let [mantissa, exponent] = a.toExponential(d).split("e");
  const places = Number(exponent) - d;
  if (places >= 0 && places <= 22) {{
    const power = Number("1e" + places);
    if ((2 * a) % power === 0 && ((2 * a) / power) % 2 === 1 && oddLast(mantissa)) {{
      [mantissa, exponent] = towardZero(a).toExponential(d).split("e");
    }}
  }}
  return `${{sign}}${{mantissa}}e${{exponent[0]}}${{exponent.slice(1).padStart(2, "0")}}`;
}}"""


def js_format_function(name: str = "formatReal", digits: int = DECIMALS) -> str:
    """:func:`browser_format_js` with the rule at ``digits`` filled in: ``name(value)``, for
    a component that shows a number before the server does (``null`` reads ``undefined``).

    >>> js_format_function().splitlines()[-1].startswith("function formatReal(value) {")
    True
    """
    rule = json.dumps(format_rule(digits))
    return (
        browser_format_js(f"{name}ByRule")
        + f"\nfunction {name}(value) {{ return {name}ByRule(value, {rule}); }}"
    )
