"""What the server does for the Playground's live view when a list changes (issue 25): the
payload made and encoded, and its bytes, three ways, taking turns in one run.

Run: .venv/bin/python benchmarks/view_payload.py

For 200 random lists of 6 grades and 20 of 1,000 (linear gain, log2 discount, the whole
list), it makes the live view's payload (``live_view.live_data`` and the JSON the component
is sent) with the charts' spec built as ``results._chart_spec`` builds it, no cache:

- ``points and template``: the points' rows and the template (before 423914f, every run);
- ``template, no points``: the browser makes the points from the numbers (a view's first
  payload for a shape of charts);
- ``rows only``: the view holds the template (a typed list or grade edit of the same length,
  a sidebar change that keeps the charts' shape).

It prints the median milliseconds per payload, its bytes, and the ratio to the first way.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from components.live_view import live_data, template_id
from components.results import _chart_spec
from components.view_charts import json_rows
from ndcg_core import Evaluation, evaluate

WIDTH = 600
WAYS = {
    "points and template": (True, True),
    "template, no points": (False, True),
    "rows only": (False, False),
}


def payload(evaluation: Evaluation, points: bool, template: bool) -> bytes:
    def chart(_: bool, __: bool) -> dict[str, Any]:
        return _chart_spec(evaluation, WIDTH, json_rows, points=points, template=template)

    data = live_data(evaluation, chart=chart, chart_id=template_id(WIDTH), reuse=not template)
    return json.dumps(data).encode()


def main() -> None:
    rng = random.Random(25)
    for size, count in ((6, 200), (1_000, 20)):
        lists = [evaluate([rng.randint(0, 3) for _ in range(size)]) for _ in range(count)]
        payload(lists[0], True, True)  # the chart template, built once per shape
        times: dict[str, list[float]] = {way: [] for way in WAYS}
        sizes: dict[str, int] = {}
        for evaluation in lists:
            for way, (points, template) in WAYS.items():
                started = time.perf_counter()
                body = payload(evaluation, points, template)
                times[way].append(time.perf_counter() - started)
                sizes[way] = len(body)
        base = statistics.median(times["points and template"])
        print(f"{size:,} grades, {count} random lists (median):")
        for way, taken in times.items():
            median = statistics.median(taken)
            print(
                f"  {way:22} {median * 1e3:6.2f} ms  {sizes[way]:8,} bytes  {median / base:5.2f}x"
            )


if __name__ == "__main__":
    main()
