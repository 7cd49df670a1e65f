"""Each lesson page once in real Chromium, reached the way a person does: the sidebar."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ndcg_core import Convention, evaluate, format_real
from tests.browser.conftest import StreamlitServer, metric

pytestmark = pytest.mark.browser


def go_to(page: Page, title: str) -> None:
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=title).click()
    expect(page.get_by_role("heading", name=title, exact=True)).to_be_visible()


def test_the_list_follows_the_reader_through_every_lesson(
    page: Page, app_server: StreamlitServer
) -> None:
    page.goto(f"{app_server.url}/playground")
    box = page.get_by_role("textbox", name="Grades, top position first")
    box.fill("3, 2, 0, 0, 1")
    box.press("Control+Enter")
    expect(metric(page, "nDCG")).to_have_text("0.976")

    go_to(page, "Step by step")
    expect(page.get_by_text("Your list: 3, 2, 0, 0, 1")).to_be_visible()
    reveal = page.get_by_role("button", name="Reveal").last
    expect(reveal).to_be_enabled()
    reveal.click()
    expect(reveal).to_be_disabled()  # disabled once its answer shows
    expect(page.locator(".katex", has_text="0.976")).to_be_visible()
    expect(page).to_have_url(f"{app_server.url}/step_by_step?g=3%2C+2%2C+0%2C+0%2C+1")

    go_to(page, "Drawbacks")
    expect(page.get_by_test_id("stTable").last).to_contain_text("4.6706")
    stops_early = page.get_by_test_id("stMetricValue").nth(5)
    expect(stops_early).to_have_text("1")
    page.get_by_text("Fix part 2: the ideal from every relevant document").click()
    judged = evaluate([1, 1, 1], Convention(ideal="judged"), judged_grades=[1] * 5)
    expect(stops_early).to_have_text(format_real(judged.ndcg))

    go_to(page, "Conventions")
    expect(page.get_by_test_id("stTable").first).to_contain_text("0.976")


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[StreamlitServer]:
    server = StreamlitServer("app.py", tmp_path / "streamlit.log")
    yield server
    log = server.log()
    server.stop()
    assert "Traceback" not in log, log


def test_a_deep_link_to_a_lesson_works_on_a_fresh_server(
    page: Page, fresh_server: StreamlitServer
) -> None:
    # The very first request of this server is a deep link (a teacher's prepared link).
    page.goto(f"{fresh_server.url}/conventions?k=3")
    expect(page.get_by_role("heading", name="Conventions", exact=True)).to_be_visible()
    expect(page.get_by_test_id("stSidebar")).to_contain_text("Convention")
    expect(page.get_by_test_id("stException")).to_have_count(0)
    # The sidebar names the convention the link set (the page itself lists several).
    expect(page.get_by_test_id("stSidebar")).to_contain_text("nDCG@3, linear gain")
