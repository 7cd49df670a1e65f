"""Class mode under a class: 100 students join and answer one question, and then wait,
polling the room for changes, all through the class store (no Streamlit).

Run (from the project folder; about a minute):

    .venv/bin/python benchmarks/class_load.py [--students 100] [--spread 5] [--processes 2]
    .venv/bin/python benchmarks/class_load.py --postgres     # a throwaway PostgreSQL cluster

The database is a new SQLite file in a temporary folder, or with ``--postgres`` a throwaway
PostgreSQL cluster on a unix socket (scripts/pg_throwaway.py: fsync off, so commits cost
less than on a real server). Students are threads in ``--processes`` worker processes, each
process with its own store (its own connection pool), as students would be sessions in the
Streamlit processes behind `make serve`.

1. Answers: the teacher opens a question; student n joins at n * spread / students seconds
   (a class arriving over ``--spread`` seconds; 0 is everyone at once), reads the current
   question and submits an answer. Meanwhile the teacher's side polls ``change_stamp`` every
   ``--teacher-poll`` seconds and counts the answers when it changed. Reported: answers
   stored (must equal the students: none lost, none doubled, checked in the database), when
   the last answer was stored, when the teacher's count first showed them all, and the p50
   and p95 latency of join and of submit_answer (call to return, lock waits included).
2. Database time per answer: the same store call made one after another by one client on a
   fresh question (no waiting behind other writers): what one answer costs the database.
3. Waiting: every student polls ``change_stamp`` every ``--poll-every`` seconds (random
   phase) for ``--poll-for`` seconds. Reported: CPU seconds per wall second (cores) used by
   the worker processes (and the PostgreSQL server's processes), minus a baseline of the
   same threads sleeping without polling in the same run.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import sqlalchemy as sa

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.load_phases import percentile
from classroom.store import ClassError, ClassStore
from scripts.pg_throwaway import throwaway_postgres

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def answer_students(
    url: str, code: str, numbers: list[int], start_at: float, spread: float, students: int
) -> list[tuple[float, float, float, str]]:
    """In a worker process: one thread per student; (join s, answer s, stored at, outcome)."""
    store = ClassStore(url)
    results: list[tuple[float, float, float, str]] = []
    lock = threading.Lock()

    def student(number: int) -> None:
        time.sleep(max(0.0, start_at + number * spread / students - time.time()))
        began = time.perf_counter()
        joined = store.join(code, f"Student {number}", client=f"device {number}")
        join_seconds = time.perf_counter() - began
        question = store.current_question(joined.token)
        assert question is not None
        began = time.perf_counter()
        try:
            stored = store.submit_answer(joined.token, question.id, f"0.{number:02d}")
            outcome = "stored" if stored else "already answered"
        except ClassError as refusal:
            outcome = str(refusal)
        answer_seconds = time.perf_counter() - began
        with lock:
            results.append((join_seconds, answer_seconds, time.time(), outcome))

    threads = [threading.Thread(target=student, args=(n,)) for n in numbers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    store.dispose()
    return results


def wait_in_room(url: str, code: str, threads: int, start_at: float, args: Poll) -> float:
    """In a worker process: ``threads`` students waiting; returns the process's CPU seconds
    over the window (polling ``change_stamp`` when ``args.poll``)."""
    store = ClassStore(url)
    store.change_stamp(code)
    time.sleep(max(0.0, start_at - time.time()))
    cpu_before = time.process_time()
    end_at = start_at + args.seconds

    def student() -> None:
        next_poll = time.time() + random.uniform(0, args.every)
        while next_poll < end_at:
            time.sleep(max(0.0, next_poll - time.time()))
            if args.poll:
                store.change_stamp(code)
            next_poll += args.every

    workers = [threading.Thread(target=student) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    used = time.process_time() - cpu_before
    # Connections stay open until the server's CPU has been read (an ended backend's time
    # is gone from /proc).
    time.sleep(max(0.0, end_at + 2 - time.time()))
    store.dispose()
    return used


class Poll:
    def __init__(self, *, poll: bool, every: float, seconds: float) -> None:
        self.poll, self.every, self.seconds = poll, every, seconds


def server_cpu_seconds(url: str) -> float:
    """CPU seconds used so far by a throwaway PostgreSQL server and its backends, live or
    ended (0 for SQLite, which runs inside the workers)."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() != "postgresql":
        return 0.0
    pid_file = Path(str(parsed.query["host"])) / "data" / "postmaster.pid"
    postmaster = int(pid_file.read_text().split()[0])
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            pid, parent = int(stat.parent.name), int(fields[1])
            if postmaster in (pid, parent):
                total += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
            if pid == postmaster:  # backends that ended: their time, reaped by the postmaster
                total += (int(fields[13]) + int(fields[14])) / CLOCK_TICKS
    return total


@contextlib.contextmanager
def database(postgres: bool) -> Iterator[str]:
    if postgres:
        with throwaway_postgres() as url:
            yield url
        return
    with tempfile.TemporaryDirectory(prefix="ndcg-class-") as folder:
        yield f"sqlite:///{folder}/class.db"


def run(args: argparse.Namespace, url: str) -> None:
    store = ClassStore(url)
    print(f"database: {store.backend}; {args.students} students in {args.processes} processes")
    room = store.create_room()
    question = store.add_question(room.teacher_key, "predict", '{"k": 3}')
    store.open_question(room.teacher_key, question.id)
    context = multiprocessing.get_context("spawn")
    shares = [list(range(w, args.students, args.processes)) for w in range(args.processes)]

    # 1. Answers, with the teacher's view polling beside them.
    start_at = time.time() + 3
    with ProcessPoolExecutor(args.processes, mp_context=context) as pool:
        futures = [
            pool.submit(
                answer_students, url, room.code, share, start_at, args.spread, args.students
            )
            for share in shares
        ]
        seen_all_at, stamp = None, -1
        while seen_all_at is None and time.time() < start_at + args.spread + 60:
            time.sleep(args.teacher_poll)
            new_stamp = store.change_stamp(room.code)
            if new_stamp != stamp:
                stamp = new_stamp
                if store.answer_count(room.teacher_key, question.id) == args.students:
                    seen_all_at = time.time()
        results = [row for future in futures for row in future.result()]
    outcomes = [row[3] for row in results]
    stored = store.answers(room.teacher_key, question.id)
    numbers = {answer.student_number for answer in stored}
    last_stored = max(row[2] for row in results)
    joins, answers = [row[0] for row in results], [row[1] for row in results]
    print(f"answers stored: {len(stored)} (distinct students {len(numbers)}; ", end="")
    print(f"outcomes {dict(Counter(outcomes))})")
    if len(stored) != args.students or len(numbers) != args.students:
        print(f"FAILED: expected exactly {args.students} answers, one per student")
        sys.exit(1)
    print(f"last answer stored {last_stored - start_at:.2f} s after the first student arrived")
    if seen_all_at is not None:
        print(
            f"teacher's count showed all {args.students} {seen_all_at - last_stored:.2f} s "
            f"after the last answer (polling every {args.teacher_poll} s)"
        )
    print(
        f"join latency p50 {1000 * statistics.median(joins):.1f} ms, "
        f"p95 {1000 * percentile(joins, 0.95):.1f} ms"
    )
    print(
        f"answer latency p50 {1000 * statistics.median(answers):.1f} ms, "
        f"p95 {1000 * percentile(answers, 0.95):.1f} ms, max {1000 * max(answers):.1f} ms"
    )

    # 2. Database time per answer: one client, one answer after another.
    serial = store.add_question(room.teacher_key, "predict", "{}")
    store.open_question(room.teacher_key, serial.id)
    tokens = [store.join(room.code, None, client=f"serial {n}").token for n in range(args.students)]
    timings = []
    for token in tokens:
        began = time.perf_counter()
        store.submit_answer(token, serial.id, "0.5")
        timings.append(time.perf_counter() - began)
    print(
        f"database time per answer (one client, no waiting): mean "
        f"{1000 * statistics.fmean(timings):.2f} ms, p95 {1000 * percentile(timings, 0.95):.2f} ms"
    )

    # 3. Waiting students: polling against sleeping, in the same run.
    used = {}
    for poll in (False, True):
        settings = Poll(poll=poll, every=args.poll_every, seconds=args.poll_for)
        start_at = time.time() + 3
        with ProcessPoolExecutor(args.processes, mp_context=context) as pool:
            futures = [
                pool.submit(wait_in_room, url, room.code, len(share), start_at, settings)
                for share in shares
            ]
            time.sleep(max(0.0, start_at - time.time()))
            server_before = server_cpu_seconds(url)
            time.sleep(max(0.0, start_at + args.poll_for + 1 - time.time()))
            server = server_cpu_seconds(url) - server_before
            workers = sum(future.result() for future in futures)
        used[poll] = (workers / args.poll_for, server / (args.poll_for + 1))
    polling = used[True][0] - used[False][0] + used[True][1] - used[False][1]
    print(
        f"{args.students} students waiting, polling change_stamp every {args.poll_every} s: "
        f"{polling:.3f} CPU s per wall second (workers {used[True][0]:.3f}, "
        f"server {used[True][1]:.3f}; sleeping baseline workers {used[False][0]:.3f}, "
        f"server {used[False][1]:.3f})"
    )
    store.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--spread", type=float, default=5.0)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--teacher-poll", type=float, default=1.0)
    parser.add_argument("--poll-every", type=float, default=2.0)
    parser.add_argument("--poll-for", type=float, default=20.0)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    with database(args.postgres) as url:
        run(args, url)


if __name__ == "__main__":
    main()
