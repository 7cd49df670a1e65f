"""A question kind no module of the app knows: "which list scores higher?". A test
registers it (:func:`registered`, for that test only) to show that a kind is one module
plus its line in the registry of :mod:`ndcg_core.teaching.kinds`: the class store, the
reveal, the summary and the pages take it with no change of their own."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from ndcg_core.errors import NdcgError
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import ndcg
from ndcg_core.metric.parsing import format_grades
from ndcg_core.questions.class_questions import ClassQuestion
from ndcg_core.teaching import kinds
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
    pick_number,
)
from ndcg_core.text.formatting import format_real


def _higher(exercise: Exercise) -> int:
    """1 when the first list scores the higher nDCG, else 2."""
    return 1 if ndcg(exercise.grades) > ndcg(exercise.other) else 2


class HigherList(QuestionKind):
    name = "higher"
    title = "Which list scores higher?"
    practice_title = "Higher"
    answered_with = "list 1 or list 2"
    answer_input = AnswerInput.CHOICE

    def parse(self, question: Asked, raw: str) -> str:
        return str(pick_number(raw, 2, "List"))

    def is_right(self, question: Asked, value: str) -> bool:
        return int(value) == _higher(question.exercise)

    def right_answer(self, question: Asked) -> str:
        return f"List {_higher(question.exercise)} scores higher"

    def right_value(self, question: Asked) -> int:
        return _higher(question.exercise)

    def label(self, question: Asked, value: str) -> str:
        return f"List {value}"

    def explanation(self, question: Asked) -> str:
        ex = question.exercise
        return (
            f"nDCG of list 1 is {format_real(ndcg(ex.grades), 4)}, "
            f"of list 2 {format_real(ndcg(ex.other), 4)}."
        )

    def asked(self, question: Asked) -> str:
        ex = question.exercise
        return f"List 1: {format_grades(ex.grades)}. List 2: {format_grades(ex.other)}."

    def shown(self, question: Asked) -> tuple[Part, ...]:
        ex = question.exercise
        return (Numbered("The lists:", (format_grades(ex.grades), format_grades(ex.other))),)

    def choices(self, question: Asked) -> tuple[Choice, ...]:
        return (Choice("list", "Which list scores higher?", (1, 2), ("List 1", "List 2"), True),)

    def check(self, exercise: Exercise, answer: Answer) -> Feedback:
        right = answer.choice + 1 == _higher(exercise)
        return Feedback(right, "Right." if right else "Not that one.")

    def write_answer(self, exercise: Exercise, answer: Answer) -> str:
        return str(answer.choice)

    def read_answer(self, exercise: Exercise, text: str, where: str) -> Answer:
        index = link_index(text, 2)
        if index is None:
            msg = f"{where} is not list 1 or 2."
            raise NdcgError(msg)
        return Answer(choice=index)

    def practice_choices(self, exercise: Exercise) -> tuple[Choice, ...]:
        return (Choice("list", "Which list scores higher?", (0, 1), ("List 1", "List 2")),)


KIND = HigherList()
PROMPT = "Which list scores the higher nDCG (linear gain, log2(i+1))?"


def toy_question() -> ClassQuestion:
    """A question of the toy kind: list 1 (3, 0, 1) scores higher than list 2 (0, 1, 3)."""
    exercise = Exercise(
        key="toy-1",
        number=1,
        kind=KIND,
        prompt=PROMPT,
        convention=Convention(),
        grades=(3.0, 0.0, 1.0),
        other=(0.0, 1.0, 3.0),
    )
    return ClassQuestion(KIND, exercise, "a test")


def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the toy kind for one test: the registry with one more entry, as its line
    in ``_REGISTERED`` would make it (monkeypatch puts the real one back afterwards)."""
    with_toy = MappingProxyType({**kinds.KINDS, KIND.name: KIND})
    monkeypatch.setattr(kinds, "KINDS", with_toy)
