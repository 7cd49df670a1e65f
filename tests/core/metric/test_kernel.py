"""The kernel's claims: a running cumsum's last value and a per-query bincount are the same
float; the sum at k, the cutoff and the ideal order are what their formulas say."""

from __future__ import annotations

from decimal import Decimal, localcontext

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import Convention
from ndcg_core.metric import kernel, rules
from ndcg_core.metric.terms import EXACT_CONTEXT
from tests.examples import examples

# Any finite float, subnormal and huge ones too: the claim is about the order of additions.
finite = st.floats(allow_nan=False, allow_infinity=False, width=64)


@settings(max_examples=examples(500))
@given(st.lists(st.lists(finite, max_size=40), min_size=1, max_size=5))
def test_a_cumsum_and_a_per_query_bincount_give_the_same_float(lists) -> None:
    queries = np.repeat(np.arange(len(lists)), [len(terms) for terms in lists])
    flat = np.array([t for terms in lists for t in terms], dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        by_query = np.bincount(queries, weights=flat, minlength=len(lists))
        for q, terms in enumerate(lists):
            one = kernel.at_k(kernel.running_sums(np.array(terms, dtype=np.float64)), None)
            assert np.array(one).tobytes() == by_query[q].tobytes()  # the bits, -0.0 too


def test_numpy_sum_would_not_do() -> None:
    # np.sum adds pairwise (eight partial sums), so its float is not the running sum's.
    terms = np.array([1e16, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1e16])
    assert kernel.at_k(kernel.running_sums(terms), None) == np.bincount([0] * 10, terms)[0]
    assert float(np.sum(terms)) != kernel.at_k(kernel.running_sums(terms), None)


@given(st.lists(st.integers(-3, 5).map(float), max_size=20), st.none() | st.integers(1, 25))
def test_sum_at_k_adds_the_first_k_terms_in_order(gains, k) -> None:
    convention = Convention(cutoff_k=k)
    total = 0.0
    for rank, gain in enumerate(gains[: len(gains) if k is None else k], start=1):
        total += gain / float(rules.divisors(np.array([float(rank)]), convention.discount, 2.0)[0])
    assert kernel.sum_at_k(np.array(gains), convention) == total
    # and a run of one query, its rows in rank order, sums to the same float
    positions = np.arange(len(gains))
    batch = kernel.sums_by_query(
        np.zeros(len(gains), int), positions, np.array(gains), 1, convention
    )
    assert batch[0] == total


def test_the_running_sums_of_decimals_stay_decimal() -> None:
    with localcontext(EXACT_CONTEXT):
        running = kernel.running_sums(np.array([Decimal(1), Decimal("0.5")], dtype=object))
        assert kernel.at_k(running, 1) == Decimal(1)
        assert kernel.at_k(running, None) == Decimal("1.5")
        assert kernel.terms_at_k(running, 1).tolist() == [Decimal(1), Decimal(0)]


@given(st.lists(st.floats(-5, 5, allow_nan=False), max_size=30), st.integers(1, 10))
def test_weights_are_one_over_the_divisor_within_k_and_zero_past_it(grades, k) -> None:
    ranks = np.arange(1.0, len(grades) + 1.0)
    w = kernel.weights(ranks, Convention(cutoff_k=k))
    assert (w[k:] == 0).all()
    assert (w[:k] == 1.0 / kernel.divisors(ranks[:k], Convention())).all()
    assert (kernel.terms_at_k(np.array(grades), k)[k:] == 0).all()


@given(st.lists(st.sampled_from([0.0, 1.0, 2.0, 2.5, -1.0, 3.0]), max_size=30))
def test_best_first_is_a_stable_sort_best_grade_first(grades) -> None:
    order = kernel.best_first(grades).tolist()
    assert order == sorted(range(len(grades)), key=lambda i: -grades[i])


@settings(max_examples=examples(200))
@given(
    st.lists(st.tuples(st.integers(0, 3), st.integers(-2, 4)), max_size=40),
    st.none() | st.integers(1, 4),
)
def test_the_ideal_rows_are_each_querys_grades_best_first(rows, k) -> None:
    queries = np.array([q for q, _ in rows], dtype=np.int64)
    grades = np.array([g for _, g in rows], dtype=np.float64)
    query, position, best = kernel.ideal_rows(queries, grades, 4, k)
    for q in range(4):
        mine = best[query == q][: len(grades) if k is None else k]
        expected = sorted(grades[queries == q].tolist(), reverse=True)
        assert mine.tolist() == expected[: len(mine)]
        assert len(mine) == min(len(expected), len(grades) if k is None else k)
        assert position[query == q][: len(mine)].tolist() == list(range(len(mine)))
