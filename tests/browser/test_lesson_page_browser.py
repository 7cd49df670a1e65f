"""The guided lesson in Chromium: walked start to finish by keyboard and by mouse, axe-clean.

Expected numbers and messages come from ndcg_core.teaching.lesson_steps on the shipped story.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from ndcg_core import format_real
from ndcg_core.teaching.card_order import moved_card, swapped
from ndcg_core.teaching.lesson_feedback import number_feedback, ranking_feedback
from ndcg_core.teaching.lesson_plan import STEP_TITLES
from ndcg_core.teaching.lesson_recap import playground_text
from ndcg_core.teaching.lesson_steps import (
    step_cg,
    step_cutoff,
    step_dcg,
    step_discount,
    step_drawback,
    step_ideal,
    step_ndcg,
)
from ndcg_core.teaching.stories import load_story
from ndcg_core.text.titles import titles_to_param
from tests.browser.conftest import VIEWPORT, StreamlitServer, drag_item, list_order
from tests.browser.test_classroom_browser import AXE, serious_violations

pytestmark = pytest.mark.browser

STORY = load_story("pizza")
SHOWN = STORY.shown_order


def heading(page: Page, step: int) -> Locator:
    return page.get_by_role("heading", name=f"{step}. {STEP_TITLES[step - 1]}")


def tab_to(page: Page, target: Locator, limit: int = 150) -> None:
    """Press Tab until ``target`` has the focus, as a keyboard user would."""
    for _ in range(limit):
        if target.evaluate("element => element.matches(':focus')"):  # in a shadow root too
            return
        page.keyboard.press("Tab")
    pytest.fail(f"{target} never took the focus after {limit} presses of Tab")


def metric_value(page: Page, label: str) -> Locator:
    """The number card labelled ``label``: step 4's is its live view's, above the list."""
    live = page.locator(".lv-card").filter(has_text=label).locator(".lv-card-value")
    box = page.get_by_test_id("stMetric").filter(has_text=label).get_by_test_id("stMetricValue")
    return live.or_(box)


def settled(page: Page) -> None:
    page.wait_for_load_state("networkidle")
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)


def test_the_lesson_walked_by_keyboard(page: Page, app_server: StreamlitServer) -> None:
    page.goto(app_server.url)
    expect(heading(page, 1)).to_be_visible()
    next_button = page.get_by_role("button", name="Next")
    reveal = page.get_by_role("button", name="Reveal")
    guess = page.get_by_placeholder("your guess")

    def press(target: Locator, key: str = "Enter") -> None:
        tab_to(page, target)
        page.keyboard.press(key)

    def guess_and_reveal(typed: str) -> None:
        tab_to(page, guess)
        page.keyboard.type(typed)
        press(reveal)

    def choose(option: int) -> None:
        """The first option of the radio group takes the focus; arrows move the choice."""
        tab_to(page, page.get_by_role("radio").first)
        page.keyboard.press("Space")
        for _ in range(option):
            page.keyboard.press("ArrowDown")
        press(reveal)

    press(next_button)
    expect(heading(page, 2)).to_be_visible()
    guess_and_reveal("11")
    cg = step_cg(STORY, SHOWN, SHOWN).cg
    expect(page.get_by_text(number_feedback(11, cg).message)).to_be_visible()
    press(page.get_by_role("button", name="Shuffle the results"), "Space")
    expect(page.get_by_text("Still the same.")).to_be_visible()

    press(next_button)
    expect(heading(page, 3)).to_be_visible()
    guess_and_reveal("0.6")
    kept = step_discount(STORY, SHOWN).rows[2].kept
    expect(page.get_by_text(number_feedback(0.6, kept).message)).to_be_visible()

    press(next_button)
    expect(heading(page, 4)).to_be_visible()
    choose(1)  # B
    dcg = float(step_dcg(STORY, SHOWN).formula.result)
    dcg_b = float(step_dcg(STORY, swapped(SHOWN, 2, 3)).formula.result)
    expect(
        page.get_by_text(ranking_feedback("B", dcg, dcg_b, measure="DCG").message)
    ).to_be_visible()
    # The drag list's own keyboard move: focus the recipe blog, Alt+ArrowUp.
    tab_to(page, page.locator("li.lv-item[data-id='dough-recipe']"))
    page.keyboard.press("Alt+ArrowUp")
    order = moved_card(SHOWN, "dough-recipe", -1)
    expect(metric_value(page, "DCG of your order")).to_have_text(
        format_real(step_dcg(STORY, order).formula.result)
    )

    press(next_button)
    expect(heading(page, 5)).to_be_visible()
    press(page.get_by_role("switch", name="Sort the results best first"), "Space")
    ideal = step_ideal(STORY, order).formula.result
    expect(metric_value(page, "IDCG")).to_have_text(format_real(ideal))

    press(next_button)
    expect(heading(page, 6)).to_be_visible()
    guess_and_reveal("0.9")
    ndcg = step_ndcg(STORY, order).ndcg
    expect(page.get_by_text(number_feedback(0.9, ndcg).message)).to_be_visible()

    press(next_button)
    expect(heading(page, 7)).to_be_visible()
    choose(0)  # A
    at_k = float(step_cutoff(STORY, order).ndcg.result)
    expect(page.get_by_text(ranking_feedback("A", ndcg, at_k).message)).to_be_visible()

    press(next_button)
    expect(heading(page, 8)).to_be_visible()
    choose(2)  # the same
    teaser = step_drawback(STORY)
    message = ranking_feedback("same", teaser.ndcg_short, teaser.ndcg_long).message
    expect(page.get_by_text(message)).to_be_visible()

    press(next_button)
    expect(heading(page, 9)).to_be_visible()
    press(page.get_by_role("button", name="Open the Playground with this list"))
    expect(page.get_by_role("heading", name="Playground")).to_be_visible()
    titles = titles_to_param(order, {card.id: card.title for card in STORY.cards})
    expect(page).to_have_url(
        f"{app_server.url}/playground?g={_url(playground_text(STORY, order))}&t={_url(titles)}"
    )


def _url(text: str) -> str:
    from urllib.parse import quote_plus

    return quote_plus(text)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_lesson_walked_by_mouse_is_axe_clean_at_every_step(
    browser: Browser, app_server: StreamlitServer, scheme: str
) -> None:
    assert AXE.is_file(), f"{AXE} is missing: run scripts/ensure_axe.py (make test does)"
    context = browser.new_context(viewport=VIEWPORT, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(app_server.url)
        reveal = page.get_by_role("button", name="Reveal")
        guess = page.get_by_placeholder("your guess")
        order = SHOWN
        for step in range(1, len(STEP_TITLES) + 1):
            expect(heading(page, step)).to_be_visible()
            if step in (2, 3, 6):
                guess.fill("0.5")
                reveal.click()
                expect(page.get_by_text("You guessed 0.5")).to_be_visible()
            if step in (4, 7, 8):
                page.get_by_test_id("stRadio").locator("label").nth(1).click()  # option A
                expect(page.get_by_role("radio").first).to_be_checked()
                reveal.click()
                expect(page.get_by_text(re.compile(r"^(Right|Not this time): "))).to_be_visible()
            if step == 4:
                settled(page)  # the list is drawn anew after Reveal: drag the new one
                items = page.locator("li.lv-item")
                items.last.scroll_into_view_if_needed()  # the whole list on screen
                order = (SHOWN[3], *SHOWN[:3], *SHOWN[4:])
                drag_item(page, items.nth(3), items.nth(0), list(order))
                expect(metric_value(page, "DCG of your order")).to_have_text(
                    format_real(step_dcg(STORY, order).formula.result)
                )
                assert list_order(page) == list(order)
            if step == 6:
                reading = step_ndcg(STORY, order).reading
                expect(page.get_by_text(reading)).to_be_visible()
            settled(page)
            assert serious_violations(page) == [], f"step {step}, {scheme}"
            if step < len(STEP_TITLES):
                page.get_by_role("button", name="Next").click()
        page.get_by_role("button", name="Open the Playground with this list").click()
        expect(page.get_by_role("heading", name="Playground")).to_be_visible()
        expect(page.get_by_role("textbox", name="Grades, top position first")).to_have_value(
            playground_text(STORY, order)
        )
    finally:
        context.close()


def test_presenter_view_shows_one_step_with_back_and_next(
    page: Page, app_server: StreamlitServer
) -> None:
    page.goto(f"{app_server.url}/?mode=present")
    expect(heading(page, 1)).to_be_visible()
    page.get_by_role("button", name="Next").click()
    expect(heading(page, 2)).to_be_visible()
    expect(heading(page, 1)).to_have_count(0)
    expect(page.get_by_text("What you have seen so far")).to_have_count(0)
    page.get_by_role("button", name="Back").click()
    expect(heading(page, 1)).to_be_visible()
