"""Compare mode's chart, repainted in Chromium, draws what compare() computes.

``comparisonRows`` (components/static/compare_view.js) makes the chart's rows for the orders
A's and B's views show, from the payload compare mode sends (components/compare_mode.py,
chart_data). For 200 seeded random lists and conventions and three random pairs of orders
each, its rows must be comparison_rows() of compare() for those orders: the same positions,
names and effects, every float to the last bit. ``pairTexts`` writes the headline pair above
the chart (nDCG of A, of B, and B − A): the same texts as number_rows()' first row. No
Streamlit server: the scripts alone, in a bare page, a batch of lists in one call.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Browser

from components.compare_mode import chart_data
from components.static_files import static_text
from components.view_repaint import view_repaint_js
from ndcg_core.metric.compare import compare
from ndcg_core.metric.comparison import Comparison
from ndcg_core.metric.metrics import default_labels
from ndcg_core.pictures.compare_charts import CHANGES, CURVES, comparison_rows
from ndcg_core.pictures.stakeholder import number_rows
from tests.browser.test_view_repaint_browser import _same_tree, _special_float, random_case

pytestmark = pytest.mark.browser

LISTS, PAIRS, BATCHES = 200, 3, 4

# As test_view_repaint_browser's: JSON both ways, with NaN, infinities and -0 spelled out.
ROWS_ALL_JS = """(text) => JSON.stringify(
  JSON.parse(text).map(({data, pairs}) => pairs.map((orders) => comparisonRows(
    data.numbers, data.plotted, data.effects, data.names,
    comparisonViews(data.numbers, orders)))),
  (key, value) => (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0))
    ? {float: Object.is(value, -0) ? "-0" : String(value)} : value),
)"""


# The pair's texts for each pair of orders, as the chart's component writes them.
PAIR_ALL_JS = """(text) => JSON.stringify(
  JSON.parse(text).map(({data, pairs}) => pairs.map((orders) => pairTexts(
    data.pair, comparisonViews(data.numbers, orders), data.numbers.format))))"""

Case = tuple[dict[str, Any], list[dict[str, list[str]]], list[Comparison]]


def _cases() -> list[Case]:
    """Per seeded random list and convention: the chart's payload, three random pairs of
    orders, and compare() of each pair."""
    rng = random.Random(2025)
    cases: list[Case] = []
    for _ in range(LISTS):
        grades, unretrieved, convention, _ = random_case(rng)  # titles: not in a chart
        labels = default_labels(len(grades))
        by_label = dict(zip(labels, grades, strict=True))
        pairs = [
            {"A": rng.sample(labels, len(labels)), "B": rng.sample(labels, len(labels))}
            for _ in range(PAIRS)
        ]
        first = compare(by_label, labels, labels, convention, unretrieved=unretrieved)
        data = chart_data(first, width=300)
        assert data["numbers"] is not None, (grades, convention)
        compared = [
            compare(by_label, pair["A"], pair["B"], convention, unretrieved=unretrieved)
            for pair in pairs
        ]
        cases.append((data, pairs, compared))
    return cases


def _in_the_browser(browser: Browser, script: str, cases: list[Case]) -> list[list[Any]]:
    """``script`` of each case's payload and pairs, run in a bare page, a batch at a time."""
    page = browser.new_page()
    page.set_content("<html><body></body></html>")
    page.add_script_tag(content=f"{view_repaint_js()}\n{static_text('compare_view.js')}")
    shown: list[list[Any]] = []
    size = -(-LISTS // BATCHES)
    for start in range(0, LISTS, size):
        batch = [{"data": data, "pairs": pairs} for data, pairs, _ in cases[start : start + size]]
        text = page.evaluate(script, json.dumps(batch, allow_nan=False))
        shown += json.loads(text, object_hook=_special_float)
    page.close()
    assert len(shown) == LISTS
    return shown


def test_the_chart_rows_made_in_the_browser_are_the_cores_to_the_bit(browser: Browser) -> None:
    cases = _cases()
    changed = 0
    for (_, pairs, compared), drawn in zip(
        cases, _in_the_browser(browser, ROWS_ALL_JS, cases), strict=True
    ):
        for pair, mine, comparison in zip(pairs, drawn, compared, strict=True):
            theirs = comparison_rows(comparison)
            assert mine.keys() == {CURVES, CHANGES}
            assert _same_tree(mine, theirs), pair
            changed += any(row["change"] != 0 for row in theirs[CHANGES])
    assert changed > LISTS  # most pairs differ somewhere: the bars are not all zero


def test_the_pair_written_in_the_browser_is_the_cores(browser: Browser) -> None:
    """nDCG of A, of B and B − A, as number_rows() writes them for compare() of the orders:
    the fewest decimals that tell A and B apart, and the difference's sign (0 with none)."""
    cases = _cases()
    digits = set()
    for (_, pairs, compared), written in zip(
        cases, _in_the_browser(browser, PAIR_ALL_JS, cases), strict=True
    ):
        for pair, mine, comparison in zip(pairs, written, compared, strict=True):
            _, shown_a, shown_b, difference = number_rows(comparison)[0]
            assert mine == [shown_a, shown_b, difference], pair
            digits.add(len(shown_a.partition(".")[2]))
    assert len(digits) > 1  # some pairs needed more decimals than 3 to be told apart
