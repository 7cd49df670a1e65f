"""Ranking by predicted scores under each tie policy."""

from __future__ import annotations

import math

import pytest

from ndcg_core import Convention, NdcgError, TiePolicy, evaluate_scores, rank_by_scores


def test_scores_rank_highest_first() -> None:
    ranking = rank_by_scores([0, 1, 2], [0.1, 0.9, 0.5], ties=TiePolicy.OPTIMISTIC)
    assert ranking.grades == (1, 2, 0)
    assert ranking.doc_ids == ("D2", "D3", "D1")


def test_trec_eval_breaks_ties_by_document_id_descending_as_strings() -> None:
    ranking = rank_by_scores(
        [1, 2, 3], [5, 5, 5], ties=TiePolicy.TREC_EVAL, doc_ids=["D10", "D9", "D2"]
    )
    # strcmp order: "D9" > "D2" > "D10"
    assert ranking.doc_ids == ("D9", "D2", "D10")
    assert ranking.grades == (2, 3, 1)


def test_pessimistic_and_optimistic_bound_the_average() -> None:
    grades, scores = [3, 0, 2, 1], [1, 1, 1, 0]
    results = {
        policy: evaluate_scores(grades, scores, Convention(ties=policy)).dcg for policy in TiePolicy
    }
    assert (
        results[TiePolicy.PESSIMISTIC] < results[TiePolicy.AVERAGE] < results[TiePolicy.OPTIMISTIC]
    )
    # rel in tied group {3, 0, 2} averaged to 5/3 at ranks 1..3, then rel 1 at rank 4
    expected = 5 / 3 * (1 + 1 / math.log2(3) + 1 / 2) + 1 / math.log2(5)
    assert results[TiePolicy.AVERAGE] == pytest.approx(expected, rel=1e-15)


def test_average_ties_report_groups() -> None:
    ranking = rank_by_scores([1, 0, 3, 2], [0.5, 0.9, 0.5, 0.1])
    assert ranking.tie_groups == (0, 1, 1, 2)
    assert ranking.grades == (0, 1, 3, 2)


def test_negative_zero_and_zero_scores_tie() -> None:
    ranking = rank_by_scores([1, 2], [-0.0, 0.0])
    assert ranking.tie_groups == (0, 0)


@pytest.mark.parametrize(
    ("grades", "scores", "doc_ids", "message"),
    [
        ([1, 2], [1], None, r"Got 1 scores for 2 grades"),
        ([1, 2], [1, math.nan], None, r"Score nan at position 2 is not a finite number"),
        ([1, 2], [1, 2], ["a"], r"Got 1 document ids for 2 grades"),
    ],
)
def test_bad_scores_raise_the_cores_error(grades, scores, doc_ids, message) -> None:
    with pytest.raises(NdcgError, match=message):
        rank_by_scores(grades, scores, doc_ids=doc_ids)
