"""Over EXACT_MAX_QUERIES queries the interval and the p-value come from the normal
approximation (resampling a million queries took a minute, issue 20). At the switch the
two methods agree: each end of the interval to within a quarter of a standard error, the
p-values to within 0.02 (the randomisation test's own Monte Carlo error is up to 0.005)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ndcg_core.runs.significance import (
    EXACT_MAX_QUERIES,
    Method,
    bootstrap_interval,
    mean_interval,
    normal_interval,
    normal_randomization_p,
    paired_randomization_test,
)


def _ndcg_like(rng: np.random.Generator, n: int) -> np.ndarray:
    """Scores shaped like a run's nDCG: a third exactly 0, a tenth exactly 1, the rest skewed."""
    values = rng.beta(0.7, 1.8, n)
    kind = rng.random(n)
    values[kind < 0.33] = 0.0
    values[kind > 0.9] = 1.0
    return values


SAMPLES = {
    "uniform": lambda rng, n: rng.random(n),
    "ndcg_like": _ndcg_like,
    "zero_or_one": lambda rng, n: (rng.random(n) < 0.15).astype(np.float64),
}


@pytest.mark.slow  # resamples EXACT_MAX_QUERIES queries
@pytest.mark.parametrize("sample", sorted(SAMPLES))
def test_normal_interval_agrees_with_the_bootstrap_at_the_switch(sample) -> None:
    values = SAMPLES[sample](np.random.default_rng(len(sample)), EXACT_MAX_QUERIES)
    standard_error = values.std() / math.sqrt(values.size)
    exact = bootstrap_interval(values)
    normal = normal_interval(values)
    assert abs(normal[0] - exact[0]) <= 0.25 * standard_error
    assert abs(normal[1] - exact[1]) <= 0.25 * standard_error
    assert normal[0] < values.mean() < normal[1]


@pytest.mark.slow  # randomises EXACT_MAX_QUERIES queries
@pytest.mark.parametrize("z", [0.3, 1.5, 2.2, 3.0])
def test_normal_p_value_agrees_with_random_swaps_at_the_switch(z) -> None:
    rng = np.random.default_rng(int(z * 10))
    n = EXACT_MAX_QUERIES
    base = _ndcg_like(rng, n)
    # Differences with a third exactly 0 (unchanged queries), spread 0.2, shifted so that
    # the mean difference sits about z standard errors from 0.
    differences = rng.normal(0.0, 0.2, n) * (rng.random(n) > 0.33)
    differences += z * math.sqrt(np.mean(differences**2) / n)
    second = base + differences
    assert (
        abs(normal_randomization_p(second, base) - paired_randomization_test(second, base)) <= 0.02
    )


def test_the_method_switches_over_the_limit_and_says_why() -> None:
    rng = np.random.default_rng(3)
    at_limit = mean_interval(rng.random(EXACT_MAX_QUERIES))
    over = mean_interval(rng.random(EXACT_MAX_QUERIES + 1))
    assert (at_limit.method, over.method) == (Method.RESAMPLED, Method.NORMAL)
    assert "bootstrap" in Method.RESAMPLED.interval_reason()
    assert "normal approximation" in Method.NORMAL.interval_reason()
    assert f"{EXACT_MAX_QUERIES:,}" in Method.NORMAL.p_value_reason()


def test_a_million_queries_get_the_normal_interval_without_resampling() -> None:
    values = np.linspace(0.0, 1.0, 1_000_000)
    interval = mean_interval(values)
    assert interval.method is Method.NORMAL
    assert (interval.low, interval.high) == pytest.approx(normal_interval(values))
    assert interval.high - interval.low == pytest.approx(2 * 1.959964 * values.std() / 1000)


def test_normal_p_value_is_symmetric_and_one_for_equal_runs() -> None:
    rng = np.random.default_rng(5)
    first, second = rng.random(100), rng.random(100)
    assert normal_randomization_p(first, second) == normal_randomization_p(second, first)
    assert normal_randomization_p(first, first.copy()) == 1.0
    assert math.isnan(normal_randomization_p(np.array([np.nan]), np.array([0.5])))
