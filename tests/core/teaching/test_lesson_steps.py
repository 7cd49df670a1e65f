"""The guided lesson's numbers: each step's formula, read back, adds up to what the core computes."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, evaluate, format_real
from ndcg_core.errors import NdcgError
from ndcg_core.metric.parsing import parse_grades
from ndcg_core.teaching.card_order import shuffled
from ndcg_core.teaching.lesson_feedback import number_feedback, ranking_feedback
from ndcg_core.teaching.lesson_recap import playground_text
from ndcg_core.teaching.lesson_steps import (
    convention_line,
    discount_formula,
    ndcg_reading,
    step_cg,
    step_cutoff,
    step_dcg,
    step_discount,
    step_drawback,
    step_grades,
    step_ideal,
    step_ndcg,
)
from ndcg_core.teaching.stories import load_story

STORY = load_story("pizza")
ORDERS = st.permutations(STORY.shown_order).map(tuple)
_FRACTION = re.compile(r"\\frac\{([^{}]+)\}\{([^{}]+)\}")


def _read_filled(filled: str) -> tuple[list[float], str]:
    """The terms a learner reads in 'X_{p} = t1 + t2 + ... = result', and the result as shown."""
    _, middle, result = filled.split(" = ")
    terms = []
    for term in middle.split(" + "):
        fraction = _FRACTION.fullmatch(term)
        terms.append(float(fraction[1]) / float(fraction[2]) if fraction else float(term))
    return terms, result


def _textbook_dcg(grades: list[int], k: int | None = None) -> float:
    # rel_i / log2(i + 1), written out independently of the core.
    return sum(g / math.log2(i + 1) for i, g in enumerate(grades[:k], start=1))


def test_the_convention_is_stated_in_one_line_with_its_app_name() -> None:
    line = convention_line()
    assert "\n" not in line
    assert str(Convention()) in line
    assert "log2(position + 1)" in line


def test_shown_order_reaches_seed_000s_figures() -> None:
    order = STORY.shown_order
    assert step_cg(STORY, order, shuffled(order, 3)).formula.filled.endswith("= 11")
    assert format_real(step_dcg(STORY, order).formula.result) == "6.861"
    assert format_real(step_ideal(STORY, order).formula.result) == "7.141"
    step = step_ndcg(STORY, order)
    assert step.reading == "0.961: this ranking gets 96% of the best possible discounted gain."


@given(ORDERS, ORDERS)
def test_cg_does_not_move_when_the_cards_are_shuffled(
    first: tuple[str, ...], second: tuple[str, ...]
) -> None:
    step = step_cg(STORY, first, second)
    assert step.unchanged
    terms, result = _read_filled(step.shuffled_formula.filled)
    assert sum(terms) == float(result) == sum(card.grade for card in STORY.cards)


@given(ORDERS)
def test_dcg_formula_read_back_adds_up_to_the_core_and_to_the_textbook(
    order: tuple[str, ...],
) -> None:
    grades = [STORY.card(card_id).grade for card_id in order]
    step = step_dcg(STORY, order)
    core = evaluate(grades)
    assert math.isclose(sum(step.formula.terms), core.dcg, rel_tol=1e-12)
    assert math.isclose(core.dcg, _textbook_dcg(grades), rel_tol=1e-12)
    terms, result = _read_filled(step.formula.filled)
    # Each shown term is rounded to 3 decimals, so the read-back sum is close, not equal.
    assert sum(terms) == pytest.approx(core.dcg, abs=0.002 * len(terms))
    assert result == format_real(core.dcg)
    for row, term in zip(step.rows, step.formula.terms, strict=True):
        assert row.contribution == term
        assert row.card.id == order[row.position - 1]
        assert math.isclose(row.kept, 1 / math.log2(row.position + 1), rel_tol=1e-15)


@given(ORDERS)
def test_ideal_and_ndcg_agree_with_the_core_for_any_order(order: tuple[str, ...]) -> None:
    grades = [STORY.card(card_id).grade for card_id in order]
    ideal = step_ideal(STORY, order)
    assert [row.card.grade for row in ideal.rows] == sorted(grades, reverse=True)
    _, ideal_shown = _read_filled(ideal.formula.filled)
    assert ideal_shown == format_real(_textbook_dcg(sorted(grades, reverse=True)))
    step = step_ndcg(STORY, order)
    assert step.ndcg == evaluate(grades).ndcg
    assert step.ndcg <= 1.0
    numerator, denominator = _FRACTION.search(step.formula.filled).groups()  # type: ignore[union-attr]
    assert numerator == format_real(step.dcg)
    assert denominator == format_real(step.ideal_dcg)
    assert step.reading.startswith(format_real(step.ndcg) + ":")


def test_best_order_reads_as_the_best_possible() -> None:
    step = step_ndcg(STORY, STORY.ideal_order)
    assert step.ndcg == 1.0
    assert "best possible order" in step.reading


@pytest.mark.parametrize(
    ("value", "share"),
    [(0.96, "96%"), (0.994, "99%"), (0.9951, "99.5%"), (0.9991, "over 99.9%"), (0.0, "0%")],
)
def test_reading_never_rounds_a_ranking_that_is_not_best_up_to_100(
    value: float, share: str
) -> None:
    assert f"gets {share} of the best" in ndcg_reading(value)


def test_discount_curve_is_one_over_log2_and_third_place_keeps_half() -> None:
    step = step_discount(STORY, STORY.shown_order)
    assert [i for i, _ in step.curve] == [1, 2, 3, 4, 5, 6]
    for i, kept in step.curve:
        assert math.isclose(kept, 1 / math.log2(i + 1), rel_tol=1e-15)
    assert step.curve[2][1] == 0.5
    assert step.third_place.endswith(f"= {format_real(0.5)}")
    assert [row.card.id for row in step.rows] == list(STORY.shown_order)


@pytest.mark.parametrize("position", [1, 2, 3, 7, 15])
def test_discount_formula_reads_back_to_the_kept_share(position: int) -> None:
    _, divisor, kept = discount_formula(position).split(" = ")
    assert f"log_2({position}+1)" in discount_formula(position)
    shown_divisor = float(_FRACTION.fullmatch(divisor)[2])  # type: ignore[index]
    assert shown_divisor == pytest.approx(math.log2(position + 1), abs=5e-4)
    assert float(kept) == pytest.approx(1 / math.log2(position + 1), abs=5e-4)


@given(ORDERS, st.integers(1, 6))
def test_cutoff_counts_only_the_first_k_cards(order: tuple[str, ...], k: int) -> None:
    grades = [STORY.card(card_id).grade for card_id in order]
    step = step_cutoff(STORY, order, k)
    assert [row.counted for row in step.rows] == [i < k for i in range(6)]
    expected = _textbook_dcg(grades, k) / _textbook_dcg(sorted(grades, reverse=True), k)
    assert math.isclose(float(step.ndcg.result), expected, rel_tol=1e-12)
    terms, shown = _read_filled(step.dcg.filled)
    assert len(terms) == k
    assert shown == format_real(_textbook_dcg(grades, k))
    assert step.ndcg_whole_list == evaluate(grades).ndcg


def test_story_cutoff_is_the_default_and_moving_a_card_below_it_changes_nothing() -> None:
    shown = STORY.shown_order
    step = step_cutoff(STORY, shown)
    assert step.cutoff_k == STORY.cutoff_k == 3
    assert step.ndcg.filled == r"nDCG_{3} = \frac{5.762}{5.893} = 0.978"
    below = (*shown[:3], *reversed(shown[3:]))
    assert step_cutoff(STORY, below).ndcg.result == step.ndcg.result


def test_drawback_teaser_uses_the_storys_cards_and_the_cores_numbers() -> None:
    teaser = step_drawback(STORY)
    assert teaser.short_order == ("forno-rosso",)
    assert teaser.long_order == ("forno-rosso", "dough-recipe")
    assert teaser.ndcg_short == evaluate([3]).ndcg == teaser.ndcg_long == evaluate([3, 0]).ndcg
    assert "Forno Rosso, wood-fired pizza" in teaser.text
    assert "How to make pizza dough at home" in teaser.text
    assert "still scores 1" in teaser.text


def test_shuffled_is_a_different_order_of_the_same_cards_and_repeats_for_a_seed() -> None:
    order = STORY.shown_order
    for seed in range(20):
        moved = shuffled(order, seed)
        assert moved != order
        assert sorted(moved) == sorted(order)
        assert moved == shuffled(order, seed)


def test_playground_text_reads_back_as_the_same_list() -> None:
    text = playground_text(STORY, STORY.ideal_order)
    grade_list = parse_grades(text)
    assert grade_list.labels == STORY.ideal_order
    assert grade_list.grades == (3, 3, 2, 2, 1, 0)


def test_grades_step_shows_the_scale_best_first() -> None:
    step = step_grades(STORY, STORY.shown_order)
    assert [level.grade for level in step.scale] == [3, 2, 1, 0]
    assert [row.card.grade_name for row in step.rows][:2] == ["perfect", "good"]


@pytest.mark.parametrize(
    ("guess", "answer", "verdict"),
    [
        (11, 11.0, "spot on"),
        (0.9608, 0.961, "spot on"),
        (7.0, 6.861, "close"),
        (0.9, 0.961, "close"),
        (0.5, 0.961, "off"),
        (0.05, 0.0, "close"),
        (0.2, 0.0, "off"),
    ],
)
def test_number_feedback_verdicts(guess: float, answer: float, verdict: str) -> None:
    feedback = number_feedback(guess, answer)
    assert feedback.verdict == verdict
    assert f"the answer is {format_real(answer)}" in feedback.message


def test_number_feedback_refuses_a_guess_that_is_not_a_number() -> None:
    with pytest.raises(NdcgError, match="must be a number"):
        number_feedback(math.nan, 1.0)


def test_ranking_feedback_gives_both_scores_and_the_truth() -> None:
    a = step_ndcg(STORY, STORY.shown_order).ndcg
    b = step_ndcg(STORY, STORY.ideal_order).ndcg
    assert ranking_feedback("B", a, b).verdict == "right"
    wrong = ranking_feedback("A", a, b)
    assert wrong.verdict == "wrong"
    assert wrong.message == "Not this time: B scores higher, nDCG 1 against 0.961."
    assert ranking_feedback("same", a, a).message == "Right: A and B score the same, nDCG 0.961."
    assert ranking_feedback("B", a, a).verdict == "wrong"
