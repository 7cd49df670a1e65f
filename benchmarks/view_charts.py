"""The browser's repaint of the Playground's three charts (issue 25), in Chromium, in one run.

Run: .venv/bin/python benchmarks/view_charts.py   (needs /usr/bin/chromium)

For lists of 10 and 1,000 grades (linear gain, log2 discount, the whole list), it draws the
chart spec the page sends (``view_chart_spec``: the Altair template filled, JSON rows) with
``drawViewCharts`` in a bare page, then for 30 random orders after 5 warm-up ones times in the
page (``performance.now``):

- ``repaintView``: every card, table row and chart point of the new order (no drawing),
  repeated within each timing (the page's clock counts in 0.1 ms steps);
- ``viewChartRows``: the points' dataset rows from that result, repeated likewise;
- ``updateViewCharts``: from the call to its ``runAsync`` resolved (Vega's dataflow and the
  SVG redrawn; the browser's layout and paint of that SVG come after).

It prints the median and p95 in milliseconds. At 1,000 items the charts draw lines, not points,
for 500 positions (chart_data.PLOTTED_POSITIONS and DENSE_POSITIONS). Issue 25's target is the
whole repaint within 16 ms at 10 items and 50 ms at 1,000.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from components.view_charts import view_chart_spec, view_charts_js
from components.view_repaint import view_repaint_js
from ndcg_core import evaluate
from ndcg_core.metric.view_numbers import view_numbers
from tests.conftest import CHROMIUM_ARGS

SIZES = (10, 1_000)
WARM_UP, RUNS = 5, 30

DRAW = """async (spec) => {
  window.charts = await drawViewCharts(document.getElementById("charts"), spec);
}"""
# Milliseconds per order for each kind of work; repaints and rows repeated `repeats` times.
TIMED = """async ([numbers, orders, repeats]) => {
  const times = { repaintView: [], viewChartRows: [], updateViewCharts: [] };
  for (const order of orders) {
    let start = performance.now();
    for (let r = 0; r < repeats; r += 1) repaintView(numbers, order);
    times.repaintView.push((performance.now() - start) / repeats);
    const view = repaintView(numbers, order);
    start = performance.now();
    for (let r = 0; r < repeats; r += 1) viewChartRows(numbers, view);
    times.viewChartRows.push((performance.now() - start) / repeats);
    const rows = viewChartRows(numbers, view);
    start = performance.now();
    await updateViewCharts(charts, rows);
    times.updateViewCharts.push(performance.now() - start);
  }
  return times;
}"""


def main() -> None:
    rng = random.Random(25)
    figures: dict[tuple[str, int], tuple[float, float]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, headless=True
        )
        for size in SIZES:
            grades = [float(rng.choice([0, 0, 1, 2, 3])) for _ in range(size)]
            evaluation = evaluate(grades)
            numbers = view_numbers(evaluation)
            labels = list(evaluation.labels)
            orders = [rng.sample(labels, len(labels)) for _ in range(WARM_UP + RUNS)]
            page = browser.new_page(viewport={"width": 1366, "height": 900})
            page.set_content('<html><body><div id="charts"></div></body></html>')
            page.add_script_tag(content=view_repaint_js())
            page.add_script_tag(content=view_charts_js())
            page.evaluate(DRAW, view_chart_spec(evaluation))
            repeats = max(1, 20_000 // size)
            arguments = json.loads(json.dumps([numbers, orders, repeats]))
            for kind, times in page.evaluate(TIMED, arguments).items():
                kept = times[WARM_UP:]
                p95 = statistics.quantiles(kept, n=20)[-1]
                figures[(kind, size)] = (statistics.median(kept), p95)
            page.close()
        browser.close()
    print(f"{'work':<17} {'items':>7} {'median ms':>10} {'p95 ms':>8}")
    for (kind, size), (median, p95) in figures.items():
        print(f"{kind:<17} {size:>7,} {median:>10.4f} {p95:>8.4f}")


if __name__ == "__main__":
    main()
