"""Failover behind HAProxy, in real Chromium: the process serving a student dies mid-session.

The set-up is `make serve`'s (scripts/serve.py: two app processes behind deploy/haproxy.cfg).
A student types a list, sets a cutoff and moves to another page; the app writes that view to
the URL. Then the Streamlit process that holds the student's session is killed (SIGKILL, as
a crash or an out-of-memory kill would). Streamlit's frontend reconnects its websocket;
HAProxy sees the cookie's process down and sends the browser to the other one, which knows
nothing of the session and starts a new one.
"""

from __future__ import annotations

import os
import re
import signal
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, WebSocket, expect
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from ndcg_core import Convention, evaluate, format_real
from tests.browser.conftest import CARD_VALUES, VIEWPORT, Cluster, metric

pytestmark = pytest.mark.browser

TYPED = "5, 0, 3, 1"
CUTOFF_K = 3
NDCG_AT_K = format_real(evaluate([5, 0, 3, 1], Convention(cutoff_k=CUTOFF_K)).ndcg)
# A just-started process's first run, on a loaded 2-core CI machine, can take many seconds.
FIRST_RUN_MS = 60_000
VIEW_IN_URL = re.compile(r"/conventions\?(?=.*\bk=3\b)(?=.*\bg=5%2C(\+|%20)0%2C)")


def ndcg_metric(page: Page) -> Locator:
    return metric(page, f"nDCG@{CUTOFF_K}")


@pytest.fixture
def classmate(browser: Browser, haproxy_cluster: Cluster) -> Iterator[Page]:
    """Another student, on the Playground first: HAProxy sends the next browser to the other
    process, so both processes serve someone, as in a class."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        theirs = context.new_page()
        theirs.goto(f"{haproxy_cluster.url}/playground")
        expect(theirs.locator(CARD_VALUES).first).to_be_visible(timeout=FIRST_RUN_MS)
        yield theirs
    finally:
        context.close()


def open_a_view(page: Page, cluster: Cluster) -> None:
    """The Playground with a typed list and k = 3, then the Conventions page."""
    page.goto(f"{cluster.url}/playground")
    box = page.get_by_role("textbox", name="Grades, top position first")
    expect(box).to_be_visible(timeout=FIRST_RUN_MS)
    box.fill(TYPED)
    box.press("Control+Enter")
    cutoff = page.get_by_test_id("stSidebar").get_by_role("spinbutton", name="Cutoff k")
    cutoff.fill(str(CUTOFF_K))
    cutoff.press("Enter")
    expect(ndcg_metric(page)).to_have_text(NDCG_AT_K)
    page.get_by_test_id("stSidebar").get_by_role("link", name="Conventions").click()
    expect(page).to_have_url(VIEW_IN_URL)  # the run has written the view to the URL
    expect(page.get_by_test_id("stMain")).to_contain_text(TYPED)


def serving_process(page: Page, cluster: Cluster) -> str:
    """The backend this browser is stuck to: HAProxy's cookie names it."""
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies.get(cluster.cookie) in cluster.pids, cookies
    return cookies[cluster.cookie]


def kill_it_and_wait_for_the_other(page: Page, cluster: Cluster) -> str:
    """SIGKILL the process serving this browser; wait until HAProxy has moved the browser."""
    victim = serving_process(page, cluster)
    os.kill(cluster.pids[victim], signal.SIGKILL)
    deadline = time.monotonic() + 30  # the frontend retries with a backoff
    while serving_process(page, cluster) == victim and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    survivor = serving_process(page, cluster)
    assert survivor != victim, "the browser was not moved to the live process"
    return survivor


def count_finished_runs(page: Page) -> list[int]:
    """Collect the page runs that finish on websockets opened after this call (the
    reconnected ones): Streamlit's server ends each run with a script_finished message."""
    finished: list[int] = []

    def on_frame(payload: bytes | str) -> None:
        if not isinstance(payload, bytes):
            return
        if ForwardMsg.FromString(payload).WhichOneof("type") == "script_finished":
            finished.append(1)

    def on_websocket(socket: WebSocket) -> None:
        socket.on("framereceived", on_frame)

    page.on("websocket", on_websocket)
    return finished


def wait_for_a_run(page: Page, finished: list[int]) -> None:
    deadline = time.monotonic() + 30
    while not finished and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert finished, "the page did not rerun on the live process after reconnecting"


def expect_the_same_view(page: Page) -> None:
    """What the student left: the Conventions page with their list and k = 3, and on the
    Playground the same list and its nDCG@3 as the core computes it."""
    expect(page.get_by_role("heading", name="Conventions").first).to_be_visible()
    expect(page.get_by_test_id("stMain")).to_contain_text(TYPED)
    cutoff = page.get_by_test_id("stSidebar").get_by_role("spinbutton", name="Cutoff k")
    expect(cutoff).to_have_value(str(CUTOFF_K))
    page.get_by_test_id("stSidebar").get_by_role("link", name="Playground").click()
    expect(ndcg_metric(page)).to_have_text(NDCG_AT_K)
    box = page.get_by_role("textbox", name="Grades, top position first")
    expect(box).to_have_value(TYPED)


def the_other_process(page: Page, classmate: Page, cluster: Cluster) -> None:
    assert serving_process(page, cluster) != serving_process(classmate, cluster)


def no_traceback(cluster: Cluster, survivor: str) -> None:
    log = (cluster.log_dir / f"streamlit_{survivor}.log").read_text(encoding="utf-8")
    assert "Traceback" not in log, log


def test_after_its_process_dies_a_reload_shows_the_same_view(
    page: Page, classmate: Page, haproxy_cluster: Cluster
) -> None:
    open_a_view(page, haproxy_cluster)
    the_other_process(page, classmate, haproxy_cluster)
    survivor = kill_it_and_wait_for_the_other(page, haproxy_cluster)
    page.reload()  # a new session on the live process reads the view from the URL
    expect(page).to_have_url(VIEW_IN_URL)
    expect_the_same_view(page)
    assert serving_process(page, haproxy_cluster) == survivor
    no_traceback(haproxy_cluster, survivor)


def test_after_its_process_dies_the_page_goes_on_with_the_same_view(
    page: Page, classmate: Page, haproxy_cluster: Cluster
) -> None:
    open_a_view(page, haproxy_cluster)
    the_other_process(page, classmate, haproxy_cluster)
    finished = count_finished_runs(page)
    survivor = kill_it_and_wait_for_the_other(page, haproxy_cluster)
    # No reload: the student just carries on once the page has rerun.
    wait_for_a_run(page, finished)
    expect_the_same_view(page)
    assert serving_process(page, haproxy_cluster) == survivor
    no_traceback(haproxy_cluster, survivor)
