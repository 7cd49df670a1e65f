"""The paired randomisation test and the bootstrap interval: reproducible per seed, right
against exact enumeration and the one-matrix formula, and in bounded memory."""

from __future__ import annotations

import itertools
import math
import tracemalloc

import numpy as np
import pytest

from ndcg_core.runs.significance import bootstrap_interval, paired_randomization_test


def _exact_p(differences: np.ndarray) -> float:
    """The randomisation test's p-value over all 2^n sign patterns (small n only)."""
    observed = abs(differences.mean())
    signs = np.array(list(itertools.product([-1.0, 1.0], repeat=len(differences))))
    means = np.abs((signs * differences).mean(axis=1))
    return float(np.mean(means >= observed - 1e-12))


@pytest.mark.parametrize("queries", [3, 8, 9, 13])
@pytest.mark.parametrize("seed", [0, 1])
def test_randomisation_p_value_matches_exact_enumeration(queries, seed) -> None:
    differences = np.random.default_rng(queries + 10 * seed).normal(0.02, 0.1, queries)
    resamples = 20_000
    p = paired_randomization_test(differences, np.zeros(queries), resamples=resamples, seed=seed)
    exact = _exact_p(differences)
    # Monte Carlo error: a binomial proportion over the resamples (5 standard errors).
    assert abs(p - exact) <= 5 * math.sqrt(exact * (1 - exact) / resamples) + 2 / resamples


def test_randomisation_p_value_is_reproducible_per_seed() -> None:
    rng = np.random.default_rng(3)
    first, second = rng.random(1_000), rng.random(1_000)
    p = paired_randomization_test(first, second, seed=7)
    assert paired_randomization_test(first, second, seed=7) == p
    assert paired_randomization_test(first.copy(), second.copy(), seed=7) == p
    others = {paired_randomization_test(first, second, seed=s) for s in range(5)}
    assert len(others) > 1  # the seed is used


def test_randomisation_identical_runs_give_one_and_a_large_shift_gives_almost_zero() -> None:
    base = np.random.default_rng(4).random(10_000)
    assert paired_randomization_test(base, base.copy()) == 1.0
    assert paired_randomization_test(base + 0.05, base) == pytest.approx(1 / 10_001)


def test_randomisation_p_value_is_symmetric_under_swapping_the_runs() -> None:
    rng = np.random.default_rng(5)
    first, second = rng.random(2_001), rng.random(2_001)
    assert paired_randomization_test(first, second) == paired_randomization_test(second, first)


def test_randomisation_skips_queries_without_a_score() -> None:
    first = np.array([0.9, np.nan, 0.7, 0.4])
    second = np.array([0.5, 0.3, np.nan, 0.1])
    assert paired_randomization_test(first, second, seed=2) == paired_randomization_test(
        np.array([0.9, 0.4]), np.array([0.5, 0.1]), seed=2
    )
    assert math.isnan(paired_randomization_test(np.array([np.nan]), np.array([1.0])))


@pytest.mark.parametrize("queries", [1, 5, 3_000, pytest.param(40_000, marks=pytest.mark.slow)])
def test_bootstrap_is_the_one_matrix_percentile_interval(queries) -> None:
    values = np.random.default_rng(queries).random(queries)
    rng = np.random.default_rng(9)
    means = values[rng.integers(0, queries, size=(500, queries))].mean(axis=1)
    expected = (float(np.quantile(means, 0.025)), float(np.quantile(means, 0.975)))
    assert bootstrap_interval(values, resamples=500, seed=9) == expected


def test_bootstrap_is_reproducible_and_centred_on_the_mean() -> None:
    values = np.random.default_rng(6).random(10_000)
    low, high = bootstrap_interval(values, seed=1)
    assert bootstrap_interval(values, seed=1) == (low, high)
    half_width = 1.96 * values.std() / math.sqrt(values.size)
    assert low == pytest.approx(values.mean() - half_width, abs=half_width / 5)
    assert high == pytest.approx(values.mean() + half_width, abs=half_width / 5)


def test_both_stay_within_a_few_megabytes_for_many_queries() -> None:
    # 5,000 queries x 10,000 resamples as one float matrix would be 400 MB.
    rng = np.random.default_rng(8)
    first, second = rng.random(5_000), rng.random(5_000)
    tracemalloc.start()
    try:
        paired_randomization_test(first, second)
        bootstrap_interval(first)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20
