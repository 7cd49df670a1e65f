"""Each exercise kind's check of an answer, worked out by the core's own
:func:`~ndcg_core.metric.metrics.evaluate`, with feedback that says why (the exercises are made
in :mod:`ndcg_core.teaching.practice`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.kernel import best_first
from ndcg_core.metric.metrics import evaluate, ndcg
from ndcg_core.teaching.diagnosis import diagnose
from ndcg_core.teaching.grading import within_tolerance
from ndcg_core.teaching.kinds.base import Exercise, Feedback
from ndcg_core.teaching.slips import slip_table
from ndcg_core.text.formatting import format_real


def _ideal_order(exercise: Exercise) -> list[str]:
    """The labels sorted by grade, highest first (ties keep their dealt order)."""
    return [exercise.labels[i] for i in best_first(exercise.grades).tolist()]


def reorder_answer(exercise: Exercise) -> list[str]:
    """An order of the labels that meets a reorder exercise's goal.

    The ideal order; with a goal at ``goal_k``, the best ``goal_k`` first and the rest
    worst-first, which spoils the order below ``goal_k`` (the generator makes sure it can).
    """
    best = _ideal_order(exercise)
    if exercise.goal_k is None:
        return best
    return best[: exercise.goal_k] + best[exercise.goal_k :][::-1]


def check_predict(exercise: Exercise, guess: float) -> Feedback:
    """Right when ``guess`` is within the exercise's tolerance of the nDCG (grading's rule)."""
    worked = evaluate(exercise.grades, exercise.convention, labels=exercise.labels)
    error = abs(guess - worked.ndcg)
    if not math.isfinite(guess):
        return Feedback(False, "Give a number between 0 and 1.", worked)
    exact = format_real(worked.ndcg, 4)
    if within_tolerance(guess, worked.ndcg, exercise.tolerance):
        return Feedback(True, f"Right: {exercise.convention.label} = {exact}.", worked)
    message = (
        f"Not quite: {exercise.convention.label} = {exact} (DCG {format_real(worked.dcg, 4)} / "
        f"ideal DCG {format_real(worked.ideal_dcg, 4)}); you were {format_real(error, 3)} off."
    )
    table = slip_table(
        exercise.grades, exercise.convention, labels=exercise.labels, tolerance=exercise.tolerance
    )
    diagnosis = diagnose(table, guess)
    if diagnosis.names_the_mistake:  # the worked answer below shows the rest
        message += " " + diagnosis.message
    return Feedback(False, message, worked)


def check_reorder(exercise: Exercise, order: Sequence[str]) -> Feedback:
    """Right when the documents in ``order`` (labels) meet the exercise's goal."""
    by_label = dict(zip(exercise.labels, exercise.grades, strict=True))
    grades = [by_label[label] for label in order]
    if exercise.goal_k is None:
        worked = evaluate(grades, Convention(), labels=order)
        if math.isclose(worked.dcg, worked.ideal_dcg, rel_tol=1e-12):
            return Feedback(
                True, f"Right: DCG {format_real(worked.dcg, 4)} is the ideal DCG.", worked
            )
        return Feedback(
            False,
            f"Not yet: DCG {format_real(worked.dcg, 4)} is below the ideal "
            f"{format_real(worked.ideal_dcg, 4)}. Put higher grades nearer the top: "
            f"{', '.join(reorder_answer(exercise))}.",
            worked,
        )
    goal = evaluate(grades, Convention(cutoff_k=exercise.goal_k), labels=order)
    miss = evaluate(grades, Convention(cutoff_k=exercise.miss_k), labels=order)
    goal_met = math.isclose(goal.ndcg, 1.0, rel_tol=1e-12)
    miss_met = miss.ndcg < 1.0 - 1e-12
    scores = (
        f"nDCG@{exercise.goal_k} = {format_real(goal.ndcg, 4)}, "
        f"nDCG@{exercise.miss_k} = {format_real(miss.ndcg, 4)}"
    )
    if goal_met and miss_met:
        return Feedback(True, f"Right: {scores}.", miss)
    hint = (
        f"the top {exercise.goal_k} must hold the best grades"
        if not goal_met
        else f"spoil the order somewhere in positions {exercise.goal_k + 1}-{exercise.miss_k}"
    )
    answer = ", ".join(reorder_answer(exercise))
    return Feedback(False, f"Not yet: {scores}; {hint}. One order that works: {answer}.", miss)


def compare_scores(exercise: Exercise) -> list[tuple[str, float, float]]:
    """nDCG of rankings A and B under the textbook form and under each option."""
    rows = [
        ("textbook form", Convention()),
        *zip(exercise.options, exercise.option_conventions, strict=True),
    ]
    return [(name, ndcg(exercise.grades, c), ndcg(exercise.other, c)) for name, c in rows]


def check_compare(exercise: Exercise, winner: str, flip: int) -> Feedback:
    """Right when both the winner and the flipping change are."""
    right_winner = winner == exercise.answer
    right_flip = flip == exercise.answer_index
    if right_winner and right_flip:
        return Feedback(True, "Right on both counts.")
    parts = []
    if not right_winner:
        parts.append(f"{exercise.answer} scores higher in the textbook form")
    if not right_flip:
        parts.append(f"the change that flips it is: {exercise.options[exercise.answer_index]}")
    note = ""
    if any(c.log_base != 2 for c in exercise.option_conventions):
        note = " A different log base never flips nDCG: it scales DCG and ideal DCG alike."
    return Feedback(False, "Not quite: " + "; ".join(parts) + "." + note)


def check_spot(exercise: Exercise, index: int) -> Feedback:
    """Right when ``index`` is the pair that nDCG scores the same."""
    if index == exercise.answer_index:
        return Feedback(True, "Right. " + exercise.explanation)
    left, right = exercise.pairs[index]
    return Feedback(
        False,
        f"Not that pair: nDCG tells it apart ({format_real(ndcg(left), 3)} vs "
        f"{format_real(ndcg(right), 3)}). The pair it scores the same is pair "
        f"{exercise.answer_index + 1}. {exercise.explanation}",
    )
