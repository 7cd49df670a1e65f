"""Class mode through real Streamlit sessions: a class joining and answering at once, what
waiting students cost, and how fast their screens follow the teacher.

Run (from the project folder; about two minutes):

    .venv/bin/python benchmarks/class_sessions.py [--students 100] [--spread 5]
        [--seconds 20] [--processes 1] [--postgres]

Starts ``--processes`` Streamlit processes running app.py with `make run`'s settings (each on a
free loopback port, stopped by its own pid at the end), all on one new class database (an
SQLite file in a temporary folder, or with ``--postgres`` a throwaway PostgreSQL cluster,
scripts/pg_throwaway.py). Every student and the teacher is a session speaking Streamlit's
websocket protocol (the ``Session`` of benchmarks/load_session.py), as a browser tab does; students
are spread over the processes in turn, the teacher is on the first.

A page's timed fragment (``st.fragment(run_every=...)``) reaches the browser as an
``auto_rerun`` message, and the browser asks for the fragment's rerun on that timer; each
session here does the same. Reported:

1. Load: the teacher has one question open and their Class page (``?teacher_key=<key>``) ticking. The
   students open the join link (``?code=``) at moments spread evenly over ``--spread``
   seconds, press Join, type an answer and press Send. Counted in the database: answers
   stored, and distinct students among them (none lost, none counted twice). Timed: the last
   answer after the first student arrived (the issue: within 10 s), the answer's latency (Send
   to the end of its page run) p50/p95, and when the teacher's page showed all of them (its
   own "Answers" metric, read from its fragment's run) after the last answer was stored
   (the issue: within 2 s). The database's own share: ``--students`` answers stored one
   after another by one client through the store, nothing else running, time per answer.
2. Waiting: the same students, answered, on their Join pages: the server processes' CPU
   seconds per wall second over ``--seconds`` with every tab's fragment ticking, beside the
   same sessions connected and silent (the baseline), and the p50/p95 time of one tick.
3. Following: the teacher opens a second question; for every student, the time from that
   moment to the end of the first full page run that follows (their screen shows it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.class_load import server_cpu_seconds
from benchmarks.load_phases import percentile
from benchmarks.load_servers import cpu_seconds
from benchmarks.load_session import Session
from classroom.store import ClassStore
from ndcg_core import Convention, parse_grades
from ndcg_core.links.secret_params import TEACHER_KEY_PARAM
from ndcg_core.questions import class_questions
from scripts.pg_throwaway import throwaway_postgres
from scripts.serve import StreamlitProcess

JOIN_PAGE = "Join a class"
TEACHER_PAGE = "Class"
RECEIVED = "Answer received"


class Tab(Session):
    """A browser tab on a class page: it follows ``auto_rerun`` as the frontend does, and
    knows the text boxes and buttons of the page's last run by key or label."""

    def __init__(self, url: str, query: str) -> None:
        super().__init__(url, "echo", random.Random(0))
        self.query = query
        self.fragment_id = ""
        self.interval = 0.0
        self.full_runs: list[float] = []  # when each full page run finished
        self.ticks: list[float] = []  # seconds per fragment tick
        self.errors: list[str] = []
        self.widgets: dict[str, str] = {}  # key or button label -> widget id, last run
        self.texts: list[str] = []  # markdown and alerts of the last run

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
        if msg.WhichOneof("type") == "delta" and msg.delta.WhichOneof("type") == "new_element":
            self._note(msg.delta.new_element)
        super()._on_message(msg)

    def _note(self, element: Element) -> None:
        kind = element.WhichOneof("type")
        if kind == "button":
            self.widgets[element.button.label] = element.button.id
        elif kind == "text_input":
            widget = element.text_input
            self.widgets[widget.id.rsplit("-", 1)[-1]] = widget.id
            if widget.id not in self._widget_states:
                value = widget.value if widget.set_value else widget.default
                self._widget_states[widget.id] = WidgetState(id=widget.id, string_value=value)
        elif kind == "markdown":
            self.texts.append(element.markdown.body)
        elif kind == "alert":
            self.texts.append(element.alert.body)

    async def open_page(self, title: str) -> None:
        await self.connect()
        # The link's parameters: the app reads them in the session's first run, and the page
        # takes its own (?code=, ?student_token=, ?teacher_key=) from them when it opens.
        self.query_string = self.query
        first = await self.load()
        page = next(h for h, name in self.pages.items() if name == title)
        opened = await self.go_to(page)
        for action in (first, opened):
            if action.error:
                self.errors.append(action.error)

    def check_fragment(self, title: str) -> None:
        if not self.fragment_id or self.interval > 60:
            self.errors.append(f"the {title} page set no auto_rerun fragment")

    async def press(self, label: str, typed: dict[str, str] | None = None) -> float:
        """Type into text boxes (by key) and press a button (by label): one full run."""
        for key, text in (typed or {}).items():
            widget = self.widgets[key]
            self._widget_states[widget] = WidgetState(id=widget, string_value=text)
        states = [s for k, s in self._widget_states.items() if k != self.widgets[label]]
        states.append(WidgetState(id=self.widgets[label], trigger_value=True))
        self.widgets, self.texts = {}, []
        action = await self._rerun("press", self.page_hash, "", states)
        if action.error:
            self.errors.append(f"{label}: {action.error}")
        return action.seconds

    async def tick(self) -> None:
        states = list(self._widget_states.values())
        action = await self._rerun("fragment", self.page_hash, self.fragment_id, states)
        self.ticks.append(action.seconds)
        if action.error:
            self.errors.append(action.error)

    async def tick_until(self, end_at: float) -> None:
        """Rerun the fragment on its timer (random phase, as tabs opened at different times)."""
        await asyncio.sleep(random.uniform(0, self.interval))
        while time.time() < end_at:
            started = time.perf_counter()
            await self.tick()
            await asyncio.sleep(max(0.0, self.interval - (time.perf_counter() - started)))


class Student(Tab):
    """A student who opens the join link, joins and answers."""

    def __init__(self, url: str, code: str) -> None:
        super().__init__(url, f"code={code}")
        self.arrived = 0.0
        self.answered = 0.0  # when the page run that stored the answer ended
        self.latency = float("nan")

    async def join_and_answer(self, at: float, typed: str) -> None:
        await asyncio.sleep(max(0.0, at - time.time()))
        self.arrived = time.time()
        await self.open_page(JOIN_PAGE)
        await self.press("Join")
        self.check_fragment(JOIN_PAGE)
        box = next((k for k in self.widgets if k.endswith("_number")), "")
        if not box:
            self.errors.append("no answer box after joining")
            return
        self.latency = await self.press("Send answer", {box: typed})
        self.answered = time.time()
        if not any(RECEIVED in text for text in self.texts):
            self.errors.append("no 'Answer received' after Send")


class Teacher(Tab):
    """The teacher's Class page from their private link, its live count read at each tick."""

    def __init__(self, url: str, teacher_key: str) -> None:
        super().__init__(url, f"{TEACHER_KEY_PARAM}={teacher_key}")
        self.counts: list[tuple[float, int]] = []  # (when, the page's Answers metric)

    def _note(self, element: Element) -> None:
        super()._note(element)
        if element.WhichOneof("type") == "metric" and element.metric.label == "Answers":
            self.counts.append((time.time(), int(element.metric.body)))

    async def watch_until(self, answers: int, deadline: float) -> float:
        """Tick on the page's timer until it shows ``answers``: when it did (inf: never)."""
        while time.time() < deadline:
            started = time.perf_counter()
            await self.tick()
            if self.counts and self.counts[-1][1] >= answers:
                return self.counts[-1][0]
            await asyncio.sleep(max(0.0, self.interval - (time.perf_counter() - started)))
        return float("inf")


@contextlib.contextmanager
def database_env(postgres: bool) -> Iterator[tuple[str, dict[str, str]]]:
    if postgres:
        with throwaway_postgres() as url:
            yield url, {"NDCG_LAB_DATABASE_URL": url}
        return
    with tempfile.TemporaryDirectory(prefix="ndcg-class-") as folder:
        yield f"sqlite:///{folder}/class.db", {"NDCG_LAB_DATA_DIR": folder}


def ms(seconds: float) -> str:
    return f"{1000 * seconds:.0f} ms"


async def load_phase(
    args: argparse.Namespace, store: ClassStore, servers: list[StreamlitProcess]
) -> tuple[list[Student], str, str]:
    grades = parse_grades("3, 2, 0, 0, 1")
    question = class_questions.from_list(grades, Convention(cutoff_k=3))
    room = store.create_room()
    asked = store.add_question(
        room.teacher_key, question.kind.name, class_questions.to_payload(question)
    )
    store.open_question(room.teacher_key, asked.id)
    teacher = Teacher(servers[0].url, room.teacher_key)
    await teacher.open_page(TEACHER_PAGE)
    teacher.check_fragment(TEACHER_PAGE)
    students = [Student(servers[n % len(servers)].url, room.code) for n in range(args.students)]
    begin = time.time() + 1.0
    gap = args.spread / max(1, args.students - 1)
    typed = "0.9"  # any number: the load is the same right or wrong
    watching = asyncio.create_task(teacher.watch_until(args.students, begin + args.spread + 60))
    await asyncio.gather(
        *(s.join_and_answer(begin + n * gap, typed) for n, s in enumerate(students))
    )
    shown_at = await watching

    stored = store.answers(room.teacher_key, asked.id)
    distinct = len({a.student_number for a in stored})
    first_arrival = min(s.arrived for s in students)
    last_stored = max(a.answered_at.timestamp() for a in stored) if stored else float("nan")
    last_page = max(s.answered for s in students)
    latencies = [s.latency for s in students if s.latency == s.latency]
    print(
        f"load: {args.students} students opened the join link over {args.spread:g} s, "
        f"joined and answered through the pages"
    )
    print(
        f"  answers stored {len(stored)} of {args.students}, from {distinct} distinct students "
        f"(lost {args.students - distinct}, counted twice {len(stored) - distinct})"
    )
    print(
        f"  last answer stored {last_stored - first_arrival:.2f} s after the first student "
        f"arrived (its page run ended at {last_page - first_arrival:.2f} s)"
    )
    print(
        f"  answer latency (Send to the end of its page run): p50 "
        f"{ms(statistics.median(latencies))}, p95 {ms(percentile(latencies, 0.95))}, "
        f"max {ms(max(latencies))}"
    )
    print(
        f"  the teacher's page showed {args.students} answers {shown_at - last_stored:.2f} s "
        f"after the last was stored ({shown_at - last_page:.2f} s after its page run ended; "
        f"fragment every {teacher.interval:g} s)"
    )
    await teacher.close()
    return students, room.teacher_key, class_questions.to_payload(question)


def database_time(store: ClassStore, students: int) -> float:
    """Seconds per answer stored by one client through the store, nothing else running."""
    question = class_questions.from_list(parse_grades("3, 2, 0, 0, 1"), Convention(cutoff_k=3))
    room = store.create_room()
    asked = store.add_question(
        room.teacher_key, question.kind.name, class_questions.to_payload(question)
    )
    store.open_question(room.teacher_key, asked.id)
    tokens = [store.join(room.code, None, client=f"benchmark {n}").token for n in range(students)]
    started = time.perf_counter()
    for token in tokens:
        store.submit_answer(token, asked.id, "0.9")
    spent = (time.perf_counter() - started) / students
    store.end_room(room.teacher_key)
    return spent


async def run(args: argparse.Namespace, url: str, servers: list[StreamlitProcess]) -> None:
    store = ClassStore(url)
    print(
        f"{args.students} students on {len(servers)} Streamlit process(es), {store.backend}; "
        f"load: {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f}"
    )
    tabs, teacher_key, payload = await load_phase(args, store, servers)
    print(
        f"  database time per answer, one client through the store: "
        f"{1000 * database_time(store, args.students):.2f} ms"
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
        f"{ms(statistics.median(ticks))}, p95 {ms(percentile(ticks, 0.95))}"
    )

    second = store.add_question(teacher_key, "predict", payload)
    opened_at = time.time()
    store.open_question(teacher_key, second.id)
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
    print(f"errors: {len(errors)}" + "".join(f"\n  {e}" for e in sorted(set(errors))[:5]))
    for tab in tabs:
        await tab.close()
    store.end_room(teacher_key)
    store.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=100)
    parser.add_argument("--spread", type=float, default=5.0, help="seconds the class arrives over")
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
