"""A real `streamlit run` server on a free loopback port, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Download,
    Locator,
    Page,
    WebSocketRoute,
    expect,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from components.screen import COOKIE
from scripts.serve import child_command

ROOT = Path(__file__).resolve().parents[2]
VIEWPORT = {"width": 1366, "height": 768}
# A loaded 2-core CI machine runs the server, Chromium and pytest at once: give expect() room.
expect.set_options(timeout=15_000)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class StreamlitServer:
    """`streamlit run <script>` in its own process; stopped by that process's own id."""

    def __init__(self, script: str, log_path: Path, *options: str, port: int = 0) -> None:
        self.port = port or free_port()  # a given port: the same server, started again
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self._log = log_path.open("a", encoding="utf-8")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                script,
                "--server.port",
                str(self.port),
                "--server.address",
                "127.0.0.1",
                "--server.headless",
                "true",
                "--browser.gatherUsageStats",
                "false",
                "--server.fileWatcherType",
                "none",
                *options,  # more settings, e.g. "--server.maxUploadSize", "1"
            ],
            cwd=ROOT,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.pid = self.process.pid
        self._wait_until_healthy()

    def _wait_until_healthy(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"streamlit exited early:\n{self.log()}")
            try:
                with urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=2) as reply:
                    if reply.read().strip() == b"ok":
                        return
            except OSError:
                time.sleep(0.2)
        self.stop()
        pytest.fail(f"streamlit did not answer on {self.url} within {timeout:.0f} s")

    def log(self) -> str:
        self._log.flush()
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            os.kill(self.pid, 15)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.kill(self.pid, 9)
                self.process.wait(timeout=5)
        self._log.close()


@pytest.fixture(scope="session")
def app_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    server = StreamlitServer("asgi.py", tmp_path_factory.mktemp("server") / "streamlit.log")
    yield server
    log = server.log()
    server.stop()
    assert "Traceback" not in log, f"the server logged an exception:\n{log}"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=VIEWPORT)
    opened = context.new_page()
    opened.set_default_timeout(20_000)
    yield opened
    context.close()


def drag_item(
    page: Page,
    source: Locator,
    target: Locator,
    expected: list[str],
    items: str = "li.lv-item, li.sl-item",
) -> None:
    """Drag like a person: press, nudge past SortableJS's threshold, glide onto the target's
    far side, and hold there (small moves) until the list shows `expected`, then release.

    SortableJS animates each swap and ignores the pointer while it does, so a glide that is
    faster than a hand needs those extra moves; the loop is bounded. ``items`` selects the
    list's items (by default the live view's or the drag list's, whichever the page has).
    """
    source.scroll_into_view_if_needed()  # a hand drags what it sees
    start = source.bounding_box()
    end = target.bounding_box()
    assert start is not None
    assert end is not None
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    ahead = end["x"] > start["x"] or end["y"] > start["y"] + start["height"] / 2
    x1 = end["x"] + end["width"] * (0.8 if ahead else 0.2)
    y1 = end["y"] + end["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 4, steps=4)
    page.mouse.move(x1, y1, steps=20)
    for attempt in range(60):
        if list_order(page, items) == expected:
            break
        page.mouse.move(x1 + (attempt % 2) * 2 - 1, y1, steps=2)
    page.mouse.up()


def list_order(page: Page, items: str = "li.lv-item, li.sl-item") -> list[str]:
    """The drag list's document ids, top to bottom, as the page shows them now."""
    ids: list[str] = page.locator(items).evaluate_all("items => items.map(i => i.dataset.id)")
    return ids


def click_download(page: Page, button: str, *, timeout_ms: float = 30_000) -> Download:
    """Click the download button named ``button`` and return its download; if none starts,
    fail with what Streamlit wrote under the button (a file made on click that failed)."""
    try:
        with page.expect_download(timeout=timeout_ms) as caught:
            page.get_by_role("button", name=button).click()
    except PlaywrightTimeoutError:
        said = page.get_by_test_id("stDownloadButtonError").all_inner_texts()
        msg = f"no download started from {button!r}; under the buttons: {said or 'nothing'}"
        raise AssertionError(msg) from None
    return caught.value


class HeldStream:
    """The page's websocket to the server, through Playwright: while ``held``, what the page
    sends waits here (the server hears of no drop and runs nothing); :meth:`release` sends it.
    While ``deaf``, what the server sends waits here instead (the page still shows the last
    run's elements while the server runs on); :meth:`hear` hands it over."""

    def __init__(self, page: Page) -> None:
        self.held = False
        self.deaf = False
        self.waiting: list[str | bytes] = []
        self.unheard: list[str | bytes] = []
        self.server: WebSocketRoute | None = None
        self.page: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/_stcore/stream$"), self._route)

    def _route(self, socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        self.server = server
        self.page = socket

        def from_page(message: str | bytes) -> None:
            if self.held:
                self.waiting.append(message)
            else:
                server.send(message)

        def from_server(message: str | bytes) -> None:
            if self.deaf:
                self.unheard.append(message)
            else:
                socket.send(message)

        socket.on_message(from_page)
        server.on_message(from_server)

    def release(self) -> None:
        assert self.server is not None
        self.held = False
        _send_all(self.server, self.waiting)

    def runs_unheard(self) -> int:
        """How many runs the server finished while the page was deaf (one cut short for another
        is not one)."""
        finished = 0
        for message in self.unheard:
            if isinstance(message, bytes):
                forward = ForwardMsg()
                forward.ParseFromString(message)
                finished += (
                    forward.WhichOneof("type") == "script_finished"
                    and forward.script_finished != ForwardMsg.FINISHED_EARLY_FOR_RERUN
                )
        return finished

    def wait_for_runs_unheard(self, page: Page, count: int, *, limit_ms: int = 20_000) -> None:
        """Wait (on the page's clock, so Playwright keeps routing) until the server has
        finished ``count`` runs the page has not heard of."""
        for _ in range(limit_ms // 50):
            if self.runs_unheard() >= count:
                return
            page.wait_for_timeout(50)
        msg = f"the server finished {self.runs_unheard()} of {count} runs in {limit_ms} ms"
        raise AssertionError(msg)

    def hear(self) -> None:
        assert self.page is not None
        self.deaf = False
        _send_all(self.page, self.unheard)


def _send_all(route: WebSocketRoute, messages: list[str | bytes]) -> None:
    """Send what waited, in order, and forget it."""
    for message in messages:
        route.send(message)
    messages.clear()


# --------------------------------------------------------------------------- behind HAProxy


@dataclass
class Cluster:
    """scripts/serve.py's set-up as its ready line describes it: HAProxy's URL, the stickiness
    cookie's name, and each Streamlit process's name (the cookie value that routes to it)."""

    url: str
    cookie: str
    pids: dict[str, int]  # backend name -> pid
    log_dir: Path


@pytest.fixture
def haproxy_cluster(tmp_path: Path) -> Iterator[Cluster]:
    """Two app processes behind HAProxy, started by scripts/serve.py as `make serve` starts
    them (its children die with it); stopped by its pid, which stops the rest by theirs."""
    if shutil.which("haproxy") is None:
        pytest.fail("haproxy is missing: scripts/ensure_haproxy.sh installs it (make test runs it)")
    command = child_command(
        sys.executable, "scripts/serve.py", "--port", "0", "--log-dir", str(tmp_path)
    )
    serve = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert serve.stdout is not None
        ready = next((json.loads(line) for line in serve.stdout if line.startswith("{")), None)
        if ready is None:
            pytest.fail(f"scripts/serve.py exited ({serve.wait()}) before it was ready")
        pids = {backend["name"]: backend["pid"] for backend in ready["backends"]}
        yield Cluster(ready["url"], ready["cookie"], pids, tmp_path)
    finally:
        if serve.poll() is None:
            os.kill(serve.pid, signal.SIGTERM)
        serve.wait(timeout=60)
        if serve.stdout is not None:
            serve.stdout.close()


# --------------------------------------------------------------------------- class mode


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    """The app on its own SQLite class database in a temporary folder."""
    data = tmp_path_factory.mktemp("class-data")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NDCG_LAB_DATA_DIR", str(data))
        patch.delenv("NDCG_LAB_DATABASE_URL", raising=False)
        server = StreamlitServer("app.py", Path(data) / "streamlit.log")
    yield server
    log = server.log()
    server.stop()
    assert "Traceback" not in log, f"the server logged an exception:\n{log}"


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Browser contexts a test opens (a teacher, students); all closed after it."""
    opened: list[BrowserContext] = []
    yield opened
    for context in opened:
        context.close()


def settled(page: Page) -> None:
    """Wait for the page's heading and for the app to stop running (a width report reruns it)."""
    expect(page.locator('[data-testid="stMainBlockContainer"] h2').first).to_be_visible()
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)


# Whether the cookie holds this page's width as screen.js measures it (content, window).
WIDTH_KEPT = f"""() => {{
  const main = document.querySelector('[data-testid="stMainBlockContainer"]');
  const kept = document.cookie.match(/{COOKIE}=(\\d+)x(\\d+)/);
  if (!main || !kept) return false;
  const style = getComputedStyle(main);
  const content = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return Math.abs(Number(kept[1]) - content) < 24
    && Number(kept[2]) === Math.floor(window.innerWidth / 8) * 8;
}}"""


def visit_at_known_width(page: Page, url: str) -> None:
    """Open ``url`` at a width the server already knows: a first visit at a new width reports
    it (a rerun, which could race a click) and keeps it in a cookie; the second starts at it."""
    page.goto(url)
    settled(page)
    page.wait_for_function(WIDTH_KEPT)
    page.goto(url)
    settled(page)


# The Playground's list, cards and table are the live view's (components/live_view.py, in a
# shadow root: locators only) up to WHOLE_LIST_UP_TO documents, Streamlit's beyond it and in
# compare mode; these helpers read whichever the page shows.
# A JavaScript function: the first element under ``root`` (shadow roots included: the
# components' own) that matches ``selector``, is drawn, and passes ``accept``; else null.
DEEP_FIND = """(root, selector, accept = () => true) => {
  const find = (scope) => {
    for (const element of scope.querySelectorAll(selector)) {
      if (element.getClientRects().length && accept(element)) return element;
    }
    for (const host of scope.querySelectorAll("*")) {
      const found = host.shadowRoot && find(host.shadowRoot);
      if (found) return found;
    }
    return null;
  };
  return find(root);
}"""
CHIPS = "li.lv-item, li.sl-item"
CARD_VALUES = ".lv-card-value, [data-testid='stMetricValue']"  # in the order drawn


def metric(page: Page, label: str) -> Locator:
    live = page.locator(".lv-card").filter(
        has=page.locator(".lv-card-label").get_by_text(label, exact=True)
    )
    box = page.get_by_test_id("stMetric").filter(
        has=page.get_by_test_id("stMetricLabel").get_by_text(label, exact=True)
    )
    return live.locator(".lv-card-value").or_(box.get_by_test_id("stMetricValue"))


def position_table(page: Page) -> Locator:
    """The per-position table (the live view's, or the first ``st.table``)."""
    return page.locator("table.lv-table").or_(page.get_by_test_id("stTable").locator("table")).first


# Your run's uploaders, by the label a person reads.
QRELS, RUN_A, RUN_B = "Judgements (qrels)", "Run A", "Run B (optional, to compare)"


def uploader(page: Page, label: str) -> Locator:
    """The file input of the uploader labelled ``label`` that the page shows.

    Once a file is read, a fresh uploader takes its place (components/run_uploads.py), and
    until that run ends Streamlit keeps the spent one mounted, hidden. Counted by position,
    ``nth(1)`` was then the hidden qrels uploader, not Run A: the file went where the page
    no longer reads (about 1 upload in 10 under load, and 3 in 50 here).
    """
    box = (
        page.get_by_test_id("stFileUploader")
        .filter(visible=True)
        .filter(has=page.get_by_text(label, exact=True))
    )
    return box.locator("input[type=file]")
