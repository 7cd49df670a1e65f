"""What each of the Playground's downloads costs to make, which decides when it is made:
in the run that draws the open "Download, save, reproduce in Python" panel (a file whose
address is its content, which a click that crosses a rerun still reaches) or only on click
(through an id the next run of the panel drops). Lists of 6, 50 and 1,000 documents, grades
0-3, exponential gain; the baseline is the run's own work for that list, ``evaluate``.

Run: .venv/bin/python benchmarks/exports.py
Prints the median milliseconds of each, and its ratio to ``evaluate`` in the same run.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np

from ndcg_core import Convention, evaluate
from ndcg_core.links.view import View
from ndcg_core.links.view_files import view_to_json
from ndcg_core.metric.parsing import parse_grades
from ndcg_core.pictures.charts import chart_spec
from ndcg_core.pictures.export import chart_image, table_csv


def median_ms(work: Callable[[], object], repeats: int) -> float:
    work()  # the first call warms caches (Altair's schema, vl-convert's engine)
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings) * 1000


def measure(grades: list[int], convention: Convention) -> None:
    """Print each download's median for one list, and its ratio to ``evaluate``."""
    text = ", ".join(str(g) for g in grades)
    view = View("playground", parse_grades(text), convention=convention)
    result = evaluate(grades, convention)
    baseline = median_ms(lambda: evaluate(grades, convention), 20)
    cases: list[tuple[str, Callable[[], object], int]] = [
        ("Table (CSV)", lambda: table_csv(result), 20),
        ("This view (JSON)", lambda: view_to_json(view), 20),
        ("chart spec (both images)", lambda: chart_spec(result), 3),
        ("Charts (PNG), with spec", lambda: chart_image(chart_spec(result), "png"), 3),
        ("Charts (SVG), with spec", lambda: chart_image(chart_spec(result), "svg"), 3),
    ]
    size = len(grades)
    print(f"{size:>9}  {'evaluate (baseline)':<28} {baseline:>10.2f} {1:>11.1f}")
    for name, work, repeats in cases:
        ms = median_ms(work, repeats)
        print(f"{size:>9}  {name:<28} {ms:>10.2f} {ms / baseline:>11.1f}")


def main() -> None:
    rng = np.random.default_rng(20261128)
    print(f"{'documents':>9}  {'download':<28} {'median ms':>10} {'x evaluate':>11}")
    for size in (6, 50, 1_000):
        measure(rng.integers(0, 4, size).tolist(), Convention(gain="exponential"))


if __name__ == "__main__":
    main()
