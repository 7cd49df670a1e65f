"""The usual slips on a predict question: hand-worked from the seeds, and their properties."""

from __future__ import annotations

import math
from math import log2

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, cg, evaluate
from ndcg_core.teaching.slips import (
    SlipKind,
    count_slips,
    match_answer,
    slip_table,
    slips,
)
from tests.core.strategies import conventions

SEED_000 = [3, 2, 3, 0, 1, 2]  # nDCG 6.861 / 7.141 = 0.961
SEED_004 = [3, 2, 0, 0, 1]


def _by_kind(grades: list[float], convention: Convention) -> dict[SlipKind, float]:
    return {slip.kind: slip.value for slip in slips(grades, convention)}


def test_seed_000_slips_written_out_term_by_term() -> None:
    found = _by_kind(SEED_000, Convention())
    # rel = 3, 2, 3, 0, 1, 2; log2(i) with rank 1 not divided
    log_i = (3 / 1 + 2 / 1 + 3 / log2(3) + 0 / 2 + 1 / log2(5) + 2 / log2(6)) / (
        3 / 1 + 3 / 1 + 2 / log2(3) + 2 / 2 + 1 / log2(5) + 0 / log2(6)
    )
    assert found[SlipKind.DISCOUNT] == pytest.approx(log_i, rel=1e-12)
    # gains 2^rel - 1 = 7, 3, 7, 0, 1, 3; ideal 7, 7, 3, 3, 1, 0
    exponential = (7 + 3 / log2(3) + 7 / 2 + 0 + 1 / log2(6) + 3 / log2(7)) / (
        7 + 7 / log2(3) + 3 / 2 + 3 / log2(5) + 1 / log2(6) + 0
    )
    assert found[SlipKind.GAIN] == pytest.approx(exponential, rel=1e-12)
    assert found[SlipKind.CG] == pytest.approx(11 / 11)  # CG cannot see the order
    assert found[SlipKind.NOT_NORMALISED] == pytest.approx(6.861, abs=5e-4)  # the seed's DCG_6
    # no cutoff: neither the cutoff nor the top k can be the slip
    right = evaluate(SEED_000).ndcg
    assert found[SlipKind.CUTOFF] == right
    assert found[SlipKind.IDEAL_TOP_K] == right


def test_seed_004_at_cutoff_3_written_out() -> None:
    found = _by_kind(SEED_004, Convention(cutoff_k=3))
    dcg3 = 3 + 2 / log2(3) + 0 / 2
    assert evaluate(SEED_004, Convention(cutoff_k=3)).ndcg == pytest.approx(
        dcg3 / (3 + 2 / log2(3) + 1 / 2)
    )
    assert found[SlipKind.IDEAL_TOP_K] == pytest.approx(dcg3 / dcg3)  # ideal of 3, 2, 0
    assert found[SlipKind.CUTOFF] == pytest.approx(
        (dcg3 + 0 / log2(5) + 1 / log2(6)) / (3 + 2 / log2(3) + 1 / 2)
    )
    assert found[SlipKind.CG] == pytest.approx((3 + 2 + 0) / (3 + 2 + 1))
    assert found[SlipKind.NOT_NORMALISED] == pytest.approx(dcg3)
    assert found[SlipKind.DISCOUNT] == pytest.approx((3 + 2 + 0) / (3 + 2 + 1 / log2(3)))


def test_the_slip_runs_the_other_way_under_the_other_convention() -> None:
    textbook = evaluate(SEED_000).ndcg
    jk = _by_kind(SEED_000, Convention(discount="jk"))
    assert jk[SlipKind.DISCOUNT] == pytest.approx(textbook)
    exponential = _by_kind(SEED_000, Convention(gain="exponential"))
    assert exponential[SlipKind.GAIN] == pytest.approx(textbook)
    names = {s.kind: s.name for s in slips(SEED_000, Convention(discount="jk"))}
    assert names[SlipKind.DISCOUNT] == "log2(i+1) instead of 1 if i < 2 else log2(i)"


def test_the_ideal_from_the_shown_list_is_a_slip_when_the_ideal_is_the_judged_set() -> None:
    judged = Convention(ideal="judged")
    # the list retrieved 1, 0, 2; a judged 3 was never retrieved
    found = _by_kind([1, 0, 2], judged)
    shown_only = evaluate([1, 0, 2]).ndcg
    assert found[SlipKind.IDEAL_TOP_K] == pytest.approx(shown_only)
    table = slip_table([1, 0, 2], judged, judged_grades=[1, 0, 2, 3])
    right = (1 + 0 + 2 / 2) / (3 + 2 / log2(3) + 1 / 2)
    assert table.right == pytest.approx(right)
    assert any(g.slips[0].kind is SlipKind.IDEAL_TOP_K for g in table.groups)


def test_a_slip_with_no_number_is_set_aside_not_matched() -> None:
    # all grades 0: the ideal DCG is 0, so nDCG is NaN under this convention, and so are slips
    table = slip_table([0, 0, 1], Convention(cutoff_k=2, zero_ideal="nan"))
    kinds = {s.kind for s in table.no_value}
    assert SlipKind.IDEAL_TOP_K in kinds  # the top 2 are 0, 0: 0 / 0
    assert all(not math.isnan(g.value) for g in table.groups)


def test_an_answer_is_matched_to_the_right_value_first_then_to_one_slip() -> None:
    table = slip_table(SEED_000, Convention())
    assert match_answer(table, 0.961).right
    assert match_answer(table, 0.96).right  # 0.0008 off, within 0.005
    assert match_answer(table, 0.95).slip.slips[0].kind is SlipKind.GAIN  # 0.9488
    assert match_answer(table, 6.86).slip.slips[0].kind is SlipKind.NOT_NORMALISED
    verdict = match_answer(table, 0.7)
    assert not verdict.right
    assert verdict.slip is None
    assert not match_answer(table, math.nan).right


def test_slips_on_the_right_answer_or_on_each_other_are_not_counted_apart() -> None:
    # grades 0/1: exponential gain is linear gain, so that slip cannot be seen
    table = slip_table([1, 0, 1, 1], Convention(cutoff_k=2))
    assert SlipKind.GAIN in {s.kind for s in table.same_as_right}
    # nDCG@2 of 1, 0, 1, 1: ideal top 2 = 1, 0 -> 1.0; CG@2 / ideal CG@2 = 1/2
    shared = [g for g in table.groups if len(g.slips) > 1]
    for group in shared:
        assert len({round(s.value, 2) for s in group.slips}) <= 2
    # nDCG@2 of 1, 2, 2 is 0.693; the top-2 ideal gives 0.860 and the whole list 0.867:
    # 0.007 apart, so an answer of 0.863 is within 0.005 of both and they count as one
    near = slip_table([1, 2, 2], Convention(cutoff_k=2))
    (both,) = [g for g in near.groups if g.slips[0].kind is SlipKind.IDEAL_TOP_K]
    assert {s.kind for s in both.slips} == {SlipKind.IDEAL_TOP_K, SlipKind.CUTOFF}
    assert both.name == "ideal from the top 2 only or the cutoff ignored"
    assert match_answer(near, 0.863).slip == both
    # and log2(i) and CG both give exactly (1 + 2) / (2 + 2) here
    assert {s.kind for s in match_answer(near, 0.75).slip.slips} == {SlipKind.DISCOUNT, SlipKind.CG}
    values = [g.value for g in table.groups]
    assert all(abs(a - b) > 2 * table.tolerance for i, a in enumerate(values) for b in values[:i])


def test_count_slips_counts_each_answer_once_and_says_so_in_words() -> None:
    table = slip_table(SEED_004, Convention(cutoff_k=3))
    cutoff = next(g for g in table.groups if g.slips[0].kind is SlipKind.CUTOFF)
    counts = count_slips(table, [0.976, 0.98, 0.975, 0.895, 0.1, 4.26])
    top = counts[0]
    assert top.group == cutoff
    assert top.count == 3
    assert top.sentence == "3 students answered about 0.976: what the cutoff ignored gives."
    assert sum(c.count for c in counts) == 4  # 0.895 is right, 0.1 is no slip
    assert {c.group for c in counts} == set(table.groups)


grade_lists = st.lists(st.integers(0, 4).map(float), min_size=1, max_size=9)


@given(grade_lists, conventions(ideals=("list",)))
def test_cg_slip_is_cg_over_ideal_cg(grades: list[float], convention: Convention) -> None:
    table = evaluate(grades, convention)
    found = _by_kind(grades, convention)[SlipKind.CG]
    ideal_cg = cg(list(table.ideal_grades), convention)
    if ideal_cg > 0:
        assert found == pytest.approx(cg(grades, convention) / ideal_cg, rel=1e-9)


@given(grade_lists, st.integers(1, 12))
def test_a_cutoff_at_or_past_the_end_and_0_1_grades_make_slips_vanish(
    grades: list[float], k: int
) -> None:
    convention = Convention(cutoff_k=k)
    found = _by_kind(grades, convention)
    right = evaluate(grades, convention).ndcg
    if k >= len(grades) and not math.isnan(right):
        assert found[SlipKind.CUTOFF] == pytest.approx(right)
    binary = [min(g, 1.0) for g in grades]
    assert _by_kind(binary, convention)[SlipKind.GAIN] == pytest.approx(
        evaluate(binary, convention).ndcg, nan_ok=True
    )


@given(grade_lists, conventions(ideals=("list",)), st.floats(-2, 8))
def test_every_answer_sits_at_most_at_one_place(
    grades: list[float], convention: Convention, answer: float
) -> None:
    table = slip_table(grades, convention)
    reach = table.tolerance
    near = [g for g in table.groups if abs(answer - g.value) <= reach]
    assert len(near) <= 1
    verdict = match_answer(table, answer)
    if verdict.right:
        assert abs(answer - table.right) <= reach + 1e-12
    elif near:
        assert verdict.slip == near[0]
    for group in table.groups:  # each slip's own number is caught as that slip
        assert match_answer(table, group.value).slip == group
