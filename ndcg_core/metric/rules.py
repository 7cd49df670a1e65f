"""Each convention rule, once, in NumPy: gains, divisors, negative grades, the zero ideal,
tie means and tie order.

The per-list path (:mod:`ndcg_core.metric.metrics`, :mod:`ndcg_core.metric.ranking`) and the
batch path (:mod:`ndcg_core.runs.scoring`) both call these functions, so one query scored
either way gives the same floats to the last bit (a test checks it under every convention). The exact decimal
fallback of :mod:`ndcg_core.metric.metrics` (for values a float cannot hold) takes its gains and
divisors from here too: :func:`exact_gain_values`, :func:`exact_divisors`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from decimal import Decimal

import numpy as np

from ndcg_core.metric.choices import Discount, Gain, NegativeGrades, TiePolicy, ZeroIdeal


def gain_values(grades: np.ndarray, gain: Gain) -> np.ndarray:
    """The gain of each grade: ``rel`` (linear) or ``2**rel - 1`` (exponential); a float
    overflow gives inf (the per-list path then redoes its sums exactly).

    >>> gain_values(np.array([3.0, 2.0, 0.0]), Gain.EXPONENTIAL).tolist()
    [7.0, 3.0, 0.0]
    """
    values = np.asarray(grades, dtype=np.float64)
    if gain is Gain.LINEAR:
        return values
    with np.errstate(over="ignore"):
        exponential: np.ndarray = np.exp2(values)
    exponential -= 1.0  # in place: one array of a run's size, not two
    return exponential


def divisors(ranks: np.ndarray, discount: Discount, log_base: float) -> np.ndarray:
    """The divisor at each 1-based rank ``i``: ``log_b(i+1)``, or Järvelin-Kekäläinen's
    ``1 if i < b else log_b(i)`` (no discount before rank b).

    >>> divisors(np.arange(1.0, 5.0), Discount.LOG, 2.0).round(3).tolist()
    [1.0, 1.585, 2.0, 2.322]
    >>> divisors(np.arange(1.0, 5.0), Discount.JARVELIN_KEKALAINEN, 2.0).round(3).tolist()
    [1.0, 1.0, 1.585, 2.0]
    """
    ranks = np.asarray(ranks, dtype=np.float64)
    if discount is Discount.LOG:
        return _log(ranks + 1.0, log_base)
    clipped: np.ndarray = np.where(ranks < log_base, 1.0, _log(ranks, log_base))
    return clipped


def exact_gain_values(grades: Sequence[float], gain: Gain) -> np.ndarray:
    """:func:`gain_values` in decimal arithmetic (an object array of Decimals), in the
    caller's decimal context: for gains a float cannot hold, such as ``2**1100 - 1``.

    >>> exact_gain_values([1100.0], Gain.EXPONENTIAL)[0] == Decimal(2) ** 1100 - 1
    True
    """
    as_decimal = [Decimal(g) for g in grades]
    if gain is Gain.LINEAR:
        return np.array(as_decimal, dtype=object)
    return np.array([Decimal(2) ** g - 1 for g in as_decimal], dtype=object)


def exact_divisors(count: int, discount: Discount, log_base: float) -> np.ndarray:
    """:func:`divisors` of ranks 1..count in decimal arithmetic, in the caller's context.

    >>> [round(float(d), 3) for d in exact_divisors(3, Discount.JARVELIN_KEKALAINEN, 2.0)]
    [1.0, 1.0, 1.585]
    """
    ln_base = Decimal(log_base).ln()
    out = []
    for i in range(1, count + 1):
        if discount is Discount.LOG:
            out.append(Decimal(i + 1).ln() / ln_base)
        else:
            out.append(Decimal(1) if i < log_base else Decimal(i).ln() / ln_base)
    return np.array(out, dtype=object)


def _log(values: np.ndarray, base: float) -> np.ndarray:
    # log2 is exact at powers of two (log(4)/log(2) is not always 2.0 to the bit), and base 2
    # is what scikit-learn and trec_eval divide by.
    if base == 2.0:
        exact: np.ndarray = np.log2(values)
        return exact
    logs: np.ndarray = np.log(values) / math.log(base)
    return logs


def rejected(grades: np.ndarray, policy: NegativeGrades) -> int | None:
    """The position (0-based) of the first grade the policy refuses, if any: only ``reject``
    refuses, and only grades below 0."""
    if policy is not NegativeGrades.REJECT:
        return None
    negative = np.flatnonzero(np.asarray(grades) < 0)
    return int(negative[0]) if negative.size else None


def used_grades(grades: np.ndarray, policy: NegativeGrades) -> np.ndarray:
    """The grades as the list's DCG uses them: below 0 counted as 0 under ``as_zero``,
    literally otherwise (``reject`` is checked first, by :func:`rejected`).

    >>> used_grades(np.array([-1.0, 2.0]), NegativeGrades.AS_ZERO).tolist()
    [0.0, 2.0]
    """
    if policy is NegativeGrades.AS_ZERO:
        clipped: np.ndarray = np.maximum(grades, 0.0)
        return clipped
    return grades


def ideal_pool(grades: np.ndarray, policy: NegativeGrades) -> np.ndarray:
    """The grades the ideal ranking is sorted from, once :func:`used_grades` has applied the
    policy: under ``penalise`` the ideal never has to show a bad document (it can leave the
    place empty), so its negative grades count as 0.

    >>> ideal_pool(np.array([-1.0, 2.0]), NegativeGrades.PENALISE).tolist()
    [0.0, 2.0]
    """
    if policy is NegativeGrades.PENALISE:
        clipped: np.ndarray = np.maximum(grades, 0.0)
        return clipped
    return grades


def zero_ideal_value(policy: ZeroIdeal) -> float:
    """nDCG when the ideal DCG is not positive (0/0): 0, 1, or NaN (``nan`` and ``exclude``;
    a mean over queries leaves ``exclude``'s NaN out).

    >>> zero_ideal_value(ZeroIdeal.ONE)
    1.0
    """
    return {ZeroIdeal.ZERO: 0.0, ZeroIdeal.ONE: 1.0}.get(policy, math.nan)


def normalised(dcg: np.ndarray, ideal_dcg: np.ndarray, policy: ZeroIdeal) -> np.ndarray:
    """DCG / IDCG element by element, :func:`zero_ideal_value` where IDCG is not positive.

    >>> normalised(np.array([1.0, 0.0]), np.array([2.0, 0.0]), ZeroIdeal.ONE).tolist()
    [0.5, 1.0]
    """
    out = np.full(len(dcg), zero_ideal_value(policy))
    np.divide(dcg, ideal_dcg, out=out, where=ideal_dcg > 0)
    return out


def tie_means(values: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Each value replaced by the mean over its tie (ties are consecutive runs beginning at
    ``starts``): McSherry and Najork's average over tied positions. Decimal values (an
    object array) stay Decimal, in the caller's decimal context.

    >>> tie_means(np.array([3.0, 1.0, 2.0]), np.array([0, 2])).tolist()
    [2.0, 2.0, 2.0]
    """
    if len(values) == 0:
        return values
    counts = np.diff(np.append(starts, len(values)))
    means = np.add.reduceat(values, starts) / counts.astype(
        object if values.dtype == object else np.float64
    )
    repeated: np.ndarray = np.repeat(means, counts)
    return repeated


def tie_break_key(
    ties: TiePolicy, grades: np.ndarray, id_ranks: Callable[[], np.ndarray]
) -> np.ndarray | None:
    """Within a tie of equal scores, the key that orders the tied documents (ascending):
    grade, worst first (``pessimistic``); grade, best first (``optimistic``); document id
    descending, compared as strings (``trec_eval``). None for ``average``, which keeps the
    documents as they come and gives each tied position the tie's mean gain.

    ``id_ranks`` gives the ids' ranks in string order; it is called only under trec_eval.

    >>> tie_break_key(TiePolicy.OPTIMISTIC, np.array([1.0, 3.0]), lambda: np.array([0, 1]))
    array([-1., -3.])
    """
    if ties is TiePolicy.PESSIMISTIC:
        return grades
    if ties is TiePolicy.OPTIMISTIC:
        return -grades
    if ties is TiePolicy.TREC_EVAL:
        ranks: np.ndarray = -np.asarray(id_ranks(), dtype=np.int64)
        return ranks
    return None
