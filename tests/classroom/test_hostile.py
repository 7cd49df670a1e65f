"""Hostile input at the class store: the project's hostile corpus as nicknames, answers,
teacher keys and student tokens, and guessed join codes. Each is refused with a sentence for a
person (no repr, no SQL) and nothing stored, or stored exactly as the core cleaned it."""

from __future__ import annotations

import secrets
from collections.abc import Callable

import pytest
import sqlalchemy as sa

from classroom import codes
from classroom.store import UNKNOWN_STUDENT, WRONG_TEACHER_KEY, ClassError, ClassStore
from ndcg_core.errors import NdcgError
from ndcg_core.questions import class_rules
from ndcg_core.questions.class_rules import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH
from tests.classroom.support import RowCounter, count_rows
from tests.hostile.corpus import CORPUS

SQL_WORDS = ("SELECT", "INSERT", "UPDATE", "sqlalchemy", "psycopg", "sqlite", "[SQL", "parameters")
MORE = (
    "Robert'); DROP TABLE students;--",
    "1' OR '1'='1",
    "0.5; DELETE FROM answers",
    "%s",
    "%(value)s",
    ":value",
    "?",
    "\\",
    "'",
    '"',
    "\ud800",  # half of a character
    "a\x00b",
    "\x1b[31mred",
    "Ada\u2028Lovelace",
    "\ufeffAda",
    "x" * 10_000,
    "ｘ" * 25,
    "e\u0301" * 13,  # 26 code points, 13 letters after NFC
    "🙂" * 24,
)


def _texts() -> list[str]:
    """Every text in the corpus's small payloads (labels, pastes, file contents, link values),
    and a few more aimed at a database."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, bytes):
            found.append(value.decode("utf-8", "surrogateescape"))
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)

    for case in CORPUS:
        if not callable(case.payload):  # the huge ones are refused for size alone
            walk(case.payload)
    walk(MORE)
    return list(dict.fromkeys(found))


TEXTS = _texts()


def _assert_clear_refusal(message: str, typed: str) -> None:
    assert message.endswith("."), message
    assert len(message) < 300, message
    assert not any(word in message for word in SQL_WORDS), message
    assert "Traceback" not in message
    assert "\\x" not in message
    assert "\\u" not in message
    if len(typed) > 1:
        assert repr(typed) not in message, message


def _cleaned(rule: Callable[[object], object], typed: str) -> object:
    try:
        return rule(typed)
    except NdcgError:
        return None


def test_the_corpus_is_large_and_reaches_every_kind_of_refusal() -> None:
    assert len(TEXTS) > 250
    refused = [t for t in TEXTS if _cleaned(class_rules.answer_value, t) is None]
    assert len(refused) > 20
    assert any("\x00" in t for t in refused)
    assert any(len(t) > class_rules.ANSWER_MAX for t in refused)


def test_hostile_nicknames_are_refused_or_stored_as_cleaned(
    store: ClassStore, database_url: str
) -> None:
    room = store.create_room()
    refused = 0
    engine = sa.create_engine(database_url)
    count = RowCounter(engine)
    for number, typed in enumerate(TEXTS):
        before = (count("students"), store.change_stamp(room.code))
        try:
            student = store.join(room.code, typed, client=f"device {number}")
        except ClassError as refusal:
            refused += 1
            _assert_clear_refusal(str(refusal), typed)
            assert (count("students"), store.change_stamp(room.code)) == before
            with pytest.raises(NdcgError):
                class_rules.nickname(typed)
        else:
            assert student.nickname == class_rules.nickname(typed)
            assert store.student(student.token).nickname == student.nickname  # read back
    engine.dispose()
    assert refused > 20


def test_hostile_answers_are_refused_or_stored_as_cleaned(
    store: ClassStore, database_url: str
) -> None:
    room = store.create_room()
    question = store.add_question(room.teacher_key, "predict", "{}")
    store.open_question(room.teacher_key, question.id)
    stored: dict[int, str] = {}
    for number, typed in enumerate(TEXTS):
        student = store.join(room.code, None, client=f"device {number}")
        try:
            assert store.submit_answer(student.token, question.id, typed)
        except ClassError as refusal:
            _assert_clear_refusal(str(refusal), typed)
            assert store.my_answer(student.token, question.id) is None
        else:
            cleaned = class_rules.answer_value(typed)
            assert store.my_answer(student.token, question.id) == cleaned
            stored[student.number] = cleaned
    found = store.answers(room.teacher_key, question.id)
    assert {a.student_number: a.value for a in found} == stored
    assert count_rows(database_url, "answers") == len(stored) < len(TEXTS)


def test_hostile_keys_and_tokens_reach_nothing(store: ClassStore) -> None:
    room = store.create_room()
    question = store.add_question(room.teacher_key, "predict", "{}")
    stamp = store.change_stamp(room.code)
    for typed in TEXTS:
        with pytest.raises(ClassError) as as_teacher:
            store.open_question(typed, question.id)
        assert str(as_teacher.value) == WRONG_TEACHER_KEY
        with pytest.raises(ClassError) as as_student:
            store.current_question(typed)
        assert str(as_student.value) == UNKNOWN_STUDENT
    assert store.change_stamp(room.code) == stamp
    assert [q.state for q in store.questions(room.teacher_key)] == ["draft"]


def test_hostile_question_text_is_refused_or_kept_as_it_is(store: ClassStore) -> None:
    room = store.create_room()
    for typed in TEXTS:
        try:
            question = store.add_question(room.teacher_key, "predict", typed)
        except ClassError as refusal:
            _assert_clear_refusal(str(refusal), typed)
        else:
            assert store.questions(room.teacher_key)[-1] == question
            assert question.payload == typed


def test_guessed_join_codes_find_nothing_and_are_soon_stopped(
    store: ClassStore, database_url: str
) -> None:
    live = {store.create_room().code for _ in range(3)}
    guesses = [
        "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))
        for _ in range(40)
    ]
    outcomes = []
    for guess in (g for g in guesses if g not in live):
        with pytest.raises(ClassError) as refused:
            store.join(guess, None, client="203.0.113.9")
        outcomes.append(str(refused.value).split(";")[0])
    wrong = [o for o in outcomes if o.startswith("No class session has the code")]
    assert len(wrong) == codes.WRONG_CODES_ALLOWED
    assert set(outcomes[codes.WRONG_CODES_ALLOWED :]) == {
        "Too many wrong join codes from this device"
    }
    assert count_rows(database_url, "students") == 0
