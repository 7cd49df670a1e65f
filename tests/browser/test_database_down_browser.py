"""The class database goes away mid-question and comes back: the pages say so where they
stand, keep the teacher's key, the student's token and what the student typed, offer a retry
that keeps them (never "start again"), and recover by themselves when it answers again.

A real outage: the app runs on its own throwaway PostgreSQL cluster, stopped (a fast
shutdown, cutting every connection) and started again (scripts/pg_throwaway.outage).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from classroom.records import DATABASE_DOWN
from ndcg_core.links.secret_params import STUDENT_TOKEN_PARAM, TEACHER_KEY_PARAM
from scripts.pg_throwaway import outage, throwaway_postgres
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

pytestmark = pytest.mark.browser

WAIT_MS = 60_000  # a few retry ticks on a loaded 2-core machine


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    with throwaway_postgres() as url:
        yield url


@pytest.fixture(scope="module")
def server(database: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    folder = tmp_path_factory.mktemp("down")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NDCG_LAB_DATA_DIR", str(folder))
        patch.setenv("NDCG_LAB_DATABASE_URL", database)
        started = StreamlitServer("app.py", Path(folder) / "streamlit.log")
    yield started
    log = started.log()
    started.stop()
    assert "Traceback" not in log, f"the server logged an exception:\n{log}"


def _down_note(page: Page):
    return page.get_by_text(DATABASE_DOWN).first


def test_a_database_outage_keeps_every_page_and_recovers_by_itself(
    browser: Browser,
    contexts: list[BrowserContext],
    database: str,
    server: StreamlitServer,
) -> None:
    teacher = new_page(browser, contexts, VIEWPORT)
    code, link = start_room_at(teacher, server.url)
    open_question(teacher)
    student = new_page(browser, contexts, PHONE)
    join_by_link(student, link, "kim")
    typed = f"{RIGHT:.2f}"
    answer_box(student).fill(typed)
    answer_box(student).press("Tab")  # typed, applied, not sent
    teacher_address, student_address = teacher.url, student.url
    assert TEACHER_KEY_PARAM in teacher_address
    assert STUDENT_TOKEN_PARAM in student_address

    with outage(database):
        # The live parts notice by themselves and say so; the rest of each page stays.
        expect(_down_note(teacher)).to_be_visible(timeout=WAIT_MS)
        expect(_down_note(student)).to_be_visible(timeout=WAIT_MS)
        expect(teacher.get_by_role("heading", name="Question 1: answers open")).to_be_visible()
        expect(answer_box(student)).to_have_value(typed)
        # A reload while it is down: a retry that keeps the key, and no way to start over.
        teacher.reload()
        expect(teacher.get_by_role("button", name="Try again now")).to_be_visible(timeout=WAIT_MS)
        expect(teacher.get_by_role("button", name="Start a class session")).to_have_count(0)
        expect(teacher.get_by_role("button", name="Start a new session")).to_have_count(0)
        assert teacher.url == teacher_address
        teacher.get_by_role("button", name="Try again now").click()
        expect(teacher.get_by_role("button", name="Try again now")).to_be_visible(timeout=WAIT_MS)
        expect(student.get_by_role("button", name="Join a class")).to_have_count(0)
        assert student.url == student_address

    # Back: nobody clicks; both pages come back by themselves.
    expect(teacher.get_by_role("heading", name="Question 1: answers open")).to_be_visible(
        timeout=WAIT_MS
    )
    expect(_down_note(student)).to_have_count(0, timeout=WAIT_MS)
    expect(answer_box(student)).to_have_value(typed)
    student.get_by_role("button", name="Send answer").click()
    expect(student.get_by_text("Answer received")).to_be_visible(timeout=WAIT_MS)
    expect(metric(teacher, "Answers")).to_have_text("1", timeout=WAIT_MS)
    assert re.search(code, teacher.get_by_text("Join code").first.inner_text())
