"""A wrong number gets its mistake named where it was guessed (issue 24): in the lesson, in
Step by step and in Practice (a class question's is in test_class_pages.py). The expected
words are the core's (:func:`ndcg_core.teaching.diagnosis.diagnose`) for the list on the page;
a guess at no slip never names one. Help comes one rung at a time, and Practice's score says
how much help a first answer took."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core import Convention, evaluate, parse_grades
from ndcg_core.teaching import kinds
from ndcg_core.teaching.diagnosis import diagnose
from ndcg_core.teaching.help_ladder import Rung, help_ladder
from ndcg_core.teaching.lesson_help import guess_help, share_help
from ndcg_core.teaching.practice import exercise_set
from ndcg_core.teaching.slips import Quantity, SlipTable, slip_table
from ndcg_core.teaching.stories import load_story
from ndcg_core.text.quoting import short_number
from tests.pages.conftest import formulas, open_app

STEPS = "pages/step_by_step.py"
PRACTICE = "pages/practice.py"
STORY = load_story("pizza")
# Seed 004's list at k = 3 and seed 000's: between them every slip kind has a number of its
# own for nDCG, and two slips share one for DCG@3.
LISTS = [("3, 2, 0, 0, 1", 3), ("3, 2, 3, 0, 1, 2", None)]


def _said(at: AppTest) -> str:
    parts = [e.value for e in (*at.info, *at.success, *at.error)]
    return "\n".join(parts).replace("\\", "")


def _table(grades: str, k: int | None, quantity: Quantity) -> SlipTable:
    parsed = parse_grades(grades)
    return slip_table(
        parsed.grades,
        Convention(cutoff_k=k),
        quantity=quantity,
        labels=parsed.labels,
        tolerance=quantity.tolerance,
    )


def _steps(grades: str, k: int | None) -> AppTest:
    query = {"g": grades} | ({"k": str(k)} if k else {})
    return open_app(query, STEPS)


@pytest.mark.parametrize(("grades", "k"), LISTS)
@pytest.mark.parametrize(("step", "quantity"), [("DCG", Quantity.DCG), ("nDCG", Quantity.NDCG)])
def test_step_by_step_names_the_slip_a_guess_sits_at(
    grades: str, k: int | None, step: str, quantity: Quantity
) -> None:
    table = _table(grades, k, quantity)
    assert table.groups
    for group in table.groups:
        at = _steps(grades, k)
        at.text_input(key=f"step_guess_{step}").set_value(short_number(group.value)).run()
        at.button(key=f"step_reveal_{step}").click().run()
        assert not at.exception
        assert diagnose(table, group.value).message in _said(at)
    at = _steps(grades, k)
    nowhere = max(table.right, *(g.value for g in table.groups)) + 1
    at.text_input(key=f"step_guess_{step}").set_value(short_number(nowhere)).run()
    at.button(key=f"step_reveal_{step}").click().run()
    assert "what you get" not in _said(at)


def test_step_by_step_says_which_part_of_a_wrong_ndcg_is_off() -> None:
    at = _steps("3, 2, 3, 0, 1, 2", None)
    for step, typed in [("DCG", "6.86"), ("IDCG", "9"), ("nDCG", "0.5")]:
        at.text_input(key=f"step_guess_{step}").set_value(typed).run()
    at.button(key="step_reveal_nDCG").click().run()
    said = _said(at)
    assert "your DCG 6.86 was right" in said
    assert "your ideal DCG 9 is off (it is 7.141)" in said


def test_step_by_step_help_comes_one_rung_at_a_time_and_starts_again_for_a_new_list() -> None:
    at = _steps("3, 2, 3, 0, 1, 2", None)
    ladder = help_ladder(evaluate([3, 2, 3, 0, 1, 2]), Quantity.DCG)
    assert ladder.hint not in _said(at)
    at.button(key="step_guess_DCG_help_1").click().run()
    assert ladder.hint in _said(at)
    assert ladder.one_position not in _said(at)
    at.button(key="step_guess_DCG_help_2").click().run()
    assert ladder.one_position in _said(at)
    at.button(key="step_guess_DCG_help_3").click().run()
    assert ladder.whole[0].filled in formulas(at)
    read = [m.value.replace("\\", "") for m in at.markdown]
    assert read.count(ladder.whole_read[0]) >= 1  # the worked formula, read in words
    assert not [b for b in at.button if b.key and b.key.startswith("step_guess_DCG_help")]
    at = _steps("1, 0, 2", None)  # a new list: the ladder starts at the bottom
    assert "step_guess_DCG_help_1" in [b.key for b in at.button]


def _lesson_at(step: int) -> AppTest:
    at = open_app()
    at.session_state["lesson_step"] = step
    at.run()
    return at


def test_the_lessons_ndcg_guess_at_each_slip_gets_that_slips_words() -> None:
    table, _ = guess_help(STORY, STORY.shown_order, Quantity.NDCG)
    assert len(table.groups) >= 3
    for group in table.groups:
        at = _lesson_at(6)
        at.text_input(key="lesson_guess_ndcg").set_value(short_number(group.value))
        at.button(key="FormSubmitter:lesson_form_ndcg-Reveal").click().run()
        assert not at.exception
        assert diagnose(table, group.value).message in _said(at)


def test_the_lessons_cg_guess_climbs_the_ladder_and_a_doubled_gain_is_named() -> None:
    table, ladder = guess_help(STORY, STORY.shown_order, Quantity.CG)
    at = _lesson_at(2)
    at.button(key="lesson_guess_cg_help_1").click().run()
    assert ladder.hint in _said(at)
    at.button(key="lesson_guess_cg_help_2").click().run()
    assert ladder.one_position in _said(at)
    [slip] = [g for g in table.groups if "exponential" in g.name]
    at.text_input(key="lesson_guess_cg").set_value(short_number(slip.value))
    at.button(key="FormSubmitter:lesson_form_cg-Reveal").click().run()
    assert diagnose(table, slip.value).message in _said(at)


def test_the_lessons_share_guess_at_log2_i_is_named_and_helped() -> None:
    """Step 3 asks what share position 3 keeps (1/log2(4) = 0.5); 1/log2(3) = 0.631 is the
    log2(i) slip, and 1 is no discount at all."""
    table, ladder = share_help(STORY, STORY.shown_order, 3)
    at = _lesson_at(3)
    at.button(key="lesson_guess_kept_help_1").click().run()
    assert ladder.hint in _said(at)
    for group in table.groups:
        at = _lesson_at(3)
        at.text_input(key="lesson_guess_kept").set_value(short_number(group.value))
        at.button(key="FormSubmitter:lesson_form_kept-Reveal").click().run()
        assert diagnose(table, group.value).message in _said(at)
    assert "log2(i) instead of log2(i+1)" in diagnose(table, 0.631).message


def _predict(seed: int = 5) -> kinds.base.Exercise:
    return next(e for e in exercise_set(seed, "medium") if e.kind is kinds.PREDICT)


@pytest.mark.parametrize(("seed", "level"), [(5, "medium"), (2, "easy"), (2, "hard")])
def test_practice_names_the_slip_of_a_wrong_first_answer(seed: int, level: str) -> None:
    """Three sets, three kinds of convention (a cutoff; the whole list; exponential gain)."""
    exercise = next(e for e in exercise_set(seed, level) if e.kind is kinds.PREDICT)
    table = slip_table(
        exercise.grades, exercise.convention, labels=exercise.labels, tolerance=exercise.tolerance
    )
    assert len(table.groups) >= 3
    for group in table.groups:
        at = open_app({"seed": str(seed), "level": level}, PRACTICE)
        at.text_input(key=f"ex_{exercise.key}_guess").set_value(short_number(group.value)).run()
        at.button(key=f"ex_{exercise.key}_check").click().run()
        assert diagnose(table, group.value).message in _said(at)


def test_practice_counts_the_help_a_right_answer_took_and_keeps_it_in_the_link() -> None:
    exercise = _predict()
    right = evaluate(exercise.grades, exercise.convention).ndcg
    at = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    at.button(key=f"ex_{exercise.key}_guess_help_1").click().run()
    at.text_input(key=f"ex_{exercise.key}_guess").set_value(short_number(round(right, 4))).run()
    at.button(key=f"ex_{exercise.key}_check").click().run()
    done = f"Done: right at the first check, {Rung.HINT.words}, 1 point."
    assert done in [c.value for c in at.caption]
    assert "1 of the 1 after help" in at.get("progress")[0].proto.text
    link = at.query_params["answers"]
    reopened = open_app({"seed": "5", "level": "medium", "answers": link}, PRACTICE)
    assert "1 of the 1 after help" in reopened.get("progress")[0].proto.text
