"""Whether a number typed as an answer is right: the one rule Practice, Class and the slip
table all call, so the same answer never gets two verdicts.
"""

from __future__ import annotations

import math

#: Decimals a distance is rounded to before it is compared with the tolerance. A typed answer
#: has a handful of decimals and a tolerance two or three; a float's error (about 1e-16) sits
#: far below this, and a real distance (at least a step of the typed answer) far above it.
DISTANCE_DECIMALS = 9


def within_tolerance(answer: float, right: float, tolerance: float) -> bool:
    """Right when ``|answer - right| <= tolerance``, the distance counted as typed in decimal.

    The rule: round ``|answer - right|`` to :data:`DISTANCE_DECIMALS` decimals, then compare
    it with the tolerance (rounded the same way); the edge counts as right ("within 0.010"
    includes 0.010). Rounding is what makes the edge honest: in binary floating point
    0.5 - 0.49 is 0.010000000000000009, so a plain ``<=`` marks an answer wrong that the
    exercise, read in decimal, calls right. Rounding the distance (rather than comparing the
    Decimal of the typed text) also absorbs the float error in the computed nDCG itself,
    which no typed text carries. Not a number, or an infinite one, is never right.

    >>> 0.5 - 0.49 <= 0.010  # the float subtraction lands past the edge
    False
    >>> within_tolerance(0.49, 0.5, 0.010), within_tolerance(0.51, 0.5, 0.010)
    (True, True)
    >>> within_tolerance(0.4899, 0.5, 0.010), within_tolerance(float("nan"), 0.5, 0.010)
    (False, False)
    """
    if not (math.isfinite(answer) and math.isfinite(right)):
        return False
    distance = round(abs(answer - right), DISTANCE_DECIMALS)
    return distance <= round(tolerance, DISTANCE_DECIMALS)
