"""The class summary CSV: each prompt names the list it asked about, and the right answer
sits in the same form as the students' answers (a number for a numeric question)."""

from __future__ import annotations

import csv
import io

import pytest

from ndcg_core import Convention, parse_grades
from ndcg_core.metric.parsing import format_grades
from ndcg_core.questions.class_questions import (
    ClassQuestion,
    from_exercise,
    from_list,
    is_right,
    parse_answer,
)
from ndcg_core.questions.class_reveal import summary_csv
from ndcg_core.teaching import kinds
from ndcg_core.teaching.kinds.base import QuestionKind
from ndcg_core.teaching.practice import Level, exercise_set


def _read(question: ClassQuestion, answer: str | None) -> dict[str, str]:
    row = {"question": 1, "kind": question.kind.name, "student": 1, "answer": answer}
    [line] = csv.DictReader(io.StringIO(summary_csv({1: question}, [row | {"answered_at": ""}])))
    return line


def _practice(kind: QuestionKind) -> ClassQuestion:
    exercise = next(e for e in exercise_set(3, Level.HARD) if e.kind is kind)
    return from_exercise(exercise, 3, Level.HARD)


def test_a_list_question_has_its_list_in_the_prompt_and_its_nDCG_as_a_number() -> None:
    question = from_list(parse_grades("a=3, b=2, c=0"), Convention(ideal="judged"), (3.0,))
    right = question.evaluation().ndcg
    line = _read(question, "0.5")
    assert float(line["right_answer"]) == right  # a number, full precision, no "nDCG = "
    assert line["prompt"].startswith(question.prompt)
    assert "a=3, b=2, c=0" in line["prompt"]
    assert "not retrieved: 3" in line["prompt"]


@pytest.mark.parametrize("kind", [kinds.PREDICT, kinds.SPOT, kinds.COMPARE, kinds.REORDER])
def test_the_right_answer_is_an_answer_the_class_could_give_and_is_marked_right(
    kind: QuestionKind,
) -> None:
    question = _practice(kind)
    right = _read(question, None)["right_answer"]
    typed = parse_answer(question, right)  # what a student typing it would send
    assert typed == right or float(typed) == float(right)
    assert is_right(question, typed)
    assert _read(question, typed)["right"] == "yes"


def test_every_list_asked_about_is_in_the_prompt() -> None:
    spot = _practice(kinds.SPOT)
    prompt = _read(spot, "1")["prompt"]
    for a, b in spot.exercise.pairs:
        assert f"[{format_grades(a)}] and [{format_grades(b)}]" in prompt
    compare = _practice(kinds.COMPARE)
    prompt = _read(compare, "A, 1")["prompt"]
    assert f"A: {format_grades(compare.exercise.grades)}." in prompt
    assert f"B: {format_grades(compare.exercise.other)}." in prompt
    assert all(option in prompt for option in compare.exercise.options)
