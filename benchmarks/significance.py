"""Comparing two runs of 10,000 queries: time and peak memory of the paired randomisation
test and the bootstrap interval, against the previous implementations in the same run.

Run: .venv/bin/python benchmarks/significance.py [queries]

The per-query nDCG of two runs is generated (seeded) the way real runs look: many queries
at 0 or 1, the rest spread between, and run B a little better than run A on average with
much noise per query. Each function is timed three times (median, with the fastest and
slowest), then run once more under tracemalloc for its peak memory (NumPy reports its
allocations to tracemalloc). The previous implementations are kept here only, as the
baseline: they built a resamples x queries matrix. Both p-values and intervals are printed;
they must agree within the Monte Carlo error (the random streams differ).
"""

from __future__ import annotations

import math
import sys
import time
import tracemalloc
from collections.abc import Callable

import numpy as np

from ndcg_core.runs.significance import bootstrap_interval, paired_randomization_test

REPEATS = 3


def old_bootstrap_interval(
    values: np.ndarray, *, confidence: float = 0.95, resamples: int = 2_000, seed: int = 0
) -> tuple[float, float]:
    """The implementation before the change: one resamples x queries index matrix."""
    values = values[~np.isnan(values)]
    if values.size == 0:
        return math.nan, math.nan
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, values.size, size=(resamples, values.size))].mean(axis=1)
    tail = (1 - confidence) / 2
    return float(np.quantile(means, tail)), float(np.quantile(means, 1 - tail))


def old_paired_randomization_test(
    first: np.ndarray, second: np.ndarray, *, resamples: int = 10_000, seed: int = 0
) -> float:
    """The implementation before the change: one resamples x queries sign matrix."""
    differences = first - second
    differences = differences[~np.isnan(differences)]
    if differences.size == 0:
        return math.nan
    observed = abs(differences.mean())
    rng = np.random.default_rng(seed)
    signs = rng.choice([-1.0, 1.0], size=(resamples, differences.size))
    means = np.abs((signs * differences).mean(axis=1))
    return float((np.count_nonzero(means >= observed - 1e-12) + 1) / (resamples + 1))


def two_runs(queries: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(20261123)
    quality = rng.beta(0.7, 0.9, queries)
    first = np.clip(quality + rng.normal(0, 0.15, queries), 0, 1)
    second = np.clip(quality + 0.004 + rng.normal(0, 0.15, queries), 0, 1)
    return first, second


def measure(call: Callable[[], object]) -> tuple[float, str, float, object]:
    """Median seconds, the range, peak MB under tracemalloc, and the result."""
    seconds = []
    result: object = None
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = call()
        seconds.append(time.perf_counter() - start)
    seconds.sort()
    tracemalloc.start()
    call()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    spread = f"{seconds[0]:.2f}-{seconds[-1]:.2f} s"
    return seconds[len(seconds) // 2], spread, peak / 2**20, result


def main() -> None:
    queries = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    first, second = two_runs(queries)
    print(f"{queries:,} queries; paired test: 10,000 resamples; bootstrap: 2,000 resamples")
    print(f"each timed {REPEATS} times: median (fastest-slowest); peak memory under tracemalloc")
    cases = [
        ("randomisation test", "p", lambda: paired_randomization_test(second, first)),
        ("  previous", "p", lambda: old_paired_randomization_test(second, first)),
        ("bootstrap interval", "CI", lambda: bootstrap_interval(second)),
        ("  previous", "CI", lambda: old_bootstrap_interval(second)),
    ]
    rows = []
    for name, what, call in cases:
        seconds, spread, peak, result = measure(call)
        rows.append((seconds, peak))
        shown = f"{result:.4f}" if isinstance(result, float) else str(result)
        print(f"{name:20} {seconds:6.2f} s ({spread})  peak {peak:8.1f} MB  {what} = {shown}")
    (test, old_test), (boot, old_boot) = rows[:2], rows[2:]
    print(
        f"randomisation test: {old_test[0] / test[0]:.1f}x faster, "
        f"{old_test[1] / test[1]:.0f}x less memory (targets: < 0.5 s, < 100 MB)"
    )
    print(
        f"bootstrap interval: {old_boot[0] / boot[0]:.1f}x faster, "
        f"{old_boot[1] / boot[1]:.0f}x less memory (targets: < 0.5 s, < 100 MB)"
    )


if __name__ == "__main__":
    main()
