"""Mean nDCG over queries, as seed 001 defines NDCG(Q, k)."""

from __future__ import annotations

import math

import pytest

from ndcg_core import Convention, NdcgError, Query, evaluate, mean_ndcg


def test_mean_is_the_average_of_per_query_scores() -> None:
    queries = [Query((3, 2, 3, 0, 1, 2)), Query((0, 1, 2)), Query((1,))]
    result = mean_ndcg(queries)
    per_query = [evaluate(q.grades).ndcg for q in queries]
    assert result.per_query == tuple(per_query)
    assert result.mean == pytest.approx(sum(per_query) / 3)


def test_seed001_exponential_gain_and_short_queries_summed_to_their_length() -> None:
    # Z_kj normalises each query at k; a query with k' < k results sums to k'.
    convention = Convention(gain="exponential", cutoff_k=5)
    short = Query((2, 3))  # k' = 2
    gain = [2**2 - 1, 2**3 - 1]
    dcg = gain[0] / 1 + gain[1] / math.log2(3)
    ideal = gain[1] / 1 + gain[0] / math.log2(3)
    assert mean_ndcg([short], convention).mean == pytest.approx(dcg / ideal)


@pytest.mark.parametrize(
    ("policy", "expected_mean", "counted"),
    [("zero", 0.5, 2), ("one", 1.0, 2), ("exclude", 1.0, 1)],
)
def test_a_zero_ideal_query_moves_the_mean_by_policy(policy, expected_mean, counted) -> None:
    queries = [Query((1, 0)), Query((0, 0))]
    result = mean_ndcg(queries, Convention(zero_ideal=policy))
    assert result.mean == expected_mean
    assert result.counted == counted


def test_nan_policy_makes_the_mean_undefined() -> None:
    result = mean_ndcg([Query((1, 0)), Query((0, 0))], Convention(zero_ideal="nan"))
    assert math.isnan(result.mean)


def test_judged_sets_per_query() -> None:
    judged = Convention(ideal="judged")
    result = mean_ndcg([Query((1,), judged_grades=(1, 1))], judged)
    assert result.mean == pytest.approx(1 / (1 + 1 / math.log2(3)))


def test_no_queries_is_an_error() -> None:
    with pytest.raises(NdcgError, match="at least one query"):
        mean_ndcg([])
