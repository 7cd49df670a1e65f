"""Mean nDCG over several queries, as in seed 001's NDCG(Q, k)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ndcg_core.conventions import Convention, ZeroIdeal
from ndcg_core.errors import NdcgError
from ndcg_core.metrics import evaluate


@dataclass(frozen=True)
class Query:
    """One query's ranked grades and, optionally, the grades of all its judged documents."""

    grades: tuple[float, ...]
    judged_grades: tuple[float, ...] | None = None
    name: str = ""


@dataclass(frozen=True)
class MeanNdcg:
    """Per-query nDCG@k and their mean; ``excluded`` queries had a zero ideal and were left out."""

    per_query: tuple[float, ...]
    mean: float
    counted: int
    excluded: int


def mean_ndcg(queries: Sequence[Query], convention: Convention | None = None) -> MeanNdcg:
    """NDCG(Q, k) = (1/|Q|) * sum_j Z_kj * sum_{m<=k} gain(R(j, m)) / discount(m).

    A query with k' < k results is summed to k' (seed 001). Under the ``exclude``
    zero-ideal policy, queries whose ideal DCG is 0 are left out of |Q|; under ``nan``
    they make the mean NaN.

    >>> mean_ndcg([Query((3, 2, 3, 0, 1, 2)), Query((0, 1))]).per_query[1]
    0.6309297535714575
    """
    convention = convention or Convention()
    if not queries:
        msg = "Add at least one query to average over."
        raise NdcgError(msg)
    scores = tuple(
        evaluate(q.grades, convention, judged_grades=q.judged_grades).ndcg for q in queries
    )
    if convention.zero_ideal is ZeroIdeal.EXCLUDE:
        kept = [s for s in scores if not math.isnan(s)]
    else:
        kept = list(scores)
    mean = math.fsum(kept) / len(kept) if kept else math.nan
    return MeanNdcg(scores, mean, len(kept), len(scores) - len(kept))
