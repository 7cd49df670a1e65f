"""Binary metrics: hand-worked values and agreement with scikit-learn's average precision."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import average_precision_score

from ndcg_core import NdcgError
from ndcg_core.metric.binary import binary_scores


def test_hand_worked_values() -> None:
    # relevant at ranks 1, 3, 5 (grades >= 1): P@1 = 1, P@3 = 2/3, P@5 = 3/5
    scores = binary_scores([3, 0, 2, 0, 1], cutoff_k=3)
    assert scores.precision_at_k == pytest.approx(2 / 3)
    assert scores.recall_at_k == pytest.approx(2 / 3)
    assert scores.average_precision == pytest.approx((1 + 2 / 3 + 3 / 5) / 3)
    assert scores.reciprocal_rank == 1.0


def test_documents_never_retrieved_lower_recall_and_ap() -> None:
    scores = binary_scores([0, 1], unretrieved_relevant=1)
    assert scores.recall_at_k == 0.5
    assert scores.average_precision == pytest.approx((1 / 2) / 2)
    assert scores.reciprocal_rank == 0.5


def test_nothing_relevant() -> None:
    scores = binary_scores([0, 0], threshold=1)
    assert scores.precision_at_k == 0.0
    assert math.isnan(scores.recall_at_k)
    assert scores.reciprocal_rank == 0.0


def test_bad_cutoff() -> None:
    with pytest.raises(NdcgError, match="at least 1"):
        binary_scores([1], cutoff_k=0)


@given(st.lists(st.integers(0, 3), min_size=2, max_size=30))
def test_average_precision_matches_sklearn(grades) -> None:
    relevant = [int(g >= 2) for g in grades]
    if not any(relevant):
        return
    # scikit-learn ranks by score: give the shown order strictly decreasing scores
    scores = list(range(len(grades), 0, -1))
    expected = average_precision_score(relevant, scores)
    assert binary_scores(grades, threshold=2).average_precision == pytest.approx(expected)
