"""The lesson's closing check: three questions drawn from Practice (a number, an order, "which
scores higher"), and a summary that says what the reader got right and, for each miss, which
step of the lesson to revisit (for a number at a slip, the step that teaches that slip's
part, found by :func:`~ndcg_core.teaching.diagnosis.diagnose`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ndcg_core.teaching import kinds
from ndcg_core.teaching.diagnosis import diagnose
from ndcg_core.teaching.kinds.base import Answer, Exercise
from ndcg_core.teaching.lesson_plan import LESSON
from ndcg_core.teaching.practice import Level, exercise_set
from ndcg_core.teaching.slips import SlipKind, slip_table

CHECK_LEVEL = Level.MEDIUM  # a cutoff k, as step 7 taught
CHECK_KINDS = (kinds.PREDICT, kinds.REORDER, kinds.COMPARE)

#: The lesson step (by name) that teaches the part each slip gets wrong.
REVISIT_FOR_SLIP: Mapping[SlipKind, str] = MappingProxyType(
    {
        SlipKind.IDEAL_TOP_K: "ideal",
        SlipKind.DISCOUNT: "discount",
        SlipKind.GAIN: "judge",
        SlipKind.CUTOFF: "cutoff",
        SlipKind.CG: "dcg",
        SlipKind.NOT_NORMALISED: "ndcg",
    }
)
#: The step to revisit for a miss that names no slip, by the question's kind.
REVISIT_FOR_KIND: Mapping[str, str] = MappingProxyType(
    {"predict": "ndcg", "reorder": "ideal", "compare": "dcg"}
)


def check_exercises(seed: int) -> tuple[Exercise, ...]:
    """The first number, order and "which scores higher" questions of Practice's set
    ``seed`` at :data:`CHECK_LEVEL`.

    >>> [e.kind.name for e in check_exercises(1)]
    ['predict', 'reorder', 'compare']
    """
    dealt = exercise_set(seed, CHECK_LEVEL)
    return tuple(next(e for e in dealt if e.kind is kind) for kind in CHECK_KINDS)


def step_number(name: str) -> int:
    """A lesson step's number (from 1) by its name.

    >>> step_number("discount")
    3
    """
    return next(number for number, step in enumerate(LESSON, 1) if step.name == name)


@dataclass(frozen=True)
class CheckResult:
    """One question of the check: right or not, what the check said, and the lesson step
    to revisit (its number and title) when it was not right."""

    exercise: Exercise
    right: bool
    message: str
    revisit: int | None = None

    @property
    def revisit_title(self) -> str:
        """``step 3 (The discount: lower places count less)``, or nothing."""
        if self.revisit is None:
            return ""
        return f"step {self.revisit} ({LESSON[self.revisit - 1].title})"


def _revisit(exercise: Exercise, answer: Answer) -> int:
    name = REVISIT_FOR_KIND[exercise.kind.name]
    if exercise.kind is kinds.PREDICT and answer.number is not None:
        table = slip_table(
            exercise.grades,
            exercise.convention,
            labels=exercise.labels,
            tolerance=exercise.tolerance,
        )
        found = diagnose(table, answer.number)
        if found.slips:
            name = REVISIT_FOR_SLIP[found.slips[0]]
    return step_number(name)


def check_results(
    exercises: Sequence[Exercise], answers: Mapping[str, Answer]
) -> tuple[CheckResult, ...]:
    """The verdict on each answered question (by its kind's own check), in order.

    >>> found = check_exercises(1)
    >>> results = check_results(found, {found[0].key: Answer(number=0.0)})
    >>> results[0].right, results[0].revisit_title
    (False, 'step 6 (nDCG = DCG / IDCG)')
    """
    results = []
    for exercise in exercises:
        answer = answers.get(exercise.key)
        if answer is None:
            continue
        feedback = exercise.kind.check(exercise, answer)
        revisit = None if feedback.correct else _revisit(exercise, answer)
        results.append(CheckResult(exercise, feedback.correct, feedback.message, revisit))
    return tuple(results)


def check_summary(results: Sequence[CheckResult], asked: int) -> str:
    """One line for the reader once every question is answered.

    >>> found = check_exercises(1)
    >>> check_summary(check_results(found, {found[0].key: Answer(number=0.0)}), 3)
    'Right: 0 of 1 answered (3 asked).'
    """
    right = sum(result.right for result in results)
    if len(results) == asked:
        return f"Right: {right} of {asked}."
    return f"Right: {right} of {len(results)} answered ({asked} asked)."
