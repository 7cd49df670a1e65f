"""Binary metrics beside nDCG: a grade at or above a threshold counts as relevant.

With ``rel_i`` in {0, 1} after the threshold, R relevant documents in all (shown or not)::

    P@k  = (1/k) * sum_{i<=k} rel_i
    R@k  = (1/R) * sum_{i<=k} rel_i
    AP   = (1/R) * sum_i rel_i * P@i          (averaged over queries: MAP)
    RR   = 1 / (rank of the first relevant document), 0 if none
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ndcg_core.errors import NdcgError


@dataclass(frozen=True)
class BinaryScores:
    """Precision and recall at k, average precision and reciprocal rank of one ranked list."""

    precision_at_k: float
    recall_at_k: float
    average_precision: float
    reciprocal_rank: float


def binary_scores(
    grades: Sequence[float],
    *,
    threshold: float = 1.0,
    cutoff_k: int | None = None,
    unretrieved_relevant: int = 0,
) -> BinaryScores:
    """P@k, R@k, AP and RR; ``unretrieved_relevant`` relevant documents were never shown.

    R@k and AP are NaN when no document at all is relevant (there is nothing to recall).

    >>> s = binary_scores([3, 0, 2, 0, 1], cutoff_k=3)
    >>> round(s.precision_at_k, 3), s.recall_at_k, round(s.average_precision, 3), s.reciprocal_rank
    (0.667, 0.6666666666666666, 0.756, 1.0)
    """
    if cutoff_k is not None and cutoff_k <= 0:
        msg = f"The cutoff k must be at least 1; got {cutoff_k}."
        raise NdcgError(msg)
    relevant = np.asarray(grades, dtype=np.float64) >= threshold
    k = len(relevant) if cutoff_k is None else cutoff_k
    hits = relevant[:k]
    total = int(relevant.sum()) + unretrieved_relevant
    precision = float(hits.sum()) / k if k else 0.0
    recall = float(hits.sum()) / total if total else math.nan
    ranks = np.flatnonzero(relevant) + 1
    precision_at_hits = np.arange(1, len(ranks) + 1) / ranks
    average_precision = float(precision_at_hits.sum()) / total if total else math.nan
    reciprocal_rank = 1.0 / float(ranks[0]) if len(ranks) else 0.0
    return BinaryScores(precision, recall, average_precision, reciprocal_rank)
