"""The lesson walked by a wrong guesser in Chromium (issue 24): help asked for one rung at a
time, each wrong number told its slip in the reader's own numbers, and the closing check's
summary leading back to the step to revisit. Expected words are the core's."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from ndcg_core.teaching.diagnosis import diagnose
from ndcg_core.teaching.lesson_check import REVISIT_FOR_SLIP, check_exercises, step_number
from ndcg_core.teaching.lesson_help import guess_help
from ndcg_core.teaching.lesson_plan import STEP_TITLES
from ndcg_core.teaching.slips import Quantity, slip_table
from ndcg_core.teaching.stories import load_story
from ndcg_core.text.quoting import short_number
from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser

STORY = load_story("pizza")


def heading(page: Page, step: int):
    return page.get_by_role("heading", name=f"{step}. {STEP_TITLES[step - 1]}")


def guess_and_reveal(page: Page, typed: str) -> None:
    page.get_by_placeholder("your guess").fill(typed)
    page.get_by_role("button", name="Reveal").click()


def test_a_wrong_guesser_climbs_the_ladder_is_told_the_slip_and_is_sent_back(
    page: Page, app_server: StreamlitServer
) -> None:
    page.goto(f"{app_server.url}/?step=2")
    expect(heading(page, 2)).to_be_visible()
    table, ladder = guess_help(STORY, STORY.shown_order, Quantity.CG)
    expect(page.get_by_text(ladder.hint)).to_have_count(0)
    page.get_by_role("button", name="Hint").click()
    expect(page.get_by_text(ladder.hint)).to_be_visible()
    page.get_by_role("button", name="Work one position").click()
    expect(page.get_by_text(ladder.one_position)).to_be_visible()
    [doubled] = [g for g in table.groups if "exponential" in g.name]
    guess_and_reveal(page, short_number(doubled.value))
    expect(page.get_by_text(diagnose(table, doubled.value).message)).to_be_visible()

    page.goto(f"{app_server.url}/?step=6")
    expect(heading(page, 6)).to_be_visible()
    table, _ = guess_help(STORY, STORY.shown_order, Quantity.NDCG)
    slip = table.groups[0]
    guess_and_reveal(page, short_number(slip.value))
    expect(page.get_by_text(diagnose(table, slip.value).message)).to_be_visible()

    page.goto(f"{app_server.url}/?step=9")
    expect(heading(page, 9)).to_be_visible()
    number, _, which = check_exercises(1)
    numbers = slip_table(number.grades, number.convention, tolerance=number.tolerance)
    at_slip = numbers.groups[0]
    box = page.get_by_label(f"Your answer: {number.convention.label}")
    box.fill(short_number(at_slip.value))
    box.press("Enter")
    page.locator(".st-key-lesson_check_1").get_by_role("button", name="Check").click()
    said = diagnose(numbers, at_slip.value).message.split(":")[0]
    expect(page.get_by_text(said, exact=False).first).to_be_visible()
    page.locator(".st-key-lesson_check_2").get_by_role("button", name="Check").click()
    third = page.locator(".st-key-lesson_check_3")
    wrong = "A" if which.answer == "B" else "B"
    third.get_by_role("radiogroup").first.get_by_text(wrong, exact=True).click()
    third.get_by_role("radiogroup").nth(1).get_by_role("radio").first.click(force=True)
    third.get_by_role("button", name="Check").click()
    expect(
        page.get_by_text("Right: 0 of 3.").or_(page.get_by_text("Right: 1 of 3."))
    ).to_be_visible()
    step = step_number(REVISIT_FOR_SLIP[at_slip.slips[0].kind])
    back = page.get_by_role("button", name=f"Back to step {step} (").first
    expect(back).to_be_visible()
    back.click()
    expect(heading(page, step)).to_be_visible()
