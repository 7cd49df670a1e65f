"""The per-query array steps of batch scoring (:mod:`ndcg_core.runs.scoring`), on rows
grouped by query: each query's block, the ideal DCG of every query at once, and ties ordered
and averaged within a query. Each mirrors the per-list rule of :mod:`ndcg_core.metric`, and the
two paths agree to the bit (tests/core/runs/test_per_list_equals_batch.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np

from ndcg_core.metric import kernel, rules
from ndcg_core.metric.choices import TiePolicy
from ndcg_core.metric.conventions import Convention


def query_blocks(queries: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """First row and length of each run of equal query codes."""
    change = np.empty(len(queries), dtype=bool)
    change[:1] = True
    np.not_equal(queries[1:], queries[:-1], out=change[1:])
    starts = np.flatnonzero(change)
    return starts, np.diff(np.append(starts, len(queries)))


IDEAL_BLOCK = 1 << 19  # rows of whole queries sorted at once for the ideal DCG


def query_ideal_dcgs(
    queries: np.ndarray, grades: np.ndarray, n_queries: int, convention: Convention
) -> np.ndarray:
    """Each query's ideal DCG: its grades best first (:func:`ndcg_core.metric.kernel.ideal_rows`),
    added up at k (:func:`ndcg_core.metric.kernel.sums_by_query`).

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
    query, position, best = kernel.ideal_rows(queries, grades, n_queries, convention.cutoff_k)
    gains = rules.gain_values(best, convention.gain)
    del best  # a run's worth of rows each: let go as soon as done (a 200 MB run's peak)
    return kernel.sums_by_query(query, position, gains, n_queries, convention)


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


def tie_means(gains: np.ndarray, groups: np.ndarray, scores: np.ndarray) -> np.ndarray:
    """Each gain replaced by the mean over its run of equal (query, score) rows."""
    if len(gains) == 0:
        return gains
    new = np.r_[True, (groups[1:] != groups[:-1]) | (scores[1:] != scores[:-1])]
    return rules.tie_means(gains, np.flatnonzero(new))
