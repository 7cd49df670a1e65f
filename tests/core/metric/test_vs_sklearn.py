"""Agreement with scikit-learn's ndcg_score / dcg_score where its convention is ours."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from sklearn.metrics import dcg_score, ndcg_score

from ndcg_core import PRESETS, NdcgError, evaluate_scores

SKLEARN = PRESETS["sklearn"].convention


@st.composite
def scored_lists(draw, *, ties: bool):
    n = draw(st.integers(min_value=2, max_value=30))
    grades = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    if ties:
        scores = draw(st.lists(st.integers(0, 3).map(float), min_size=n, max_size=n))
    else:
        scores = draw(
            st.lists(
                st.floats(-100, 100, allow_nan=False, allow_infinity=False),
                min_size=n,
                max_size=n,
                unique=True,
            )
        )
    k = draw(st.none() | st.integers(min_value=1, max_value=n + 3))
    return grades, scores, k


@given(scored_lists(ties=True))
def test_ndcg_matches_sklearn_with_ties_averaged(case) -> None:
    grades, scores, k = case
    ours = evaluate_scores(grades, scores, SKLEARN.with_changes(cutoff_k=k))
    theirs = ndcg_score([grades], [scores], k=k)
    assert ours.ndcg == pytest.approx(theirs, rel=1e-12, abs=1e-12)


@given(scored_lists(ties=True), st.sampled_from([2, 10, np.e]))
def test_dcg_matches_sklearn_for_any_log_base(case, base) -> None:
    grades, scores, k = case
    ours = evaluate_scores(grades, scores, SKLEARN.with_changes(cutoff_k=k, log_base=base))
    theirs = dcg_score([grades], [scores], k=k, log_base=base)
    assert float(ours.dcg) == pytest.approx(theirs, rel=1e-12, abs=1e-12)


@given(scored_lists(ties=False))
def test_ndcg_matches_sklearn_without_ties(case) -> None:
    grades, scores, k = case
    ours = evaluate_scores(grades, scores, SKLEARN.with_changes(cutoff_k=k))
    theirs = ndcg_score([grades], [scores], k=k, ignore_ties=True)
    assert ours.ndcg == pytest.approx(theirs, rel=1e-12, abs=1e-12)


def test_all_zero_grades_score_zero_like_sklearn() -> None:
    assert evaluate_scores([0, 0, 0], [1, 2, 3], SKLEARN).ndcg == ndcg_score(
        [[0, 0, 0]], [[1, 2, 3]]
    )
    assert evaluate_scores([0, 0, 0], [1, 2, 3], SKLEARN).ndcg == 0.0


def test_negative_grades_are_rejected_like_sklearn() -> None:
    with pytest.raises(ValueError, match="negative"):
        ndcg_score([[1, -1, 0]], [[1, 2, 3]])
    with pytest.raises(NdcgError, match=r"negative grade -1 at position 2"):
        evaluate_scores([1, -1, 0], [3, 2, 1], SKLEARN)
