"""The browser's repaint of the Playground's numbers (issue 25), in Chromium, in one run.

Run: .venv/bin/python benchmarks/view_repaint.py   (needs /usr/bin/chromium)

For lists of 10, 1,000 and 10,000 grades (linear gain, log2 discount, the whole list), it
loads ``view_repaint_js()`` into a bare page with the payload ``view_numbers()`` sends, and
times in the page (``performance.now``), over 60 random orders after 10 warm-up ones:

- ``repaintView``: every card, table row and chart point of the new order (no drawing);
- the baseline: the drag list's preview today, DCG and nDCG as a dot product of the
  ``drop_numbers()`` payload (the work a drop already does in the browser);
- the printed text of every table number through ``formatViewNumber`` (what drawing the
  table would add).

It prints median and p95 in milliseconds and each as a ratio to the baseline at the same size.
Issue 25's target is the whole repaint, drawn, within 16 ms at 10 items and 50 ms at 1,000.
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

from components.view_repaint import view_repaint_js
from ndcg_core import evaluate
from ndcg_core.metric.drop_numbers import drop_numbers
from ndcg_core.metric.view_numbers import view_numbers
from tests.conftest import CHROMIUM_ARGS

SIZES = (10, 1_000, 10_000)
WARM_UP, RUNS = 10, 60

# Times one kind of work over the given orders; returns milliseconds, one per order.
TIMED = """([kind, numbers, drop, orders, repeats]) => {
  const times = [];
  for (const order of orders) {
    const start = performance.now();
    for (let r = 0; r < repeats; r += 1) {
    if (kind === "repaint") {
      repaintView(numbers, order);
    } else if (kind === "printed") {
      const view = repaintView(numbers, order);
      for (const row of view.rows) {
        for (const key of ["gain", "discount", "contribution", "running_dcg", "ndcg_at_i"]) {
          formatViewNumber(row[key], numbers.format);
        }
      }
    } else {
      let dcg = drop.before;
      for (let i = 0; i < order.length; i += 1) {
        if (drop.divisors[i] !== null) dcg += drop.gains[order[i]] / drop.divisors[i];
      }
      for (const term of drop.after) dcg += term;
      const ndcg = drop.ideal_dcg === null ? drop.fixed_ndcg : dcg / drop.ideal_dcg;
      formatViewNumber(dcg, numbers.format);
      formatViewNumber(ndcg, numbers.format);
    }
    }
    times.push((performance.now() - start) / repeats);
  }
  return times;
}"""


def main() -> None:
    rng = random.Random(25)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS, headless=True
        )
        page = browser.new_page()
        page.set_content("<html><body></body></html>")
        page.add_script_tag(content=view_repaint_js())
        figures: dict[tuple[str, int], tuple[float, float]] = {}
        for size in SIZES:
            grades = [float(rng.choice([0, 0, 1, 2, 3])) for _ in range(size)]
            evaluation = evaluate(grades)
            numbers = view_numbers(evaluation)
            drop = drop_numbers(evaluation)
            labels = list(evaluation.labels)
            orders = [rng.sample(labels, len(labels)) for _ in range(WARM_UP + RUNS)]
            for kind in ("baseline", "repaint", "printed"):
                # Repeated within each timing: the page's clock counts in 0.1 ms steps.
                repeats = max(1, 20_000 // size)
                arguments = json.loads(json.dumps([kind, numbers, drop, orders, repeats]))
                times = page.evaluate(TIMED, arguments)[WARM_UP:]
                p95 = statistics.quantiles(times, n=20)[-1]
                figures[(kind, size)] = (statistics.median(times), p95)
        browser.close()
    print(f"{'work':<10} {'items':>7} {'median ms':>10} {'p95 ms':>8} {'x baseline':>11}")
    for (kind, size), (median, p95) in figures.items():
        base = figures[("baseline", size)][0]
        print(f"{kind:<10} {size:>7,} {median:>10.4f} {p95:>8.4f} {median / base:>11.1f}")


if __name__ == "__main__":
    main()
