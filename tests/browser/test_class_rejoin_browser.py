"""One browser is one student, in real Chromium: tabs of one browser on the join link are the
same student, and the teacher counts one; another browser is another student. The cookie
that carries this holds only a random name, never the student's token."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from playwright.sync_api import Browser, BrowserContext, Page, expect

from classroom import codes, db
from components.browser_id import COOKIE, MAX_AGE_SECONDS, NAME_PATTERN
from ndcg_core import format_real
from tests.browser.conftest import VIEWPORT, Cluster, StreamlitServer
from tests.browser.test_class_browser import (
    EXERCISE,
    RIGHT,
    metric,
    new_page,
    open_question,
    start_room,
    start_room_at,
)

pytestmark = pytest.mark.browser
FORGED = "203.0.113.66"  # what a client might claim in X-Forwarded-For


def open_link(page: Page, link: str) -> None:
    page.goto(link)
    expect(page.get_by_role("button", name="Join", exact=True)).to_be_visible()
    # The page's component has run: the browser holds its name (the next tab shares it).
    page.wait_for_function(f"document.cookie.includes('{COOKIE}=')")


def test_tabs_of_one_browser_are_one_student_and_another_browser_is_another(
    browser: Browser, class_server: StreamlitServer, contexts: list[BrowserContext]
) -> None:
    teacher = new_page(browser, contexts, VIEWPORT)
    code, link = start_room(teacher, class_server)
    open_question(teacher)

    first = new_page(browser, contexts, VIEWPORT)
    tabs = [first, first.context.new_page(), first.context.new_page()]
    for tab in tabs:
        open_link(tab, link)
    tabs[0].get_by_role("textbox", name="Nickname (optional)").fill("Ada")
    tabs[0].get_by_role("button", name="Join", exact=True).click()
    expect(tabs[0].get_by_text(f"You are student 1 (Ada) in class {code}.")).to_be_visible()
    # The other tabs, open since before the join: Join gives back the same student.
    for tab in tabs[1:]:
        tab.get_by_role("button", name="Join", exact=True).click()
        expect(tab.get_by_text(f"You are student 1 (Ada) in class {code}.")).to_be_visible()
    # A tab opened now, on the bare join link: the student at once, no Join to press.
    later = first.context.new_page()
    later.goto(link)
    expect(later.get_by_text(f"You are student 1 (Ada) in class {code}.")).to_be_visible()
    expect(later.get_by_role("button", name="Join", exact=True)).to_have_count(0)

    box = tabs[0].get_by_role("textbox", name=f"Your answer: {EXERCISE.convention.label}")
    box.fill(format_real(RIGHT, 2))
    box.press("Tab")
    tabs[0].get_by_role("button", name="Send answer").click()
    expect(tabs[0].get_by_text("Answer received")).to_be_visible()
    # A new tab on the bare link after answering: the one answer, no second box to fill.
    last = first.context.new_page()
    last.goto(link)
    expect(last.get_by_text(f"You are student 1 (Ada) in class {code}.")).to_be_visible()
    expect(last.get_by_text(f"Answer received: {format_real(RIGHT, 2)}.")).to_be_visible()
    expect(last.get_by_role("button", name="Send answer")).to_have_count(0)
    tabs.append(last)
    expect(metric(teacher, "Answers")).to_have_text("1")

    # Another browser is another student.
    other = new_page(browser, contexts, VIEWPORT)
    open_link(other, link)
    other.get_by_role("button", name="Join", exact=True).click()
    expect(other.get_by_text(f"You are student 2 in class {code}.")).to_be_visible()

    # The cookie: a random name, for the whole site, strict, for a day; no token in it.
    (cookie,) = [c for c in first.context.cookies() if c["name"] == COOKIE]
    assert NAME_PATTERN.fullmatch(cookie["value"])
    assert (cookie["path"], cookie["sameSite"]) == ("/", "Strict")
    assert abs(cookie["expires"] - (time.time() + MAX_AGE_SECONDS)) < 600
    (other_cookie,) = [c for c in other.context.cookies() if c["name"] == COOKIE]
    assert other_cookie["value"] != cookie["value"]
    for tab in [*tabs, later]:  # never drawn, never in the address
        assert cookie["value"] not in tab.content()
        assert cookie["value"] not in tab.url


# --------------------------------------------------------------------------- the address


def joins_counted(url: str) -> list[str]:
    """The names (hashes) the join limit counted, read straight from the database."""
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:
            return list(connection.execute(sa.select(db.joins_made.c.client_hash)).scalars())
    finally:
        engine.dispose()


@pytest.fixture
def class_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An SQLite class database for the processes scripts/serve.py starts (asked for before
    haproxy_cluster, so they inherit it)."""
    data = tmp_path / "class-data"
    data.mkdir()
    monkeypatch.setenv("NDCG_LAB_DATA_DIR", str(data))
    monkeypatch.delenv("NDCG_LAB_DATABASE_URL", raising=False)
    return data


def join_with_forged_address(page: Page, link: str) -> None:
    page.context.set_extra_http_headers({"X-Forwarded-For": FORGED})
    open_link(page, link)
    page.get_by_role("button", name="Join", exact=True).click()
    expect(page.get_by_text(re.compile(r"You are student \d+ in class"))).to_be_visible()


def test_behind_haproxy_a_forged_forwarded_address_is_not_counted(
    browser: Browser,
    class_data_dir: Path,
    haproxy_cluster: Cluster,
    contexts: list[BrowserContext],
) -> None:
    teacher = new_page(browser, contexts, VIEWPORT)
    teacher.set_default_timeout(60_000)  # a just-started process's first run is slow
    _, link = start_room_at(teacher, haproxy_cluster.url)
    join_with_forged_address(new_page(browser, contexts, VIEWPORT), link)
    counted = joins_counted(f"sqlite:///{class_data_dir / 'class.db'}")
    # HAProxy replaced the header with the address it saw, this machine's loopback, which
    # Streamlit reports as no address: the browser's name alone is counted, never the forged
    # address (a client could otherwise pick the address it is counted under, or lock out a
    # school by naming its address).
    assert len(counted) == 1
    assert codes.address_hash(FORGED) not in counted
