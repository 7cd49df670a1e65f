"""The glossary and the formulas read aloud, as a reader sees them in Chromium: a folded
"What is ...?" opens to the core's words, a heading's tooltip shows them on hover, and the
sentences under the lesson's formulas and step 7's cutoff are on screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from components.formula import LOG2_LABEL
from ndcg_core.teaching.glossary import term
from ndcg_core.teaching.lesson_readings import lesson_cutoff, lesson_kept
from ndcg_core.teaching.readings import log2_refresher
from ndcg_core.teaching.stories import load_story
from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser

STORY = load_story("pizza")


def test_the_discount_step_unfolds_its_definition_and_log2(
    page: Page, app_server: StreamlitServer
) -> None:
    page.goto(f"{app_server.url}/?step=3")
    discount = term("discount")
    expect(page.get_by_text(discount.definition)).to_be_hidden()  # folded away
    page.get_by_text(discount.question).click()
    expect(page.get_by_text(discount.definition)).to_be_visible()
    refresher = log2_refresher().text
    expect(page.get_by_text(refresher)).to_be_hidden()
    page.get_by_text(LOG2_LABEL).click()
    expect(page.get_by_text(refresher)).to_be_visible()
    page.get_by_placeholder("your guess").fill("0.5")
    page.get_by_role("button", name="Reveal").click()
    expect(page.get_by_text(lesson_kept(STORY, STORY.shown_order))).to_be_visible()


def test_step_7_says_what_leaves_the_sum(page: Page, app_server: StreamlitServer) -> None:
    page.goto(f"{app_server.url}/?step=7")
    page.get_by_text(f"B: nDCG@{STORY.cutoff_k}").click()
    page.get_by_role("button", name="Reveal").click()
    change = lesson_cutoff(STORY, STORY.shown_order)
    expect(page.get_by_text(change.leaves)).to_be_visible()
    expect(page.get_by_text(change.why)).to_be_visible()


def test_a_step_by_step_heading_shows_the_glossary_on_hover(
    page: Page, app_server: StreamlitServer
) -> None:
    page.goto(f"{app_server.url}/step_by_step")
    heading = page.get_by_test_id("stHeading").filter(has_text="1. Cumulative gain")
    tip = page.get_by_test_id("stTooltipContent")
    # A rerun as the page settles (the browser's first reports) redraws the heading and
    # closes a tooltip opened before it: wait for the app to be idle, and hover again if
    # the tooltip still closed under the pointer.
    page.wait_for_load_state("networkidle")
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
    for _ in range(3):
        page.mouse.move(0, 0)
        heading.get_by_test_id("stTooltipIcon").hover()
        try:
            expect(tip).to_be_visible(timeout=5_000)
            break
        except AssertionError:
            continue
    expect(tip).to_have_text(term("cg").tooltip)
