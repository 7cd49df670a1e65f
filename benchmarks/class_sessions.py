"""Class mode through real Streamlit sessions: students waiting on the Join a class page, and
how fast their screens follow the teacher.

Run (from the project folder; about a minute and a half):

    .venv/bin/python benchmarks/class_sessions.py [--students 100] [--seconds 20]
        [--processes 1] [--postgres]

Starts ``--processes`` Streamlit processes running app.py with `make run`'s settings (each on a
free loopback port, stopped by its own pid at the end), all on one new class database (an
SQLite file in a temporary folder, or with ``--postgres`` a throwaway PostgreSQL cluster).
This script plays the teacher through the store (a room and a question from the core), joins
``--students`` students through the store, and opens each one's Join a class page, as their
link ``?s=<token>`` would, in a session speaking Streamlit's websocket protocol (the
``Session`` of benchmarks/load.py), students spread over the processes in turn.

A waiting student's page runs a fragment every few seconds (``st.fragment(run_every=...)``):
the server tells the browser through an ``auto_rerun`` message, and the browser asks for the
fragment's rerun on that timer. Each session here does the same. Reported:

1. Waiting: the server processes' CPU seconds per wall second over ``--seconds`` with every
   session ticking, beside the same sessions connected and silent (the baseline), and the
   p50/p95 time of one tick (send to script_finished).
2. Following: the teacher opens the question; for every student, the time from that moment
   to the end of the first full page run that follows (their screen shows the question).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.class_load import server_cpu_seconds
from benchmarks.load import Session, cpu_seconds, percentile
from classroom.store import ClassStore
from ndcg_core import Convention, class_questions, parse_grades
from scripts.pg_throwaway import throwaway_postgres
from scripts.serve import StreamlitProcess

JOIN_PAGE = "Join a class"


class StudentTab(Session):
    """A browser tab on the Join page: it follows ``auto_rerun`` as the frontend does."""

    def __init__(self, url: str, token: str) -> None:
        super().__init__(url, "echo", random.Random(0))
        self.token = token
        self.fragment_id = ""
        self.interval = 0.0
        self.full_runs: list[float] = []  # when each full page run finished
        self.ticks: list[float] = []  # seconds per fragment tick
        self.errors: list[str] = []

    def _on_message(self, msg: ForwardMsg) -> None:
        if msg.WhichOneof("type") == "auto_rerun":
            # app.py's hourly reconnect fragment ticks too; the page's own is the frequent one.
            rerun = msg.auto_rerun
            if not self.fragment_id or rerun.interval < self.interval:
                self.fragment_id, self.interval = rerun.fragment_id, rerun.interval
        if (
            msg.WhichOneof("type") == "script_finished"
            and msg.script_finished == ForwardMsg.FINISHED_SUCCESSFULLY
        ):
            self.full_runs.append(time.time())
        super()._on_message(msg)

    async def open_join_page(self) -> None:
        await self.connect()
        # The student's own link: the app reads a link's parameters in the session's first
        # run, and the Join page takes ?s= from them when it opens.
        self.query_string = f"s={self.token}"
        first = await self.load()
        join = next(h for h, title in self.pages.items() if title == JOIN_PAGE)
        opened = await self.go_to(join)
        for action in (first, opened):
            if action.error:
                self.errors.append(action.error)
        if not self.fragment_id or self.interval > 60:
            self.errors.append("the Join page set no auto_rerun fragment")

    async def tick_until(self, end_at: float) -> None:
        """Rerun the fragment on its timer (random phase, as tabs opened at different times)."""
        await asyncio.sleep(random.uniform(0, self.interval))
        while time.time() < end_at:
            started = time.perf_counter()
            states = list(self._widget_states.values())
            action = await self._rerun("fragment", self.page_hash, self.fragment_id, states)
            self.ticks.append(action.seconds)
            if action.error:
                self.errors.append(action.error)
            await asyncio.sleep(max(0.0, self.interval - (time.perf_counter() - started)))


@contextlib.contextmanager
def database_env(postgres: bool) -> Iterator[tuple[str, dict[str, str]]]:
    if postgres:
        with throwaway_postgres() as url:
            yield url, {"NDCG_LAB_DATABASE_URL": url}
        return
    with tempfile.TemporaryDirectory(prefix="ndcg-class-") as folder:
        yield f"sqlite:///{folder}/class.db", {"NDCG_LAB_DATA_DIR": folder}


async def run(args: argparse.Namespace, url: str, servers: list[StreamlitProcess]) -> None:
    store = ClassStore(url)
    room = store.create_room()
    question = class_questions.from_list(parse_grades("3, 2, 0, 0, 1"), Convention(cutoff_k=3))
    payload = class_questions.to_payload(question)
    asked = store.add_question(room.teacher_key, question.kind.value, payload)
    tokens = [store.join(room.code, None, client="benchmark").token for _ in range(args.students)]
    tabs = [StudentTab(servers[n % len(servers)].url, t) for n, t in enumerate(tokens)]
    for start in range(0, len(tabs), 10):  # ten at a time, as a class opening the link
        await asyncio.gather(*(tab.open_join_page() for tab in tabs[start : start + 10]))
    print(
        f"{args.students} students on the Join page of {len(servers)} Streamlit process(es), "
        f"{store.backend}; fragment every {tabs[0].interval:g} s"
    )

    used: dict[str, float] = {}
    database: dict[str, float] = {}
    for phase in ("silent", "ticking"):
        before = sum(cpu_seconds(s.pid) for s in servers)
        database_before = server_cpu_seconds(url)
        end_at = time.time() + args.seconds
        if phase == "ticking":
            await asyncio.gather(*(tab.tick_until(end_at) for tab in tabs))
        else:
            await asyncio.sleep(args.seconds)
        used[phase] = (sum(cpu_seconds(s.pid) for s in servers) - before) / args.seconds
        database[phase] = (server_cpu_seconds(url) - database_before) / args.seconds
    ticks = [t for tab in tabs for t in tab.ticks]
    print(
        f"waiting: {used['ticking']:.3f} CPU s per wall second with every tab ticking, "
        f"{used['silent']:.3f} silent (PostgreSQL server: {database['ticking']:.3f} and "
        f"{database['silent']:.3f}); {len(ticks)} ticks, p50 "
        f"{1000 * statistics.median(ticks):.0f} ms, p95 {1000 * percentile(ticks, 0.95):.0f} ms"
    )

    opened_at = time.time()
    store.open_question(room.teacher_key, asked.id)
    end_at = opened_at + 4 * tabs[0].interval + 5
    await asyncio.gather(*(tab.tick_until(end_at) for tab in tabs))
    follow = [
        next((t - opened_at for t in tab.full_runs if t > opened_at), float("inf")) for tab in tabs
    ]
    followed = [f for f in follow if f != float("inf")]
    print(
        f"following: {len(followed)} of {args.students} screens showed the opened question; "
        f"after p50 {statistics.median(followed):.2f} s, p95 {percentile(followed, 0.95):.2f} s, "
        f"max {max(followed):.2f} s"
    )
    errors = [e for tab in tabs for e in tab.errors]
    print(f"errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
    for tab in tabs:
        await tab.close()
    store.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    with database_env(args.postgres) as (url, env), tempfile.TemporaryDirectory() as logs:
        servers = [
            StreamlitProcess("app.py", Path(logs) / f"app{n}.log", env)
            for n in range(args.processes)
        ]
        try:
            for server in servers:
                server.wait_until_healthy()
            asyncio.run(run(args, url, servers))
        finally:
            for server in servers:
                server.stop()


if __name__ == "__main__":
    main()
