"""What every kind answered with a number shares: the answer is nDCG of the exercise's list
under its convention, typed as a number, right within the exercise's tolerance
(:func:`~ndcg_core.teaching.grading.within_tolerance`), with the slips it may sit at.
Predict (:mod:`.predict`) and a class's list question (:mod:`.about_list`) are two.
"""

from __future__ import annotations

import math

from ndcg_core.errors import NdcgError
from ndcg_core.metric.parsing import format_grades

# A module import: practice_checks imports kinds.base, whose package imports this module.
from ndcg_core.teaching import practice_checks
from ndcg_core.teaching.grading import within_tolerance
from ndcg_core.teaching.kinds.base import (
    Answer,
    AnswerInput,
    Asked,
    Exercise,
    Feedback,
    GradeLine,
    Part,
    QuestionKind,
)
from ndcg_core.teaching.slips import SlipTable, slip_table
from ndcg_core.text.formatting import format_real
from ndcg_core.text.numbers import read_number
from ndcg_core.text.quoting import quoted, short_number

MAX_NUMBER = 1e6  # an answer past this is a typing slip, not a DCG


def read_answer_number(raw: str) -> float:
    """A typed number, read as every box in the app reads one; refused past ``MAX_NUMBER``.

    >>> read_answer_number(" ٠٫٥ ")
    0.5
    """
    value = read_number(raw)
    if abs(value) > MAX_NUMBER:
        msg = f"{quoted(raw)} is far too large for nDCG (or even DCG) here; check it."
        raise NdcgError(msg)
    return value


class NumberKind(QuestionKind):
    """A kind whose answer is the nDCG of ``exercise.grades`` under its convention."""

    answer_input = AnswerInput.NUMBER

    def parse(self, question: Asked, raw: str) -> str:
        return short_number(read_answer_number(raw))

    def is_right(self, question: Asked, value: str) -> bool:
        right = question.evaluation().ndcg
        return within_tolerance(float(value), right, question.exercise.tolerance)

    def right_answer(self, question: Asked) -> str:
        label = question.exercise.convention.label
        return f"{label} = {format_real(question.evaluation().ndcg, 4)}"

    def right_value(self, question: Asked) -> float:
        return question.evaluation().ndcg

    def explanation(self, question: Asked) -> str:
        ex, worked = question.exercise, question.evaluation()
        return (
            f"{ex.convention.label} = DCG / ideal DCG = {format_real(worked.dcg, 4)} / "
            f"{format_real(worked.ideal_dcg, 4)} = {format_real(worked.ndcg, 4)}, under "
            f"{ex.convention}."
        )

    def asked(self, question: Asked) -> str:
        ex = question.exercise
        lists = f"List: {format_grades(ex.grades, ex.labels)}."
        if question.unretrieved:
            lists += f" Judged but not retrieved: {format_grades(question.unretrieved)}."
        return lists

    def shown(self, question: Asked) -> tuple[Part, ...]:
        ex = question.exercise
        unretrieved = question.unretrieved if question.judged_grades is not None else ()
        return (GradeLine(ex.grades, ex.labels, unretrieved),)

    def slips(self, question: Asked) -> SlipTable:
        ex = question.exercise
        return slip_table(
            ex.grades, ex.convention, judged_grades=question.judged_grades, tolerance=ex.tolerance
        )

    def check(self, exercise: Exercise, answer: Answer) -> Feedback:
        return practice_checks.check_predict(
            exercise, math.nan if answer.number is None else answer.number
        )

    def write_answer(self, exercise: Exercise, answer: Answer) -> str:
        # + 0.0: -0.0 is read back as 0.0 (read_number), so it is written so too.
        number = None if answer.number is None else answer.number + 0.0
        return repr(number).replace("e+", "e")

    def read_answer(self, exercise: Exercise, text: str, where: str) -> Answer:
        try:
            return Answer(number=read_number(text))
        except NdcgError:
            msg = f"{where} is not a number."
            raise NdcgError(msg) from None

    def practice_shown(self, exercise: Exercise) -> tuple[Part, ...]:
        return (GradeLine(exercise.grades),)
