"""The registry of question kinds is the one home of a kind: every registered kind reads,
judges and reveals its own answers, in class and in Practice, and a kind registered by a
test alone (tests/toy_kind.py) goes through the payload, the answer path, the reveal and
the summary with no change anywhere else."""

from __future__ import annotations

import csv
import io
import itertools
import json
import pickle
from pathlib import Path

import pytest

from ndcg_core import Convention, NdcgError, parse_grades
from ndcg_core.questions.class_questions import (
    ClassQuestion,
    check_stored_answer,
    from_exercise,
    from_list,
    from_payload,
    is_right,
    parse_answer,
    to_payload,
)
from ndcg_core.questions.class_reveal import asked, reveal, summary_csv
from ndcg_core.teaching import kinds
from ndcg_core.teaching.kinds.base import Answer, AnswerInput
from ndcg_core.teaching.practice import DEALT, Level, exercise_set
from ndcg_core.text.quoting import short_number
from tests import toy_kind


def _questions() -> list[ClassQuestion]:
    """Generated questions: every Practice exercise of a few sets, and list questions."""
    practice = [
        from_exercise(e, seed, level)
        for level in Level
        for seed in range(3)
        for e in exercise_set(seed, level)
    ]
    lists = [
        from_list(parse_grades(text), convention)
        for text, convention in [
            ("3, 2, 0, 0, 1", Convention(cutoff_k=3)),
            ("a=1, b=3, c=2", Convention(gain="exponential")),
        ]
    ]
    return practice + lists


QUESTIONS = _questions()


def _picks(question: ClassQuestion) -> list[str]:
    """Every answer a choice kind's widgets can send: one value of each group, joined."""
    groups = [choice.values for choice in question.kind.choices(question)]
    return [", ".join(str(v) for v in combo) for combo in itertools.product(*groups)]


def _right_and_wrong(question: ClassQuestion) -> tuple[str, str]:
    """A right answer and a wrong one, as the kind's declared input sends them."""
    kind, ex = question.kind, question.exercise
    if kind.answer_input is AnswerInput.NUMBER:
        right = float(kind.right_value(question))
        return short_number(right), short_number(right + 0.5)
    if kind.answer_input is AnswerInput.CHOICE:
        picks = _picks(question)
        rights = [p for p in picks if kind.is_right(question, p)]
        assert len(rights) == 1, question.source  # exactly one pick is right
        return rights[0], next(p for p in picks if p != rights[0])
    worst_first = sorted(ex.labels, key=dict(zip(ex.labels, ex.grades, strict=True)).get)
    return str(kind.right_value(question)), ", ".join(worst_first)


def test_every_registered_kind_has_a_generated_question_here() -> None:
    assert {q.kind for q in QUESTIONS} == set(kinds.KINDS.values())
    assert list(kinds.KINDS) == [kind.name for kind in kinds.KINDS.values()]
    assert all(kinds.kind_named(name) is kind for name, kind in kinds.KINDS.items())
    assert set(DEALT) <= set(kinds.KINDS.values())  # Practice deals registered kinds only


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: f"{q.kind.name}:{q.source}")
def test_every_kind_round_trips_through_its_parser_checker_and_reveal(
    question: ClassQuestion,
) -> None:
    kind = question.kind
    assert from_payload(kind.name, to_payload(question)) == question
    right, wrong = _right_and_wrong(question)
    for sent in (right, wrong):
        assert parse_answer(question, sent) == sent  # the widgets send canonical text
        check_stored_answer(kind.name, to_payload(question), sent)  # the store keeps it
    assert is_right(question, right)
    assert not is_right(question, wrong)
    if kind.answer_input is AnswerInput.CHOICE:
        for pick in _picks(question):
            assert parse_answer(question, pick) == pick
    shown = reveal(question, [right, right, wrong])
    assert shown.spread.right_count == 2
    assert shown.spread.answered == 3
    assert shown.right_answer
    assert shown.explanation
    assert asked(question).startswith(question.prompt)
    row = {"question": 1, "kind": kind.name, "student": 1, "answered_at": ""}
    rows = [row | {"answer": right}, row | {"answer": wrong, "student": 2}]
    read = list(csv.DictReader(io.StringIO(summary_csv({1: question}, rows))))
    assert [r["right"] for r in read] == ["yes", "no"]


def _practice_answers(question: ClassQuestion) -> list[Answer]:
    """Every Practice answer of a choice exercise, or its right answer otherwise."""
    kind, ex = question.kind, question.exercise
    if kind.answer_input is AnswerInput.NUMBER:
        return [Answer(number=float(kind.right_value(question)))]
    if kind.answer_input is AnswerInput.ORDER:
        return [Answer(order=tuple(str(kind.right_value(question)).split(", ")))]
    groups = kind.practice_choices(ex)
    answers = []
    for combo in itertools.product(*(choice.values for choice in groups)):
        picked = {choice.field: value for choice, value in zip(groups, combo, strict=True)}
        answers.append(
            Answer(winner=str(picked.get("winner", "")), choice=int(picked.get("choice", -1)))
        )
    return answers


@pytest.mark.parametrize(
    "question", [q for q in QUESTIONS if q.source.startswith("Practice")], ids=str
)
def test_every_practice_kind_checks_and_links_its_answers(question: ClassQuestion) -> None:
    kind, ex = question.kind, question.exercise
    answers = _practice_answers(question)
    verdicts = [kind.check(ex, answer).correct for answer in answers]
    assert verdicts.count(True) == 1  # the right one, and only it
    for answer in answers:
        written = kind.write_answer(ex, answer)
        assert kind.read_answer(ex, written, "It") == answer


def test_a_kind_pickles_as_itself() -> None:
    """A cached exercise set (st.cache_data pickles it) keeps the very same kinds."""
    for kind in kinds.KINDS.values():
        assert pickle.loads(pickle.dumps(kind)) is kind
    dealt = exercise_set(2, Level.HARD)
    copied = pickle.loads(pickle.dumps(dealt))
    assert copied == dealt
    assert all(a.kind is b.kind for a, b in zip(copied, dealt, strict=True))


def test_a_kind_not_registered_is_not_read_back() -> None:
    question = toy_kind.toy_question()
    with pytest.raises(NdcgError, match="could not be read"):
        from_payload(toy_kind.KIND.name, to_payload(question))


def test_a_kind_registered_in_a_test_alone_is_asked_answered_and_revealed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    toy_kind.registered(monkeypatch)
    question = toy_kind.toy_question()
    back = from_payload("higher", to_payload(question))
    assert back == question
    assert back.kind is toy_kind.KIND
    assert not back.numeric
    with pytest.raises(NdcgError, match="kept as “1”"):
        check_stored_answer("higher", to_payload(question), "list 1")
    check_stored_answer("higher", to_payload(question), "1")
    shown = reveal(back, ["1", "2", "1", "3"])
    assert shown.right_answer == "List 1 scores higher"
    assert [(b.label, b.count, b.right) for b in shown.spread.bars] == [
        ("List 1", 2, True),
        ("List 2", 1, False),
    ]
    assert shown.spread.unreadable == 1  # "3" is no list
    assert shown.explanation.startswith("nDCG of list 1 is ")
    rows = [
        {"question": 1, "kind": "higher", "student": 1, "answer": "2", "answered_at": ""},
    ]
    (line,) = csv.DictReader(io.StringIO(summary_csv({1: back}, rows)))
    assert (line["right_answer"], line["right"]) == ("1", "no")
    assert line["prompt"].endswith("List 1: 3, 0, 1. List 2: 0, 1, 3.")


STORED = json.loads((Path(__file__).parent / "stored_questions.json").read_text("utf-8"))


@pytest.mark.parametrize("stored", STORED, ids=lambda row: row["kind"])
def test_a_question_stored_before_kinds_were_registered_reads_back_the_same(
    stored: dict[str, str],
) -> None:
    """Payloads a class store kept before this change (written by commit debeb41's code):
    their kind names and format are unchanged, so an open room still reads its questions."""
    question = from_payload(stored["kind"], stored["payload"])
    assert question.kind is kinds.kind_named(stored["kind"])
    assert to_payload(question) == stored["payload"]
    if stored["kind"] == "list":
        made = from_list(parse_grades(stored["grades"]), question.exercise.convention, (3.0,))
    else:
        dealt = exercise_set(int(stored["seed"]), stored["level"])
        made = from_exercise(dealt[int(stored["number"]) - 1], int(stored["seed"]), Level.HARD)
    assert made == question
