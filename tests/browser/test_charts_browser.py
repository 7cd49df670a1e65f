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
# Each mark's aria-label names its position on the x axis ("position: 3" or "cutoff k: 3").
POSITION = re.compile(r"(?:^|; )(?:position|cutoff k): (\d+)")
SEED_QUERY = "?g=3,2,3,0,1,2"
LISTS = {
    "default": "",
    "all zero": "?g=0,0,0",
    "300 items": "?g=" + ",".join(str((i * 7) % 4) for i in range(300)),
    "too large to draw": "?g=-1e300,0,5",
}


def chart(page: Page) -> Locator:
    """The charts: the live view's (drawn in the browser, in its shadow root), else Streamlit's."""
    return page.locator(".lv-chart").or_(page.get_by_test_id("stVegaLiteChart")).first


def open_chart(page: Page, server: StreamlitServer, query: str) -> Locator:
    page.goto(f"{server.url}/playground{query}")
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
        """([drawn, selectors]) => selectors.every(css => {
            const [sel, nth] = css.split(' >> nth=');
            const group = drawn.querySelectorAll(sel)[Number(nth)];
            return [...group.querySelectorAll('path')].every(p =>
                (p.getAttribute('opacity') === '1' || p.getAttribute('opacity') === null)
                === /(^|; )(position|cutoff k): 3(;|$)/.test(p.getAttribute('aria-label')));
        })""",
        arg=[drawn.element_handle(), list(PANELS.values())],
        timeout=10_000,
    )
    for name, group in marks.items():
        assert highlighted_positions(group) == {3}, name


def _vega_warnings(messages: list[str]) -> list[str]:
    """Warnings and errors on the console, but for a missing static file (not the charts')."""
    return [
        m
        for m in messages
        if m.startswith(("warning:", "error:")) and "Failed to load resource" not in m
    ]


@pytest.mark.parametrize("query", LISTS.values(), ids=LISTS.keys())
def test_charts_draw_without_vega_warnings_inside_their_column(
    page: Page, app_server: StreamlitServer, query: str
) -> None:
    messages: list[str] = []
    page.on("console", lambda message: messages.append(f"{message.type}: {message.text}"))
    drawn = open_chart(page, app_server, query)
    expect(drawn.get_by_text("nDCG@k for every cutoff k")).to_be_attached()
    widths = drawn.evaluate(
        "c => [c.querySelector('svg.marks').getBoundingClientRect().width,"
        " c.closest('.lv-results, [data-testid=stColumn]').getBoundingClientRect().width]"
    )
    chart_width, column_width = widths
    assert chart_width <= column_width, f"chart {chart_width} px in a {column_width} px column"
    labels: list[str] = drawn.locator("g.role-axis-label text").evaluate_all(
        "texts => texts.map(t => t.textContent)"
    )
    assert labels
    assert not any(re.fullmatch(r"-?\d+\.\d{4,}", label) for label in labels), labels
    assert _vega_warnings(messages) == []
