"""The drag list's numbers for a drop: a dot product that gives evaluate()'s DCG and nDCG."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import Convention, evaluate
from ndcg_core.metric.drop_numbers import dot_dcg, dot_ndcg, drop_numbers
from ndcg_core.metric.metrics import default_labels
from tests.core.strategies import conventions
from tests.examples import examples

grade_lists = st.lists(
    st.integers(-3, 4).map(float) | st.sampled_from([0.5, 1.25, 2.75]), min_size=1, max_size=30
)


def _same(browser: float, core: float) -> bool:
    """Bit for bit: a last-bit difference can print another digit (1.0000000000000002 is
    1.000, 1.0 is 1), and the server's number replaces the browser's a moment later."""
    if math.isnan(core):
        return math.isnan(browser)
    return browser == core


@settings(max_examples=examples(300), deadline=None)
@given(grade_lists, conventions(ideals=("list",)), st.data())
def test_any_reorder_inside_the_window_gives_evaluates_numbers(
    grades: list[float], convention: Convention, data: st.DataObject
) -> None:
    labels = default_labels(len(grades))
    before = evaluate(grades, convention, labels=labels)
    start = data.draw(st.integers(0, len(grades) - 1))
    stop = data.draw(st.integers(start + 1, len(grades)))
    numbers = drop_numbers(before, start, stop)
    assert numbers is not None
    window = data.draw(st.permutations(labels[start:stop]))
    order = [*labels[:start], *window, *labels[stop:]]
    by_label = dict(zip(labels, grades, strict=True))
    after = evaluate([by_label[label] for label in order], convention, labels=order)
    assert _same(dot_dcg(numbers, window), float(after.dcg))
    assert _same(dot_ndcg(numbers, window), after.ndcg)


def test_divisors_stop_at_the_cutoff_and_the_rest_is_before_and_after() -> None:
    numbers = drop_numbers(evaluate([3, 2, 3, 0, 1, 2], Convention(cutoff_k=3)), 1, 4)
    assert numbers is not None
    assert numbers["divisors"][-1] is None  # position 4 is past k = 3
    assert numbers["before"] == 3.0  # position 1: grade 3, discount 1
    assert numbers["after"] == []  # positions 5 and 6 are past k
    assert list(numbers["gains"]) == ["D2", "D3", "D4"]
    longer = drop_numbers(evaluate([3, 2, 3, 0, 1, 2], Convention(cutoff_k=5)), 0, 2)
    assert longer is not None
    assert longer["after"] == [3 / math.log2(4), 0.0, 1 / math.log2(6)]  # positions 3 to 5


def test_a_term_that_could_underflow_an_ndcg_sends_nothing() -> None:
    # The core prints such an nDCG from its exact ratio; a browser's float would read 0.
    evaluation = evaluate([1e-300, 3.0], Convention())
    assert not evaluation.exact
    assert drop_numbers(evaluation) is None


def test_an_empty_ideal_sends_the_conventions_fixed_ndcg() -> None:
    numbers = drop_numbers(evaluate([0, 0], Convention(zero_ideal="one")))
    assert numbers is not None
    assert numbers["ideal_dcg"] is None
    assert numbers["fixed_ndcg"] == 1.0
    undefined = drop_numbers(evaluate([0, 0], Convention(zero_ideal="nan")))
    assert undefined is not None
    assert undefined["fixed_ndcg"] is None
    assert math.isnan(dot_ndcg(undefined, ["D1", "D2"]))


def test_exact_sums_send_nothing_so_the_list_waits() -> None:
    evaluation = evaluate([1100, 3], Convention(gain="exponential"))
    assert evaluation.exact
    assert drop_numbers(evaluation) is None


def test_a_window_outside_the_list_is_refused() -> None:
    with pytest.raises(ValueError, match="window"):
        drop_numbers(evaluate([1, 2]), 2, 1)
