"""The class store's rules, on SQLite and on PostgreSQL (see conftest.py)."""

from __future__ import annotations

import hmac
import itertools

import pytest
import sqlalchemy as sa

from classroom import codes
from classroom import store as store_module
from classroom.store import (
    ENDED,
    EXPIRED,
    NOT_IN_ROOM,
    UNKNOWN_STUDENT,
    WRONG_TEACHER_KEY,
    ClassError,
    ClassStore,
    Room,
)
from ndcg_core.questions.class_rules import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH
from tests.classroom.support import Clock, count_rows


def _room_with_question(store: ClassStore) -> tuple[Room, int]:
    room = store.create_room()
    question = store.add_question(room.teacher_key, "predict", '{"k": 3}')
    return room, question.id


def test_a_question_goes_from_draft_to_open_closed_and_revealed(store: ClassStore) -> None:
    room, question_id = _room_with_question(store)
    ada = store.join(room.code, "Ada", client="phone-1")
    bo = store.join(room.code, None, client="phone-2")
    assert store.current_question(ada.token) is None  # a draft is the teacher's alone

    assert store.open_question(room.teacher_key, question_id).state == "open"
    current = store.current_question(ada.token)
    assert current is not None
    assert (current.id, current.state, current.payload) == (question_id, "open", '{"k": 3}')
    assert store.submit_answer(ada.token, question_id, "0.88")
    assert store.submit_answer(bo.token, question_id, " 0.79 ")
    assert store.answer_count(room.teacher_key, question_id) == 2
    assert store.my_answer(bo.token, question_id) == "0.79"

    assert store.close_question(room.teacher_key, question_id).state == "closed"
    assert store.reveal_question(room.teacher_key, question_id).state == "revealed"
    seen = store.revealed_answers(bo.token, question_id)
    assert [(a.student_number, a.nickname, a.value) for a in seen] == [
        (1, "Ada", "0.88"),
        (2, None, "0.79"),
    ]
    assert seen == store.answers(room.teacher_key, question_id)


def test_join_codes_are_random_over_the_unambiguous_alphabet(store: ClassStore) -> None:
    made = [store.create_room().code for _ in range(30)]
    assert len(set(made)) == len(made)
    assert all(len(code) == JOIN_CODE_LENGTH for code in made)
    assert set("".join(made)) <= set(JOIN_CODE_ALPHABET)
    assert not set("".join(made)) & set("01OIL")
    # 180 characters drawn uniformly from 31 use nearly all of them (about 30.9 expected).
    assert len(set("".join(made))) >= 25
    # Not sequential: consecutive rooms differ in more than their last character.
    assert sum(a[:-1] != b[:-1] for a, b in itertools.pairwise(made)) > 20


def test_a_code_typed_in_small_letters_with_spaces_and_a_dash_joins(store: ClassStore) -> None:
    room = store.create_room()
    typed = f" {room.code[:3].lower()} - {room.code[3:].lower()} "
    assert store.join(typed, "Ada", client="c").room_code == room.code


def test_students_are_numbered_within_their_own_room(store: ClassStore) -> None:
    first, second = store.create_room(), store.create_room()
    numbers = [store.join(first.code, None, client=f"device {n}").number for n in range(3)]
    assert numbers == [1, 2, 3]
    assert store.join(second.code, None, client="device 0").number == 1
    student = store.join(first.code, "  Bo  Li ", client="device 3")
    assert store.student(student.token) == student
    assert student.nickname == "Bo Li"


def test_the_database_keeps_only_hashes_of_keys_and_tokens(
    store: ClassStore, database_url: str
) -> None:
    room = store.create_room()
    student = store.join(room.code, None, client="c")
    engine = sa.create_engine(database_url)
    with engine.connect() as connection:
        stored = " ".join(
            str(value)
            for table in ("rooms", "students")
            for row in connection.execute(sa.text(f"SELECT * FROM {table}"))
            for value in row
        )
    engine.dispose()
    assert room.teacher_key not in stored
    assert student.token not in stored
    assert codes.digest(room.teacher_key) in stored


def test_the_teacher_key_is_checked_with_compare_digest(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    room = store.create_room()
    compared: list[tuple[bytes, bytes]] = []
    original = hmac.compare_digest

    def watched(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return original(a, b)

    monkeypatch.setattr(codes.hmac, "compare_digest", watched)
    store.room_for_teacher(room.teacher_key)
    assert compared == [(codes.digest(room.teacher_key).encode(),) * 2]


@pytest.mark.parametrize(
    "action",
    ["open_question", "close_question", "reveal_question", "end_room", "answers", "add_question"],
)
def test_only_the_teacher_key_runs_the_room(store: ClassStore, action: str) -> None:
    room, question_id = _room_with_question(store)
    store.open_question(room.teacher_key, question_id)
    student = store.join(room.code, None, client="c")
    stamp = store.change_stamp(room.code)
    wrong_keys = [
        student.token,  # a student's own secret is not a teacher key
        room.teacher_key[:-1],
        room.teacher_key + "x",
        "",
        room.code,
        "é" * 43,
    ]
    for key in wrong_keys:
        arguments: tuple[object, ...] = {
            "end_room": (key,),
            "add_question": (key, "predict", "{}"),
        }.get(action, (key, question_id))
        with pytest.raises(ClassError) as refused:
            getattr(store, action)(*arguments)
        assert str(refused.value) == WRONG_TEACHER_KEY
    assert store.change_stamp(room.code) == stamp
    assert [q.state for q in store.questions(room.teacher_key)] == ["open"]


def test_answers_are_taken_only_while_the_question_is_open(
    store: ClassStore, database_url: str
) -> None:
    room, question_id = _room_with_question(store)
    student = store.join(room.code, None, client="c")
    with pytest.raises(ClassError, match="not open yet"):
        store.submit_answer(student.token, question_id, "0.5")
    store.open_question(room.teacher_key, question_id)
    store.close_question(room.teacher_key, question_id)
    with pytest.raises(ClassError, match="closed: answers are no longer taken"):
        store.submit_answer(student.token, question_id, "0.5")
    store.reveal_question(room.teacher_key, question_id)
    with pytest.raises(ClassError, match="closed"):
        store.submit_answer(student.token, question_id, "0.5")
    assert count_rows(database_url, "answers") == 0


def test_the_first_answer_counts(store: ClassStore) -> None:
    room, question_id = _room_with_question(store)
    store.open_question(room.teacher_key, question_id)
    student = store.join(room.code, None, client="c")
    assert store.submit_answer(student.token, question_id, "0.88") is True
    stamp = store.change_stamp(room.code)
    assert store.submit_answer(student.token, question_id, "0.5") is False
    assert store.my_answer(student.token, question_id) == "0.88"
    assert store.answer_count(room.teacher_key, question_id) == 1
    assert store.change_stamp(room.code) == stamp  # a refused second answer changes nothing


def test_students_read_the_answers_only_after_the_reveal(store: ClassStore) -> None:
    room, question_id = _room_with_question(store)
    student = store.join(room.code, None, client="c")
    steps = [
        lambda: None,
        lambda: store.open_question(room.teacher_key, question_id),
        lambda: store.submit_answer(student.token, question_id, "1"),
        lambda: store.close_question(room.teacher_key, question_id),
    ]
    for step in steps:
        step()
        with pytest.raises(ClassError, match="once your teacher reveals them"):
            store.revealed_answers(student.token, question_id)
    store.reveal_question(room.teacher_key, question_id)
    assert [a.value for a in store.revealed_answers(student.token, question_id)] == ["1"]


def test_nothing_crosses_from_one_room_to_another(store: ClassStore, database_url: str) -> None:
    room_a, question_a = _room_with_question(store)
    room_b, question_b = _room_with_question(store)
    for room, question_id in ((room_a, question_a), (room_b, question_b)):
        store.open_question(room.teacher_key, question_id)
    student_a = store.join(room_a.code, None, client="a")
    store.join(room_b.code, None, client="b")
    refusals = [
        lambda: store.submit_answer(student_a.token, question_b, "1"),
        lambda: store.my_answer(student_a.token, question_b),
        lambda: store.revealed_answers(student_a.token, question_b),
        lambda: store.answers(room_a.teacher_key, question_b),
        lambda: store.answer_count(room_a.teacher_key, question_b),
        lambda: store.close_question(room_a.teacher_key, question_b),
        lambda: store.reveal_question(room_a.teacher_key, question_b),
        lambda: store.open_question(room_a.teacher_key, 10_000),
        lambda: store.submit_answer(student_a.token, 2**40, "1"),
        lambda: store.submit_answer(student_a.token, -1, "1"),
    ]
    for refusal in refusals:
        with pytest.raises(ClassError) as refused:
            refusal()
        assert str(refused.value) == NOT_IN_ROOM
    assert count_rows(database_url, "answers") == 0
    assert [q.state for q in store.questions(room_b.teacher_key)] == ["open"]
    assert store.questions(room_a.teacher_key)[0].id == question_a


def test_opening_a_question_closes_the_one_that_was_open(store: ClassStore) -> None:
    room = store.create_room()
    first = store.add_question(room.teacher_key, "predict", "{}")
    second = store.add_question(room.teacher_key, "higher", "{}")
    assert (first.number, second.number) == (1, 2)
    store.open_question(room.teacher_key, first.id)
    store.open_question(room.teacher_key, second.id)
    assert [q.state for q in store.questions(room.teacher_key)] == ["closed", "open"]
    store.reveal_question(room.teacher_key, second.id)
    with pytest.raises(ClassError, match="has been revealed"):
        store.open_question(room.teacher_key, second.id)
    with pytest.raises(ClassError, match="Only an open question can be closed"):
        store.close_question(room.teacher_key, first.id)
    student = store.join(room.code, None, client="c")
    current = store.current_question(student.token)
    assert current is not None
    assert current.id == second.id


def test_the_change_stamp_grows_on_every_change_and_only_then(store: ClassStore) -> None:
    room, question_id = _room_with_question(store)
    stamps = [store.change_stamp(room.code)]

    def changed() -> bool:
        stamps.append(store.change_stamp(room.code))
        return stamps[-1] > stamps[-2]

    student = store.join(room.code, None, client="c")
    assert changed()
    store.open_question(room.teacher_key, question_id)
    assert changed()
    store.current_question(student.token)
    store.answers(room.teacher_key, question_id)
    store.questions(room.teacher_key)
    assert not changed()  # reading is not a change
    store.submit_answer(student.token, question_id, "1")
    assert changed()
    with pytest.raises(ClassError):
        store.submit_answer(student.token, question_id, "\u200b")
    assert not changed()  # nor is a refusal
    store.close_question(room.teacher_key, question_id)
    assert changed()
    store.reveal_question(room.teacher_key, question_id)
    assert changed()
    store.end_room(room.teacher_key)
    assert changed()


def test_the_summary_has_every_answer_without_nicknames(store: ClassStore) -> None:
    room, asked = _room_with_question(store)
    store.add_question(room.teacher_key, "higher", "{}")  # nobody answered: one empty row
    store.open_question(room.teacher_key, asked)
    for value in ("0.9", "0.8"):
        student = store.join(room.code, "Ada", client=f"device {value}")
        store.submit_answer(student.token, asked, value)
    rows = store.summary_rows(room.teacher_key)
    assert [(r["question"], r["kind"], r["student"], r["answer"]) for r in rows] == [
        (1, "predict", 1, "0.9"),
        (1, "predict", 2, "0.8"),
        (2, "higher", None, None),
    ]
    assert "Ada" not in repr(rows)


def test_wrong_codes_are_limited_per_client_and_say_when_to_try_again(
    database_url: str, clock: Clock
) -> None:
    # Two stores on one database: two app processes, sharing the count through it.
    first, second = ClassStore(database_url, clock=clock), ClassStore(database_url, clock=clock)
    room = first.create_room()
    wrong = "ABCDEF" if room.code != "ABCDEF" else "ABCDEG"
    for attempt in range(codes.WRONG_CODES_ALLOWED):
        clock.advance(seconds=1)
        with pytest.raises(ClassError, match="No class session has the code “"):
            (first if attempt % 2 else second).join(wrong, None, client="guesser")
    for store in (first, second):
        with pytest.raises(ClassError) as limited:
            store.join(room.code, None, client="guesser")  # even the right code, now
        assert str(limited.value) == (
            "Too many wrong join codes from this device; try again in 51 seconds."
        )
    assert first.join(room.code, None, client="someone else").number == 1
    clock.advance(seconds=51)
    assert second.join(room.code, None, client="guesser").number == 2
    assert count_rows(database_url, "students") == 2
    for store in (first, second):
        store.dispose()


def test_a_malformed_code_is_explained_and_not_counted(store: ClassStore) -> None:
    room = store.create_room()
    for _ in range(codes.WRONG_CODES_ALLOWED + 2):
        with pytest.raises(ClassError, match=r"a code is 6 letters and digits"):
            store.join("K7M2Q", None, client="typo")
    assert store.join(room.code, None, client="typo").number == 1


def test_an_expired_room_is_refused_everywhere_then_purged(
    store: ClassStore, clock: Clock, database_url: str
) -> None:
    room, question_id = _room_with_question(store)
    store.open_question(room.teacher_key, question_id)
    student = store.join(room.code, "Ada", client="c")
    store.submit_answer(student.token, question_id, "1")
    kept, _ = _room_with_question(store)
    clock.advance(hours=23)
    kept = store.create_room()  # made later: still live after the first one expires
    clock.advance(hours=1, seconds=1)
    for refusal in (
        lambda: store.room_for_teacher(room.teacher_key),
        lambda: store.add_question(room.teacher_key, "predict", "{}"),
        lambda: store.answers(room.teacher_key, question_id),
        lambda: store.current_question(student.token),
        lambda: store.submit_answer(student.token, question_id, "2"),
        lambda: store.join(room.code, None, client="c"),
    ):
        with pytest.raises(ClassError) as refused:
            refusal()
        assert str(refused.value) == EXPIRED
    assert store.purge_expired() == 2
    for table in ("questions", "answers", "students"):
        assert count_rows(database_url, table) == 0
    assert count_rows(database_url, "rooms") == 1
    assert store.room_for_teacher(kept.teacher_key).code == kept.code
    with pytest.raises(ClassError) as gone:
        store.student(student.token)
    assert str(gone.value) == UNKNOWN_STUDENT


def test_an_ended_room_refuses_students_and_keeps_the_summary_an_hour(
    store: ClassStore, clock: Clock, database_url: str
) -> None:
    room, question_id = _room_with_question(store)
    store.open_question(room.teacher_key, question_id)
    student = store.join(room.code, None, client="c")
    store.submit_answer(student.token, question_id, "1")
    store.end_room(room.teacher_key)
    for refusal in (
        lambda: store.room_for_teacher(room.teacher_key),
        lambda: store.open_question(room.teacher_key, question_id),
        lambda: store.end_room(room.teacher_key),
        lambda: store.submit_answer(student.token, question_id, "2"),
        lambda: store.current_question(student.token),
        lambda: store.join(room.code, None, client="late"),
    ):
        with pytest.raises(ClassError) as refused:
            refusal()
        assert str(refused.value) == ENDED
    assert len(store.summary_rows(room.teacher_key)) == 1
    assert store.answer_count(room.teacher_key, question_id) == 1
    clock.advance(minutes=61)
    assert store.purge_expired() == 1
    assert count_rows(database_url, "students") == 0


def test_settings_choose_sqlite_in_the_data_folder_or_the_configured_url(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object, database_url: str
) -> None:
    monkeypatch.setenv("NDCG_LAB_DATABASE_URL", database_url)
    store = ClassStore.from_settings()
    assert store is ClassStore.from_settings()  # one engine per process
    assert store.backend == sa.make_url(database_url).get_backend_name()
    store.dispose()
    monkeypatch.delenv("NDCG_LAB_DATABASE_URL")
    monkeypatch.setenv("NDCG_LAB_DATA_DIR", f"{tmp_path}/data")
    local = ClassStore.from_settings()
    assert local.backend == "sqlite"
    room = local.create_room()
    assert ClassStore(f"sqlite:///{tmp_path}/data/class.db").change_stamp(room.code) == 1
    local.dispose()
    store_module._store_for.cache_clear()  # no engine of this test outlives it
