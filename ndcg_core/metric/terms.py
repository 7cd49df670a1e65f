"""The terms of the sums: grades checked, the negative-grade policy applied, the ideal order,
and each position's gain and divisor (:mod:`ndcg_core.metric.metrics` adds them up with
:mod:`ndcg_core.metric.kernel`).

The gain ``g(rel)`` is ``rel`` or ``2**rel - 1``; the divisor ``d(i)`` at rank ``i`` is
``log_b(i+1)``, or Järvelin-Kekäläinen's ``1 if i < b else log_b(i)``. Both come as floats, or
as 50-digit decimals when asked (``exact``), which :func:`~ndcg_core.metric.metrics.evaluate`
does when a float would overflow or underflow.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Context, localcontext

import numpy as np

from ndcg_core.errors import NdcgError
from ndcg_core.metric import rules
from ndcg_core.metric.choices import Discount, Gain, IdealSource, NegativeGrades
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.kernel import best_first

MAX_EXPONENTIAL_GRADE = 1_000_000  # 2**1e6 has 301,030 digits: still exact, and quick
#: The decimal context of the exact path: 50 digits, exponents far beyond a float's.
EXACT_CONTEXT = Context(prec=50, Emax=999_999_999, Emin=-999_999_999)


def gains(grades: Sequence[float] | np.ndarray, gain: Gain, *, exact: bool = False) -> np.ndarray:
    """Gain of each grade: ``rel`` (linear) or ``2**rel - 1`` (exponential).

    >>> gains([3, 2, 0], Gain.EXPONENTIAL).tolist()
    [7.0, 3.0, 0.0]
    """
    if exact:
        with localcontext(EXACT_CONTEXT):
            return rules.exact_gain_values([float(g) for g in grades], gain)
    return rules.gain_values(np.array(grades, dtype=np.float64), gain)  # a copy


def discounts(
    count: int,
    discount: Discount = Discount.LOG,
    log_base: float = 2.0,
    *,
    exact: bool = False,
) -> np.ndarray:
    """The divisor for ranks 1..count: ``log_b(i+1)``, or JK's ``1 if i < b else log_b(i)``.

    >>> discounts(4).round(3).tolist()
    [1.0, 1.585, 2.0, 2.322]
    >>> discounts(4, Discount.JARVELIN_KEKALAINEN).round(3).tolist()
    [1.0, 1.0, 1.585, 2.0]
    """
    if exact:
        with localcontext(EXACT_CONTEXT):
            return rules.exact_divisors(count, discount, log_base)
    return rules.divisors(np.arange(1, count + 1, dtype=np.float64), discount, log_base)


def check_grades(grades: Sequence[float], what: str) -> np.ndarray:
    """The grades as a flat float array, or an error naming the first one that is not finite."""
    values = np.asarray(grades, dtype=np.float64)
    if values.ndim != 1:
        msg = f"The {what} must be a flat list of numbers."
        raise NdcgError(msg)
    bad = np.flatnonzero(~np.isfinite(values))
    if bad.size:
        i = int(bad[0])
        msg = f"The {what} has {values[i]} at position {i + 1}; grades must be finite numbers."
        raise NdcgError(msg, item=i + 1)
    return values + 0.0  # turns -0.0 into 0.0


def apply_negative_policy(values: np.ndarray, policy: NegativeGrades, what: str) -> np.ndarray:
    """The grades as the convention uses them (kept, counted as 0, or refused with an error)."""
    i = rules.rejected(values, policy)
    if i is not None:
        msg = (
            f"The {what} has the negative grade {values[i]:g} at position {i + 1}, and this "
            "convention rejects negative grades (as scikit-learn does). Choose 'count as 0' "
            "or 'keep' to use them."
        )
        raise NdcgError(msg, item=i + 1)
    return rules.used_grades(values, policy)


def ranked_and_ideal(
    grades: Sequence[float], convention: Convention, judged_grades: Sequence[float] | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The grades as given, as used (negative-grade policy applied), and the ideal order."""
    values = check_grades(grades, "list")
    if values.size == 0:
        msg = "The list is empty: enter at least one grade."
        raise NdcgError(msg)
    policy = convention.negative_grades
    used = apply_negative_policy(values, policy, "list")
    if convention.ideal is IdealSource.JUDGED:
        if judged_grades is None:
            msg = (
                "This convention builds the ideal from all judged documents: pass the grades "
                "of every judged document (judged_grades), retrieved or not."
            )
            raise NdcgError(msg)
        judged = check_grades(judged_grades, "judged set")
        pool = apply_negative_policy(judged, policy, "judged set")
    else:
        pool = used
    pool = rules.ideal_pool(pool, policy)
    ideal = pool[best_first(pool)]
    if convention.gain is Gain.EXPONENTIAL and ideal.size and ideal[0] > MAX_EXPONENTIAL_GRADE:
        msg = (
            f"A grade of {ideal[0]:g} is too large for exponential gain: 2^{ideal[0]:g} has "
            f"no useful size. With 2^rel - 1, grades up to {MAX_EXPONENTIAL_GRADE:,} are read."
        )
        raise NdcgError(msg)
    return values, used, ideal
