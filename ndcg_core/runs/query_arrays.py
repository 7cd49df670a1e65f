"""The per-query array steps of batch scoring (:mod:`ndcg_core.runs.scoring`), on rows
grouped by query: each query's block, the ideal DCG of every query at once, and ties ordered
and averaged within a query. Each mirrors the per-list rule of :mod:`ndcg_core.metric`, and the
two paths agree to the bit (tests/core/runs/test_per_list_equals_batch.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from ndcg_core.metric import rules
from ndcg_core.metric.choices import TiePolicy
from ndcg_core.metric.conventions import Convention


def rank_divisors(ranks: np.ndarray, convention: Convention) -> np.ndarray:
    """The convention's divisor at each rank (:func:`ndcg_core.metric.rules.divisors`)."""
    return rules.divisors(ranks, convention.discount, convention.log_base)


def query_blocks(queries: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """First row and length of each run of equal query codes."""
    change = np.empty(len(queries), dtype=bool)
    change[:1] = True
    np.not_equal(queries[1:], queries[:-1], out=change[1:])
    starts = np.flatnonzero(change)
    return starts, np.diff(np.append(starts, len(queries)))


def whole_levels(grades: np.ndarray) -> tuple[float, int] | None:
    """The highest grade and the number of levels down to the lowest, when the grades are
    whole numbers in a modest range (as qrels grades are)."""
    if len(grades) == 0:
        return None
    high, low = float(grades.max()), float(grades.min())
    if not high - low < 2**20 or not (grades == np.floor(grades)).all():
        return None
    return high, int(high - low) + 1


def best_first(queries: np.ndarray, grades: np.ndarray) -> np.ndarray:
    """The stable order by query, then grade descending: ``np.lexsort((-grades, queries))``,
    done as one sort of integer keys when the grades are whole numbers."""
    levels = whole_levels(grades)
    if levels is None:
        return np.lexsort((-grades, queries))
    high, span = levels
    keys = queries.astype(np.int64) * span + (high - grades).astype(np.int64)
    order: np.ndarray = np.argsort(keys, kind="stable")
    return order


IDEAL_BLOCK = 1 << 19  # rows of whole queries sorted at once for the ideal DCG


def query_ideal_dcgs(
    queries: np.ndarray, grades: np.ndarray, n_queries: int, convention: Convention
) -> np.ndarray:
    """Each query's ideal DCG: its grades best first, cut at k. With a cutoff and whole
    grades, each query's top k come from its counts per grade, with no sort; either way
    the same terms are added in the same order, so the sums are the same.

    When each query's rows are together (a run's, once ranked), whole queries are taken
    a block of rows at a time, so the sort's working arrays stay small: each query's sum
    comes from one block and the others add 0.0 to it, which changes no bit (bincount's
    sums start at 0.0, so none is -0.0)."""
    if len(queries) > IDEAL_BLOCK:
        starts, _ = query_blocks(queries)
        if len(starts) == len(np.unique(queries[starts])):  # each query's rows together
            at = np.searchsorted(starts, np.arange(0, len(queries), IDEAL_BLOCK))
            bounds = np.unique(np.append(starts[at[at < len(starts)]], len(queries)))
            ideal = np.zeros(n_queries)
            for low, high in itertools.pairwise(bounds):
                ideal += _ideal_dcg_rows(queries[low:high], grades[low:high], n_queries, convention)
            return ideal
    return _ideal_dcg_rows(queries, grades, n_queries, convention)


def _ideal_dcg_rows(
    queries: np.ndarray, grades: np.ndarray, n_queries: int, convention: Convention
) -> np.ndarray:
    """:func:`query_ideal_dcgs` of these rows, at once."""
    k = convention.cutoff_k
    levels = whole_levels(grades)
    if k is not None and levels is not None and n_queries * levels[1] * k <= 8 * len(grades):
        high, span = levels
        keys = queries.astype(np.int64) * span + (high - grades).astype(np.int64)
        counts = np.bincount(keys, minlength=n_queries * span).reshape(n_queries, span)
        above = np.cumsum(counts, axis=1)  # rows at this level or better
        positions = np.arange(k)
        level = (above[:, :, np.newaxis] <= positions).sum(axis=1)  # of each top position
        query, position = np.nonzero(positions < above[:, -1:])  # by query, then position
        gains = rules.gain_values(high - level[query, position].astype(np.float64), convention.gain)
        ideal: np.ndarray = np.bincount(
            query, weights=gains / rank_divisors(position + 1.0, convention), minlength=n_queries
        )
        return ideal
    order = best_first(queries, grades)
    ordered = queries[order]
    ranks = _ranks_within(ordered)
    gains = rules.gain_values(grades[order], convention.gain)
    del order  # a run's worth of rows each: let go as soon as done (a 200 MB run's peak)
    if k is not None:
        gains = np.where(ranks <= k, gains, 0.0)  # 0 / divisor is the 0 it used to be
    terms = rank_divisors(ranks, convention)
    del ranks
    np.divide(gains, terms, out=terms)
    summed: np.ndarray = np.bincount(ordered, weights=terms, minlength=n_queries)
    return summed


def order_ties(
    grades: np.ndarray,
    docs: np.ndarray,
    sizes: np.ndarray,
    ties: TiePolicy,
    doc_ranks: Callable[[np.ndarray], np.ndarray] | None,
) -> np.ndarray:
    """Grades with each tie (consecutive rows, ``sizes`` long) in the policy's order:
    document id descending (trec_eval), worst grade first or best first. Only ties whose
    grades differ can change a score, so only their rows are sorted (and ids compared)."""
    multi = np.flatnonzero(sizes > 1)  # only these ties are looked at (often few)
    if not len(multi):
        return grades
    lengths = sizes[multi]
    ends = np.cumsum(lengths)
    within = np.arange(int(ends[-1])) - np.repeat(ends - lengths, lengths)
    tied_rows = np.repeat((np.cumsum(sizes) - sizes)[multi], lengths) + within
    tied_grades = grades[tied_rows]
    mixed = np.minimum.reduceat(tied_grades, ends - lengths) != np.maximum.reduceat(
        tied_grades, ends - lengths
    )
    if not mixed.any():
        return grades
    keep = np.repeat(mixed, lengths)
    rows = tied_rows[keep]  # ascending, tie after tie
    tie = np.repeat(multi, lengths)[keep]
    codes = docs[rows]
    then = rules.tie_break_key(
        ties, grades[rows], lambda: codes if doc_ranks is None else doc_ranks(codes)
    )
    if then is None:  # average: the tie's order does not change its mean
        return grades
    ordered = grades.copy()
    ordered[rows] = grades[rows][np.lexsort((then, tie))]
    return ordered


def _ranks_within(sorted_groups: np.ndarray) -> np.ndarray:
    """1-based position of each row within its run of equal group ids (input sorted)."""
    if len(sorted_groups) == 0:
        return np.zeros(0)
    starts = np.flatnonzero(np.r_[True, sorted_groups[1:] != sorted_groups[:-1]])
    lengths = np.diff(np.r_[starts, len(sorted_groups)])
    ranks: np.ndarray = np.arange(len(sorted_groups), dtype=np.float64)  # whole numbers
    ranks -= np.repeat(starts - 1.0, lengths)  # below 2**53: exact, as in integers
    return ranks


def tie_means(gains: np.ndarray, groups: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """Each gain replaced by the mean over its run of equal (query, score) rows."""
    if len(gains) == 0:
        return gains
    new = np.r_[True, (groups[1:] != groups[:-1]) | (scores[1:] != scores[:-1])]
    return rules.tie_means(gains, np.flatnonzero(new))
