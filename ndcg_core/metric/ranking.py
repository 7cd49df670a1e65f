"""Turning predicted scores into a ranked list, under a named tie policy."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ndcg_core.errors import NdcgError
from ndcg_core.metric import rules
from ndcg_core.metric.choices import TiePolicy
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import Evaluation, default_labels, evaluate


@dataclass(frozen=True)
class Ranking:
    """Grades in ranked order, their document ids, and (average policy) the tied groups.

    ``tie_groups[i]`` numbers the group of equal scores position i belongs to; it is
    ``None`` for policies that break ties into a strict order.
    """

    grades: tuple[float, ...]
    doc_ids: tuple[str, ...]
    scores: tuple[float, ...]
    tie_groups: tuple[int, ...] | None


def rank_by_scores(
    grades: Sequence[float],
    scores: Sequence[float],
    *,
    ties: TiePolicy = TiePolicy.AVERAGE,
    doc_ids: Sequence[str] | None = None,
) -> Ranking:
    """Order documents by score, highest first, breaking ties by the policy.

    ``average`` keeps tied documents in input order and reports their groups (each
    tied position later gets the group's mean gain); ``pessimistic`` puts the lowest
    grade first, ``optimistic`` the highest; ``trec_eval`` orders ties by document id,
    descending, comparing ids as strings (so "D9" comes before "D10").

    >>> rank_by_scores([1, 0, 3], [0.5, 0.5, 0.9], ties=TiePolicy.PESSIMISTIC).grades
    (3.0, 0.0, 1.0)
    >>> rank_by_scores([1, 0, 3], [0.5, 0.5, 0.9]).tie_groups
    (0, 1, 1)
    """
    ties = TiePolicy(ties)
    if len(scores) != len(grades):
        msg = f"Got {len(scores)} scores for {len(grades)} grades; give one score per document."
        raise NdcgError(msg)
    ids = tuple(doc_ids) if doc_ids is not None else default_labels(len(grades))
    if len(ids) != len(grades):
        msg = f"Got {len(ids)} document ids for {len(grades)} grades."
        raise NdcgError(msg)
    grade_values = np.asarray(grades, dtype=np.float64)
    score_values = np.asarray(scores, dtype=np.float64)
    for i, s in enumerate(score_values):
        if not math.isfinite(s):
            msg = f"Score {s} at position {i + 1} is not a finite number."
            raise NdcgError(msg, item=i + 1)
    score_values = score_values + 0.0  # -0.0 and 0.0 are one tie

    # Scores descending, then the policy's order within a tie (np.lexsort sorts by its last
    # key first, each ascending); the average policy keeps a tie as it comes.
    within = rules.tie_break_key(ties, grade_values, lambda: _string_ranks(ids))
    if within is None:
        order = np.argsort(-score_values, kind="stable")
    else:
        order = np.lexsort((within, -score_values))

    ranked_scores = score_values[order]
    tie_groups = None
    if ties is TiePolicy.AVERAGE:
        new_group = np.r_[True, ranked_scores[1:] != ranked_scores[:-1]]
        tie_groups = tuple(int(g) for g in np.cumsum(new_group) - 1)
    return Ranking(
        grades=tuple(float(g) for g in grade_values[order]),
        doc_ids=tuple(ids[i] for i in order),
        scores=tuple(float(s) for s in ranked_scores),
        tie_groups=tie_groups,
    )


def _string_ranks(ids: Sequence[str]) -> np.ndarray:
    """Each id's rank among the ids in string (code point) order."""
    _, ranks = np.unique(np.asarray(ids, dtype=str), return_inverse=True)
    ranked: np.ndarray = ranks.ravel()
    return ranked


def evaluate_scores(
    grades: Sequence[float],
    scores: Sequence[float],
    convention: Convention | None = None,
    *,
    doc_ids: Sequence[str] | None = None,
    judged_grades: Sequence[float] | None = None,
) -> Evaluation:
    """Rank documents by predicted score under the convention's tie policy, then evaluate.

    This is what scikit-learn's ``ndcg_score(y_true, y_score)`` computes for one row.

    >>> round(evaluate_scores([3, 2, 1, 0, 0], [3, 2, 0, 0, 1]).dcg, 4)
    4.6706
    """
    convention = convention or Convention()
    ranking = rank_by_scores(grades, scores, ties=convention.ties, doc_ids=doc_ids)
    return evaluate(
        ranking.grades,
        convention,
        labels=ranking.doc_ids,
        judged_grades=judged_grades,
        tie_groups=ranking.tie_groups,
    )
