"""The diagnosis of a wrong number (issue 24): a guess at a slip's value is named as that slip,
in words, with numbers the core computes; a guess at no slip never names one; the help
ladder's numbers are the core's."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import Convention, evaluate
from ndcg_core.metric.choices import Discount, Gain
from ndcg_core.teaching.diagnosis import WHY, diagnose
from ndcg_core.teaching.help_ladder import Rung, help_ladder
from ndcg_core.teaching.slips import Quantity, SlipKind, slip_table
from ndcg_core.teaching.worked import all_steps
from ndcg_core.text.formatting import format_real
from ndcg_core.text.quoting import short_number
from tests.examples import examples

SEED_000 = [3, 2, 3, 0, 1, 2]  # nDCG 0.961, the seeds' first worked example
SEED_004 = [3, 2, 0, 0, 1]  # nDCG@3 0.895


def test_every_slip_kind_has_its_words() -> None:
    assert set(WHY) == set(SlipKind)


def test_the_seed_examples_discount_slip_in_the_readers_numbers() -> None:
    """Worked by hand: position 2 keeps 2 / log2(3) = 1.262; dividing by log2(2) = 1 keeps
    2; DCG 3 + 2 + 1.5 + 0 + 1/log2(5) + 2/log2(6) = 7.204 over the ideal's 7.731: 0.932."""
    table = slip_table(SEED_000, Convention())
    found = diagnose(table, 0.932)
    assert found.verdict == "slip"
    assert found.slips == (SlipKind.DISCOUNT,)
    assert found.message == (
        "0.932 is what you get dividing by log2(i) instead of log2(i+1): then position 2 is "
        "not discounted at all. Position 2 (D2) should keep 2 / log2(3) = 1.262, not 2."
    )


def test_the_cutoff_slip_names_what_leaves_the_sum() -> None:
    """Seed 004 at k = 3: DCG@3 = 3 + 2/log2(3) = 4.262, ideal 3 + 2/log2(3) + 1/2 = 4.762;
    the whole list would give (4.262 + 1/log2(6)) / (4.762 + 0) ... = 0.976."""
    table = slip_table(SEED_004, Convention(cutoff_k=3))
    found = diagnose(table, 0.976)
    assert found.slips == (SlipKind.CUTOFF,)
    assert "positions 4 to 5 (grades 0, 1) add nothing" in found.message
    assert "DCG@3 is 4.262 and the ideal DCG@3 4.762" in found.message


def test_two_slips_at_one_number_are_both_named() -> None:
    """At DCG@3 of 3, 2, 0: dividing by log2(i) and leaving out the discount both give 5."""
    table = slip_table(SEED_004, Convention(cutoff_k=3), quantity=Quantity.DCG, tolerance=0.05)
    found = diagnose(table, 5)
    assert set(found.slips) == {SlipKind.DISCOUNT, SlipKind.CG}
    assert "could be either" in found.message
    assert "log2(i) instead of log2(i+1)" in found.message
    assert "leaving out the discount" in found.message


def test_not_normalised_gives_the_division_to_make() -> None:
    worked = evaluate(SEED_000)
    found = diagnose(slip_table(SEED_000, Convention()), float(worked.dcg))
    assert found.slips == (SlipKind.NOT_NORMALISED,)
    division = f"{format_real(worked.dcg)} / {format_real(worked.ideal_dcg)}"
    assert f"{division} = {format_real(worked.ndcg)}" in found.message


def test_a_guess_at_no_slip_names_none_and_says_which_part_is_off() -> None:
    table = slip_table(SEED_000, Convention())
    found = diagnose(table, 0.5)
    assert found.verdict == "unknown"
    assert not found.names_the_mistake
    assert "what you get" not in found.message
    parts = {Quantity.DCG: 6.86, Quantity.IDEAL_DCG: 9.0}
    told = diagnose(table, 0.5, parts=parts)
    assert told.names_the_mistake
    assert "your DCG 6.86 was right" in told.message
    assert f"your ideal DCG 9 is off (it is {format_real(evaluate(SEED_000).ideal_dcg)})" in (
        told.message
    )


grade_lists = st.lists(st.integers(0, 3), min_size=2, max_size=8)
conventions = st.builds(
    Convention,
    gain=st.sampled_from(list(Gain)),
    discount=st.sampled_from(list(Discount)),
    cutoff_k=st.none() | st.integers(1, 6),
    log_base=st.sampled_from([2.0, 10.0]),
)


@settings(max_examples=examples(60))
@given(grade_lists, conventions, st.sampled_from(list(Quantity)))
def test_a_guess_at_each_slip_gets_that_slip_with_the_cores_numbers(
    grades: list[int], convention: Convention, quantity: Quantity
) -> None:
    table = slip_table(grades, convention, quantity=quantity, tolerance=quantity.tolerance)
    worked = evaluate(grades, convention)
    for group in table.groups:
        found = diagnose(table, group.value)
        assert found.verdict == "slip"
        assert found.slips == tuple(slip.kind for slip in group.slips)
        assert found.message.startswith(short_number(group.value))
        for kind in found.slips:
            if kind is SlipKind.NOT_NORMALISED:
                assert format_real(worked.ideal_dcg) in found.message
            if kind is SlipKind.CUTOFF and convention.cutoff_k is not None:
                assert f"the top {convention.cutoff_k}" in found.message
    # A guess away from the right answer and from every slip names none.
    values = [table.right, *(group.value for group in table.groups)]
    guess = max(values) + 1.0
    found = diagnose(table, guess)
    assert found.verdict == "unknown"
    assert not found.names_the_mistake
    assert not any(slip.name in found.message for g in table.groups for slip in g.slips)


@settings(max_examples=examples(40))
@given(grade_lists, conventions)
def test_the_ladders_one_position_is_a_row_of_the_cores_table(
    grades: list[int], convention: Convention
) -> None:
    worked = evaluate(grades, convention)
    ladder = help_ladder(worked, Quantity.NDCG)
    assert [s.filled for s in ladder.whole] == [s.filled for s in all_steps(worked)[1:]]
    if worked.depth == 0:
        return
    position = int(ladder.one_position.split(" ")[1])
    row = worked.table.iloc[position - 1]
    kept = f"it keeps {format_real(row['contribution'])}."
    assert kept in ladder.one_position
    assert f"grade {format_real(row['grade'])}, gain {format_real(row['gain'])}" in (
        ladder.one_position
    )
    assert math.isclose(float(row["contribution"]), float(row["gain"]) / float(row["discount"]))


def test_each_rung_has_its_own_words_and_button() -> None:
    assert len({rung.words for rung in Rung}) == len(Rung)
    assert len({rung.button for rung in Rung if rung}) == len(Rung) - 1
