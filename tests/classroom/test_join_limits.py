"""One browser is one student, and joins are limited per browser and per address, as wrong
codes are; on SQLite and PostgreSQL (see conftest.py)."""

from __future__ import annotations

import pytest

from classroom import codes, db
from classroom.store import ClassError, ClassStore
from tests.classroom.support import Clock, count_rows

BROWSER = "Yq3m0c1ZsVqk2rJxQp9b4nT7uW8eR5aD6fG2hJ3kL0M"  # a page's cookie: 43 random characters
SCHOOL = "198.51.100.20"  # one public address for a whole class


def _wrong_code(room_code: str) -> str:
    return "ABCDEF" if room_code != "ABCDEF" else "ABCDEG"


def test_a_browser_joining_again_gets_its_own_student_back(
    store: ClassStore, database_url: str
) -> None:
    room = store.create_room()
    question = store.add_question(room.teacher_key, "predict", "{}")
    store.open_question(room.teacher_key, question.id)
    first = store.join(room.code, "Ada", client=BROWSER)
    stamp = store.change_stamp(room.code)
    # Another tab, a reload, the link opened again: the same student, the same token.
    again = [store.join(room.code.lower(), "Someone", client=BROWSER) for _ in range(200)]
    assert {(s.number, s.token, s.nickname) for s in again} == {(1, first.token, "Ada")}
    assert store.change_stamp(room.code) == stamp  # nothing changed in the room
    assert store.students_own(room.code, BROWSER) == first
    assert store.submit_answer(first.token, question.id, "0.5")
    assert not store.submit_answer(again[-1].token, question.id, "0.7")  # one answer
    other = store.join(room.code, None, client="another browser")
    assert other.number == 2
    assert other.token != first.token
    assert store.students_own(room.code, "a third browser") is None
    assert count_rows(database_url, "students") == 2
    assert store.answer_count(room.teacher_key, question.id) == 1


def test_the_same_browser_is_a_different_student_in_another_room(store: ClassStore) -> None:
    first, second = store.create_room(), store.create_room()
    in_first = store.join(first.code, None, client=BROWSER)
    in_second = store.join(second.code, None, client=BROWSER)
    assert (in_first.number, in_second.number) == (1, 1)
    assert in_first.token != in_second.token
    assert store.student(in_second.token).room_code == second.code


def test_a_browser_may_make_five_students_in_ten_minutes(
    store: ClassStore, clock: Clock, database_url: str
) -> None:
    rooms = [store.create_room() for _ in range(codes.JOINS_PER_BROWSER.allowed + 1)]
    for room in rooms[:-1]:
        clock.advance(minutes=1)
        assert store.join(room.code, None, client=BROWSER).number == 1
        assert store.join(room.code, None, client=BROWSER).number == 1  # a rejoin is free
    with pytest.raises(ClassError) as refused:
        store.join(rooms[-1].code, None, client=BROWSER)
    # The first join, at minute 1, leaves the 10-minute window at minute 11; it is minute 5.
    assert str(refused.value) == "Too many joins from this device; try again in 6 minutes."
    assert count_rows(database_url, "students") == codes.JOINS_PER_BROWSER.allowed
    assert store.join(rooms[-1].code, None, client="a classmate").number == 1
    clock.advance(minutes=6)
    assert store.join(rooms[-1].code, None, client=BROWSER).number == 2


def test_two_hundred_joins_from_one_address_stop_at_the_address_limit(
    store: ClassStore, clock: Clock, database_url: str
) -> None:
    # A script that makes a new browser name for every join, all from one address.
    room = store.create_room()
    outcomes: list[str] = []
    for number in range(200):
        try:
            store.join(room.code, None, client=f"script {number}", address=SCHOOL)
        except ClassError as refusal:
            outcomes.append(str(refusal))
        else:
            outcomes.append("joined")
    allowed = codes.JOINS_PER_ADDRESS.allowed
    assert outcomes[:allowed] == ["joined"] * allowed
    assert set(outcomes[allowed:]) == {"Too many joins from this network; try again in 10 minutes."}
    assert count_rows(database_url, "students") == allowed
    # Another network is not held up; neither is this one once the window has passed.
    assert store.join(room.code, None, client="x", address="203.0.113.5").number == allowed + 1
    clock.advance(minutes=10)
    assert store.join(room.code, None, client="y", address=SCHOOL).number == allowed + 2


def test_wrong_codes_are_limited_per_address_too(store: ClassStore, clock: Clock) -> None:
    # A fresh browser for every guess (a reload, a new private window) from one address.
    room = store.create_room()
    wrong = _wrong_code(room.code)
    per_address = codes.WRONG_CODES_PER_ADDRESS.allowed
    for guess in range(per_address):
        with pytest.raises(ClassError, match="No class session has the code"):
            store.join(wrong, None, client=f"fresh {guess}", address=SCHOOL)
    with pytest.raises(ClassError) as refused:
        store.join(room.code, None, client="fresh again", address=SCHOOL)
    assert str(refused.value) == (
        "Too many wrong join codes from this network; try again in 60 seconds."
    )
    assert store.join(room.code, None, client="elsewhere", address="203.0.113.5").number == 1
    clock.advance(seconds=60)
    assert store.join(room.code, None, client="fresh again", address=SCHOOL).number == 2


def test_one_browsers_wrong_codes_stop_it_before_its_address(store: ClassStore) -> None:
    room = store.create_room()
    for _ in range(codes.WRONG_CODES_PER_BROWSER.allowed):
        with pytest.raises(ClassError, match="No class session"):
            store.join(_wrong_code(room.code), None, client=BROWSER, address=SCHOOL)
    with pytest.raises(ClassError, match="Too many wrong join codes from this device"):
        store.join(room.code, None, client=BROWSER, address=SCHOOL)
    # The classmates behind the same address are not held up by one student's typos.
    assert store.join(room.code, None, client="classmate", address=SCHOOL).number == 1


def test_counted_joins_are_forgotten_after_their_window(
    store: ClassStore, clock: Clock, database_url: str
) -> None:
    room = store.create_room()
    store.join(room.code, None, client=BROWSER, address=SCHOOL)
    assert count_rows(database_url, "joins_made") == 2  # the browser and the address
    clock.advance(minutes=9)
    store.purge_expired()
    assert count_rows(database_url, "joins_made") == 2
    clock.advance(minutes=1)
    store.purge_expired()
    assert count_rows(database_url, "joins_made") == 0


def test_a_version_2_database_gets_the_join_count(database_url: str, clock: Clock) -> None:
    engine = db.make_engine(database_url)
    assert db.migrate(engine, target=2) == 2
    engine.dispose()
    store = ClassStore(database_url, clock=clock)
    try:
        room = store.create_room()
        for _ in range(codes.JOINS_PER_BROWSER.allowed):
            assert store.join(store.create_room().code, None, client=BROWSER).number == 1
        with pytest.raises(ClassError, match="Too many joins from this device"):
            store.join(room.code, None, client=BROWSER)
    finally:
        store.dispose()
