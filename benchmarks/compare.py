"""Compare mode on long lists: the comparison and its chart spec against one evaluation.

Run: .venv/bin/python benchmarks/compare.py

For lists of 200, 2,000 and 10,000 documents (grades 0-3, B the ideal order of A), times
``evaluate`` of ranking A (the baseline, what the Playground alone does), ``compare`` of A
and B, and ``comparison_spec`` (the chart the page draws), each the median of five runs in
this process, and prints each as a ratio to the baseline, plus the spec's size as JSON.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable

from ndcg_core import evaluate
from ndcg_core.metric.compare import compare
from ndcg_core.pictures.compare_charts import comparison_spec

REPEATS = 5


def median_seconds(run: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    print("documents  evaluate (s)  compare / evaluate  spec / evaluate  spec JSON (kB)")
    for n in (200, 2_000, 10_000):
        grades = {f"D{i}": float((i * 7) % 4) for i in range(1, n + 1)}
        order_a = list(grades)
        order_b = sorted(order_a, key=lambda label: -grades[label])
        ranked = [grades[label] for label in order_a]
        baseline = median_seconds(lambda: evaluate(ranked, labels=order_a))  # noqa: B023
        comparison = compare(grades, order_a, order_b)
        both = median_seconds(lambda: compare(grades, order_a, order_b))  # noqa: B023
        spec_time = median_seconds(lambda: comparison_spec(comparison, stacked=True))  # noqa: B023
        size = len(json.dumps(comparison_spec(comparison, stacked=True))) / 1e3
        print(
            f"{n:>9,}  {baseline:>12.4f}  {both / baseline:>18.1f}  "
            f"{spec_time / baseline:>15.2f}  {size:>14.0f}"
        )


if __name__ == "__main__":
    main()
