"""Exponential gain of huge grades: float64 overflows, the core stays exact."""

from __future__ import annotations

import math
from decimal import Decimal

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, NdcgError, evaluate, format_real

EXPONENTIAL = Convention(gain="exponential")


def test_float64_really_overflows_here() -> None:
    with np.errstate(over="ignore"):
        assert math.isinf(np.exp2(1100.0))


def test_huge_grade_in_the_ideal_order_scores_exactly_one() -> None:
    result = evaluate([1100, 0, 5], EXPONENTIAL)
    assert result.exact
    assert result.ndcg == 1.0


def test_huge_grade_at_rank_three_scores_exactly_one_half() -> None:
    # DCG = (2^1100 - 1) / log2(4) + 31 / log2(3); IDCG = (2^1100 - 1) + 31 / log2(3)
    result = evaluate([0, 5, 1100], EXPONENTIAL)
    assert result.ndcg == 0.5
    assert isinstance(result.dcg, Decimal)
    expected = Decimal(2) ** 1100 / 2
    assert abs(result.dcg / expected - 1) < Decimal("1e-40")


def test_dcg_too_large_for_a_float_is_reported_in_scientific_notation() -> None:
    result = evaluate([0, 5, 1100], EXPONENTIAL)
    text = format_real(result.dcg)
    assert text == f"{Decimal(2) ** 1100 / 2:.3e}"
    assert "inf" not in text


def test_small_lists_stay_on_the_float_path() -> None:
    result = evaluate([3, 2, 1], EXPONENTIAL)
    assert not result.exact
    assert isinstance(result.dcg, float)


@given(st.lists(st.integers(0, 6), min_size=1, max_size=12), st.sampled_from(["jk", "log"]))
def test_exact_path_agrees_with_floats_where_both_work(grades, discount) -> None:
    convention = Convention(gain="exponential", discount=discount, cutoff_k=None)
    fast = evaluate(grades, convention, exact=False)
    exact = evaluate(grades, convention, exact=True)
    assert exact.exact
    assert math.isclose(fast.ndcg, exact.ndcg, rel_tol=1e-12, abs_tol=1e-15) or (
        math.isnan(fast.ndcg) and math.isnan(exact.ndcg)
    )
    assert math.isclose(float(fast.dcg), float(exact.dcg), rel_tol=1e-12, abs_tol=1e-15)


@given(st.lists(st.integers(1024, 5000), min_size=1, max_size=8), st.randoms(use_true_random=False))
def test_huge_grades_stay_in_bounds(grades, rnd) -> None:
    shuffled = list(grades)
    rnd.shuffle(shuffled)
    score = evaluate(shuffled, EXPONENTIAL).ndcg
    assert 0.0 <= score <= 1.0
    assert evaluate(sorted(grades, reverse=True), EXPONENTIAL).ndcg == 1.0


def test_a_grade_too_large_for_exponential_gain_is_refused_by_name() -> None:
    with pytest.raises(NdcgError, match="too large for exponential gain"):
        evaluate([3, 1e300], Convention(gain="exponential"))
    with pytest.raises(NdcgError, match="too large for exponential gain"):
        evaluate([1], Convention(gain="exponential", ideal="judged"), judged_grades=[1, 2e6])
    assert evaluate([1e300, 0]).ndcg == 1.0  # linear gain has no such limit


def test_a_subnormal_contribution_takes_the_exact_path() -> None:
    # 5e-324 / log2(3) rounds back to 5e-324 (the smallest float): floats said nDCG 1 here,
    # against 1 / log2(3) = 0.631 exactly (found by test_ndcg_does_not_depend_on_the_log_base).
    result = evaluate([0.0, 5e-324])
    assert result.exact
    assert result.ndcg == pytest.approx(1 / math.log2(3), rel=1e-15)
