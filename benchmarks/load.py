"""Load test: many concurrent sessions speaking Streamlit's own websocket protocol.

Run (from the project folder; about 5 minutes with the defaults):

    .venv/bin/python benchmarks/load.py [--sessions 50] [--seconds 60] [--pause 3]
        [--scenarios button,shell,app,playground]
    .venv/bin/python benchmarks/load.py --burst [--sessions 100] [--over 5]
        [--scenarios button,shell,app,playground]

Scenarios, in one run (the default four): ``button`` is benchmarks/empty_app.py, a page with
one button and one line of text, the baseline issue 14 measures against; ``shell`` is
benchmarks/shell_app.py, app.py's own set-up, sidebar and navigation around a blank page with
that button (the floor the app cannot go below); ``app`` is app.py opened at its root (the
lesson, the default page; a burst's change presses Next); ``playground`` is app.py opened at
/playground (a burst's change types grades). Not run unless asked: ``empty``,
benchmarks/empty_nav_app.py (app.py's pages and widgets, no work); ``app-2proc``, the
Playground on two processes behind HAProxy, started by scripts/serve.py as `make serve`
starts them (its own process; deploy/haproxy.cfg); ``empty-2proc``, the empty app
behind the same HAProxy set-up; ``empty-gc`` and ``app-gc``, one process with Streamlit's
default full garbage collection after every script run, which our config turns off. Every
server runs with exactly the settings `make run` uses (.streamlit/config.toml; only port and
address are given). Everything listens on 127.0.0.1 only, on free ports, and every process
is stopped by its own pid before the script ends.

Two loads. Steady (the default): sessions that act for ``--seconds``, described below.
Burst (``--burst``): a class opening the link at once: ``--sessions`` sessions start over
``--over`` seconds (evenly spaced), each opens the app (HTTP requests, websocket, first
page run) and then makes one change (types a new list into the grade box, or presses the
page's button: the one-button page's, the lesson's Next) and leaves. The
figure is connect-to-first-finished-run: from the session's first HTTP request to the
``script_finished`` of its first page run; the change's latency is reported beside it.

A session is a browser tab reduced to its protocol. It fetches /_stcore/health and
/_stcore/host-config (keeping their cookies: Streamlit's XSRF token, the balancer's
backend), opens ws://…/_stcore/stream offering the subprotocols ["streamlit", <XSRF token>],
and for every action sends a BackMsg ``rerun_script`` whose ClientState carries what the
frontend sends: the query string the server last set, the widget states it holds, the page
hash, the fragment id, the hashes of the ForwardMsgs it has cached (``ref_hash`` replies are
resolved from that cache) and context info. It reads ForwardMsgs (new_session, navigation,
page_info_changed, deltas) until ``script_finished``. Actions, each after a pause of
``--pause`` s ±50% (uniform): where the sidebar's convention is drawn, 15% of the time it
switches the gain (a full rerun, checked against the core's nDCG on the Playground); on the
Playground, 60% of the other times it types a new list of 4-10
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

from ndcg_core import Convention, evaluate, format_real
from scripts.serve import StreamlitProcess, child_command

ACTION_TIMEOUT = 60.0
HTTP_TIMEOUT = 30.0
PLAYGROUND = "Playground"
TEXT_KEY = "lab_text"  # the grade box's widget key, in app.py and the empty app alike
XSRF_COOKIE = "_streamlit_xsrf"
LOG_DIR = ROOT / "benchmarks" / ".logs"
ERROR_ALERT = 1  # Alert.Format.ERROR


def rss_kib(pid: int) -> int:
    """Resident memory of one process (VmRSS), in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    msg = f"no VmRSS for pid {pid}"
    raise RuntimeError(msg)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time one process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class LoadError(Exception):
    """Something a person would have seen go wrong."""


# --------------------------------------------------------------------------- checks


def ndcg_check(elements: Sequence[Element], grades: Sequence[int], gain: str = "linear") -> str:
    """app.py: the run shows the nDCG the core computes for these grades, and only that."""
    expected = format_real(evaluate(list(grades), Convention(gain=gain)).ndcg)
    shown = [
        e.metric.body
        for e in elements
        if e.WhichOneof("type") == "metric" and e.metric.label.startswith("nDCG")
    ]
    return "" if shown == [expected] else f"nDCG shown {shown}, expected [{expected!r}]"


def echo_check(elements: Sequence[Element], grades: Sequence[int], gain: str = "linear") -> str:
    """The empty app: the run echoes the grades typed."""
    expected = "grades: " + ", ".join(map(str, grades))
    shown = [e.text.body for e in elements if e.WhichOneof("type") == "text"]
    return "" if expected in shown else f"text shown {shown}, expected {expected!r}"


def none_check(elements: Sequence[Element], grades: Sequence[int], gain: str = "linear") -> str:
    """Pages without a grade box (the one-button page, the shell): nothing to check here."""
    return ""


CHECKS: dict[str, Callable[[Sequence[Element], Sequence[int], str], str]] = {
    "ndcg": ndcg_check,
    "echo": echo_check,
    "none": none_check,
}
DEFAULT_GRADES = (3, 2, 3, 0, 1, 2)  # the list a fresh session shows
GAINS = ("linear", "exponential")


def texts(elements: Sequence[Element]) -> list[str]:
    """What the run wrote as text, progress captions and headings."""
    shown = []
    for element in elements:
        kind = element.WhichOneof("type")
        if kind == "text":
            shown.append(element.text.body)
        elif kind == "progress":
            shown.append(element.progress.text)
        elif kind == "heading":
            shown.append(element.heading.body)
    return shown


# --------------------------------------------------------------------------- one session


@dataclass
class Action:
    kind: str  # "load" (first page load), "grades", "page", "click" or "sidebar"
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

    def __init__(
        self, url: str, check: str, rng: random.Random, start: str = "", click: str = ""
    ) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.url = url
        self.check = CHECKS[check]
        self.rng = rng
        self.start = start  # the page the link names ("playground"), or "" for the default
        self.click_key = click  # the button a change clicks, where there is no grade box
        self._buttons: dict[str, tuple[str, str]] = {}  # key -> (widget id, fragment id)
        self._gain_id = ""  # the sidebar's gain radio
        self._gain_options: list[str] = []
        self.grades: tuple[int, ...] = DEFAULT_GRADES
        self.gain = GAINS[0]
        self.clicks = 0
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
        if kind == "button":
            self._buttons[widget_id.rsplit("-", 1)[-1]] = (widget_id, msg.delta.fragment_id)
        if widget_id.endswith("-conv_gain") and kind == "radio":
            self._gain_id = widget_id
            self._gain_options = list(element.radio.options)  # as shown: "linear: rel", ...
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
        self,
        kind: str,
        page_hash: str,
        fragment_id: str,
        states: list[WidgetState],
        page_name: str = "",
    ) -> Action:
        assert self._ws is not None
        back = BackMsg()
        state = back.rerun_script
        state.query_string = "" if page_hash != self.page_hash else self.query_string
        state.page_script_hash = page_hash
        state.page_name = page_name
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
        if len(self.pages) <= 1:  # an app of one page: no menu, no header to check
            return ""
        title = self.pages.get(page_hash, "?")
        if self.page_hash != page_hash:
            return f"asked for {title}, got {self.pages.get(self.page_hash, '?')}"
        headings = [e.heading.body for e in self.elements if e.WhichOneof("type") == "heading"]
        return "" if title in headings else f"{title}: no header {title!r} in {headings}"

    async def load(self) -> Action:
        """The first page load: the app's root URL, or the page ``start`` names."""
        action = await self._rerun("load", "", "", [], page_name=self.start)
        action.error = action.error or self._page_error(self.page_hash)
        if not action.error and self.start and self.pages.get(self.page_hash) != PLAYGROUND:
            action.error = f"asked for {self.start}, got {self.pages.get(self.page_hash)}"
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
        action.error = action.error or self.check(self.elements, grades, self.gain)
        self.grades = tuple(grades)
        self.actions.append(action)
        return action

    async def click(self) -> Action:
        """Press the button ``click_key`` (the one-button page's, the lesson's Next)."""
        widget_id, fragment_id = self._buttons.get(self.click_key, ("", ""))
        if not widget_id:
            action = Action("click", 0.0, f"no button {self.click_key!r} on the page")
            self.actions.append(action)
            return action
        states = [*self._widget_states.values(), WidgetState(id=widget_id, trigger_value=True)]
        before = texts(self.elements)
        action = await self._rerun("click", self.page_hash, fragment_id, states)
        if not action.error and texts(self.elements) == before:
            action.error = f"{self.click_key}: the page did not change"
        self.actions.append(action)
        return action

    async def change_gain(self) -> Action:
        """Switch the sidebar's gain (linear <-> exponential): a full rerun of the page."""
        self.gain = GAINS[1 - GAINS.index(self.gain)]
        shown = self._gain_options[GAINS.index(self.gain)]  # a radio's value: the option's text
        state = WidgetState(id=self._gain_id, string_value=shown)
        self._widget_states[self._gain_id] = state
        action = await self._rerun(
            "sidebar", self.page_hash, "", list(self._widget_states.values())
        )
        action.error = action.error or self._page_error(self.page_hash)
        if not action.error and self.pages.get(self.page_hash) == PLAYGROUND:
            action.error = self.check(self.elements, self.grades, self.gain)
        self.actions.append(action)
        return action

    async def change(self) -> Action:
        """A burst's one change: type grades where there is a grade box, else click."""
        if self._text_id and self.pages.get(self.page_hash) == PLAYGROUND:
            return await self.type_grades()
        return await self.click()

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
        if len(self.pages) <= 1:  # the one-button page, the shell: its button
            return await self.click()
        if self._gain_id in self._run_widgets and self.rng.random() < 0.15:
            return await self.change_gain()
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
    if len(session.pages) <= 1:  # one page: its button
        for _ in range(16):
            await asyncio.sleep(rng.uniform(0.1, 0.3))
            actions.append(await session.click())
        return actions
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
    make: Callable[[random.Random], Session],
    sessions: int,
    seconds: float,
    pause: float,
    seed: int,
    while_connected: Callable[[], None] | None = None,
) -> Phase:
    """Open `sessions` sessions at once, let them act until `seconds` have passed, close them.

    `while_connected` runs after the last action, while every session is still connected.
    """
    rng = random.Random(seed)
    phase = Phase(sessions)
    opened = [make(random.Random(rng.random())) for _ in range(sessions)]
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


async def run_burst(
    make: Callable[[random.Random], Session], sessions: int, over: float, seed: int
) -> Phase:
    """A class opening the link: `sessions` sessions start evenly spread over `over` seconds;
    each opens the app, makes one change and leaves. A "load" action's seconds run from the
    session's first HTTP request to its first script_finished (connect-to-first-run)."""
    rng = random.Random(seed)
    phase = Phase(sessions)
    opened = [make(random.Random(rng.random())) for _ in range(sessions)]

    async def student(number: int, session: Session) -> None:
        await asyncio.sleep(number * over / sessions)
        started = time.perf_counter()
        try:
            await session.connect()
        except (OSError, TimeoutError, LoadError, ConnectionClosed) as error:
            phase.errors.append(f"connect: {type(error).__name__}: {error}")
            return
        first = await session.load()
        first.seconds = time.perf_counter() - started
        if not first.error:
            await session.change()
        await session.close()

    try:
        await asyncio.gather(*(student(n, s) for n, s in enumerate(opened)))
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
    start: str = ""  # the page a session's link names; "" for the app's default page
    click: str = ""  # the button a burst's change presses where there is no grade box


# Streamlit's default, which .streamlit/config.toml turns off: a full gc.collect after
# every script run (see docs/performance.md, Load).
STREAMLIT_GC = (("STREAMLIT_RUNNER_POST_SCRIPT_GC", "true"),)


SCENARIOS = {
    "button": Scenario(
        "one-button page, 1 process", "benchmarks/empty_app.py", 1, "none", click="bench_click"
    ),
    "shell": Scenario(
        "app shell, blank page", "benchmarks/shell_app.py", 1, "none", click="bench_click"
    ),
    "app": Scenario("nDCG Lab (lesson), 1 process", "app.py", 1, "ndcg", click="lesson_next"),
    "playground": Scenario(
        "nDCG Lab Playground, 1 process", "app.py", 1, "ndcg", start="playground"
    ),
    "empty": Scenario("empty app, 1 process", "benchmarks/empty_nav_app.py", 1, "echo"),
    "app-2proc": Scenario(
        "nDCG Lab Playground, 2 processes + HAProxy", "app.py", 2, "ndcg", start="playground"
    ),
    "empty-2proc": Scenario(
        "empty app, 2 processes + HAProxy", "benchmarks/empty_nav_app.py", 2, "echo"
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
    balancer_pid: int | None = None  # HAProxy's, behind scripts/serve.py


@contextlib.contextmanager
def start_servers(scenario: Scenario, name: str) -> Iterator[Servers]:
    """One `streamlit run`, or scripts/serve.py (N processes behind HAProxy); stopped by pid."""
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
    log_dir = LOG_DIR / f"load_{name}"
    command = child_command(
        *(sys.executable, "scripts/serve.py", "--port", "0", "--script", scenario.script),
        *("--processes", str(scenario.processes), "--log-dir", str(log_dir)),
    )
    env = {**os.environ, **dict(scenario.env)}
    serve = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True, env=env)
    backend_pids: list[int] = []
    try:
        assert serve.stdout is not None
        ready = next((json.loads(line) for line in serve.stdout if line.startswith("{")), None)
        if ready is None:
            msg = f"scripts/serve.py exited ({serve.wait()}) before it was ready"
            raise RuntimeError(msg)
        backend_pids = [b["pid"] for b in ready["backends"]]
        logs = [log_dir / f"streamlit_{b['name']}.log" for b in ready["backends"]]
        yield Servers(ready["url"], backend_pids, logs, ready["haproxy_pid"])
    finally:
        if serve.poll() is None:
            os.kill(serve.pid, signal.SIGTERM)
            try:
                serve.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.kill(serve.pid, signal.SIGKILL)
                serve.wait(timeout=5)
        if serve.stdout is not None:
            serve.stdout.close()
        for pid in backend_pids:  # serve.py stops them; make sure
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
            def make(session_rng: random.Random) -> Session:
                return Session(
                    servers.url, scenario.check, session_rng, scenario.start, scenario.click
                )

            warm = [make(rng) for _ in servers.pids]
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
                if args.burst:
                    phase = await run_burst(make, args.sessions, args.over, args.seed)
                else:
                    phase = await run_sessions(
                        make,
                        args.sessions,
                        args.seconds,
                        args.pause,
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


KINDS = ("load", "grades", "page", "sidebar", "click")


def _kind_p95(r: Result, kind: str) -> float:
    return percentile([a.seconds for a in r.phase.actions if a.kind == kind and not a.error], 0.95)


def _baselines(results: list[Result], r: Result) -> tuple[Result | None, Result | None]:
    """The one-button page and the app's shell around a blank page (1 process), if run; for a
    run without them, the empty app with as many processes as ``r`` stands for the first."""
    by_script = {e.scenario.script: e for e in results if e.scenario.processes == 1}
    button = by_script.get("benchmarks/empty_app.py")
    shell = by_script.get("benchmarks/shell_app.py")
    if button is None:
        empties = [e for e in results if e.scenario.script.endswith("empty_nav_app.py")]
        same = [e for e in empties if e.scenario.processes == r.scenario.processes]
        button = (same or empties or [None])[0]
    return button, shell


def _ratio(value: float, base: Result | None, kind: str | None) -> str:
    if base is None:
        return "-"
    base_p95 = percentile(base.phase.timed(), 0.95) if kind is None else _kind_p95(base, kind)
    return f"{value / base_p95:.2f}x"


def report(results: list[Result]) -> None:
    header = (
        f"{'scenario':<33}{'sessions':>9}{'actions':>8}{'errors':>7}{'1 session':>11}"
        f"{'median':>10}{'p95':>10}{'vs button':>10}{'vs shell':>10}{'MB/session':>11}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        timed = r.phase.timed()
        p95 = percentile(timed, 0.95)
        button, shell = _baselines(results, r)
        print(
            f"{r.scenario.label:<33}{r.phase.sessions:>9}{len(timed):>8}{len(r.errors):>7}"
            f"{_ms(_median(r.alone)):>11}{_ms(_median(timed)):>10}{_ms(p95):>10}"
            f"{_ratio(p95, button, None):>10}{_ratio(p95, shell, None):>10}"
            f"{r.mb_per_session:>11.2f}"
        )
    print()
    for r in results:
        button, shell = _baselines(results, r)
        parts = []
        for kind in KINDS:
            values = [a.seconds for a in r.phase.actions if a.kind == kind and not a.error]
            if values:
                p95 = percentile(values, 0.95)
                parts.append(
                    f"{kind} {len(values)} x median {_ms(_median(values))} p95 {_ms(p95)} "
                    f"({_ratio(p95, button, None)} the button's click p95, "
                    f"{_ratio(p95, shell, None)} the shell's)"
                )
        print(f"{r.scenario.label}:")
        for part in parts:
            print(f"  {part}")
        cpu = f"server CPU {r.server_cpu:.0%} of a core"
        if r.scenario.processes > 1:
            cpu += f", HAProxy {r.balancer_cpu:.0%}"
        actions = len(r.phase.actions) or 1
        cpu += f" ({r.server_cpu * r.wall / actions * 1000:.0f} ms per action)"
        print(
            f"  {cpu}, load client {r.client_cpu:.0%}; RSS {r.rss_before_kib / 1024:.0f} MB "
            f"-> {r.rss_after_kib / 1024:.0f} MB; {r.wall:.0f} s"
        )
        for error in r.errors[:5]:
            print(f"  error: {error}")
    print(
        "\nTargets (issue 14): 0 errors; p95 of any action at most 3x the one-button page's "
        "click p95 in this run, or within 1.5x of the app shell's (a blank page in the app's "
        "own sidebar and navigation); at most 2 MB of server memory per session."
    )


def report_burst(results: list[Result]) -> None:
    header = (
        f"{'scenario':<33}{'sessions':>9}{'errors':>7}{'first run p50':>15}{'p95':>10}"
        f"{'vs button':>10}{'vs shell':>10}{'change p50':>12}{'p95':>10}{'vs button':>10}"
    )
    print(header)
    print("-" * len(header))
    for r in results:
        button, shell = _baselines(results, r)
        first, change = r.phase.loads(), r.phase.timed()
        first_95, change_95 = percentile(first, 0.95), percentile(change, 0.95)

        def vs(base: Result | None, value: float, loads: bool) -> str:
            if base is None:
                return "-"
            values = base.phase.loads() if loads else base.phase.timed()
            return f"{value / percentile(values, 0.95):.2f}x"

        print(
            f"{r.scenario.label:<33}{r.phase.sessions:>9}{len(r.errors):>7}"
            f"{_ms(_median(first)):>15}{_ms(first_95):>10}"
            f"{vs(button, first_95, True):>10}{vs(shell, first_95, True):>10}"
            f"{_ms(_median(change)):>12}{_ms(change_95):>10}{vs(button, change_95, False):>10}"
        )
    print()
    for r in results:
        cpu = f"server CPU {r.server_cpu:.0%} of a core"
        if r.scenario.processes > 1:
            cpu += f", HAProxy {r.balancer_cpu:.0%}"
        per_session = r.server_cpu * r.wall / r.phase.sessions
        print(
            f"{r.scenario.label}: {cpu} ({per_session * 1000:.0f} ms of server CPU per "
            f"session), load client {r.client_cpu:.0%}; {r.wall:.0f} s"
        )
        for error in r.errors[:5]:
            print(f"  error: {error}")
    print(
        "\nFirst run: from a session's first HTTP request to its first script_finished. "
        "'vs button': against the one-button page (benchmarks/empty_app.py), 'vs shell': "
        "against the app's shell around a blank page (benchmarks/shell_app.py), both served "
        "with the same shipped settings in this run. Targets (issue 14): first run p95 at "
        "most 5x the button's, or within 1.5x of the shell's; 0 errors."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, help="50 steady, 100 in a burst")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long sessions act")
    parser.add_argument("--pause", type=float, default=3.0, help="mean pause between actions")
    parser.add_argument(
        "--scenarios", default="button,shell,app,playground", help=", ".join(SCENARIOS)
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--burst", action="store_true", help="a class opening the app at once, one change each"
    )
    parser.add_argument("--over", type=float, default=5.0, help="a burst's opening spread (s)")
    args = parser.parse_args()
    if args.sessions is None:
        args.sessions = 100 if args.burst else 50
    names = [n.strip() for n in args.scenarios.split(",") if n.strip()]
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenarios {unknown}; choose from {list(SCENARIOS)}")
    load = (
        f"burst: {args.sessions} sessions opening over {args.over:.0f} s, one change each"
        if args.burst
        else f"{args.sessions} sessions, {args.seconds:.0f} s of actions each, pauses "
        f"{args.pause:.1f} s +-50%"
    )
    print(f"{load}; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}\n", flush=True)
    results = []
    for name in names:
        print(f"running {name} ...", flush=True)
        results.append(run_scenario(name, args))
    print()
    if args.burst:
        report_burst(results)
    else:
        report(results)
    if any(r.errors for r in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
