"""The first answer counts, under real concurrency: threads and processes, SQLite and
PostgreSQL. No answer lost, none counted twice."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from classroom import codes
from classroom.store import ClassError, ClassStore
from tests.classroom.support import count_rows
from tests.classroom.workers import guess_codes, submit_each


@pytest.fixture
def store(database_url: str) -> Iterator[ClassStore]:
    # The real clock: the other processes' stores use it too.
    made = ClassStore(database_url)
    yield made
    made.dispose()


def _open_room(store: ClassStore, students: int) -> tuple[str, int, list[str]]:
    room = store.create_room()
    question = store.add_question(room.teacher_key, "predict", "{}")
    store.open_question(room.teacher_key, question.id)
    tokens = [store.join(room.code, None, client=f"device {n}").token for n in range(students)]
    return room.teacher_key, question.id, tokens


def test_one_student_answering_from_many_threads_at_once_is_stored_once(
    store: ClassStore, database_url: str
) -> None:
    teacher_key, question_id, (token,) = _open_room(store, 1)
    threads = 16
    barrier = threading.Barrier(threads)

    def answer(value: str) -> bool:
        barrier.wait()
        return store.submit_answer(token, question_id, value)

    with ThreadPoolExecutor(threads) as pool:
        stored = list(pool.map(answer, [str(n) for n in range(threads)]))
    assert stored.count(True) == 1
    winner = str(stored.index(True))
    assert store.my_answer(token, question_id) == winner
    assert [a.value for a in store.answers(teacher_key, question_id)] == [winner]
    assert count_rows(database_url, "answers") == 1


@pytest.mark.slow  # starts processes
def test_a_class_answering_at_once_from_several_processes_loses_nothing(
    store: ClassStore, database_url: str
) -> None:
    # Every student's answer is sent three times, from three processes, at the same moment.
    teacher_key, question_id, tokens = _open_room(store, 30)
    processes = 3
    start_at = time.time() + 3  # after every child has imported and connected
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(processes, mp_context=context) as pool:
        futures = [
            pool.submit(submit_each, database_url, tokens, question_id, start_at)
            for _ in range(processes)
        ]
        outcomes = Counter(o for future in futures for o in future.result())
    assert outcomes == Counter({"stored": 30, "already answered": 60})
    assert store.answer_count(teacher_key, question_id) == 30
    numbers = [a.student_number for a in store.answers(teacher_key, question_id)]
    assert sorted(numbers) == list(range(1, 31))
    assert count_rows(database_url, "answers") == 30


def test_closing_while_the_class_answers_keeps_exactly_the_answers_it_accepted(
    store: ClassStore,
) -> None:
    teacher_key, question_id, tokens = _open_room(store, 40)
    barrier = threading.Barrier(len(tokens) + 1)

    def answer(token: str) -> str:
        barrier.wait()
        try:
            return "stored" if store.submit_answer(token, question_id, "0.5") else "again"
        except ClassError as refusal:
            return str(refusal)

    with ThreadPoolExecutor(len(tokens)) as pool:
        futures = [pool.submit(answer, token) for token in tokens]
        barrier.wait()
        store.close_question(teacher_key, question_id)
        outcomes = Counter(future.result() for future in futures)
    assert set(outcomes) <= {"stored", "This question is closed: answers are no longer taken."}
    assert store.answer_count(teacher_key, question_id) == outcomes["stored"]


@pytest.mark.slow  # starts processes
def test_wrong_codes_from_another_process_count_here_too(
    store: ClassStore, database_url: str
) -> None:
    room = store.create_room()
    wrong = ["ABCDEF" if room.code != "ABCDEF" else "ABCDEG"] * codes.WRONG_CODES_ALLOWED
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        outcomes = pool.submit(guess_codes, database_url, wrong, "203.0.113.9").result()
    assert all(o.startswith("No class session has the code") for o in outcomes)
    with pytest.raises(ClassError, match="Too many wrong join codes from this device"):
        store.join(room.code, None, client="203.0.113.9")
