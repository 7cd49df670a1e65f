"""Load test: many concurrent sessions speaking Streamlit's own websocket protocol.

Run (from the project folder; about 5 minutes with the defaults):

    .venv/bin/python benchmarks/load.py [--sessions 50] [--seconds 60] [--pause 3]
        [--scenarios empty,app,app-2proc]

Scenarios, in one run: ``empty`` is benchmarks/empty_nav_app.py (app.py's shell and widgets,
no work) on one server process; ``app`` is app.py on one process; ``app-2proc`` is app.py on
two processes behind the sticky load balancer of benchmarks/serve_two.py (started as its own
process, as a person would start it). Not run unless asked: ``empty-2proc``, the empty app
behind the same balancer; ``empty-gc`` and ``app-gc``, one process with Streamlit's default
full garbage collection after every script run, which our config turns off. Everything
listens on 127.0.0.1 only, on free ports, and every process is stopped by its own pid
before the script ends.

A session is a browser tab reduced to its protocol. It fetches /_stcore/health and
/_stcore/host-config (keeping their cookies: Streamlit's XSRF token, the balancer's
backend), opens ws://…/_stcore/stream offering the subprotocols ["streamlit", <XSRF token>],
and for every action sends a BackMsg ``rerun_script`` whose ClientState carries what the
frontend sends: the query string the server last set, the widget states it holds, the page
hash, the fragment id, the hashes of the ForwardMsgs it has cached (``ref_hash`` replies are
resolved from that cache) and context info. It reads ForwardMsgs (new_session, navigation,
page_info_changed, deltas) until ``script_finished``. Actions, each after a pause of
``--pause`` s ±50% (uniform): on the Playground, 60% of the time it types a new list of 4-10
grades into the grade box (a real widget change: the text area's widget id and fragment id
come from the last run's deltas, so it reruns the page's fragment, as a browser would), else it
goes to another page, clearing the query string as the frontend does; elsewhere it goes to
the Playground or, half the time, to another page.

An action's latency runs from sending its BackMsg to receiving its script_finished. An error is
any of: a failed connection or closed websocket, no script_finished within 60 s, a status
other than success, an exception element or st.error alert in the deltas, a page other than
the one asked for or without its header, grades whose nDCG (from ndcg_core, the default
convention) the deltas do not show (the empty app: do not echo), or a traceback in a server log.

Per scenario: one warm-up session per server process visits every page, then times 12
actions alone ("1 session"); it stays connected, idle, while ``--sessions`` sessions open
(their first page load spread over the first pause) and act for ``--seconds``. Memory per
session is (server RSS with all sessions connected after the load - RSS with only the
warm-up sessions) / --sessions, over all server processes, from /proc/<pid>/status (VmRSS).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin, Subprotocol

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.serve_two import (
    StreamlitProcess,
    child_command,
    cpu_seconds,
    rss_kib,
)
from ndcg_core import Convention, evaluate, format_real

ACTION_TIMEOUT = 60.0
HTTP_TIMEOUT = 30.0
PLAYGROUND = "Playground"
TEXT_KEY = "lab_text"  # the grade box's widget key, in app.py and the empty app alike
XSRF_COOKIE = "_streamlit_xsrf"
LOG_DIR = ROOT / "benchmarks" / ".logs"
ERROR_ALERT = 1  # Alert.Format.ERROR


class LoadError(Exception):
    """Something a person would have seen go wrong."""


# --------------------------------------------------------------------------- checks


def ndcg_check(elements: Sequence[Element], grades: Sequence[int]) -> str:
    """app.py: the run shows the nDCG the core computes for these grades, and only that."""
    expected = format_real(evaluate(list(grades), Convention()).ndcg)
    shown = [
        e.metric.body
        for e in elements
        if e.WhichOneof("type") == "metric" and e.metric.label.startswith("nDCG")
    ]
    return "" if shown == [expected] else f"nDCG shown {shown}, expected [{expected!r}]"


def echo_check(elements: Sequence[Element], grades: Sequence[int]) -> str:
    """The empty app: the run echoes the grades typed."""
    expected = "grades: " + ", ".join(map(str, grades))
    shown = [e.text.body for e in elements if e.WhichOneof("type") == "text"]
    return "" if expected in shown else f"text shown {shown}, expected {expected!r}"


CHECKS: dict[str, Callable[[Sequence[Element], Sequence[int]], str]] = {
    "ndcg": ndcg_check,
    "echo": echo_check,
}


# --------------------------------------------------------------------------- one session


@dataclass
class Action:
    kind: str  # "load" (first page load), "grades" or "page"
    seconds: float
    error: str = ""
    page: str = ""


async def http_request(
    host: str,
    port: int,
    method: str,
    path: str,
    cookies: dict[str, str],
    headers: dict[str, str] | None = None,
    body: bytes = b"",
) -> int:
    """One request over a fresh connection; stores the cookies it sets; returns the status."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
        if cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()))
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        writer.write("\r\n".join([*lines, "", ""]).encode("latin-1") + body)
        reply = await reader.read()
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()
    head = reply.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    for line in head[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "set-cookie":
            key, _, cookie_value = value.strip().split(";")[0].partition("=")
            cookies[key] = cookie_value
    return int(head[0].split()[1])


@dataclass
class _Cached:
    msg: ForwardMsg
    last_run: int


class Session:
    """One browser tab's worth of protocol against one app URL."""

    def __init__(self, url: str, check: str, rng: random.Random) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.url = url
        self.check = CHECKS[check]
        self.rng = rng
        self.cookies: dict[str, str] = {}
        self.actions: list[Action] = []
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._cache: dict[str, _Cached] = {}  # the frontend's ForwardMsg cache
        self._runs = 0
        self._max_cache_age = 2
        self.pages: dict[str, str] = {}  # page hash -> title, from the navigation message
        self.page_hash = ""
        self._main_hash = ""
        self.query_string = ""
        self._widget_states: dict[str, WidgetState] = {}
        self._widget_script: dict[str, str] = {}  # widget id -> script that drew it
        self._run_widgets: set[str] = set()
        self._text_id = ""
        self._text_fragment = ""
        self.elements: list[Element] = []
        self._finished: asyncio.Future[int] | None = None
        self._file_urls: dict[str, asyncio.Future[str]] = {}  # request id -> upload URL
        self._problem = ""
        self.session_id = ""

    # -- connection

    async def connect(self) -> None:
        for path in ("/_stcore/health", "/_stcore/host-config"):
            status = await asyncio.wait_for(
                http_request(self.host, self.port, "GET", path, self.cookies), HTTP_TIMEOUT
            )
            if status != 200:
                msg = f"GET {path}: HTTP {status}"
                raise LoadError(msg)
        offered = ["streamlit", self.cookies.get(XSRF_COOKIE, "")]
        self._ws = await connect(
            f"ws://{self.host}:{self.port}/_stcore/stream",
            subprotocols=[Subprotocol(p) for p in offered if p],
            origin=Origin(self.url),
            additional_headers={"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())},
            max_size=None,
            open_timeout=HTTP_TIMEOUT,
        )
        self._reader = asyncio.create_task(self._read())

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    async def _read(self) -> None:
        assert self._ws is not None
        try:
            async for data in self._ws:
                msg = ForwardMsg()
                msg.ParseFromString(data if isinstance(data, bytes) else data.encode())
                self._on_message(msg)
        except ConnectionClosed as closed:
            self._fail(f"websocket closed: {closed}")
        except Exception as error:  # a bad message must end this session, not hang it
            self._fail(f"{type(error).__name__}: {error}")
            raise
        else:
            self._fail("websocket closed")

    def _fail(self, problem: str) -> None:
        self._problem = self._problem or problem
        if self._finished is not None and not self._finished.done():
            self._finished.set_exception(LoadError(problem))

    # -- ForwardMsgs

    def _on_message(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "ref_hash":
            cached = self._cache.get(msg.ref_hash)
            if cached is None:
                self._fail(f"ref_hash {msg.ref_hash} is not in the cache")
                return
            cached.last_run = self._runs
            full = ForwardMsg()
            full.CopyFrom(cached.msg)
            full.metadata.CopyFrom(msg.metadata)
            msg, kind = full, full.WhichOneof("type")
        elif msg.metadata.cacheable and msg.hash:
            self._cache[msg.hash] = _Cached(msg, self._runs)
        if kind == "new_session":
            self._main_hash = msg.new_session.main_script_hash
            self.session_id = msg.new_session.initialize.session_id
            self._max_cache_age = msg.new_session.config.max_cached_message_age or 2
            self.elements = []
            self._run_widgets = set()
        elif kind == "navigation":
            self.pages = {p.page_script_hash: p.page_name for p in msg.navigation.app_pages}
            self.page_hash = msg.navigation.page_script_hash
        elif kind == "page_info_changed":
            self.query_string = msg.page_info_changed.query_string
        elif kind == "page_not_found":
            self._problem = self._problem or "page not found"
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            self._on_element(msg)
        elif kind == "script_finished":
            self._on_finished(msg.script_finished)
        elif kind == "file_urls_response":
            reply = msg.file_urls_response
            waiting = self._file_urls.pop(reply.response_id, None)
            if waiting is not None and not waiting.done():
                urls = reply.file_urls
                waiting.set_result(urls[0].upload_url if urls and not reply.error_msg else "")

    def _on_element(self, msg: ForwardMsg) -> None:
        element = msg.delta.new_element
        self.elements.append(element)
        kind = element.WhichOneof("type")
        inner = getattr(element, kind) if kind else None
        widget_id = str(getattr(inner, "id", "") or "")
        if not widget_id.startswith("$$ID-"):
            return
        self._run_widgets.add(widget_id)
        self._widget_script[widget_id] = msg.metadata.active_script_hash
        if widget_id.endswith(f"-{TEXT_KEY}") and kind == "text_area":
            self._text_id = widget_id
            self._text_fragment = msg.delta.fragment_id
            if element.text_area.set_value:  # the script set the value: the box shows it
                state = WidgetState(id=widget_id, string_value=element.text_area.value)
                self._widget_states[widget_id] = state

    def _on_finished(self, status: int) -> None:
        if status == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
            return  # st.rerun(): another run follows
        if status == ForwardMsg.FINISHED_SUCCESSFULLY:
            # A full run: forget widgets it did not draw, age the message cache.
            self._widget_states = {
                k: v for k, v in self._widget_states.items() if k in self._run_widgets
            }
            self._runs += 1
            self._cache = {
                k: v
                for k, v in self._cache.items()
                if self._runs - v.last_run <= self._max_cache_age
            }
        if self._finished is not None and not self._finished.done():
            self._finished.set_result(status)

    # -- actions

    async def _rerun(
        self, kind: str, page_hash: str, fragment_id: str, states: list[WidgetState]
    ) -> Action:
        assert self._ws is not None
        back = BackMsg()
        state = back.rerun_script
        state.query_string = "" if page_hash != self.page_hash else self.query_string
        state.page_script_hash = page_hash
        state.fragment_id = fragment_id
        state.widget_states.widgets.extend(states)
        state.cached_message_hashes.extend(self._cache)
        context = state.context_info
        context.timezone, context.timezone_offset, context.locale = "UTC", 0, "en-US"
        context.url, context.color_scheme = self.url, "light"
        self.elements = []
        self._run_widgets = set()
        self._finished = asyncio.get_running_loop().create_future()
        started = time.perf_counter()
        error = ""
        try:
            if self._problem:
                raise LoadError(self._problem)
            await self._ws.send(back.SerializeToString())
            status = await asyncio.wait_for(self._finished, ACTION_TIMEOUT)
        except TimeoutError:
            error = f"no script_finished within {ACTION_TIMEOUT:.0f} s"
        except (LoadError, ConnectionClosed) as problem:
            error = str(problem)
        else:
            if status not in {
                ForwardMsg.FINISHED_SUCCESSFULLY,
                ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
            }:
                error = f"script_finished status {status}"
        seconds = time.perf_counter() - started
        error = error or self._element_errors()
        return Action(kind, seconds, error, self.pages.get(self.page_hash, ""))

    def _element_errors(self) -> str:
        for element in self.elements:
            kind = element.WhichOneof("type")
            if kind == "exception":
                return f"exception on the page: {element.exception.type}"
            if kind == "alert" and element.alert.format == ERROR_ALERT:
                return f"error on the page: {element.alert.body[:80]}"
        return ""

    def _page_error(self, page_hash: str) -> str:
        title = self.pages.get(page_hash, "?")
        if self.page_hash != page_hash:
            return f"asked for {title}, got {self.pages.get(self.page_hash, '?')}"
        headings = [e.heading.body for e in self.elements if e.WhichOneof("type") == "heading"]
        return "" if title in headings else f"{title}: no header {title!r} in {headings}"

    async def load(self) -> Action:
        """The first page load: the app's root URL, no page named."""
        action = await self._rerun("load", "", "", [])
        action.error = action.error or self._page_error(self.page_hash)
        self.actions.append(action)
        return action

    async def go_to(self, page_hash: str) -> Action:
        """Click a page in the sidebar: keep only the states of widgets drawn by app.py."""
        states = [
            s
            for k, s in self._widget_states.items()
            if self._widget_script.get(k) == self._main_hash
        ]
        action = await self._rerun("page", page_hash, "", states)
        action.error = action.error or self._page_error(page_hash)
        self.actions.append(action)
        return action

    async def type_grades(self, grades: Sequence[int] | None = None) -> Action:
        """Type a new list into the grade box and leave it (the widget's value changes)."""
        if grades is None:
            grades = [self.rng.randint(0, 3) for _ in range(self.rng.randint(4, 10))]
            if max(grades) == 0:
                grades[self.rng.randrange(len(grades))] = self.rng.randint(1, 3)
        text = ", ".join(map(str, grades))
        self._widget_states[self._text_id] = WidgetState(id=self._text_id, string_value=text)
        states = list(self._widget_states.values())
        action = await self._rerun("grades", self.page_hash, self._text_fragment, states)
        action.error = action.error or self.check(self.elements, grades)
        self.actions.append(action)
        return action

    async def upload(self, name: str, data: bytes) -> int:
        """Upload a file as st.file_uploader does: ask for its URL over the websocket, then
        PUT it there (with the XSRF token). Returns the HTTP status (204: stored)."""
        assert self._ws is not None
        back = BackMsg()
        back.file_urls_request.request_id = request_id = os.urandom(8).hex()
        back.file_urls_request.session_id = self.session_id
        back.file_urls_request.file_names.append(name)
        self._file_urls[request_id] = asyncio.get_running_loop().create_future()
        await self._ws.send(back.SerializeToString())
        url = await asyncio.wait_for(self._file_urls[request_id], HTTP_TIMEOUT)
        if not url:
            msg = "the server gave no upload URL"
            raise LoadError(msg)
        boundary = os.urandom(12).hex()
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
                f"Content-Type: application/octet-stream\r\n\r\n"
            ).encode()
            + data
            + f"\r\n--{boundary}--\r\n".encode()
        )
        headers = {
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-Xsrftoken": self.cookies.get(XSRF_COOKIE, ""),
            "Origin": self.url,
        }
        path = urlsplit(url).path
        request = http_request(self.host, self.port, "PUT", path, self.cookies, headers, body)
        return await asyncio.wait_for(request, HTTP_TIMEOUT)

    def playground_hash(self) -> str:
        return next((h for h, title in self.pages.items() if title == PLAYGROUND), "")

    async def act(self) -> Action:
        """One action a person might take next."""
        on_playground = self.pages.get(self.page_hash) == PLAYGROUND
        if on_playground and self._text_id and self.rng.random() < 0.6:
            return await self.type_grades()
        others = [h for h in self.pages if h != self.page_hash]
        if not on_playground and self.rng.random() < 0.5:
            return await self.go_to(self.playground_hash())
        return await self.go_to(self.rng.choice(others))


# --------------------------------------------------------------------------- many sessions


@dataclass
class Phase:
    """What the sessions of one phase did."""

    sessions: int
    actions: list[Action] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def timed(self) -> list[float]:
        return [a.seconds for a in self.actions if a.kind != "load" and not a.error]

    def loads(self) -> list[float]:
        return [a.seconds for a in self.actions if a.kind == "load" and not a.error]


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile (share in 0..1); nan when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


async def warm_up(session: Session, rng: random.Random) -> list[Action]:
    """Visit every page once, then time 12 actions alone (grades and page changes)."""
    await session.connect()
    first = await session.load()
    actions = [first]
    for page_hash in [*list(session.pages), session.playground_hash()]:
        actions.append(await session.go_to(page_hash))
    for number in range(12):
        await asyncio.sleep(rng.uniform(0.1, 0.3))
        if number % 3 == 2:
            actions.append(await session.go_to(rng.choice(list(session.pages))))
            actions.append(await session.go_to(session.playground_hash()))
        else:
            actions.append(await session.type_grades())
    return actions


async def run_sessions(
    url: str,
    sessions: int,
    seconds: float,
    pause: float,
    check: str,
    seed: int,
    while_connected: Callable[[], None] | None = None,
) -> Phase:
    """Open `sessions` sessions at once, let them act until `seconds` have passed, close them.

    `while_connected` runs after the last action, while every session is still connected.
    """
    rng = random.Random(seed)
    phase = Phase(sessions)
    opened = [Session(url, check, random.Random(rng.random())) for _ in range(sessions)]
    deadline = time.monotonic() + seconds

    async def person(session: Session) -> None:
        await asyncio.sleep(session.rng.uniform(0, pause))
        try:
            await session.connect()
        except (OSError, TimeoutError, LoadError, ConnectionClosed) as error:
            phase.errors.append(f"connect: {type(error).__name__}: {error}")
            return
        await session.load()
        while True:
            await asyncio.sleep(session.rng.uniform(0.5 * pause, 1.5 * pause))
            if time.monotonic() >= deadline:
                return
            await session.act()

    try:
        await asyncio.gather(*(person(s) for s in opened))
        if while_connected is not None:
            while_connected()
    finally:
        await asyncio.gather(*(s.close() for s in opened), return_exceptions=True)
    for session in opened:
        phase.actions.extend(session.actions)
    phase.errors.extend(f"{a.kind} {a.page}: {a.error}" for a in phase.actions if a.error)
    return phase


# --------------------------------------------------------------------------- scenarios


@dataclass(frozen=True)
class Scenario:
    label: str
    script: str
    processes: int
    check: str
    env: tuple[tuple[str, str], ...] = ()  # settings for the server processes


# Streamlit's default, which .streamlit/config.toml turns off: a full gc.collect after
# every script run (see docs/performance.md, Load).
STREAMLIT_GC = (("STREAMLIT_RUNNER_POST_SCRIPT_GC", "true"),)


SCENARIOS = {
    "empty": Scenario("empty app, 1 process", "benchmarks/empty_nav_app.py", 1, "echo"),
    "app": Scenario("nDCG Lab, 1 process", "app.py", 1, "ndcg"),
    "app-2proc": Scenario("nDCG Lab, 2 processes + LB", "app.py", 2, "ndcg"),
    "empty-2proc": Scenario(
        "empty app, 2 processes + LB", "benchmarks/empty_nav_app.py", 2, "echo"
    ),
    "empty-gc": Scenario(
        "empty app, GC after runs", "benchmarks/empty_nav_app.py", 1, "echo", STREAMLIT_GC
    ),
    "app-gc": Scenario("nDCG Lab, GC after runs", "app.py", 1, "ndcg", STREAMLIT_GC),
}


@dataclass
class Servers:
    """The server processes of a scenario: their public URL, pids and logs."""

    url: str
    pids: list[int]
    logs: list[Path]
    balancer_pid: int | None = None


@contextlib.contextmanager
def start_servers(scenario: Scenario, name: str) -> Iterator[Servers]:
    """One `streamlit run`, or benchmarks/serve_two.py with its balancer; stopped by pid."""
    if scenario.processes == 1:
        server = StreamlitProcess(
            scenario.script, LOG_DIR / f"load_{name}.log", env=dict(scenario.env)
        )
        try:
            server.wait_until_healthy()
            yield Servers(server.url, [server.pid], [server.log_path])
        finally:
            server.stop()
        return
    command = child_command(
        *("benchmarks.serve_two", "--port", "0", "--script", scenario.script),
        *("--processes", str(scenario.processes), "--log-dir", str(LOG_DIR / f"load_{name}")),
    )
    balancer = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    backend_pids: list[int] = []
    try:
        assert balancer.stdout is not None
        line = balancer.stdout.readline()
        if not line:
            msg = f"serve_two.py exited ({balancer.wait()}) before it was ready"
            raise RuntimeError(msg)
        ready = json.loads(line)
        backend_pids = [b["pid"] for b in ready["backends"]]
        logs = [LOG_DIR / f"load_{name}" / f"serve_two_{i}.log" for i in range(len(backend_pids))]
        yield Servers(ready["url"], backend_pids, logs, balancer.pid)
    finally:
        if balancer.poll() is None:
            os.kill(balancer.pid, signal.SIGTERM)
            try:
                balancer.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.kill(balancer.pid, signal.SIGKILL)
                balancer.wait(timeout=5)
        for pid in backend_pids:  # serve_two stops them; make sure
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@dataclass
class Result:
    scenario: Scenario
    alone: list[float]
    phase: Phase
    rss_before_kib: int
    rss_after_kib: int
    server_cpu: float  # server CPU seconds per wall second during the load, summed
    balancer_cpu: float
    client_cpu: float
    wall: float
    log_errors: list[str]

    @property
    def errors(self) -> list[str]:
        return self.phase.errors + self.log_errors

    @property
    def mb_per_session(self) -> float:
        return (self.rss_after_kib - self.rss_before_kib) / 1024 / self.phase.sessions


def run_scenario(name: str, args: argparse.Namespace) -> Result:
    scenario = SCENARIOS[name]
    rng = random.Random(args.seed)
    with start_servers(scenario, name) as servers:

        async def measure() -> Result:
            warm = [Session(servers.url, scenario.check, rng) for _ in servers.pids]
            warm_actions: list[Action] = []
            try:
                for session in warm:
                    warm_actions += await warm_up(session, rng)
                await asyncio.sleep(1.0)
                rss_before = sum(rss_kib(pid) for pid in servers.pids)
                rss_after = 0

                def sample() -> None:
                    nonlocal rss_after
                    rss_after = sum(rss_kib(pid) for pid in servers.pids)

                cpu_before = [cpu_seconds(pid) for pid in servers.pids]
                lb_before = cpu_seconds(servers.balancer_pid) if servers.balancer_pid else 0.0
                client_before = _own_cpu()
                started = time.monotonic()
                phase = await run_sessions(
                    servers.url,
                    args.sessions,
                    args.seconds,
                    args.pause,
                    scenario.check,
                    args.seed,
                    while_connected=sample,
                )
                wall = time.monotonic() - started
                server_cpu = sum(
                    cpu_seconds(pid) - before
                    for pid, before in zip(servers.pids, cpu_before, strict=True)
                )
                lb_cpu = (
                    cpu_seconds(servers.balancer_pid) - lb_before if servers.balancer_pid else 0
                )
            finally:
                await asyncio.gather(*(s.close() for s in warm), return_exceptions=True)
            phase.errors += [
                f"warm-up {a.kind} {a.page}: {a.error}" for a in warm_actions if a.error
            ]
            alone = [a.seconds for a in warm[0].actions[-16:] if a.kind != "load"]
            return Result(
                scenario,
                alone,
                phase,
                rss_before,
                rss_after,
                server_cpu / wall,
                lb_cpu / wall,
                (_own_cpu() - client_before) / wall,
                wall,
                [],
            )

        result = asyncio.run(measure())
    for log in servers.logs:
        text = log.read_text(encoding="utf-8", errors="replace")
        if "Traceback" in text:
            result.log_errors.append(f"{log.name}: {text.count('Traceback')} tracebacks")
    return result


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# --------------------------------------------------------------------------- report


def _median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms"


def report(results: list[Result]) -> None:
    baseline = next((r for r in results if r.scenario.script.endswith("empty_nav_app.py")), None)
    base_p95 = percentile(baseline.phase.timed(), 0.95) if baseline else float("nan")
    header = (
        f"{'scenario':<29}{'sessions':>9}{'actions':>8}{'errors':>7}{'1 session':>11}"
        f"{'median':>10}{'p95':>10}{'p95 vs empty':>13}{'MB/session':>11}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        timed = r.phase.timed()
        p95 = percentile(timed, 0.95)
        print(
            f"{r.scenario.label:<29}{r.phase.sessions:>9}{len(timed):>8}{len(r.errors):>7}"
            f"{_ms(_median(r.alone)):>11}{_ms(_median(timed)):>10}"
            f"{_ms(p95):>10}{p95 / base_p95:>12.2f}x{r.mb_per_session:>11.2f}"
        )
    print()
    for r in results:
        timed = r.phase.timed()
        kinds = {
            kind: [a.seconds for a in r.phase.actions if a.kind == kind and not a.error]
            for kind in ("load", "grades", "page")
        }
        detail = ", ".join(
            f"{kind} {len(v)} x median {_ms(_median(v))} p95 {_ms(percentile(v, 0.95))}"
            for kind, v in kinds.items()
            if v
        )
        print(f"{r.scenario.label}: {detail}")
        cpu = f"server CPU {r.server_cpu:.0%} of a core"
        if r.scenario.processes > 1:
            cpu += f", balancer {r.balancer_cpu:.0%}"
        print(
            f"  {cpu}, load client {r.client_cpu:.0%}; RSS {r.rss_before_kib / 1024:.0f} MB "
            f"-> {r.rss_after_kib / 1024:.0f} MB; {r.wall:.0f} s"
        )
        for error in r.errors[:5]:
            print(f"  error: {error}")
    print(
        "\nTargets: 0 errors; p95 at most 1.5x the empty app's (1 process); "
        "at most 2 MB of server memory per session beyond the first."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long sessions act")
    parser.add_argument("--pause", type=float, default=3.0, help="mean pause between actions")
    parser.add_argument("--scenarios", default="empty,app,app-2proc", help=", ".join(SCENARIOS))
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    names = [n.strip() for n in args.scenarios.split(",") if n.strip()]
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenarios {unknown}; choose from {list(SCENARIOS)}")
    print(
        f"{args.sessions} sessions, {args.seconds:.0f} s of actions each, pauses "
        f"{args.pause:.1f} s +-50%, {os.cpu_count()} CPUs, load average "
        f"{os.getloadavg()[0]:.2f}\n",
        flush=True,
    )
    results = []
    for name in names:
        print(f"running {name} ...", flush=True)
        results.append(run_scenario(name, args))
    print()
    report(results)
    if any(r.errors for r in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
