"""The browser-drawn Playground's three charts, repainted in Chromium from repaintView's result.

``viewChartRows`` (components/static/view_charts.js) must give, for any order, the rows
chart_dataset_tables() gives for evaluate() of that order, floats to the last bit; the real
spec drawn by ``drawViewCharts`` and updated by ``updateViewCharts`` must show the new order
in its data and its SVG; and hovering a position in one chart must pick it out in the other
two after the update. No Streamlit server: the scripts alone, in a bare page.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from components.view_charts import (
    VEGA_LITE_VERSION,
    VEGA_VERSION,
    view_chart_spec,
    view_charts_js,
)
from components.view_repaint import view_repaint_js
from ndcg_core import Convention, Evaluation, evaluate
from ndcg_core.metric.metrics import default_labels
from ndcg_core.metric.view_numbers import view_numbers
from ndcg_core.pictures.chart_data import CUTOFF, POSITIONS, chart_dataset_tables
from ndcg_core.text.formatting import format_real
from tests.browser.test_view_repaint_browser import _evaluate, _special_float, random_case
from tests.core.metric.test_view_numbers import same_float

pytestmark = pytest.mark.browser

LISTS, ORDERS = 100, 2
LONG = (150, 700)  # lines without hover; past PLOTTED_POSITIONS, a sample of the positions

# JSON both ways (see test_view_repaint_browser): NaN, infinities and -0 as {"float": ...}.
SPECIAL_FLOATS = """(key, value) => (typeof value === "number"
  && (!Number.isFinite(value) || Object.is(value, -0))
  ? {float: Object.is(value, -0) ? "-0" : String(value)} : value)"""
ROWS_ALL_JS = f"""(text) => JSON.stringify(
  JSON.parse(text).map(({{numbers, orders}}) =>
    orders.map((order) => viewChartRows(numbers, repaintView(numbers, order)))),
  {SPECIAL_FLOATS})"""


def _load(browser: Browser) -> Page:
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.set_content('<html><body><div id="charts"></div></body></html>')
    page.add_script_tag(content=view_repaint_js())
    page.add_script_tag(content=view_charts_js())
    return page


def check_rows(rows: dict[str, Any], after: Evaluation, where: object) -> None:
    """viewChartRows's datasets against chart_dataset_tables(after): same names, columns and
    order; floats bit for bit (a missing grade null), texts equal."""
    core = {name: table.to_pylist() for name, table in chart_dataset_tables(after).items()}
    assert rows.keys() == {POSITIONS}, where  # the cutoff's row never changes with the order
    mine, theirs = rows[POSITIONS], core[POSITIONS]
    assert len(mine) == len(theirs), where
    for row, expected in zip(mine, theirs, strict=True):
        assert list(row) == list(expected), (where, row, expected)
        for key, value in expected.items():
            if isinstance(value, float) or value is None:
                assert same_float(row[key], value), (where, key, row, expected)
            else:
                assert type(row[key]) is type(value), (where, key, row[key])
                assert row[key] == value, (where, key, row, expected)


def _long_case(rng: random.Random, n: int) -> tuple[list[float], Convention]:
    return [float(rng.randint(0, 4)) for _ in range(n)], Convention(cutoff_k=rng.choice([None, 90]))


def test_chart_rows_are_the_cores_for_every_order(browser: Browser) -> None:
    rng = random.Random(2525)
    cases = []
    for i in range(LISTS + len(LONG)):
        if i < LISTS:
            grades, unretrieved, convention, titles = random_case(rng)
        else:
            (grades, convention), unretrieved, titles = _long_case(rng, LONG[i - LISTS]), [], None
        labels = default_labels(len(grades))
        before = _evaluate(grades, labels, unretrieved, convention)
        numbers = view_numbers(before, titles)
        assert numbers is not None, (grades, convention)
        orders = [rng.sample(labels, len(labels)) for _ in range(ORDERS)]
        cases.append((grades, unretrieved, convention, before, numbers, orders))

    page = _load(browser)
    batch = [{"numbers": numbers, "orders": orders} for *_, numbers, orders in cases]
    text = page.evaluate(ROWS_ALL_JS, json.dumps(batch, allow_nan=False))
    page.close()
    shown = json.loads(text, object_hook=_special_float)

    assert len(shown) == len(cases)
    for (grades, unretrieved, convention, before, _, orders), views in zip(
        cases, shown, strict=True
    ):
        by_label = dict(zip(default_labels(len(grades)), grades, strict=True))
        cutoff = chart_dataset_tables(before).get(CUTOFF)
        for order, rows in zip(orders, views, strict=True):
            after = _evaluate([by_label[label] for label in order], order, unretrieved, convention)
            check_rows(rows, after, (grades, convention, order))
            # What the charts keep from the first drawing is the same for every order.
            kept = chart_dataset_tables(after).get(CUTOFF)
            assert (kept is None) == (cutoff is None)
            assert kept is None or cutoff is None or kept.equals(cutoff)


GRADES = [3.0, 2.0, 0.0, 1.0, 2.0, 3.0, 1.0]
CONVENTION = Convention(cutoff_k=4)
NEW_ORDER = ["D3", "D6", "D1", "D7", "D2", "D4", "D5"]

# Each drawn mark of a panel as [aria-label, opacity]: what a screen reader and the eye get.
MARKS_JS = """(mark) => [...document.querySelectorAll(`#charts svg g.role-mark.${mark} > path`)]
  .map((path) => [path.getAttribute("aria-label"), path.getAttribute("opacity")])"""


def _tooltip(position: int, series: str, evaluation: Evaluation, ideal: bool = False) -> str:
    """The tooltip part of a running-DCG point's or a bar's aria-label, as the core prints it."""
    row = evaluation.table.iloc[position - 1]
    label = chart_dataset_tables(evaluation)[POSITIONS]["label"][
        position - 1 + (len(evaluation.table) if ideal else 0)
    ].as_py()
    grade, contribution, running = (
        (row["ideal_grade"], row["ideal_contribution"], row["running_ideal_dcg"])
        if ideal
        else (row["grade"], row["contribution"], row["running_dcg"])
    )
    return (
        f"position: {position}; ranking: {series}; document: {label}; "
        f"grade: {format_real(grade)}; contribution: {format_real(contribution)}; "
        f"running DCG: {format_real(running)}"
    )


def _drawn_position(label: str) -> int:
    found = re.search(r"(?:^|; )(?:position|k): (\d+);", label)
    assert found, label
    return int(found.group(1))


def _moved() -> tuple[Evaluation, Evaluation, dict[str, Any]]:
    """GRADES before and after the move to NEW_ORDER, and the numbers the browser is sent."""
    before = evaluate(GRADES, CONVENTION)
    after = evaluate(
        [GRADES[int(label[1:]) - 1] for label in NEW_ORDER], CONVENTION, labels=NEW_ORDER
    )
    numbers = view_numbers(before)
    assert numbers is not None
    return before, after, numbers


def test_drawn_charts_follow_a_new_order_and_stay_linked(browser: Browser) -> None:
    before, after, numbers = _moved()
    page = _load(browser)
    versions = page.evaluate(
        """async (spec) => {
          window.charts = await drawViewCharts(document.getElementById("charts"), spec);
          return [vega.version, vegaLite.version];
        }""",
        view_chart_spec(before),
    )
    assert versions == [VEGA_VERSION, VEGA_LITE_VERSION]
    first = page.evaluate(MARKS_JS, "panel_1_marks")
    assert len(first) == 2 * len(GRADES)
    assert first[0][0].endswith(_tooltip(1, "this ranking", before)), first[0]

    # The drop: repaint from the payload, swap the rows in, read back what is drawn.
    data = page.evaluate(
        f"""async ([numbers, order]) => {{
          await updateViewCharts(charts, viewChartRows(numbers, repaintView(numbers, order)));
          return JSON.stringify({{
            positions: charts.view.data("positions"),
            cutoff: charts.view.data("cutoff"),
          }}, {SPECIAL_FLOATS});
        }}""",
        [numbers, NEW_ORDER],
    )
    drawn = json.loads(data, object_hook=_special_float)
    check_rows({POSITIONS: drawn[POSITIONS]}, after, NEW_ORDER)
    assert drawn[CUTOFF] == chart_dataset_tables(after)[CUTOFF].to_pylist()
    points = page.evaluate(MARKS_JS, "panel_1_marks")
    bars = page.evaluate(MARKS_JS, "panel_2_marks")
    for position in range(1, len(GRADES) + 1):
        assert points[position - 1][0].endswith(_tooltip(position, "this ranking", after))
        ideal = points[len(GRADES) + position - 1][0]
        assert ideal.endswith(_tooltip(position, "ideal ranking", after, ideal=True)), ideal
    assert any(label.endswith(_tooltip(2, "this ranking", after)) for label, _ in bars)

    # Linked hover, after the update: the pointer over position 3's bar picks out position 3
    # in the running-DCG points and the nDCG@k points too, and dims every other one.
    box = page.locator("#charts svg g.role-mark.panel_2_marks > path").nth(2).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => charts.view.data('position_hover_store').length > 0")
    store = page.evaluate("() => charts.view.data('position_hover_store').map((s) => s.values)")
    assert store == [[3]]
    for mark in ("panel_1_marks", "panel_3_marks"):
        marks = page.evaluate(MARKS_JS, mark)
        assert marks, mark
        for label, opacity in marks:
            assert opacity == ("1" if _drawn_position(label) == 3 else "0.35"), (mark, label)
    picked = [
        label for label, opacity in page.evaluate(MARKS_JS, "panel_1_marks") if opacity == "1"
    ]
    assert picked[0].endswith(_tooltip(3, "this ranking", after)), picked
    page.close()


DRAW_JS = """async (spec) => {
  window.charts = await drawViewCharts(document.getElementById("charts"), spec);
}"""

# The held tuples after an update, as [series, position, label, running_dcg], and how many of
# them are the very objects held before it (a move changes them in place).
KEPT_JS = """async ([numbers, order, cut]) => {
  const before = new Set(charts.view.data("positions"));
  let rows = viewChartRows(numbers, repaintView(numbers, order));
  if (cut) rows = { positions: rows.positions.slice(0, cut) };
  await updateViewCharts(charts, rows);
  const held = charts.view.data("positions");
  return {
    kept: held.filter((tuple) => before.has(tuple)).length,
    rows: held.map((t) => [t.series, t.position, t.label, t.running_dcg]),
  };
}"""


def test_a_move_changes_the_held_points_in_place(browser: Browser) -> None:
    before, after, numbers = _moved()
    page = _load(browser)
    page.evaluate(DRAW_JS, view_chart_spec(before))
    expected = [
        [row["series"], row["position"], row["label"], row["running_dcg"]]
        for row in chart_dataset_tables(after)[POSITIONS].to_pylist()
    ]

    # A move: every point is the tuple Vega held (its marks updated, not drawn anew), with
    # the new order's values.
    moved = page.evaluate(KEPT_JS, [numbers, NEW_ORDER, 0])
    assert moved["kept"] == 2 * len(GRADES)
    assert sorted(moved["rows"]) == sorted(expected)

    # The same rows again (a drop the drag's preview drew already): Vega is not run.
    runs = page.evaluate(
        """async ([numbers, order]) => {
          let runs = 0;
          const run = charts.view.runAsync.bind(charts.view);
          charts.view.runAsync = () => { runs += 1; return run(); };
          await updateViewCharts(charts, viewChartRows(numbers, repaintView(numbers, order)));
          charts.view.runAsync = run;
          return runs;
        }""",
        [numbers, NEW_ORDER],
    )
    assert runs == 0

    # Rows of another shape (fewer of them) replace the held ones.
    cut = page.evaluate(KEPT_JS, [numbers, NEW_ORDER, 3])
    assert cut["kept"] == 0
    assert sorted(cut["rows"]) == sorted(expected[:3])
    page.close()
