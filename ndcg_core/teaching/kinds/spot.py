"""Spot the drawback: which pair of lists of clearly different quality does nDCG score the
same? Picked by its number in class, from the pairs themselves in Practice."""

from __future__ import annotations

from ndcg_core.errors import NdcgError
from ndcg_core.metric.parsing import format_grades
from ndcg_core.teaching.kinds.base import (
    Answer,
    AnswerInput,
    Asked,
    Choice,
    Exercise,
    Feedback,
    Numbered,
    Part,
    QuestionKind,
    link_index,
    numbered,
    pick_number,
)
from ndcg_core.teaching.practice_checks import check_spot


def _pair_text(exercise: Exercise, separator: str) -> tuple[str, ...]:
    return tuple(f"[{format_grades(a)}]{separator}[{format_grades(b)}]" for a, b in exercise.pairs)


class Spot(QuestionKind):
    name = "spot"
    title = "Spot the drawback"
    practice_title = "Spot the drawback"
    answered_with = "the pair of lists nDCG cannot tell apart"
    answer_input = AnswerInput.CHOICE

    def parse(self, question: Asked, raw: str) -> str:
        return str(pick_number(raw, len(question.exercise.pairs), "Pair"))

    def is_right(self, question: Asked, value: str) -> bool:
        return int(value) - 1 == question.exercise.answer_index

    def right_answer(self, question: Asked) -> str:
        return f"Pair {question.exercise.answer_index + 1}"

    def right_value(self, question: Asked) -> int:
        return question.exercise.answer_index + 1

    def label(self, question: Asked, value: str) -> str:
        return f"Pair {value}"

    def explanation(self, question: Asked) -> str:
        return question.exercise.explanation

    def asked(self, question: Asked) -> str:
        pairs = _pair_text(question.exercise, " and ")
        return " ".join(f"Pair {i}: {text}." for i, text in enumerate(pairs, start=1))

    def shown(self, question: Asked) -> tuple[Part, ...]:
        return (Numbered("", _pair_text(question.exercise, " and ")),)

    def choices(self, question: Asked) -> tuple[Choice, ...]:
        values = numbered(len(question.exercise.pairs))
        shown = tuple(f"Pair {i}" for i in values)
        return (Choice("pair", "Which pair does nDCG score the same?", values, shown, True),)

    def check(self, exercise: Exercise, answer: Answer) -> Feedback:
        return check_spot(exercise, answer.choice)

    def write_answer(self, exercise: Exercise, answer: Answer) -> str:
        return str(answer.choice)

    def read_answer(self, exercise: Exercise, text: str, where: str) -> Answer:
        index = link_index(text, len(exercise.pairs))
        if index is None:
            msg = f"{where} is not one of its {len(exercise.pairs)} pairs."
            raise NdcgError(msg)
        return Answer(choice=index)

    def practice_choices(self, exercise: Exercise) -> tuple[Choice, ...]:
        values = tuple(range(len(exercise.pairs)))
        shown = _pair_text(exercise, "  and  ")
        return (Choice("pair", "Pairs of lists (grades, top first)", values, shown),)


KIND = Spot()
