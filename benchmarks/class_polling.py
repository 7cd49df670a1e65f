"""What students waiting on the Join a class page cost the server while their pages poll.

Run (from the project folder; about two minutes with the defaults):

    .venv/bin/python benchmarks/class_polling.py [--students 100] [--seconds 30]

One `streamlit run app.py` (the project's settings, a fresh SQLite class database in a
temporary folder). A room with one open question is made through the store, and
``--students`` students join it and answer; each is then a websocket session speaking
Streamlit's protocol (benchmarks/load.py's Session) that opens ``/class_join?s=<token>``, as
the browser of a student who has answered and waits for the reveal. The page's timed
fragment arrives as an ``auto_rerun`` message (its interval, 1.5 s); a browser then asks for
that fragment every interval, and so does each session here, at a random phase.

Three phases of ``--seconds`` each, in one run, on the same server and sessions:

- ``connected``: every student connected, nobody polling (the baseline);
- ``polling``: every student's fragment rerun every 1.5 s, the room unchanged: each tick
  reads the room's change stamp and draws nothing;
- ``polling, room busy``: the same while 10 more students answer every second (the stamp
  moves, so every waiting student's fragment also reads the current question).

The figure is the server process's CPU (user + system, from /proc) over the phase's wall
time, in cores, with the ratio to the baseline; also the polls answered and their p95
latency (BackMsg sent to script_finished). The measuring client runs on the same machine, so
on a 2-core machine the figures include some contention: compare phases, not machines.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.load import Session, cpu_seconds, percentile
from classroom.store import ClassStore
from ndcg_core.class_questions import from_exercise, parse_answer, to_payload
from ndcg_core.practice import Level, exercise_set
from scripts.serve import StreamlitProcess

FAST_FRAGMENT = 60.0  # app.py's reconnect fragment ticks hourly; the class page's in seconds
TIMEOUT = 60.0


class WaitingStudent(Session):
    """A student's browser tab on the Join a class page, reduced to its protocol."""

    def __init__(self, url: str, token: str, rng: random.Random) -> None:
        super().__init__(url, "echo", rng)
        self.token = token
        self.fragments: dict[str, float] = {}  # fragment id -> interval, from auto_rerun
        self.latencies: list[float] = []
        self.errors: list[str] = []

    def _on_message(self, msg: ForwardMsg) -> None:
        if msg.WhichOneof("type") == "auto_rerun":
            self.fragments[msg.auto_rerun.fragment_id] = msg.auto_rerun.interval
        super()._on_message(msg)

    async def _send(self, *, page_name: str, fragment_id: str) -> float:
        assert self._ws is not None
        back = BackMsg()
        state = back.rerun_script
        state.query_string = self.query_string
        state.page_script_hash = self.page_hash
        state.page_name = page_name
        state.fragment_id = fragment_id
        state.is_auto_rerun = bool(fragment_id)
        state.cached_message_hashes.extend(self._cache)
        context = state.context_info
        context.timezone, context.timezone_offset, context.locale = "UTC", 0, "en-US"
        context.url, context.color_scheme = f"{self.url}/class_join", "light"
        self.elements = []
        self._run_widgets = set()
        self._finished = asyncio.get_running_loop().create_future()
        started = time.perf_counter()
        await self._ws.send(back.SerializeToString())
        status = await asyncio.wait_for(self._finished, TIMEOUT)
        if status not in {
            ForwardMsg.FINISHED_SUCCESSFULLY,
            ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
        }:
            msg = f"script_finished status {status}"
            raise RuntimeError(msg)
        return time.perf_counter() - started

    async def open_page(self) -> None:
        """The first run, as a browser opening /class_join?s=<token>."""
        self.query_string = f"s={self.token}"
        await self._send(page_name="class_join", fragment_id="")
        shown = " ".join(e.alert.body for e in self.elements if e.WhichOneof("type") == "alert")
        if "Answer received" not in shown:
            msg = f"the page did not show the received answer: {shown[:120]!r}"
            raise RuntimeError(msg)

    def poll_fragment(self) -> tuple[str, float]:
        fast = [(f, s) for f, s in self.fragments.items() if s < FAST_FRAGMENT]
        if len(fast) != 1:
            msg = f"expected one polling fragment, got {fast}"
            raise RuntimeError(msg)
        return fast[0]

    async def poll_until(self, deadline: float) -> None:
        fragment, interval = self.poll_fragment()
        await asyncio.sleep(self.rng.uniform(0, interval))
        while time.monotonic() < deadline:
            tick = time.monotonic()
            try:
                self.latencies.append(await self._send(page_name="", fragment_id=fragment))
            except (RuntimeError, TimeoutError) as error:
                self.errors.append(str(error))
            await asyncio.sleep(max(0.0, interval - (time.monotonic() - tick)))


def make_room(url: str, students: int) -> tuple[ClassStore, str, int, list[str]]:
    """A room with one open question, answered by every student; their tokens."""
    store = ClassStore(url)
    room = store.create_room()
    question = from_exercise(exercise_set(1)[0], 1, Level.EASY)
    added = store.add_question(room.teacher_key, question.kind.value, to_payload(question))
    store.open_question(room.teacher_key, added.id)
    tokens = []
    for number in range(students):
        student = store.join(room.code, None, f"bench-{number}")
        store.submit_answer(student.token, added.id, parse_answer(question, "0.86"))
        tokens.append(student.token)
    return store, room.code, added.id, tokens


async def busy_room(store: ClassStore, code: str, question_id: int, seconds: float) -> int:
    """Ten more students answering every second: the room's stamp keeps moving."""
    stored = 0
    deadline = time.monotonic() + seconds
    number = 0
    while time.monotonic() < deadline:
        for _ in range(10):
            student = await asyncio.to_thread(store.join, code, None, f"busy-{number}")
            await asyncio.to_thread(store.submit_answer, student.token, question_id, "0.5")
            stored += 1
            number += 1
        await asyncio.sleep(1.0)
    return stored


async def measure(pid: int, seconds: float, work: Awaitable[None] | None) -> float:
    """Cores the server used while ``work`` (an awaitable, or None: just wait) ran."""
    before, started = cpu_seconds(pid), time.monotonic()
    if work is None:
        await asyncio.sleep(seconds)
    else:
        await work
    return (cpu_seconds(pid) - before) / (time.monotonic() - started)


async def run(students: int, seconds: float) -> None:
    data = Path(tempfile.mkdtemp(prefix="class-polling-"))
    url = f"sqlite:///{data / 'class.db'}"
    server = StreamlitProcess(
        "app.py", data / "streamlit.log", env={"NDCG_LAB_DATA_DIR": str(data)}
    )
    store = None
    sessions: list[WaitingStudent] = []
    try:
        server.wait_until_healthy()
        store, code, question_id, tokens = make_room(url, students)
        rng = random.Random(15)
        sessions = [WaitingStudent(server.url, token, rng) for token in tokens]
        for session in sessions:  # opened one after another, as a class trickles in
            await session.connect()
            await session.open_page()
        interval = sessions[0].poll_fragment()[1]
        print(
            f"{students} students waiting on /class_join; their fragment polls every {interval:g} s"
        )

        baseline = await measure(server.pid, seconds, None)

        async def everyone_polls() -> None:
            deadline = time.monotonic() + seconds
            await asyncio.gather(*(s.poll_until(deadline) for s in sessions))

        polling = await measure(server.pid, seconds, everyone_polls())
        quiet = [x for s in sessions for x in s.latencies]
        for session in sessions:
            session.latencies = []

        async def polls_while_busy() -> None:
            deadline = time.monotonic() + seconds
            await asyncio.gather(
                *(s.poll_until(deadline) for s in sessions),
                busy_room(store, code, question_id, seconds),
            )

        busy = await measure(server.pid, seconds, polls_while_busy())
        busy_latencies = [x for s in sessions for x in s.latencies]
        errors = [e for s in sessions for e in s.errors]

        print(
            f"{'phase':<24}{'server CPU (cores)':>20}{'x connected':>13}{'polls':>8}{'p95 poll':>10}"
        )
        print(f"{'connected, no polling':<24}{baseline:>20.3f}{1:>13.1f}{0:>8}{'':>10}")
        for name, cores, latencies in (
            ("polling, room quiet", polling, quiet),
            ("polling, room busy", busy, busy_latencies),
        ):
            p95 = f"{percentile(latencies, 0.95) * 1000:.0f} ms" if latencies else "-"
            ratio = cores / baseline if baseline > 0 else float("inf")
            print(f"{name:<24}{cores:>20.3f}{ratio:>13.1f}{len(latencies):>8}{p95:>10}")
        print(f"errors: {len(errors)}" + (f" (first: {errors[0]})" if errors else ""))
        if "Traceback" in server.log():
            print("the server logged a traceback: see", server.log_path)
    finally:
        for session in sessions:
            await session.close()
        if store is not None:
            store.dispose()
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    asyncio.run(run(args.students, args.seconds))


if __name__ == "__main__":
    main()
