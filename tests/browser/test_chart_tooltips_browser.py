"""The Playground chart's tooltips write a value as the cards do, also where its float is 0
(issue 21: 3, 1100, 2 with exponential gain at k=1 has nDCG@1 = 5.2e-331; the card said
5.154e-331 and the nDCG@k tooltip said 0)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from ndcg_core import Convention, evaluate, format_real
from ndcg_core.metric.exact_ratio import shown_ndcg
from ndcg_core.pictures.chart_data import POSITIONS, chart_dataset_tables
from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser

TINY = "?g=3,1100,2&gain=exponential&k=1"


def test_tooltips_of_a_value_below_the_smallest_float(
    page: Page, app_server: StreamlitServer
) -> None:
    evaluation = evaluate([3, 1100, 2], Convention(gain="exponential", cutoff_k=1))
    assert evaluation.ndcg == 0.0  # the float underflowed; the value is not 0
    ndcg_text = format_real(shown_ndcg(evaluation))
    assert ndcg_text == "5.154e-331"

    page.goto(f"{app_server.url}/playground{TINY}")
    cards = page.locator(".lv-card-value, [data-testid='stMetricValue']")
    expect(cards.filter(has_text=ndcg_text)).to_have_count(1)
    chart = page.locator(".lv-chart").or_(page.get_by_test_id("stVegaLiteChart")).first
    # Each mark's aria-label lists its tooltip's fields, as the tooltip shows them.
    running = chart.locator("g.mark-symbol.role-mark").nth(0).locator("path")
    curve = chart.locator("g.mark-symbol.role-mark").nth(1).locator("path")
    expect(curve.first).to_have_attribute("aria-label", re.compile(f"; nDCG@k: {ndcg_text}$"))
    # The DCG sums are drawn as fractions of the ideal's size; the tooltip gives the sum,
    # as the table does: this ranking's DCG@1 is 7, the ideal's first gain 2^1100 - 1.
    expect(running.nth(0)).to_have_attribute(
        "aria-label", re.compile(r"; contribution: 7; running DCG: 7$")
    )
    expect(running.nth(3)).to_have_attribute(
        "aria-label", re.compile(r"; contribution: 1\.358e\+331; running DCG: 1\.358e\+331$")
    )

    # And the tooltip itself, on hover.
    point = curve.first
    point.evaluate("e => e.scrollIntoView({block: 'center'})")
    box = point.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    # The live view's tooltip box (components/static/chart_theme.js), else vega-embed's.
    tooltip = page.locator(".view-chart-tooltip").or_(page.locator("#vg-tooltip-element"))
    expect(tooltip).to_be_visible()
    expect(tooltip).to_contain_text(ndcg_text)


def _drawn_points(page: Page, count: int) -> list[str]:
    running = page.locator(".lv-chart").first.locator("g.mark-symbol.role-mark").nth(0)
    expect(running.locator("path")).to_have_count(count)
    labels = running.locator("path").evaluate_all(
        "paths => paths.map((p) => p.getAttribute('aria-label'))"
    )
    shown = []
    for label in labels:
        fields = dict(part.split(": ", 1) for part in label.split("; "))
        shown.append(f"{fields['ranking']} {fields['document']} {fields['running DCG']}")
    return sorted(shown)


def _core_points(grades: list[int], convention: Convention | None = None) -> list[str]:
    points = chart_dataset_tables(evaluate(grades, convention))[POSITIONS].to_pylist()
    return sorted(
        f"{row['series']} {row['label']} {format_real(row['running_dcg'])}" for row in points
    )


def test_the_first_drawn_points_are_the_cores(page: Page, app_server: StreamlitServer) -> None:
    # The server sends the numbers and no points' rows; the browser makes the rows for the
    # order it was sent, as at a drop, and each point's tooltip prints the core's value.
    grades = [3, 2, 3, 0, 1, 2, 3, 1]
    convention = Convention(gain="exponential", cutoff_k=5)
    expected = _core_points(grades, convention)
    page.goto(f"{app_server.url}/playground?g={','.join(map(str, grades))}&gain=exponential&k=5")
    assert _drawn_points(page, len(expected)) == expected


def test_a_typed_list_of_the_same_length_redraws_the_held_charts_with_its_points(
    page: Page, app_server: StreamlitServer
) -> None:
    # The second list's payload names the charts' template the view already holds and
    # carries no rows: the browser puts the points it makes into that template.
    first, second = [3, 2, 3, 0, 1, 2], [0, 1, 3, 3, 2, 1]
    page.goto(f"{app_server.url}/playground?g={','.join(map(str, first))}")
    assert _drawn_points(page, 12) == _core_points(first)
    box = page.get_by_role("textbox", name="Grades, top position first")
    box.fill(", ".join(map(str, second)))
    box.press("Control+Enter")
    expect(page.locator(".lv-card-value").last).to_have_text(format_real(evaluate(second).ndcg))
    # The rows are swapped in after the cards: the second list's top document adds 0, which
    # no point of the first list shows.
    points = page.locator(".lv-chart g.mark-symbol.role-mark").nth(0).locator("path")
    zero = points.locator('xpath=self::*[contains(@aria-label, "running DCG: 0")]')
    expect(zero.first).to_be_attached()
    assert _drawn_points(page, 12) == _core_points(second)
