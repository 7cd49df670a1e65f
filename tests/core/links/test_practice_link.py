"""The answers= parameter of a Practice link: read back exactly, and never a source of verdicts."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import NdcgError, evaluate
from ndcg_core.links.length import MAX_QUERY_CHARS, query_length
from ndcg_core.links.practice_link import answers_from_param, answers_to_param
from ndcg_core.teaching import kinds
from ndcg_core.teaching.practice import Exercise, Level, exercise_set
from ndcg_core.teaching.practice_checks import check_reorder
from ndcg_core.teaching.practice_scoring import Answer, Answered, attempts_of, score
from tests.core.view_strategies import practice_answers


def _answered(exercise: Exercise) -> st.SearchStrategy[Answered]:
    once = practice_answers(exercise).map(lambda answer: Answered(answer, answer))
    again = st.builds(
        Answered,
        practice_answers(exercise),
        practice_answers(exercise),
        st.integers(2, 999_999_999),
    )
    return once | again


@given(seed=st.integers(0, 10**9 - 1), level=st.sampled_from(list(Level)), data=st.data())
def test_encode_then_decode_is_the_identity(seed: int, level: Level, data: st.DataObject) -> None:
    exercises = exercise_set(seed, level)
    given_answers = {
        exercise.key: data.draw(_answered(exercise))
        for exercise in exercises
        if data.draw(st.booleans())
    }
    text = answers_to_param(exercises, given_answers)
    if not given_answers:
        assert text is None
        return
    assert text is not None
    assert answers_from_param(text, exercises) == given_answers
    # A whole set's answers are a short part of the link (links.fit_link's budget).
    assert query_length({"answers": text}) < MAX_QUERY_CHARS / 10


@given(seed=st.integers(0, 10**9 - 1), level=st.sampled_from(list(Level)), data=st.data())
def test_a_link_read_back_writes_the_same_text(
    seed: int, level: Level, data: st.DataObject
) -> None:
    exercises = exercise_set(seed, level)
    given_answers = {exercise.key: data.draw(_answered(exercise)) for exercise in exercises}
    text = answers_to_param(exercises, given_answers)
    assert text is not None
    assert answers_to_param(exercises, answers_from_param(text, exercises)) == text


def test_minus_zero_is_written_as_zero() -> None:
    exercises, predict, _ = _predict()
    answer = Answer(number=-0.0)
    text = answers_to_param(exercises, {predict.key: Answered(answer, answer)})
    assert text is not None
    assert "-0" not in text


def _predict(seed: int = 5) -> tuple[tuple[Exercise, ...], Exercise, float]:
    exercises = exercise_set(seed, "medium")
    predict = next(e for e in exercises if e.kind is kinds.PREDICT)
    return exercises, predict, evaluate(predict.grades, predict.convention).ndcg


def test_a_wrong_first_answer_from_a_link_stays_wrong_after_the_right_one() -> None:
    exercises, predict, truth = _predict()
    wrong = Answer(number=round(truth + 5 * predict.tolerance, 4))
    right = Answer(number=round(truth, 4))
    text = answers_to_param(exercises, {predict.key: Answered(wrong, right, 2)})
    assert text is not None
    attempts = attempts_of(predict, answers_from_param(text, exercises)[predict.key])
    assert not attempts.scored
    assert attempts.latest.correct
    assert attempts.practice


def test_a_forged_link_cannot_mark_a_wrong_answer_right() -> None:
    exercises, predict, truth = _predict()
    wrong = f"{truth + 5 * predict.tolerance:.4f}"
    # The number of the exercise, one check, its answer: no verdict to forge.
    forged = answers_from_param(f"1~{predict.number}_1_{wrong}", exercises)
    assert score(exercises, {predict.key: attempts_of(predict, forged[predict.key])}).right == 0
    reorder = next(e for e in exercises if e.kind is kinds.REORDER)
    best = max(range(len(reorder.grades)), key=lambda i: reorder.grades[i])
    # The best document in every place has the ideal DCG of its own list, so the check
    # would pass it: refused, since no drag puts one document in two places.
    assert check_reorder(reorder, [reorder.labels[best]] * len(reorder.labels)).correct
    repeated = ".".join([str(best)] * len(reorder.labels))
    with pytest.raises(NdcgError, match="not an order of its"):
        answers_from_param(f"1~{reorder.number}_1_{repeated}", exercises)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("2~1_1_0.5", "not written in a form this app reads"),
        ("1~1_1_0.5~1_1_0.6", "exercise 1 twice"),
        ("1~1_one_0.5", "is not an exercise's answers"),
        ("1~1_1_0,5", "is not a number"),
        ("1~1_1_0.5_0.6", "two answers from 1 checks"),
        ("1~3_1_C.0", "not a ranking (A or B)"),
        ("1~3_1_A.9", "not a ranking (A or B)"),
        ("1~4_1_" + "9" * 5000, "not one of its 4 pairs"),
        ("1~2_1_0.1.2", "not an order of its"),
        ("1~0_1_0", "no exercise 0"),
    ],
)
def test_an_unreadable_parameter_says_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(NdcgError, match=re.escape(problem)):
        answers_from_param(text, exercise_set(1))
