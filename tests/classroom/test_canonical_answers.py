"""The store keeps only the canonical text the page makes of an answer, so the teacher's
summary (and every verdict) reads back whatever the store accepted."""

from __future__ import annotations

import csv
import io
import itertools
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classroom.store import ClassError, ClassStore, Room
from ndcg_core.questions.class_questions import (
    ClassQuestion,
    from_exercise,
    from_payload,
    parse_answer,
    to_payload,
)
from ndcg_core.questions.class_reveal import summary_csv
from ndcg_core.teaching import kinds
from ndcg_core.teaching.kinds.base import QuestionKind
from ndcg_core.teaching.practice import Level, exercise_set
from tests.examples import examples


def _questions() -> dict[QuestionKind, ClassQuestion]:
    """One real question of each kind, from a Practice set."""
    found: dict[QuestionKind, ClassQuestion] = {}
    for exercise in exercise_set(7, Level.MEDIUM):
        found.setdefault(exercise.kind, from_exercise(exercise, 7, Level.MEDIUM))
    return found


QUESTIONS = _questions()


def _opened(store: ClassStore, question: ClassQuestion) -> tuple[Room, int]:
    room = store.create_room()
    asked = store.add_question(room.teacher_key, question.kind.name, to_payload(question))
    store.open_question(room.teacher_key, asked.id)
    return room, asked.id


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("0,5", "has a comma"),
        ("0.50", "kept as “0.5”"),
        ("0.8 6", "space inside"),
        ("1e-400", "too small to tell from 0"),
        ("banana", "is not a number"),
    ],
)
def test_a_number_not_in_its_canonical_form_is_refused(
    store: ClassStore, typed: str, message: str
) -> None:
    room, question_id = _opened(store, QUESTIONS[kinds.PREDICT])
    student = store.join(room.code, None, client="phone")
    with pytest.raises(ClassError, match=message):
        store.submit_answer(student.token, question_id, typed)
    assert store.my_answer(student.token, question_id) is None
    assert store.submit_answer(student.token, question_id, "0.5")  # its canonical form


def test_a_choice_not_in_its_canonical_form_is_refused(store: ClassStore) -> None:
    room, question_id = _opened(store, QUESTIONS[kinds.COMPARE])
    student = store.join(room.code, None, client="phone")
    with pytest.raises(ClassError, match="kept as “A, 1”"):
        store.submit_answer(student.token, question_id, "a,1")
    assert store.submit_answer(student.token, question_id, "A, 1")


def test_the_summary_reads_back_a_stored_answer(store: ClassStore) -> None:
    room, question_id = _opened(store, QUESTIONS[kinds.PREDICT])
    student = store.join(room.code, None, client="phone")
    with pytest.raises(ClassError):
        store.submit_answer(student.token, question_id, "0,5")  # once made summary_csv fail
    assert store.submit_answer(student.token, question_id, "0.5")
    rows = list(csv.DictReader(io.StringIO(_summary(store, room))))
    assert [(row["answer"], row["right"] in ("yes", "no")) for row in rows] == [("0.5", True)]


def _summary(store: ClassStore, room: Room) -> str:
    numbered = {q.number: _read(q.kind, q.payload) for q in store.questions(room.teacher_key)}
    return summary_csv(numbered, store.summary_rows(room.teacher_key))


def _read(kind: str, payload: str) -> ClassQuestion:
    return from_payload(kind, payload)


# Text a student (or a script talking to the store) might send: numbers in many forms,
# choices, labels, and anything at all.
ANSWERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.from_regex(r"\s?[+-]?[0-9٠-٩]{0,3}[.,٫]?[0-9]{0,3}(e-?[0-9]{1,3})?\s?", fullmatch=True),
    st.from_regex(r"[ABab ]{0,2}[,;]? ?[0-9]{0,2}", fullmatch=True),
    st.lists(st.sampled_from(["D1", "D2", "D3", "D4", "D5", "D6", "x"]), max_size=7).map(", ".join),
    st.text(max_size=12),
)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answers=st.lists(st.tuples(st.sampled_from(sorted(QUESTIONS)), ANSWERS), max_size=8))
def test_the_summary_never_fails_on_what_the_store_accepts(
    answers: list[tuple[QuestionKind, str]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = ClassStore(f"sqlite:///{Path(folder) / 'class.db'}")
        try:
            room = store.create_room()
            ids: dict[QuestionKind, int] = {}
            for kind, question in QUESTIONS.items():
                asked = store.add_question(room.teacher_key, kind.name, to_payload(question))
                store.open_question(room.teacher_key, asked.id)
                ids[kind] = asked.id
            clients = itertools.count()
            for kind, typed in answers:
                student = store.join(room.code, None, client=f"c{next(clients)}")
                try:
                    stored = store.submit_answer(student.token, ids[kind], typed)
                except ClassError:
                    continue
                assert stored
                kept = store.my_answer(student.token, ids[kind])
                assert kept is not None
                assert parse_answer(QUESTIONS[kind], kept) == kept  # canonical, so reads back
            _summary(store, room)  # raises nothing
        finally:
            store.dispose()
