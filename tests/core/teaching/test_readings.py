"""The sentences under the formulas, against the seed notes' hand-worked examples.

Expected numbers are written as the seeds work them (``3 / log2(4)``), then formatted by the
app's one rule, so a sentence that reads a wrong column or a wrong place fails here.
"""

from __future__ import annotations

import math

import pytest

from ndcg_core import Convention, evaluate, format_real
from ndcg_core.teaching.card_order import moved_card
from ndcg_core.teaching.lesson_readings import (
    cutoff_change,
    lesson_cutoff,
    lesson_kept,
    lesson_readings,
    story_names,
)
from ndcg_core.teaching.readings import Names, log2_refresher, worked_readings
from ndcg_core.teaching.stories import load_story

STORY = load_story("pizza")
SEED000 = [3, 2, 3, 0, 1, 2]  # seed 000 and the pizza story's shown order
SEED004 = [3, 2, 0, 0, 1]  # seed 004: CG 6, DCG 4.67, IDCG 4.76, nDCG 0.98


def test_seed000_dcg_sentence_names_luigis_at_place_3_with_its_share() -> None:
    sentence = lesson_readings(STORY, STORY.shown_order).dcg.numbers
    # Seed 000: the third result is graded 3 and divided by log2(3 + 1) = 2.
    assert "Luigi's Pizzeria, in place 3, is perfect (3)" in sentence
    assert f"3 / 2 = {format_real(3 / math.log2(4))}" in sentence
    dcg = 3 + 2 / math.log2(3) + 3 / math.log2(4) + 0 + 1 / math.log2(6) + 2 / math.log2(7)
    assert sentence.endswith(f"DCG = {format_real(dcg)}.")


def test_seed004_sentences_carry_its_worked_numbers() -> None:
    readings = worked_readings(evaluate(SEED004))
    assert readings.cg.numbers.endswith(f"CG = {3 + 2 + 0 + 0 + 1}.")
    dcg = 3 / math.log2(2) + 2 / math.log2(3) + 0 + 0 + 1 / math.log2(6)
    idcg = 3 / math.log2(2) + 2 / math.log2(3) + 1 / math.log2(4)
    assert f"DCG = {format_real(dcg)}" in readings.dcg.numbers
    assert "(3, 2, 1, 0, 0)" in readings.ideal.numbers
    assert f"the grade 1 in place 3 keeps 1 / log2(3+1) = 1 / 2 = {format_real(0.5)}" in (
        readings.ideal.numbers
    )
    assert readings.ideal.numbers.endswith(f"IDCG = {format_real(idcg)}.")
    assert f"gives {format_real(dcg / idcg)}: this ranking gets 98%" in readings.ndcg.numbers


@pytest.mark.parametrize("name", ["cg", "dcg", "ideal", "ndcg"])
def test_every_symbol_of_the_formulas_is_said_in_words(name: str) -> None:
    symbols = getattr(worked_readings(evaluate(SEED000)), name).symbols
    assert "p = 6" in symbols  # p: how many places count, with its value
    if name in {"cg", "dcg"}:
        assert 'Σ means "add up"' in symbols or "Σ adds one term for each place i" in symbols
        assert "rel_i, the grade of the result in place i" in symbols
    if name == "dcg":
        assert "divided by log2(i+1), the discount of place i" in symbols
    if name == "ideal":
        assert "rel*_i" in symbols
        assert "sorted best first" in symbols


def test_exponential_gain_is_read_as_two_to_the_grade_minus_one() -> None:
    readings = worked_readings(evaluate(SEED000, Convention(gain="exponential")))
    assert "2^rel_i - 1, the gain made from rel_i" in readings.cg.symbols
    # Place 3 holds grade 3: gain 2^3 - 1 = 7, kept 7 / log2(4) = 3.5.
    assert f"gain 2^3 - 1 = 7, and keeps 7 / log2(3+1) = 7 / 2 = {format_real(7 / 2)}" in (
        readings.dcg.numbers
    )


def test_a_cutoff_below_three_takes_its_example_from_the_last_counted_place() -> None:
    readings = worked_readings(evaluate(SEED000, Convention(cutoff_k=2)))
    assert "D2, in place 2, has grade 2" in readings.dcg.numbers
    assert f"= {format_real(2 / math.log2(3))}; the 2 terms" in readings.dcg.numbers
    assert readings.dcg.numbers.endswith(f"DCG@2 = {format_real(3 + 2 / math.log2(3))}.")
    assert readings.ndcg.numbers.startswith("DCG@2 = ")


def test_jarvelin_kekalainen_discount_is_read_by_its_value() -> None:
    readings = worked_readings(evaluate(SEED000, Convention(discount="jk")))
    # JK with base 2: place 3 divides by log2(3).
    assert f"keeps 3 / {format_real(math.log2(3))} = {format_real(3 / math.log2(3))}" in (
        readings.dcg.numbers
    )


def test_the_sentences_follow_the_readers_order() -> None:
    order = moved_card(STORY.shown_order, "dough-recipe", -1)  # the recipe up to place 3
    sentence = lesson_readings(STORY, order).dcg.numbers
    assert "How to make pizza dough at home, in place 3, is bad (0)" in sentence
    assert sentence != lesson_readings(STORY, STORY.shown_order).dcg.numbers
    kept = lesson_kept(STORY, order)
    assert "How to make pizza dough at home, in place 3" in kept
    assert f"= {format_real(1 / math.log2(4))} of its gain, so its 0 counts as 0" in kept


def test_log2_refresher_numbers_are_powers_of_two() -> None:
    refresher = log2_refresher()
    assert refresher.powers == ((1, 0.0), (2, 1.0), (4, 2.0), (8, 3.0))
    assert refresher.three == pytest.approx(math.log2(3))
    assert f"about {format_real(math.log2(3))}" in refresher.text
    assert "log2(1) = 0, log2(2) = 1, log2(4) = 2, log2(8) = 3" in refresher.text


def test_step_7_names_the_bad_result_at_four_leaving_and_why_ndcg_at_3_rises() -> None:
    change = lesson_cutoff(STORY, STORY.shown_order)
    assert change.cutoff_k == 3
    assert change.leaving == (4, 5, 6)
    assert "How to make pizza dough at home, bad (0), in place 4" in change.leaves
    tail = 0 / math.log2(5) + 1 / math.log2(6) + 2 / math.log2(7)
    ideal_tail = 2 / math.log2(5) + 1 / math.log2(6) + 0 / math.log2(7)
    assert f"= {format_real(tail)} of DCG's" in change.leaves
    assert f"the grades 2, 1, 0 in places 4 to 6, which brought {format_real(ideal_tail)}" in (
        change.leaves
    )
    dcg3 = 3 + 2 / math.log2(3) + 3 / math.log2(4)
    idcg3 = 3 + 3 / math.log2(3) + 2 / math.log2(4)
    assert "in place 4, How to make pizza dough at home, bad (0), sits where" in change.why
    assert "the ideal ranking has a 2" in change.why
    assert change.why.endswith(f"raises nDCG from 0.961 to nDCG@3 = {format_real(dcg3 / idcg3)}.")
    assert change.ndcg_at_k > change.ndcg_whole


def test_a_cutoff_that_drops_the_better_part_says_it_lowers_ndcg() -> None:
    grades = [1, 3, 2]  # the two best results below k = 1
    change = cutoff_change(
        evaluate(grades), evaluate(grades, Convention(cutoff_k=1)), Names(("A", "B", "C"))
    )
    assert change.ndcg_at_k < change.ndcg_whole
    assert "places 2 to 3 leave both sums" in change.leaves
    assert "the places past k were the better part, so leaving them out lowers nDCG" in (change.why)
    nothing_first = [0, 3]  # the ideal has nothing past place 1, and the list's 3 leaves
    change = cutoff_change(
        evaluate(nothing_first),
        evaluate(nothing_first, Convention(cutoff_k=1)),
        Names(("A", "B")),
    )
    assert "place 2 leaves both sums" in change.leaves
    assert "nothing of value past place 1, so cutting there lowers nDCG" in change.why


def test_nothing_leaves_when_k_covers_the_list() -> None:
    change = lesson_cutoff(STORY, STORY.shown_order, len(STORY.cards))
    assert change.leaving == ()
    assert "nothing leaves" in change.leaves
    assert change.ndcg_at_k == change.ndcg_whole


def test_an_ideal_with_nothing_past_k_says_so() -> None:
    grades = [3, 0, 0]  # seed 004's drawback: [3] and [3, 0, 0]
    change = cutoff_change(
        evaluate(grades), evaluate(grades, Convention(cutoff_k=1)), Names(("A", "B", "C"))
    )
    assert "nothing of value past place 1" in change.why


def test_story_names_give_the_grade_words() -> None:
    names = story_names(STORY, STORY.shown_order)
    assert names.result(3) == "Luigi's Pizzeria"
    assert names.grade(3.0) == "perfect (3)"
    assert Names(("A",)).grade(2.0) == "grade 2"
