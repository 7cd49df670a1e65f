"""The Convention record: validation, labels, URL round trip and presets."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import (
    CONVENTION_FIELDS,
    PRESETS,
    Convention,
    Discount,
    Gain,
    IdealSource,
    NdcgError,
    NegativeGrades,
    TiePolicy,
    ZeroIdeal,
    evaluate,
)

any_convention = st.builds(
    Convention,
    gain=st.sampled_from(Gain),
    discount=st.sampled_from(Discount),
    log_base=st.sampled_from([2.0, 10.0, 1.5, math.e]),
    cutoff_k=st.none() | st.integers(1, 1000),
    ideal=st.sampled_from(IdealSource),
    ties=st.sampled_from(TiePolicy),
    zero_ideal=st.sampled_from(ZeroIdeal),
    negative_grades=st.sampled_from(NegativeGrades),
)


@given(any_convention)
def test_url_params_round_trip(convention) -> None:
    assert Convention.from_params(convention.to_params()) == convention


def test_default_is_the_seeds_textbook_form() -> None:
    assert str(Convention()) == "nDCG, linear gain, log2(i+1), ideal from the list"
    assert Convention().to_params() == {}


def test_label_reads_as_papers_write_it() -> None:
    assert Convention(cutoff_k=10).label == "nDCG@10"
    assert str(Convention(cutoff_k=10, gain="exponential", ideal="judged")) == (
        "nDCG@10, exponential gain (2^rel-1), log2(i+1), ideal from judged docs"
    )


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"cutoff_k": 0}, r"cutoff k must be at least 1; got 0"),
        ({"cutoff_k": -3}, r"at least 1; got -3"),
        ({"cutoff_k": 2.5}, r"whole number"),
        ({"cutoff_k": True}, r"whole number"),
        ({"log_base": 1}, r"greater than 1; got 1"),
        ({"log_base": 0.5}, r"greater than 1"),
        ({"log_base": math.inf}, r"finite number"),
        ({"gain": "cubic"}, r"Gain: “cubic” is not one of linear, exponential"),
        ({"ties": "random"}, r"Tied scores: “random”"),
    ],
)
def test_bad_choices_raise_a_clear_error(changes, message) -> None:
    with pytest.raises(NdcgError, match=message):
        Convention(**changes)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"k": "zero"}, r"cutoff k must be a whole number; got “zero”"),
        ({"k": "0"}, r"at least 1"),
        ({"k": "-1"}, r"whole number"),
        ({"base": "two"}, r"log base must be a number"),
        ({"gain": "<script>"}, r"is not one of"),
        ({"k": "9" * 100}, r"too long"),
    ],
)
def test_bad_link_values_raise_the_cores_error(params, message) -> None:
    with pytest.raises(NdcgError, match=message):
        Convention.from_params(params)


def test_every_field_and_choice_is_described() -> None:
    defaults = Convention()
    for name, info in CONVENTION_FIELDS.items():
        assert hasattr(defaults, name)
        assert info.label
        assert info.help
        for choice in info.choices:
            assert choice.used_by
            Convention(**{name: choice.value})  # every described choice is accepted


def test_presets_reproduce_their_libraries_choices() -> None:
    assert PRESETS["sklearn"].convention.negative_grades is NegativeGrades.REJECT
    assert PRESETS["trec_eval_ndcg"].convention.ideal is IdealSource.JUDGED
    assert PRESETS["trec_eval_ndcg_cut"].convention.cutoff_k == 10
    assert PRESETS["ranx_ndcg_burges"].convention.gain is Gain.EXPONENTIAL
    assert PRESETS["jk2002"].convention.discount is Discount.JARVELIN_KEKALAINEN
    for preset in PRESETS.values():
        assert preset.description


def test_jarvelin_kekalainen_discount_weighs_ranks_one_and_two_the_same() -> None:
    jk = Convention(discount="jk")
    # rel = 3, 2, 3: no discount before rank b = 2, then log2(i)
    assert evaluate([3, 2, 3], jk).dcg == pytest.approx(3 + 2 + 3 / math.log2(3))
    # with b = 3, ranks 1 and 2 are undiscounted, then log3(i)
    jk3 = Convention(discount="jk", log_base=3)
    assert evaluate([3, 2, 3, 1], jk3).dcg == pytest.approx(3 + 2 + 3 / 1 + 1 / math.log(4, 3))


@pytest.mark.parametrize(
    ("policy", "expected"),
    [("zero", 0.0), ("one", 1.0), ("nan", math.nan), ("exclude", math.nan)],
)
def test_zero_ideal_policies(policy, expected) -> None:
    score = evaluate([0, 0, 0], Convention(zero_ideal=policy)).ndcg
    assert score == expected or (math.isnan(score) and math.isnan(expected))


def test_negative_grades_as_zero_add_nothing() -> None:
    as_zero = Convention(negative_grades="as_zero")
    assert evaluate([2, -1, 1], as_zero).dcg == evaluate([2, 0, 1]).dcg
    assert evaluate([-1, 2], as_zero).ideal_grades == (2.0, 0.0)


def test_kept_negative_grades_can_push_ndcg_below_zero() -> None:
    penalise = Convention(negative_grades="penalise")
    assert evaluate([-2, 1], penalise).ndcg < 0


def test_judged_ideal_without_judged_grades_says_what_is_missing() -> None:
    with pytest.raises(NdcgError, match="pass the grades of every judged document"):
        evaluate([1, 0], Convention(ideal="judged"))


def test_cutoff_larger_than_the_list_counts_the_whole_list() -> None:
    assert evaluate([3, 0, 2], Convention(cutoff_k=100)).ndcg == evaluate([3, 0, 2]).ndcg
    assert evaluate([3, 0, 2], Convention(cutoff_k=1)).ndcg == 1.0
