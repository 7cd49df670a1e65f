"""The longest link the app makes opens on a fresh server, even from a tab full of cookies."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from ndcg_core import evaluate, format_real, parse_grades
from ndcg_core.links.length import LINK_LIMIT_NOTE, MAX_LINK_CHARS, MAX_QUERY_CHARS, query_length
from tests.browser.conftest import CARD_VALUES, StreamlitServer

pytestmark = pytest.mark.browser


def longest_list() -> str:
    """The longest list of this shape whose link the app still makes with the list in it."""
    grades = ["0"]
    while query_length({"g": ", ".join([*grades, "1"])}) <= MAX_QUERY_CHARS:
        grades.append("1")
    return ", ".join(grades)


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[StreamlitServer]:
    server = StreamlitServer("app.py", tmp_path / "streamlit.log")
    yield server
    log = server.log()
    server.stop()
    assert "Traceback" not in log, log


def type_grades(page: Page, text: str) -> None:
    box = page.get_by_role("textbox", name="Grades, top position first")
    box.fill(text)
    box.press("Control+Enter")


def test_the_longest_link_the_app_makes_opens_on_a_fresh_server(
    page: Page, app_server: StreamlitServer, fresh_server: StreamlitServer, browser: Browser
) -> None:
    text = longest_list()
    expected = format_real(evaluate(parse_grades(text).grades).ndcg)
    page.goto(f"{app_server.url}/playground")  # the lesson is the default page
    type_grades(page, text)
    ndcg = page.locator(CARD_VALUES).nth(3)
    expect(ndcg).to_have_text(expected)
    expect(page).to_have_url(re.compile(r"g=0%2C\+1"))
    assert query_length({"g": text}) > MAX_QUERY_CHARS - 10  # as long as the app lets it be

    page.get_by_role("button", name="Share or present").click()
    expect(page.get_by_text(LINK_LIMIT_NOTE)).to_be_visible()
    page.get_by_role("button", name="Copy embed link").click()  # the longest of the three
    link = page.locator(".sh-url").input_value()
    assert "mode=embed" in link
    assert len(link) <= MAX_LINK_CHARS

    # A reused tab sends its cookies with the link: here one of the largest a browser keeps.
    # (Three such cookies stop the app's websocket whatever the link: not the link's doing.)
    fresh = urlsplit(fresh_server.url)
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    cookie = {"name": "big", "value": "x" * 4_000, "domain": fresh.hostname, "path": "/"}
    context.add_cookies([cookie])  # type: ignore[list-item]
    reader = context.new_page()
    response = reader.goto(fresh_server.url + link[len(app_server.url) :])
    assert response is not None
    assert response.status == 200, response.status
    # A fresh server compiles every module on its first run: allow it the time.
    expect(reader.locator(CARD_VALUES).nth(3)).to_have_text(expected, timeout=60_000)
    expect(reader).to_have_url(re.compile(r"g=0%2C\+1"))  # the embedded view keeps its list
    expect(reader.get_by_test_id("stException")).to_have_count(0)
    context.close()


def test_a_list_too_long_for_a_link_is_left_out_and_the_share_menu_says_so(
    page: Page, app_server: StreamlitServer
) -> None:
    page.goto(f"{app_server.url}/playground")  # the lesson is the default page
    text = longest_list() + ", 1"
    type_grades(page, text)
    expected = format_real(evaluate(parse_grades(text).grades).ndcg)
    expect(page.locator(CARD_VALUES).nth(3)).to_have_text(expected)
    page.get_by_role("button", name="Share or present").click()
    expect(page.get_by_text("This link leaves out the list of grades")).to_be_visible()
    assert "g=" not in page.url
