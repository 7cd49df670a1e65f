"""Presenter view at 1366x768, as a projector shows it: the live choices on the page, the key
chart beside the numbers above the fold, no value cut short, the lesson's first step whole."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from ndcg_core import Convention, evaluate, format_real
from tests.browser.conftest import VIEWPORT, StreamlitServer, metric

pytestmark = pytest.mark.browser

FOLD = VIEWPORT["height"]


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def above_the_fold(locator: Locator) -> bool:
    return box(locator)["y"] + box(locator)["height"] <= FOLD


def cut_short(page: Page) -> list[str]:
    """Metric values and labels whose text is wider than the box that shows it."""
    found: list[str] = page.locator(
        '[data-testid="stMetricValue"], [data-testid="stMetricLabel"], .lv-card-value, '
        ".lv-card-label"
    ).evaluate_all(
        """cells => cells.flatMap(cell => [cell, ...cell.querySelectorAll('*')])
             .filter(e => e.scrollWidth > e.clientWidth + 1)
             .map(e => e.textContent)"""
    )
    return found


@pytest.mark.parametrize("compare", [False, True])
def test_the_playground_shows_the_chart_beside_the_numbers_above_the_fold(
    page: Page, app_server: StreamlitServer, compare: bool
) -> None:
    page.goto(
        f"{app_server.url}/playground?mode=present&g=3,2,3,0,1,2" + ("&cmp=1" if compare else "")
    )
    name = "nDCG of A" if compare else "nDCG"
    number = metric(page, name).first
    expect(number).to_be_visible()
    chart = page.locator(".lv-chart").or_(page.get_by_test_id("stVegaLiteChart")).first
    expect(chart.locator("svg.marks")).to_be_visible()
    first_panel = chart.locator("g.mark-symbol.role-mark").first  # the running-DCG points
    expect(first_panel).to_be_attached()
    assert above_the_fold(number)
    assert above_the_fold(first_panel), box(first_panel)
    # Beside the numbers (compare mode's columns) or under them (the live view's column of
    # cards and charts beside the list): never over them.
    beside = box(first_panel)["x"] > box(number)["x"] + box(number)["width"]
    below = box(first_panel)["y"] > box(number)["y"] + box(number)["height"]
    assert beside or below
    for choice in ("Gain", "Cutoff k", "Compare two rankings"):  # the sidebar is hidden
        expect(page.get_by_text(choice, exact=True).first).to_be_visible()
    assert cut_short(page) == []


def test_the_choices_on_the_page_change_the_numbers(
    page: Page, app_server: StreamlitServer
) -> None:
    page.goto(f"{app_server.url}/playground?mode=present")
    expect(metric(page, "nDCG")).to_be_visible()
    page.get_by_text("exponential: 2^rel - 1").click()
    cutoff = page.get_by_role("spinbutton", name="Cutoff k")
    cutoff.fill("3")
    cutoff.press("Enter")
    result = evaluate([3, 2, 3, 0, 1, 2], Convention(gain="exponential", cutoff_k=3))
    expect(metric(page, "nDCG@3")).to_have_text(format_real(result.ndcg))
    expect(page).to_have_url(re.compile(r"gain=exponential.*k=3|k=3.*gain=exponential"))
    assert cut_short(page) == []


def test_the_lessons_first_step_fits_one_screen(page: Page, app_server: StreamlitServer) -> None:
    page.goto(f"{app_server.url}/?mode=present")
    step = page.get_by_role("heading", name="1. What the judge says")
    expect(step).to_be_visible()
    last_card = page.get_by_text("6. Napoli Express")
    last_grade = page.get_by_role("cell", name="No help at all for pizza tonight.")
    for part in (step, last_card, last_grade, page.get_by_role("button", name="Next")):
        expect(part).to_be_visible()
        assert above_the_fold(part), box(part)


def shown_on_top(page: Page, locator: Locator) -> bool:
    """Whether the element is what a viewer sees at its own top edge (nothing drawn over it)."""
    found = box(locator)
    x, y = found["x"] + min(found["width"], 40) / 2, found["y"] + 4
    on_top: bool = locator.evaluate(
        "(e, [x, y]) => { const hit = document.elementFromPoint(x, y);"
        " return hit !== null && (e === hit || e.contains(hit)); }",
        [x, y],
    )
    return on_top


@pytest.mark.parametrize("path", ["playground?mode=present", "?mode=present"])
def test_the_header_never_covers_the_title_or_the_way_out(
    page: Page, app_server: StreamlitServer, path: str
) -> None:
    page.goto(f"{app_server.url}/{path}")
    title = page.get_by_role("heading", level=2).first  # st.header: the page's title
    leave = page.get_by_role("button", name="Leave presenter view")
    expect(title).to_be_visible()
    expect(leave).to_be_visible()
    assert shown_on_top(page, title), box(title)
    assert shown_on_top(page, leave), box(leave)
