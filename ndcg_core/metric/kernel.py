"""The kernel every nDCG of the app goes through: which positions count, what each adds,
the sum at k, and the ideal order. One list (:mod:`ndcg_core.metric.metrics`), a run's
queries (:mod:`ndcg_core.runs.scoring`), the compare page, the stakeholder page and the
lesson's charts all take these from here.

With gain ``g_i`` at rank ``i`` (from 1), divisor ``d(i)`` and cutoff ``k`` (none: every rank)::

    counted(i) = i <= k
    w(i)       = 1 / d(i)  if counted(i), else 0        the share of its gain rank i keeps
    c_i        = g_i / d(i) if counted(i), else 0        what the document at rank i adds
    DCG@k      = (...((0 + c_1) + c_2) + ...) + c_k      added in rank order, from 0
    ideal      = the grades best first, equal grades in their given order

``c_i`` divides ``g_i`` by ``d(i)`` as the formula is written, rather than multiplying by
``w(i)``: ``g * (1/d)`` rounds twice and can differ from ``g / d`` in the last bit.

The sum is sequential on purpose: a list's running sums (:func:`running_sums`, a cumsum) and
a run's per-query sums (:func:`sums_by_query`, a bincount) add the same terms in the same
order from the same 0.0, so they give the same float (``tests/core/metric/test_kernel.py``
checks it); NumPy's ``sum`` adds pairwise and would not.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

import numpy as np

from ndcg_core.metric import rules
from ndcg_core.metric.conventions import Convention

#: Counting the ideal's top k per query from counts of each grade level is used while its
#: table (queries x levels x k) has at most this many cells per row; else rows are sorted.
COUNTS_PER_ROW = 8


def counted(positions: np.ndarray, cutoff_k: int | None, *, first: int = 1) -> np.ndarray:
    """Whether each position counts at cutoff k: rank i <= k (every rank without a cutoff).
    ``first`` is the number of the first position (1: ranks; 0: offsets within a list).

    >>> counted(np.arange(1, 5), 2).tolist()
    [True, True, False, False]
    >>> counted(np.arange(0, 3), 2, first=0).tolist(), counted(np.arange(1, 3), None).tolist()
    ([True, True, False], [True, True])
    """
    positions = np.asarray(positions)
    if cutoff_k is None:
        return np.ones(positions.shape, dtype=bool)
    at_k: np.ndarray = positions < cutoff_k + first
    return at_k


def divisors(ranks: np.ndarray, convention: Convention) -> np.ndarray:
    """The convention's divisor d(i) at each rank i (:func:`ndcg_core.metric.rules.divisors`).

    >>> divisors(np.array([1.0, 3.0]), Convention()).tolist()
    [1.0, 2.0]
    """
    return rules.divisors(ranks, convention.discount, convention.log_base)


def weights(ranks: np.ndarray, convention: Convention) -> np.ndarray:
    """w(i) = 1 / d(i) at each rank i that counts, 0 past the cutoff k.

    >>> weights(np.arange(1.0, 5.0), Convention(cutoff_k=3)).round(3).tolist()
    [1.0, 0.631, 0.5, 0.0]
    """
    ranks = np.asarray(ranks, dtype=np.float64)
    kept: np.ndarray = np.where(
        counted(ranks, convention.cutoff_k), 1.0 / divisors(ranks, convention), 0.0
    )
    return kept


def terms_at_k(terms: np.ndarray, cutoff_k: int | None) -> np.ndarray:
    """c_i: each term (in rank order, rank 1 first) where its rank counts, 0 past the cutoff
    (a Decimal 0 among Decimals).

    >>> terms_at_k(np.array([3.0, 1.0, 2.0]), 2).tolist()
    [3.0, 1.0, 0.0]
    """
    kept = np.array(terms, copy=True)
    kept[~counted(np.arange(1, len(kept) + 1), cutoff_k)] = (
        Decimal(0) if kept.dtype == object else 0.0
    )
    return kept


def running_sums(terms: np.ndarray) -> np.ndarray:
    """The sums of the first 1, 2, ... terms, added in order from 0 (floats, or Decimals in
    the caller's decimal context). Starting from 0 makes a lone -0.0 a 0.0, as a bincount's
    sums are.

    >>> running_sums(np.array([3.0, 1.0, -0.0])).tolist()
    [3.0, 4.0, 4.0]
    >>> running_sums(np.array([-0.0])).tolist()
    [0.0]
    """
    running = np.cumsum(terms)
    zero = Decimal(0) if running.dtype == object else 0.0
    from_zero: np.ndarray = running + zero
    return from_zero


def at_k(running: np.ndarray, cutoff_k: int | None) -> float | Decimal:
    """The sum at k read off :func:`running_sums`: the last one within the first k (0 for none).

    >>> at_k(running_sums(np.array([3.0, 1.0, 2.0])), 2), at_k(np.array([]), 2)
    (4.0, 0.0)
    """
    depth = len(running) if cutoff_k is None else min(cutoff_k, len(running))
    if depth == 0:
        return Decimal(0) if running.dtype == object else 0.0
    value: float | Decimal = running[depth - 1]
    return value if running.dtype == object else float(value)


def sum_at_k(gains: np.ndarray, convention: Convention) -> float:
    """DCG@k of gains in rank order (rank 1 first), in floats.

    >>> round(sum_at_k(np.array([3.0, 2.0, 3.0, 0.0]), Convention(cutoff_k=3)), 4)
    5.7619
    """
    depth = len(gains) if convention.cutoff_k is None else min(convention.cutoff_k, len(gains))
    ranks = np.arange(1.0, depth + 1.0)
    with np.errstate(over="ignore", invalid="ignore"):  # the caller checks for inf
        terms = np.asarray(gains[:depth], dtype=np.float64) / divisors(ranks, convention)
    return float(at_k(running_sums(terms), None))


def sums_by_query(
    queries: np.ndarray,
    positions: np.ndarray,
    gains: np.ndarray,
    n_queries: int,
    convention: Convention,
) -> np.ndarray:
    """DCG@k of every query at once: row r has query ``queries[r]``, ``positions[r]`` (from
    0) within it and gain ``gains[r]``; each query's rows in rank order. A bincount adds
    them one by one from 0.0: each sum is :func:`sum_at_k` of that query's gains.

    >>> q, p = np.array([0, 0, 1]), np.array([0, 1, 0])
    >>> sums_by_query(q, p, np.array([3.0, 2.0, 1.0]), 2, Convention(cutoff_k=1)).tolist()
    [3.0, 1.0]
    """
    k = convention.cutoff_k
    if k is not None and len(positions) and int(positions.max()) >= k:  # some rows past k
        keep = counted(positions, k, first=0)
        queries, positions, gains = queries[keep], positions[keep], gains[keep]
    terms = divisors(positions + 1.0, convention)  # a run's worth of rows: divided in place
    np.divide(gains, terms, out=terms)
    summed: np.ndarray = np.bincount(queries, weights=terms, minlength=n_queries)
    return summed


# ------------------------------------------------------------------ the ideal order


def best_first(
    grades: Sequence[float] | np.ndarray, queries: np.ndarray | None = None
) -> np.ndarray:
    """The positions of ``grades`` in the ideal order: best grade first, equal grades in
    their given order (a stable sort). With ``queries``, by query first, each query's rows
    best first (``np.lexsort((-grades, queries))``, done as one sort of integer keys when
    the grades are whole numbers).

    >>> best_first(np.array([1.0, 3.0, 2.0, 3.0])).tolist()
    [1, 3, 2, 0]
    >>> best_first(np.array([1.0, 3.0, 2.0]), np.array([1, 0, 1])).tolist()
    [1, 2, 0]
    """
    grades = np.asarray(grades, dtype=np.float64)
    if queries is None:
        alone: np.ndarray = np.argsort(-grades, kind="stable")
        return alone
    levels = whole_levels(grades)
    if levels is None:
        return np.lexsort((-grades, queries))
    high, span = levels
    keys = queries.astype(np.int64) * span + (high - grades).astype(np.int64)
    order: np.ndarray = np.argsort(keys, kind="stable")
    return order


def whole_levels(grades: np.ndarray) -> tuple[float, int] | None:
    """The highest grade and the number of levels down to the lowest, when the grades are
    whole numbers in a modest range (as qrels grades are).

    >>> whole_levels(np.array([3.0, 0.0])), whole_levels(np.array([0.5]))
    ((3.0, 4), None)
    """
    if len(grades) == 0:
        return None
    high, low = float(grades.max()), float(grades.min())
    if not high - low < 2**20 or not (grades == np.floor(grades)).all():
        return None
    return high, int(high - low) + 1


def ideal_rows(
    queries: np.ndarray, grades: np.ndarray, n_queries: int, cutoff_k: int | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each query's ideal ranking as rows (query, position from 0, grade), in rank order,
    for :func:`sums_by_query`. With a cutoff and whole grades, each query's top k comes
    from its count of each grade level, with no sort; else the rows are sorted
    (:func:`best_first`). Either way the rows that count are the same.

    >>> q, p, g = ideal_rows(np.array([0, 1, 0]), np.array([1.0, 2.0, 3.0]), 2, None)
    >>> q.tolist(), p.tolist(), g.tolist()
    ([0, 0, 1], [0, 1, 0], [3.0, 1.0, 2.0])
    """
    levels = whole_levels(grades)
    k = cutoff_k
    if (
        k is not None
        and levels is not None
        and n_queries * levels[1] * k <= COUNTS_PER_ROW * len(grades)
    ):
        high, span = levels
        keys = queries.astype(np.int64) * span + (high - grades).astype(np.int64)
        counts = np.bincount(keys, minlength=n_queries * span).reshape(n_queries, span)
        above = np.cumsum(counts, axis=1)  # rows at this level or better
        top = np.arange(k)
        level = (above[:, :, np.newaxis] <= top).sum(axis=1)  # of each top position
        query, position = np.nonzero(top < above[:, -1:])  # by query, then position
        return query, position, high - level[query, position].astype(np.float64)
    order = best_first(grades, queries)
    ordered = queries[order]
    return ordered, _positions_within(ordered), grades[order]


def _positions_within(sorted_groups: np.ndarray) -> np.ndarray:
    """0-based position of each row within its run of equal group ids (input sorted)."""
    if len(sorted_groups) == 0:
        return np.zeros(0, dtype=np.int64)
    starts = np.flatnonzero(np.r_[True, sorted_groups[1:] != sorted_groups[:-1]])
    lengths = np.diff(np.r_[starts, len(sorted_groups)])
    positions: np.ndarray = np.arange(len(sorted_groups), dtype=np.int64)
    positions -= np.repeat(starts, lengths)
    return positions
