"""Exercise sets: reproducible from their seed, and every answer key checked by evaluate()."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, NdcgError, evaluate
from ndcg_core.metric.metrics import ndcg
from ndcg_core.teaching import kinds
from ndcg_core.teaching.practice import Exercise, Level, exercise_set
from ndcg_core.teaching.practice_checks import (
    check_compare,
    check_predict,
    check_reorder,
    check_spot,
    compare_scores,
    reorder_answer,
)
from ndcg_core.teaching.practice_scoring import Score, record_check, score
from tests.core.strategies import conventions as any_convention

SEEDS = range(12)


@cache  # made once for this module's tests, which each read every set
def _set(seed: int, level: Level) -> tuple[Exercise, ...]:
    return exercise_set(seed, level)


def _sets() -> Iterator[Exercise]:
    for level in Level:
        for seed in SEEDS:
            yield from _set(seed, level)


def test_the_same_seed_gives_the_same_set_and_another_seed_another() -> None:
    assert exercise_set(3, "medium") == exercise_set(3, Level.MEDIUM)
    assert exercise_set(3, "medium") != exercise_set(4, "medium")
    assert exercise_set(3, "easy") != exercise_set(3, "hard")
    assert {e.kind for e in exercise_set(3)} == {
        kinds.PREDICT,
        kinds.REORDER,
        kinds.COMPARE,
        kinds.SPOT,
    }


def test_levels_grow_harder() -> None:
    def longest(level: Level) -> int:
        return max(len(e.grades) for seed in SEEDS for e in _set(seed, level))

    assert longest(Level.EASY) < longest(Level.HARD)
    easy = [e.convention for seed in SEEDS for e in _set(seed, Level.EASY)]
    assert all(c == Convention() for c in easy)
    hard = [e.convention for seed in SEEDS for e in _set(seed, Level.HARD)]
    assert any(c.gain == "exponential" for c in hard)


def test_predict_accepts_the_answer_within_tolerance_only() -> None:
    for exercise in (e for e in _sets() if e.kind is kinds.PREDICT):
        truth = evaluate(exercise.grades, exercise.convention).ndcg
        assert check_predict(exercise, truth + exercise.tolerance * 0.9).correct
        wrong = check_predict(exercise, truth + exercise.tolerance * 2)
        assert not wrong.correct
        assert wrong.worked is not None
        assert math.isclose(wrong.worked.ndcg, truth)
        assert not check_predict(exercise, math.nan).correct


def _best_order(exercise) -> list[str]:
    pairs = sorted(zip(exercise.grades, exercise.labels, strict=True), key=lambda p: -p[0])
    return [label for _, label in pairs]


def test_reorder_accepts_exactly_the_orders_that_meet_the_goal() -> None:
    for exercise in (e for e in _sets() if e.kind is kinds.REORDER):
        assert not check_reorder(exercise, list(exercise.labels)).correct  # as dealt
        best = _best_order(exercise)
        if exercise.goal_k is None:
            assert check_reorder(exercise, best).correct
            continue
        # Best three first, then the rest worst-first: nDCG@3 = 1 and nDCG@5 < 1.
        k = exercise.goal_k
        answer = best[:k] + best[k:][::-1]
        grades = dict(zip(exercise.labels, exercise.grades, strict=True))
        ranked = [grades[label] for label in answer]
        assert evaluate(ranked, Convention(cutoff_k=k)).ndcg == pytest.approx(1)
        assert evaluate(ranked, Convention(cutoff_k=exercise.miss_k)).ndcg < 1
        assert check_reorder(exercise, answer).correct
        assert not check_reorder(exercise, best).correct  # nDCG@5 is 1 too: not the task


def test_compare_has_one_winner_and_exactly_one_flipping_change() -> None:
    for exercise in (e for e in _sets() if e.kind is kinds.COMPARE):
        a = evaluate(exercise.grades).ndcg
        b = evaluate(exercise.other).ndcg
        assert ("A" if a > b else "B") == exercise.answer
        flips = [
            i
            for i, convention in enumerate(exercise.option_conventions)
            if (
                evaluate(exercise.grades, convention).ndcg
                > evaluate(exercise.other, convention).ndcg
            )
            != (a > b)
        ]
        assert flips == [exercise.answer_index]
        assert check_compare(exercise, exercise.answer, exercise.answer_index).correct
        other = "B" if exercise.answer == "A" else "A"
        assert not check_compare(exercise, other, exercise.answer_index).correct
        assert not check_compare(exercise, exercise.answer, (exercise.answer_index + 1) % 3).correct
        rows = compare_scores(exercise)
        assert rows[0][1] == pytest.approx(a)
        assert len(rows) == len(exercise.options) + 1


def test_a_log_base_change_is_never_the_flip() -> None:
    for exercise in (e for e in _sets() if e.kind is kinds.COMPARE):
        assert exercise.option_conventions[exercise.answer_index].log_base == 2


def test_spot_has_exactly_one_pair_that_nDCG_scores_alike() -> None:
    for exercise in (e for e in _sets() if e.kind is kinds.SPOT):
        same = [
            i
            for i, (left, right) in enumerate(exercise.pairs)
            if math.isclose(evaluate(left).ndcg, evaluate(right).ndcg)
        ]
        assert same == [exercise.answer_index]
        left, right = exercise.pairs[exercise.answer_index]
        assert left != right
        assert check_spot(exercise, exercise.answer_index).correct
        assert not check_spot(exercise, (exercise.answer_index + 1) % 4).correct


grades = st.lists(
    st.one_of(st.integers(-2, 5).map(float), st.sampled_from([1e-320, 5e-324, 1e300, 1100.0])),
    min_size=1,
    max_size=12,
)
conventions = any_convention(ideals=("list",))


@given(grades, conventions)
def test_ndcg_shortcut_equals_evaluate(values, convention) -> None:
    try:
        expected = evaluate(values, convention).ndcg
    except NdcgError:
        with pytest.raises(NdcgError):
            ndcg(values, convention)
        return
    got = ndcg(values, convention)
    assert got == expected or (math.isnan(got) and math.isnan(expected))


def test_only_the_first_check_scores_and_a_retry_after_a_reveal_is_practice() -> None:
    exercises = exercise_set(5, "medium")
    predict = next(e for e in exercises if e.kind is kinds.PREDICT)
    truth = evaluate(predict.grades, predict.convention).ndcg
    wrong = check_predict(predict, truth + predict.tolerance * 3)
    assert f"{truth:.4f}" in wrong.message  # the reveal
    retried = record_check(record_check(None, wrong), check_predict(predict, truth))
    assert retried.latest.correct
    assert retried.practice
    assert not retried.scored
    assert score(exercises, {predict.key: retried}) == Score(right=0, done=1, total=8)

    first_time = record_check(None, check_predict(predict, truth))
    again = record_check(first_time, check_predict(predict, truth))
    assert score(exercises, {predict.key: again}) == Score(right=1, done=1, total=8)
    # A right first answer stays scored whatever a later practice check says.
    spoiled = record_check(again, wrong)
    assert spoiled.scored
    assert score(exercises, {predict.key: spoiled}).right == 1


def test_every_wrong_answer_reveals_a_right_one() -> None:
    for exercise in _sets():
        if exercise.kind is kinds.REORDER:
            feedback = check_reorder(exercise, list(exercise.labels))
            answer = reorder_answer(exercise)
            assert ", ".join(answer) in feedback.message
            assert check_reorder(exercise, answer).correct
        elif exercise.kind is kinds.SPOT:
            feedback = check_spot(exercise, (exercise.answer_index + 1) % 4)
            assert f"pair {exercise.answer_index + 1}." in feedback.message
        elif exercise.kind is kinds.COMPARE:
            other = "B" if exercise.answer == "A" else "A"
            feedback = check_compare(exercise, other, (exercise.answer_index + 1) % 3)
            assert f"{exercise.answer} scores higher" in feedback.message
            assert exercise.options[exercise.answer_index] in feedback.message
