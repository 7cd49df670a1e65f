"""A server restarted mid-question: the teacher's page and three students' pages come back by
themselves, from what their addresses hold, with an answer a student had typed but not sent.

The server is killed (SIGKILL, as a crash or an OOM kill would) and started again on the same
port and data folder (SQLite). Nobody reloads: the pages reconnect by themselves.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.browser.conftest import VIEWPORT, StreamlitServer
from tests.browser.test_class_browser import (
    PHONE,
    RIGHT,
    answer_box,
    join_by_link,
    metric,
    new_page,
    open_question,
    start_room_at,
)
from tests.browser.test_failover_browser import count_finished_runs, wait_for_a_run

pytestmark = pytest.mark.browser

# Long enough for a reconnecting page to rerun on a loaded 2-core machine.
RECOVERY_MS = 60_000


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NDCG_LAB_DATA_DIR", str(tmp_path))
        patch.delenv("NDCG_LAB_DATABASE_URL", raising=False)
        yield tmp_path


def _kill(server: StreamlitServer) -> None:
    os.kill(server.pid, signal.SIGKILL)
    server.process.wait(timeout=15)
    server.stop()  # closes its log; the process is gone already


def test_a_restart_mid_question_recovers_every_open_page_by_itself(
    browser: Browser,
    contexts: list[BrowserContext],
    data_dir: Path,
) -> None:
    log = data_dir / "streamlit.log"
    server = StreamlitServer("app.py", log)
    try:
        teacher = new_page(browser, contexts, VIEWPORT)
        code, link = start_room_at(teacher, server.url)
        open_question(teacher)
        students = [new_page(browser, contexts, PHONE if i == 0 else VIEWPORT) for i in range(3)]
        for number, student in enumerate(students, start=1):
            join_by_link(student, link, f"s{number}")
            expect(answer_box(student)).to_be_visible()
        typed = f"{RIGHT:.2f}"
        answer_box(students[0]).fill(typed)  # typed, not sent

        # Until a page has rerun on the new server it shows what the old one drew: wait
        # for each page's first finished run on its reconnected websocket.
        finished = {page: count_finished_runs(page) for page in (teacher, *students)}
        _kill(server)
        server = StreamlitServer("app.py", log, port=server.port)
        for page, runs in finished.items():
            wait_for_a_run(page, runs)

        expect(teacher.get_by_role("heading", name="Question 1: answers open")).to_be_visible(
            timeout=RECOVERY_MS
        )
        assert code in teacher.get_by_text("Join code").first.inner_text()
        expect(teacher.get_by_role("button", name="Start a class session")).to_have_count(0)
        for number, student in enumerate(students, start=1):
            expect(student.get_by_text(f"(s{number}) in class {code}")).to_be_visible(
                timeout=RECOVERY_MS
            )
            expect(answer_box(student)).to_be_visible()
        expect(answer_box(students[0])).to_have_value(typed)  # nothing typed is lost
        answer_box(students[0]).press("Tab")  # as tests/browser/test_class_browser.answer
        students[0].get_by_role("button", name="Send answer").click()
        expect(students[0].get_by_text("Answer received")).to_be_visible()
        expect(metric(teacher, "Answers")).to_have_text("1", timeout=RECOVERY_MS)
    finally:
        if server.process.poll() is None:
            server.stop()
    assert "Traceback" not in log.read_text(encoding="utf-8")
