"""The browser-drawn Playground's repaint, run in Chromium, equals evaluate() of the new order.

``repaintView`` (components/static/view_repaint.js) redoes the cards, the table and the charts
from the payload view_numbers() sends. For 200 seeded random lists and conventions, and three
random orders of each, every card, table cell and chart point it returns must be the float
evaluate() computes for that order, to the last bit, and ``formatViewNumber`` must print it
as format_real does. No Streamlit server: the script alone, in a bare page, all lists of a
batch in one call.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from components.view_repaint import view_repaint_js
from ndcg_core import (
    Convention,
    Discount,
    Gain,
    IdealSource,
    NegativeGrades,
    ZeroIdeal,
    evaluate,
)
from ndcg_core.metric.metrics import Evaluation, default_labels
from ndcg_core.metric.view_numbers import repaint, view_numbers
from ndcg_core.pictures.chart_data import POSITIONS, chart_dataset_tables
from ndcg_core.pictures.tables import display_columns
from ndcg_core.text.formatting import format_real
from tests.core.metric.test_view_numbers import core_cards, printed_table, same_float

pytestmark = pytest.mark.browser

LISTS, ORDERS, BATCHES = 200, 3, 4
# The table's number columns (display_columns prints them) and the charts' numbers.
ROW_NUMBERS = (
    "gain",
    "discount",
    "contribution",
    "running_dcg",
    "ideal_contribution",
    "running_ideal_dcg",
    "ndcg_at_i",
)
POINT_NUMBERS = ("grade", "contribution", "running_dcg", "ndcg_at_i")

# Both ways as JSON text, one string per batch: Playwright's own serialisation of thousands
# of rows takes seconds. JSON has no NaN, infinity or -0 (JSON.stringify writes null, null
# and 0), so the page writes those as {"float": "NaN"}, {"float": "-0"}, ... and
# _special_float reads them back; null stays a missing grade.
REPAINT_ALL_JS = """([text, rowKeys, pointKeys]) => JSON.stringify(
  JSON.parse(text).map(({numbers, orders}) => orders.map((order) => {
    const view = repaintView(numbers, order);
    const print = (value) => formatViewNumber(value, numbers.format);
    const printAll = (item, keys) => Object.fromEntries(keys.map((key) => [key, print(item[key])]));
    return {
      view,
      cards: printAll(view.cards, Object.keys(view.cards)),
      rows: view.rows.map((row) => printAll(row, rowKeys)),
      points: ["this", "ideal"].map((name) => view.series[name].map((p) => printAll(p, pointKeys))),
    };
  })),
  (key, value) => (typeof value === "number" && (!Number.isFinite(value) || Object.is(value, -0))
    ? {float: Object.is(value, -0) ? "-0" : String(value)} : value),
)"""


def _special_float(item: dict[str, Any]) -> Any:
    """``{"float": "NaN"}`` (or ``-0``, ``Infinity``, ``-Infinity``) as that float."""
    return float(item["float"]) if item.keys() == {"float"} else item


# Grades as the core tests draw them (tests/core/metric/test_view_numbers.py): whole, negative,
# and quarters and sixteenths (exact ties of the printed decimals: 0.0625 prints 0.062); with
# linear gain also whole numbers past the scientific threshold (1062500 prints 1.062e+06).
SMALL_GRADES = [-3.0, -2.0, -1.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0, 0.25, 0.5, 1.0625, 2.75, 0.125]
LARGE_GRADES = [1062500.0, 2000500.0, 999999.9375, 12345678.0]
TITLES = ["", "Forno *Rosso*", "a_b [link](x)", "Plain title"]


def random_case(
    rng: random.Random,
) -> tuple[list[float], list[float], Convention, dict[str, str] | None]:
    """Grades, unretrieved judged grades, a convention (any of tests/core/strategies.py's)
    and the titles, if any."""
    convention = Convention(
        gain=rng.choice(list(Gain)),
        discount=rng.choice(list(Discount)),
        log_base=rng.choice([2.0, math.e, 10.0, 1.5, 1.25]),
        cutoff_k=rng.choice([None, None, *range(1, 15)]),
        ideal=rng.choice(list(IdealSource)),
        zero_ideal=rng.choice(list(ZeroIdeal)),
        negative_grades=rng.choice(
            [NegativeGrades.KEEP, NegativeGrades.AS_ZERO, NegativeGrades.PENALISE]
        ),  # not REJECT: an error
    )
    pool = SMALL_GRADES + LARGE_GRADES if convention.gain == Gain.LINEAR else SMALL_GRADES
    if rng.random() < 0.1:  # all negative: kept as they are, the ideal DCG is not positive
        grades = [float(rng.randint(-3, -1)) for _ in range(rng.randint(1, 6))]
    else:
        grades = [rng.choice(pool) for _ in range(rng.randint(1, 25))]
    unretrieved = [rng.choice(SMALL_GRADES) for _ in range(rng.randint(0, 6))]
    labels = default_labels(len(grades))
    titles = {label: rng.choice(TITLES) for label in labels} if rng.random() < 0.5 else {}
    return grades, unretrieved, convention, titles if any(titles.values()) else None


def _evaluate(
    grades: list[float], labels: Sequence[str], unretrieved: list[float], convention: Convention
) -> Evaluation:
    judged = grades + unretrieved if convention.ideal == IdealSource.JUDGED else None
    return evaluate(grades, convention, labels=labels, judged_grades=judged)


def _same_tree(browser: Any, python: Any) -> bool:
    """The JavaScript view and Python's repaint(): equal structure, floats bit for bit."""
    if isinstance(python, dict):
        return (
            isinstance(browser, dict)
            and browser.keys() == python.keys()
            and all(_same_tree(browser[key], value) for key, value in python.items())
        )
    if isinstance(python, list):
        return (
            isinstance(browser, list)
            and len(browser) == len(python)
            and all(_same_tree(b, p) for b, p in zip(browser, python, strict=True))
        )
    if isinstance(python, float) or (isinstance(browser, float) and isinstance(python, int)):
        return not isinstance(browser, bool) and same_float(browser, python)
    return type(browser) is type(python) and browser == python


def check_shown(
    numbers: dict[str, Any],
    order: list[str],
    shown: dict[str, Any],
    after: Evaluation,
    titles: dict[str, str] | None,
) -> None:
    """What the browser returned for ``order`` against evaluate() of that order."""
    view = shown["view"]
    where = f"order {order}"
    assert _same_tree(view, repaint(numbers, order)), where

    cards = core_cards(after)
    assert view["cards"].keys() == cards.keys()
    for name, value in cards.items():
        assert same_float(view["cards"][name], value), (where, name)
    assert shown["cards"] == {name: format_real(value) for name, value in cards.items()}, where

    table = after.table
    assert len(view["rows"]) == len(table), where
    for key in (*ROW_NUMBERS, "grade", "ideal_grade"):
        core: list[float | None] = [float(v) for v in table[key].to_numpy(dtype=float)]
        if key in ("grade", "ideal_grade"):  # no document there: a missing grade, null
            core = [None if v is None or math.isnan(v) else v for v in core]
        assert all(same_float(row[key], c) for row, c in zip(view["rows"], core, strict=True)), (
            where,
            key,
        )
    expected = display_columns(after, titles=titles)
    printed = printed_table(numbers, view, lambda key: [texts[key] for texts in shown["rows"]])
    assert list(printed.items()) == list(expected.items())

    points = chart_dataset_tables(after)[POSITIONS].to_pylist()
    series = [numbers["series"][name] for name in ("this", "ideal")]
    drawn = [
        ({"series": name, **point}, texts)
        for name, kind, printed in zip(series, ("this", "ideal"), shown["points"], strict=True)
        for point, texts in zip(view["series"][kind], printed, strict=True)
    ]
    assert len(drawn) == len(points), where
    for (mine, texts), theirs in zip(drawn, points, strict=True):
        for key in ("position", "label", "series"):
            assert mine[key] == theirs[key], (where, key)
        for key in POINT_NUMBERS:
            assert same_float(mine[key], theirs[key]), (where, key, mine, theirs)
            assert texts[key] == format_real(math.nan if theirs[key] is None else theirs[key])


def _load(browser: Browser) -> Page:
    page = browser.new_page()
    page.set_content("<html><body></body></html>")
    page.add_script_tag(content=view_repaint_js())
    return page


def test_every_reorder_repaints_what_evaluate_computes_and_prints(browser: Browser) -> None:
    rng = random.Random(25)
    cases = []
    for _ in range(LISTS):
        grades, unretrieved, convention, titles = random_case(rng)
        labels = default_labels(len(grades))
        numbers = view_numbers(_evaluate(grades, labels, unretrieved, convention), titles)
        assert numbers is not None, (grades, convention)
        orders = [rng.sample(labels, len(labels)) for _ in range(ORDERS)]
        cases.append((grades, unretrieved, convention, titles, numbers, orders))

    page = _load(browser)
    shown: list[list[dict[str, Any]]] = []
    size = -(-LISTS // BATCHES)
    for start in range(0, LISTS, size):
        batch = [
            {"numbers": numbers, "orders": orders}
            for *_, numbers, orders in cases[start : start + size]
        ]
        text = page.evaluate(
            REPAINT_ALL_JS, [json.dumps(batch, allow_nan=False), ROW_NUMBERS, POINT_NUMBERS]
        )
        shown += json.loads(text, object_hook=_special_float)
    page.close()

    assert len(shown) == LISTS
    for (grades, unretrieved, convention, titles, numbers, orders), views in zip(
        cases, shown, strict=True
    ):
        by_label = dict(zip(default_labels(len(grades)), grades, strict=True))
        for order, view in zip(orders, views, strict=True):
            moved = [by_label[label] for label in order]
            after = _evaluate(moved, order, unretrieved, convention)
            check_shown(numbers, order, view, after, titles)
