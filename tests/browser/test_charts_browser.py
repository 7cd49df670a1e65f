"""The Playground's linked charts as Chromium draws them: hover, console, width."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser

# The three panels' position marks, in the order Vega draws them: running-DCG points,
# contribution bars, nDCG@k points (the line marks carry no hover).
PANELS = {
    "running DCG": "g.mark-symbol.role-mark >> nth=0",
    "contributions": "g.mark-rect.role-mark >> nth=0",
    "nDCG@k": "g.mark-symbol.role-mark >> nth=1",
}
POSITION = re.compile(r"\bposition: (\d+)")
SEED_QUERY = "?g=3,2,3,0,1,2"


def chart(page: Page) -> Locator:
    return page.get_by_test_id("stVegaLiteChart").first


def open_chart(page: Page, server: StreamlitServer, query: str) -> Locator:
    page.goto(f"{server.url}/{query}")
    drawn = chart(page)
    expect(drawn.locator("svg.marks")).to_be_visible()
    expect(drawn.locator("g.role-mark").first).to_be_attached()
    return drawn


def highlighted_positions(marks: Locator) -> set[int]:
    """Positions whose marks are drawn at full opacity (the hover fades the others)."""
    items: list[list[str | None]] = marks.locator("path").evaluate_all(
        "paths => paths.map(p => [p.getAttribute('aria-label'), p.getAttribute('opacity')])"
    )
    shown = set()
    for label, opacity in items:
        match = POSITION.search(label or "")
        assert match is not None, label
        if opacity is None or float(opacity) == 1.0:
            shown.add(int(match.group(1)))
    return shown


def hover_position(page: Page, marks: Locator, position: int) -> None:
    item = marks.locator("path").nth(position - 1)
    item.evaluate("e => e.scrollIntoView({block: 'center'})")
    box = item.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


@pytest.mark.parametrize("source", PANELS)
def test_hovering_any_panel_highlights_that_position_in_every_panel(
    page: Page, app_server: StreamlitServer, source: str
) -> None:
    drawn = open_chart(page, app_server, SEED_QUERY)
    marks = {name: drawn.locator(selector) for name, selector in PANELS.items()}
    for group in marks.values():
        expect(group.locator("path").first).to_be_attached()
        assert highlighted_positions(group) == {1, 2, 3, 4, 5, 6}  # nothing hovered yet
    hover_position(page, marks[source], 3)
    # Wait until every panel has faded all but position 3 (or time out), then say which not.
    page.wait_for_function(
        """selectors => selectors.every(css => {
            const [sel, nth] = css.split(' >> nth=');
            const group = document.querySelectorAll(sel)[Number(nth)];
            return [...group.querySelectorAll('path')].every(p =>
                (p.getAttribute('opacity') === '1' || p.getAttribute('opacity') === null)
                === /(^|; )position: 3(;|$)/.test(p.getAttribute('aria-label')));
        })""",
        arg=list(PANELS.values()),
        timeout=10_000,
    )
    for name, group in marks.items():
        assert highlighted_positions(group) == {3}, name
