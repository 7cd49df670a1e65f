"""How long the core takes for lists of 10, 1,000 and 100,000 grades, float and exact paths.

Run: .venv/bin/python benchmarks/core.py   (or: make bench)
Prints the median of several runs of `evaluate` (metrics plus the per-position table).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import numpy as np

from ndcg_core import Convention, evaluate, evaluate_scores


def median_seconds(work: Callable[[], object], repeats: int) -> float:
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def main() -> None:
    rng = np.random.default_rng(20261122)
    exponential = Convention(gain="exponential")
    print(f"{'items':>8}  {'path':<28} {'median':>10}")
    for size in (10, 1_000, 100_000):
        grades = rng.integers(0, 4, size).astype(float).tolist()
        scores = rng.integers(0, 50, size).astype(float).tolist()
        huge = [g + 1021.0 for g in grades]  # 2**1024 overflows float64
        repeats = 20 if size <= 1_000 else 3
        cases = [
            ("float, linear", lambda g=grades: evaluate(g)),
            ("float, ranked by scores, ties", lambda g=grades, s=scores: evaluate_scores(g, s)),
            ("exact (forced), exponential", lambda g=grades: evaluate(g, exponential, exact=True)),
            ("exact (overflow), exponential", lambda h=huge: evaluate(h, exponential)),
        ]
        for name, work in cases:
            if size == 100_000 and name.startswith("exact"):
                repeats = 1
            seconds = median_seconds(work, repeats)
            print(f"{size:>8,}  {name:<28} {seconds * 1000:>8.2f} ms")


if __name__ == "__main__":
    main()
