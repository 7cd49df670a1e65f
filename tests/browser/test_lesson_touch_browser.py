"""The guided lesson on a phone (390x844, a touch screen), walked by finger only.

Taps for buttons, choices, the toggle and Next; a guess typed into its box, then a tap on
Reveal; the results reordered by a finger's long press and drag, and a swipe across that list
scrolls (the list's own box, then the page) without moving a result. Each step fits the
screen's width. Expected numbers and messages come from ndcg_core.teaching.lesson_steps.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from ndcg_core import format_real
from ndcg_core.pictures.lesson_charts import short_title
from ndcg_core.teaching.card_order import swapped
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
from tests.browser.conftest import StreamlitServer, list_order
from tests.browser.test_lesson_page_browser import SHOWN, STORY, heading, metric_value, settled
from tests.browser.test_screen_sizes_browser import _nothing_past_the_edge, _touch_drag

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# True once the element's place on screen is the same at two reads 300 ms apart.
STILL = """element => {
  const top = element.getBoundingClientRect().top;
  const still = top === element.lastTop;
  element.lastTop = top;
  return still;
}"""
MAIN_SCROLL = "document.querySelector('[data-testid=\"stMain\"]').scrollTop"
SCROLLED_AND_STILL = f"""top => {{
  const now = {MAIN_SCROLL};
  const still = now === window.lastScrollTop;
  window.lastScrollTop = now;
  return still && now > top + 100;
}}"""


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    opened = context.new_page()
    opened.set_default_timeout(20_000)
    yield opened
    context.close()


def chips(order: Sequence[str]) -> list[str]:
    """The drag list's texts for ``order``, as step 4 writes them (title, grade name, gain)."""
    cards = STORY.ordered(order)
    return [f"{short_title(c.title, 24)} · {c.grade_name} ({c.grade})" for c in cards]


def tap(target: Locator) -> None:
    """A finger on ``target`` once the app has stopped running and ``target`` has stayed in
    place on screen for 300 ms: a chart drawn as it scrolls into view moves what is below it,
    and a tap within a few hundred ms of the last one's rerun was at times lost (its click
    fired, the app did nothing; seen with 100 ms, not with 300 ms in the runs tried)."""
    settled(target.page)
    target.scroll_into_view_if_needed()
    target.page.wait_for_function(STILL, arg=target.element_handle(), polling=300)
    target.tap()


def tap_next(page: Page, step: int) -> None:
    tap(page.get_by_role("button", name="Next"))
    expect(heading(page, step)).to_be_visible()


def guess_by_finger(page: Page, typed: str, message: str) -> None:
    """Tap the guess box, type, tap Reveal: the feedback, with the answer's number, appears."""
    expect(page.get_by_text(message)).to_have_count(0)
    box = page.get_by_placeholder("your guess")
    tap(box)
    box.fill(typed)
    tap(page.get_by_role("button", name="Reveal"))
    expect(page.get_by_text(message)).to_be_visible()
    expect(box).to_have_count(0)  # the box gives way to its answer


def choose_by_finger(page: Page, option: int, message: str) -> None:
    """Tap a choice of the "which scores higher?" question, then Reveal."""
    expect(page.get_by_text(message)).to_have_count(0)
    # The group's own label (the question) comes first, then one label a choice.
    tap(page.get_by_test_id("stRadio").locator("label").nth(option + 1))
    expect(page.get_by_role("radio").nth(option)).to_be_checked()
    tap(page.get_by_role("button", name="Reveal"))
    expect(page.get_by_text(message)).to_be_visible()


def swipe(page: Page, item: Locator, dy: float) -> None:
    """A finger put on ``item`` and moved ``dy`` px at once (no long press), then lifted."""
    box = item.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    session = page.context.new_cdp_session(page)
    session.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    )
    for part in range(1, 11):
        point = {"x": x, "y": y + dy * part / 10}
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


def test_the_lesson_walked_by_finger_on_a_phone(phone: Page, app_server: StreamlitServer) -> None:
    page = phone
    page.goto(app_server.url)
    expect(heading(page, 1)).to_be_visible()
    _nothing_past_the_edge(page, "step 1")

    # Step 2: a guess of CG, then a shuffle that leaves it the same.
    tap_next(page, 2)
    cg = step_cg(STORY, SHOWN, SHOWN).cg
    guess_by_finger(page, "11", number_feedback(11, cg).message)
    expect(page.get_by_text("Still the same.")).to_have_count(0)
    tap(page.get_by_role("button", name="Shuffle the results"))
    expect(page.get_by_text("Still the same.")).to_be_visible()
    _nothing_past_the_edge(page, "step 2, revealed and shuffled")

    # Step 3: the share the third place keeps.
    tap_next(page, 3)
    kept = step_discount(STORY, SHOWN).rows[2].kept
    guess_by_finger(page, "0.6", number_feedback(0.6, kept).message)
    _nothing_past_the_edge(page, "step 3, revealed")

    # Step 4: A or B, then the drag list.
    tap_next(page, 4)
    dcg = step_dcg(STORY, SHOWN).formula.result
    order = swapped(SHOWN, 2, 3)  # B: the second and third results swapped
    dcg_b = step_dcg(STORY, order).formula.result
    assert format_real(dcg) != format_real(dcg_b)
    choose_by_finger(
        page, 1, ranking_feedback("B", float(dcg), float(dcg_b), measure="DCG").message
    )
    settled(page)  # the list is drawn anew after Reveal: touch the new one
    items = page.locator("li.lv-item")
    expect(items).to_have_text(chips(SHOWN))
    shown_dcg = metric_value(page, "DCG of your order")
    expect(shown_dcg).to_have_text(format_real(dcg))
    for item in range(len(SHOWN)):  # a finger's target
        box = items.nth(item).bounding_box()
        assert box is not None
        assert box["height"] >= 44

    # A swipe is no drag: the list's own box scrolls to its end, then the page; no result moves.
    items.nth(3).scroll_into_view_if_needed()
    top = page.evaluate(f"() => {MAIN_SCROLL}")
    for _ in range(2):
        swipe(page, items.nth(3), -200)
        assert list_order(page) == list(SHOWN)
    # Scrolled, and come to rest (a swipe flings the page on): two reads 100 ms apart agree.
    page.wait_for_function(SCROLLED_AND_STILL, arg=top, polling=100)
    assert list_order(page) == list(SHOWN)
    expect(items).to_have_text(chips(SHOWN))
    expect(shown_dcg).to_have_text(format_real(dcg))

    # A long press on the third result, dragged onto the second: the order is B's.
    # Mid-screen: a finger at the top would land on Streamlit's header, which covers the page.
    items.nth(1).evaluate("item => item.scrollIntoView({block: 'center'})")
    third, second = items.nth(2).bounding_box(), items.nth(1).bounding_box()
    assert third is not None
    assert second is not None
    _touch_drag(page, third, second)
    expect(items).to_have_text(chips(order))
    expect(shown_dcg).to_have_text(format_real(dcg_b))
    settled(page)
    _nothing_past_the_edge(page, "step 4, revealed and dragged")

    # Step 5: the toggle sorts best first, and the number shown becomes the IDCG.
    tap_next(page, 5)
    expect(metric_value(page, "DCG of your order")).to_have_text(format_real(dcg_b))
    ideal = step_ideal(STORY, order).formula.result
    expect(metric_value(page, "IDCG")).to_have_count(0)
    tap(page.get_by_text("Sort the results best first"))
    expect(page.get_by_role("switch", name="Sort the results best first")).to_be_checked()
    expect(metric_value(page, "IDCG")).to_have_text(format_real(ideal))
    _nothing_past_the_edge(page, "step 5, best first")

    # Step 6: nDCG of the order the finger made.
    tap_next(page, 6)
    ndcg = step_ndcg(STORY, order)
    guess_by_finger(page, "0.9", number_feedback(0.9, ndcg.ndcg).message)
    expect(page.get_by_text(ndcg.reading)).to_be_visible()
    _nothing_past_the_edge(page, "step 6, revealed")

    # Step 7: all results against the first k.
    tap_next(page, 7)
    at_k = float(step_cutoff(STORY, order).ndcg.result)
    choose_by_finger(page, 0, ranking_feedback("A", ndcg.ndcg, at_k).message)
    _nothing_past_the_edge(page, "step 7, revealed")

    # Step 8: a short page against a longer one; the reveal shows both scores.
    tap_next(page, 8)
    teaser = step_drawback(STORY)
    expect(metric_value(page, "nDCG of page A")).to_have_count(0)
    choose_by_finger(page, 2, ranking_feedback("same", teaser.ndcg_short, teaser.ndcg_long).message)
    expect(metric_value(page, "nDCG of page A")).to_have_text(format_real(teaser.ndcg_short))
    expect(metric_value(page, "nDCG of page B")).to_have_text(format_real(teaser.ndcg_long))
    _nothing_past_the_edge(page, "step 8, revealed")

    # Step 9: the Playground opens with the order the finger made.
    tap_next(page, len(STEP_TITLES))
    tap(page.get_by_role("button", name="Open the Playground with this list"))
    expect(page.get_by_role("heading", name="Playground")).to_be_visible()
    expect(page.get_by_role("textbox", name="Grades, top position first")).to_have_value(
        playground_text(STORY, order)
    )
