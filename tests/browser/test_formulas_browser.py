"""Formulas fit a phone's screen: a long sum breaks into lines, its result stays in view."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from ndcg_core.teaching.lesson_steps import step_dcg
from ndcg_core.teaching.stories import load_story
from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# Each formula's box against the screen: its right edge, and the screen's width.
EDGES = """() => [...document.querySelectorAll('.katex')].map(e => ({
  text: e.textContent, right: e.getBoundingClientRect().right, screen: window.innerWidth }))"""


def test_the_lessons_dcg_sum_breaks_into_lines_on_a_phone(
    browser: Browser, app_server: StreamlitServer
) -> None:
    story = load_story("pizza")
    result = step_dcg(story, story.shown_order).formula.filled.rsplit("= ", 1)[1]
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{app_server.url}/?step=4")
    page.get_by_text("A: the search engine's order").click()
    page.get_by_role("button", name="Reveal").click()
    total = page.locator(".katex", has_text=result)
    expect(total).to_be_visible()
    total.scroll_into_view_if_needed()
    edges = page.evaluate(EDGES)
    assert edges, "no formula on the page"
    for edge in edges:  # (st.latex's one line ran to 560 px, its result off-screen)
        assert edge["right"] <= edge["screen"], edge
    box = total.bounding_box()
    assert box is not None
    assert box["height"] > 60  # two lines or more
    context.close()
