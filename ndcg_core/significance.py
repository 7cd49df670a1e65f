"""Comparing runs: a bootstrap interval of a mean score, and the paired randomisation test
of two runs' per-query scores."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

    from ndcg_core.runs import RunScores


def bootstrap_interval(
    values: np.ndarray, *, confidence: float = 0.95, resamples: int = 2_000, seed: int = 0
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean (queries resampled with replacement).

    >>> low, high = bootstrap_interval(np.array([0.5, 0.6, 0.7, 0.8]))
    >>> 0.5 <= low < high <= 0.8
    True
    """
    values = values[~np.isnan(values)]
    if values.size == 0:
        return math.nan, math.nan
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, values.size, size=(resamples, values.size))].mean(axis=1)
    tail = (1 - confidence) / 2
    return float(np.quantile(means, tail)), float(np.quantile(means, 1 - tail))


def paired_randomization_test(
    first: np.ndarray, second: np.ndarray, *, resamples: int = 10_000, seed: int = 0
) -> float:
    """Two-sided p-value that the mean difference is this large by chance: each query's
    two scores are swapped at random (the runs are the same system if it is chance).

    >>> paired_randomization_test(np.array([0.9, 0.8, 0.7]), np.array([0.9, 0.8, 0.7]))
    1.0
    """
    differences = first - second
    differences = differences[~np.isnan(differences)]
    if differences.size == 0:
        return math.nan
    observed = abs(differences.mean())
    rng = np.random.default_rng(seed)
    signs = rng.choice([-1.0, 1.0], size=(resamples, differences.size))
    means = np.abs((signs * differences).mean(axis=1))
    return float((np.count_nonzero(means >= observed - 1e-12) + 1) / (resamples + 1))


@dataclass(frozen=True)
class RunComparison:
    """Run B against run A on the queries both scored: per query, and in summary."""

    per_query: pd.DataFrame  # qid, ndcg_a, ndcg_b, difference (B - A)
    better: int
    worse: int
    mean_difference: float
    p_value: float


def compare_runs(first: RunScores, second: RunScores, *, seed: int = 0) -> RunComparison:
    r"""Per-query differences, how many queries got better or worse, and the paired
    randomisation test's p-value for the mean difference.

    >>> from ndcg_core.run_files import read_qrels, read_run
    >>> from ndcg_core.runs import evaluate_run
    >>> qrels = read_qrels(b"x 0 a 1\ny 0 a 1\n")
    >>> a = evaluate_run(read_run(b"x Q0 a 1 2 t\ny Q0 b 1 2 t\n"), qrels)
    >>> b = evaluate_run(read_run(b"x Q0 b 1 2 t\nx Q0 a 2 1 t\ny Q0 a 1 1 t\n"), qrels)
    >>> a.ndcg.round(3).tolist(), b.ndcg.round(3).tolist()
    ([1.0, 0.0], [0.631, 1.0])
    >>> result = compare_runs(a, b)
    >>> result.better, result.worse, round(result.mean_difference, 3)
    (1, 1, 0.315)
    """
    both = first.per_query[["qid", "ndcg"]].merge(
        second.per_query[["qid", "ndcg"]], on="qid", suffixes=("_a", "_b")
    )
    both = both.assign(difference=both["ndcg_b"] - both["ndcg_a"])
    differences = both["difference"].to_numpy(np.float64)
    return RunComparison(
        per_query=both,
        better=int((differences > 1e-12).sum()),
        worse=int((differences < -1e-12).sum()),
        mean_difference=float(np.nanmean(differences)) if len(differences) else math.nan,
        p_value=paired_randomization_test(
            both["ndcg_b"].to_numpy(np.float64), both["ndcg_a"].to_numpy(np.float64), seed=seed
        ),
    )
