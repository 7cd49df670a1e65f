"""Comparing runs: a bootstrap interval of a mean score, and the paired randomisation test
of two runs' per-query scores.

Both resample every query thousands of times: at a million queries the bootstrap took a
minute and the randomisation test several seconds (issue 20). Over :data:`EXACT_MAX_QUERIES`
queries, :func:`mean_interval` and :func:`compare_runs` use the normal approximation of the
same distributions instead (the central limit theorem: with that many queries both are normal
to far better than their own Monte Carlo error), and say so in :attr:`Method.reason`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from statistics import NormalDist
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

    from ndcg_core.runs.scoring import RunScores


# Random draws and their gathered values are made in blocks of at most this many numbers,
# so memory stays a few MB whatever the number of queries or resamples.
_BLOCK = 2**16
# Queries are taken 8 to a random byte; a table of the 256 subsets' sums per group of 8
# is built for at most this many groups at a time (4,096 x 256 floats: 8 MB).
_GROUPS = 4_096

# Up to this many queries the bootstrap and the randomisation test resample (well under a
# second each); over it, the normal approximation stands in for both. At this size the two
# intervals agree to within 0.25 standard errors and the two p-values to within 0.02
# (tests/core/runs/test_significance_methods.py).
EXACT_MAX_QUERIES = 50_000
BOOTSTRAP_RESAMPLES = 2_000
RANDOMISATION_RESAMPLES = 10_000


class Method(Enum):
    """How an interval or a p-value was made (its value names it for a reader)."""

    RESAMPLED = "resampled"
    NORMAL = "normal approximation"

    @staticmethod
    def for_queries(queries: int) -> Method:
        """Resampling up to :data:`EXACT_MAX_QUERIES` queries, the normal approximation over.

        >>> Method.for_queries(50_000).value, Method.for_queries(50_001).value
        ('resampled', 'normal approximation')
        """
        return Method.RESAMPLED if queries <= EXACT_MAX_QUERIES else Method.NORMAL

    def interval_reason(self) -> str:
        """How the 95% interval was made, and why, in words."""
        if self is Method.RESAMPLED:
            return f"queries resampled {BOOTSTRAP_RESAMPLES:,} times (bootstrap)."
        return (
            "mean ± 1.96 standard errors (normal approximation): over "
            f"{EXACT_MAX_QUERIES:,} queries it agrees with the bootstrap to within a quarter "
            "of a standard error, and takes milliseconds where resampling takes a minute."
        )

    def p_value_reason(self) -> str:
        """How the p-value was found, and why, in words."""
        if self is Method.RESAMPLED:
            return f"each query's two scores swapped at random {RANDOMISATION_RESAMPLES:,} times."
        return (
            "the normal approximation of the random swaps (z = sum of the differences over "
            f"the root of their sum of squares): over {EXACT_MAX_QUERIES:,} queries it agrees "
            "with swapping to within 0.02, without the seconds swapping takes."
        )


@dataclass(frozen=True)
class MeanInterval:
    """A 95% interval of a mean score, and how it was made."""

    low: float
    high: float
    method: Method


def mean_interval(values: np.ndarray, *, confidence: float = 0.95, seed: int = 0) -> MeanInterval:
    """The interval of the mean of ``values`` (NaN left out): :func:`bootstrap_interval` up
    to :data:`EXACT_MAX_QUERIES` values, :func:`normal_interval` over.

    >>> mean_interval(np.array([0.5, 0.6, 0.7, 0.8])).method.value
    'resampled'
    >>> interval = mean_interval(np.tile([0.0, 1.0], 30_000))
    >>> interval.method.value, round(interval.low, 4), round(interval.high, 4)
    ('normal approximation', 0.496, 0.504)
    """
    values = values[~np.isnan(values)]
    method = Method.for_queries(values.size)
    if method is Method.RESAMPLED:
        low, high = bootstrap_interval(
            values, confidence=confidence, resamples=BOOTSTRAP_RESAMPLES, seed=seed
        )
    else:
        low, high = normal_interval(values, confidence=confidence)
    return MeanInterval(low, high, method)


def normal_interval(values: np.ndarray, *, confidence: float = 0.95) -> tuple[float, float]:
    """The normal approximation of the bootstrap interval of the mean:
    ``mean ± z * s / sqrt(n)``, with ``z`` the standard normal's ``(1 + confidence) / 2``
    quantile (1.96 at 95%) and ``s`` the standard deviation of the ``n`` values as the
    bootstrap sees it (divided by ``n``, not ``n - 1``).

    >>> low, high = normal_interval(np.array([0.0, 1.0] * 50))
    >>> round(low, 4), round(high, 4)  # 0.5 ± 1.96 * 0.5 / 10
    (0.402, 0.598)
    """
    values = values[~np.isnan(values)]
    if values.size == 0:
        return math.nan, math.nan
    z = NormalDist().inv_cdf((1 + confidence) / 2)
    mean = float(values.mean())
    error = z * float(values.std()) / math.sqrt(values.size)
    return mean - error, mean + error


def bootstrap_interval(
    values: np.ndarray,
    *,
    confidence: float = 0.95,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = 0,
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean (queries resampled with replacement).

    Each resample draws ``n`` queries with replacement from the ``n`` scores and takes their
    mean; the interval runs between the ``(1 - confidence) / 2`` and ``(1 + confidence) / 2``
    quantiles of the resampled means. Resamples are drawn a block at a time, so memory
    stays bounded. The same seed gives the same interval, and the same as drawing all the
    resamples at once: NumPy draws indices below 2**32 from one 32-bit stream either way.

    >>> low, high = bootstrap_interval(np.array([0.5, 0.6, 0.7, 0.8]))
    >>> 0.5 <= low < high <= 0.8
    True
    """
    values = values[~np.isnan(values)]
    if values.size == 0:
        return math.nan, math.nan
    rng = np.random.default_rng(seed)
    n = values.size
    rows = max(1, _BLOCK // n)
    means = np.empty(resamples)
    for first in range(0, resamples, rows):
        count = min(rows, resamples - first)
        picks = rng.integers(0, n, size=(count, n), dtype=np.int32)
        np.mean(values[picks], axis=1, out=means[first : first + count])
    tail = (1 - confidence) / 2
    return float(np.quantile(means, tail)), float(np.quantile(means, 1 - tail))


def paired_randomization_test(
    first: np.ndarray,
    second: np.ndarray,
    *,
    resamples: int = RANDOMISATION_RESAMPLES,
    seed: int = 0,
) -> float:
    """Two-sided p-value that the mean difference is this large by chance: each query's
    two scores are swapped at random (the runs are the same system if it is chance).

    With ``d_j`` the per-query differences and ``s_j`` random signs (a swap turns ``d_j``
    into ``-d_j``), ``p = (1 + #{resamples with |mean(s * d)| >= |mean(d)|}) /
    (resamples + 1)``. The signs are random bits, a byte per 8 queries, and each resample's
    sum comes from a table of the 256 sums a byte can select, in bounded blocks: no
    resamples x queries matrix. The same seed gives the same p-value (for the same scores);
    the bits come from another stream than the earlier implementation's (one random sign
    matrix), so p-values differ from its values within the Monte Carlo error.

    >>> paired_randomization_test(np.array([0.9, 0.8, 0.7]), np.array([0.9, 0.8, 0.7]))
    1.0
    """
    differences = first - second
    differences = differences[~np.isnan(differences)]
    if differences.size == 0:
        return math.nan
    observed = abs(differences.mean())
    rng = np.random.default_rng(seed)
    # sum(s * d) = sum(d) - 2 * (the sum of the d whose sign flipped)
    means = np.abs(differences.sum() - 2.0 * _flipped_sums(differences, resamples, rng))
    means /= differences.size
    return float((np.count_nonzero(means >= observed - 1e-12) + 1) / (resamples + 1))


def normal_randomization_p(first: np.ndarray, second: np.ndarray) -> float:
    """The normal approximation of :func:`paired_randomization_test`: under random swaps
    ``sum(s * d)`` has mean 0 and variance ``sum(d**2)``, so ``z = |sum(d)| / sqrt(sum(d**2))``
    and ``p = erfc(z / sqrt(2))`` (two-sided).

    >>> # d = 0.1, 0.2, 0, 0.4: z = 0.7 / sqrt(0.21) = 1.53
    >>> round(normal_randomization_p(np.array([0.6, 0.7, 0.5, 0.9]), np.array([0.5] * 4)), 4)
    0.1266
    >>> normal_randomization_p(np.array([0.5, 0.7]), np.array([0.5, 0.7]))
    1.0
    """
    differences = first - second
    differences = differences[~np.isnan(differences)]
    if differences.size == 0:
        return math.nan
    spread = math.sqrt(float(np.dot(differences, differences)))
    if spread == 0:
        return 1.0
    return math.erfc(abs(float(differences.sum())) / spread / math.sqrt(2))


def _flipped_sums(differences: np.ndarray, resamples: int, rng: np.random.Generator) -> np.ndarray:
    """For each resample, the sum of the differences a random bit selects (bit 1: sign
    flipped), 8 queries to a random byte: the byte indexes a table of the 256 subset sums
    of its 8 queries, so a resample costs n / 8 lookups."""
    groups = -(-differences.size // 8)
    padded = np.zeros(groups * 8)
    padded[: differences.size] = differences
    bits = np.unpackbits(np.arange(256, dtype=np.uint8)[:, np.newaxis], axis=1)
    sums = np.zeros(resamples)
    for start in range(0, groups, _GROUPS):
        part = padded[start * 8 : (start + _GROUPS) * 8].reshape(-1, 8)
        table = (part @ bits.T.astype(np.float64)).ravel()  # group g, byte v: g * 256 + v
        offsets = np.arange(len(part), dtype=np.intp) * 256
        rows = max(1, _BLOCK // len(part))
        for first in range(0, resamples, rows):
            count = min(rows, resamples - first)
            draws = np.frombuffer(rng.bytes(count * len(part)), dtype=np.uint8)
            sums[first : first + count] += table[draws.reshape(count, -1) + offsets].sum(axis=1)
    return sums


@dataclass(frozen=True)
class RunComparison:
    """Run B against run A on the queries both scored: per query, and in summary."""

    per_query: pd.DataFrame  # qid, ndcg_a, ndcg_b, difference (B - A)
    better: int
    worse: int
    mean_difference: float
    p_value: float
    method: Method  # how the p-value was found


def compare_runs(first: RunScores, second: RunScores, *, seed: int = 0) -> RunComparison:
    r"""Per-query differences, how many queries got better or worse, and the paired
    randomisation test's p-value for the mean difference.

    >>> from ndcg_core.runs.files import read_qrels, read_run
    >>> from ndcg_core.runs.scoring import evaluate_run
    >>> qrels = read_qrels(b"x 0 a 1\ny 0 a 1\n")
    >>> a = evaluate_run(read_run(b"x Q0 a 1 2 t\ny Q0 b 1 2 t\n"), qrels)
    >>> b = evaluate_run(read_run(b"x Q0 b 1 2 t\nx Q0 a 2 1 t\ny Q0 a 1 1 t\n"), qrels)
    >>> a.ndcg.round(3).tolist(), b.ndcg.round(3).tolist()
    ([1.0, 0.0], [0.631, 1.0])
    >>> result = compare_runs(a, b)
    >>> result.better, result.worse, round(result.mean_difference, 3)
    (1, 1, 0.315)
    """
    import pandas as pd

    if len(first.qids) == len(second.qids) and np.array_equal(first.qids, second.qids):
        # The same queries (in id order, both): no join of a million ids' frames.
        both = pd.DataFrame({"qid": first.qids, "ndcg_a": first.ndcg, "ndcg_b": second.ndcg})
    else:
        both = first.per_query[["qid", "ndcg"]].merge(
            second.per_query[["qid", "ndcg"]], on="qid", suffixes=("_a", "_b")
        )
    both = both.assign(difference=both["ndcg_b"] - both["ndcg_a"])
    differences = both["difference"].to_numpy(np.float64)
    second_scores, first_scores = (
        both["ndcg_b"].to_numpy(np.float64),
        both["ndcg_a"].to_numpy(np.float64),
    )
    method = Method.for_queries(int(np.count_nonzero(~np.isnan(differences))))
    if method is Method.RESAMPLED:
        p_value = paired_randomization_test(second_scores, first_scores, seed=seed)
    else:
        p_value = normal_randomization_p(second_scores, first_scores)
    return RunComparison(
        per_query=both,
        better=int((differences > 1e-12).sum()),
        worse=int((differences < -1e-12).sum()),
        mean_difference=float(np.nanmean(differences)) if len(differences) else math.nan,
        p_value=p_value,
        method=method,
    )
