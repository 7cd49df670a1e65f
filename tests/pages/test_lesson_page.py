"""The guided lesson: predictions, reveals, every number the core's, the steps in order.

Expected values come from ndcg_core.teaching.lesson_steps on the shipped story (never typed in), so
these tests check that the page shows what the core computes for the reader's own order.
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from components.chrome import plain
from components.state import CONVENTION_KEYS
from ndcg_core import format_real
from ndcg_core.teaching.card_order import moved_card, shuffled_cards, swapped
from ndcg_core.teaching.lesson_feedback import number_feedback, ranking_feedback
from ndcg_core.teaching.lesson_plan import recap
from ndcg_core.teaching.lesson_steps import (
    TEXTBOOK,
    step_cg,
    step_cutoff,
    step_dcg,
    step_discount,
    step_drawback,
    step_ideal,
    step_ndcg,
)
from ndcg_core.teaching.stories import load_story
from tests.pages.conftest import component_data, formulas, open_app, shown_cards

LESSON = "pages/lesson.py"
PLAYGROUND = "pages/playground.py"
STORY = load_story("pizza")


def at_step(step: int, query: dict[str, str] | None = None) -> AppTest:
    at = open_app(query)
    at.session_state["lesson_step"] = step
    at.run()
    assert not at.exception, at.exception
    return at


def step_title(at: AppTest) -> str:
    return str(at.subheader[-1].value)


def reveal(at: AppTest) -> AppTest:
    [button] = [b for b in at.button if b.label == "Reveal"]
    button.click().run()
    assert not at.exception, at.exception
    return at


def latex(at: AppTest) -> list[str]:
    return formulas(at)


def infos(at: AppTest) -> list[str]:
    return [str(element.value) for element in at.info]


def test_the_lesson_opens_the_app_without_the_convention_picker() -> None:
    at = open_app()
    assert at.header[0].value == "Lesson: what nDCG measures"
    assert step_title(at) == "1. What the judge says"
    assert not at.sidebar.radio, "the sidebar's convention picker shows on the lesson"
    # The cards carry their titles and grade names, not "D4 · 0".
    shown = " ".join(str(m.value) for m in at.markdown)
    for card in STORY.cards:
        assert plain(card.title) in shown
        assert f"{card.grade_name} · {card.grade}" in shown


def test_a_convention_chosen_in_the_playground_survives_a_visit_to_the_lesson() -> None:
    at = open_app(page=PLAYGROUND)
    at.sidebar.radio(key=CONVENTION_KEYS["gain"]).set_value("exponential").run()
    at.switch_page(LESSON).run()
    at.switch_page(PLAYGROUND).run()
    assert not at.exception
    assert at.sidebar.radio(key=CONVENTION_KEYS["gain"]).value == "exponential"


def test_next_shows_the_next_step_and_the_recap_of_those_done() -> None:
    at = open_app()
    at.button(key="lesson_next").click().run()
    assert step_title(at) == "2. CG: add the grades up"
    at.button(key="lesson_next").click().run()
    assert step_title(at) == "3. The discount: lower places count less"
    recap_text = str(at.expander[0].markdown[0].value)
    for line in recap(STORY, STORY.shown_order)[:2]:
        assert plain(line) in recap_text
    assert plain(recap(STORY, STORY.shown_order)[2]) not in recap_text
    at.button(key="lesson_back").click().run()
    assert step_title(at) == "2. CG: add the grades up"


def test_cg_is_predicted_then_revealed_and_does_not_move_when_shuffled() -> None:
    at = at_step(2)
    assert not [b for b in at.button if b.key == "lesson_shuffle_button"]  # predict first
    at.text_input(key="lesson_guess_cg").set_value("10.0")
    reveal(at)
    step = step_cg(STORY, STORY.shown_order, STORY.shown_order)
    assert number_feedback(10.0, step.cg).message in infos(at)
    assert step.formula.filled in latex(at)
    at.button(key="lesson_shuffle_button").click().run()
    moved = step_cg(STORY, STORY.shown_order, shuffled_cards(STORY, STORY.shown_order, 1))
    assert moved.shuffled_formula.filled in latex(at)
    assert moved.shuffled_formula.filled != moved.formula.filled
    assert moved.shuffled_formula.result == moved.formula.result


def test_the_third_place_keeps_half_and_the_guess_is_judged_against_the_core() -> None:
    at = at_step(3)
    at.text_input(key="lesson_guess_kept").set_value("0.5")
    reveal(at)
    kept = step_discount(STORY, STORY.shown_order).rows[2].kept
    feedback = number_feedback(0.5, kept)
    assert feedback.verdict == "spot on"
    assert feedback.message in infos(at)
    assert step_discount(STORY, STORY.shown_order).third_place in latex(at)


def test_dcg_ranking_question_then_moving_a_card_updates_dcg_term_by_term() -> None:
    at = at_step(4)
    at.radio(key="lesson_pick_dcg").set_value("A")
    reveal(at)
    swap = swapped(STORY.shown_order, 2, 3)
    expected = ranking_feedback(
        "A",
        float(step_dcg(STORY, STORY.shown_order).formula.result),
        float(step_dcg(STORY, swap).formula.result),
        measure="DCG",
    )
    assert expected.verdict == "wrong"
    assert expected.message in infos(at)
    assert step_dcg(STORY, STORY.shown_order).formula.filled in latex(at)
    # The keyboard way: pick the recipe blog and move it up one place.
    at.selectbox(key="lesson_move_choice").set_value("dough-recipe").run()
    at.button(key="lesson_move_up").click().run()
    order = moved_card(STORY.shown_order, "dough-recipe", -1)
    assert at.session_state["lesson_order"] == order
    step = step_dcg(STORY, order)
    assert step.formula.filled in latex(at)
    assert shown_cards(at)["DCG of your order"] == format_real(step.formula.result)
    # What a drop stores (the live view hands its order to set_order): the list the browser
    # draws, and its DCG, follow it.
    dropped = ("dough-recipe", *(card for card in order if card != "dough-recipe"))
    at.session_state["lesson_order"] = dropped
    at.run()
    sent = component_data(at, "lesson_live")
    assert sent is not None
    assert [item[0] for item in sent["items"]] == list(dropped)
    assert sent["items"][0][1].endswith(f"({STORY.card('dough-recipe').grade})")
    dcg = step_dcg(STORY, dropped).formula.result
    assert [(card["label"], card["value"]) for card in sent["cards"]] == [
        ("DCG of your order", format_real(dcg))
    ]
    assert step_dcg(STORY, dropped).formula.filled in latex(at)


def test_the_ideal_order_and_idcg_come_from_the_core() -> None:
    at = at_step(5)
    at.toggle(key="lesson_ideal_toggle").set_value(True).run()
    step = step_ideal(STORY, STORY.shown_order)
    assert step.formula.filled in latex(at)
    [listed] = [str(m.value) for m in at.markdown if plain(STORY.cards[0].title) in str(m.value)]
    first, second = (plain(STORY.card(card_id).title) for card_id in step.ideal_order[:2])
    assert listed.index(first) < listed.index(second)


def test_ndcg_is_predicted_then_shown_as_a_formula_and_in_words() -> None:
    at = at_step(6)
    at.text_input(key="lesson_guess_ndcg").set_value("0.9")
    reveal(at)
    step = step_ndcg(STORY, STORY.shown_order)
    assert number_feedback(0.9, step.ndcg).message in infos(at)
    assert step.formula.filled in latex(at)
    assert any(plain(step.reading) in str(m.value) for m in at.markdown)


def test_cutoff_question_and_slider_follow_the_core() -> None:
    at = at_step(7)
    at.radio(key="lesson_pick_cutoff").set_value("B")
    reveal(at)
    whole = step_ndcg(STORY, STORY.shown_order).ndcg
    at_k = float(step_cutoff(STORY, STORY.shown_order).ndcg.result)
    assert ranking_feedback("B", whole, at_k).message in infos(at)
    at.slider(key="lesson_k").set_value(2).run()
    assert step_cutoff(STORY, STORY.shown_order, 2).ndcg.filled in latex(at)


def test_the_drawback_teaser_says_both_pages_score_the_same() -> None:
    at = at_step(8)
    at.radio(key="lesson_pick_drawback").set_value("same")
    reveal(at)
    teaser = step_drawback(STORY)
    assert ranking_feedback("same", teaser.ndcg_short, teaser.ndcg_long).verdict == "right"
    assert any(m.startswith("Right:") for m in infos(at))
    assert any(plain(teaser.text) in str(m.value) for m in at.markdown)


def test_presenter_view_shows_only_the_current_step_with_back_and_next() -> None:
    at = open_app({"mode": "present"})
    at.button(key="lesson_next").click().run()
    at.button(key="lesson_next").click().run()
    assert step_title(at) == "3. The discount: lower places count less"
    assert not at.expander  # no recap: one step per screen
    assert [s.value for s in at.subheader] == ["3. The discount: lower places count less"]
    at.button(key="lesson_back").click().run()
    assert step_title(at) == "2. CG: add the grades up"


def test_the_last_step_opens_the_playground_with_the_readers_order() -> None:
    at = at_step(4, {"gain": "exponential"})  # a link's convention, not the lesson's
    at.session_state["lesson_revealed"] = {"dcg": "A"}
    at.run()
    at.selectbox(key="lesson_move_choice").set_value("luigis").run()
    at.button(key="lesson_move_up").click().run()
    order = moved_card(STORY.shown_order, "luigis", -1)
    at.session_state["lesson_step"] = 9
    at.run()
    at.button(key="lesson_open_playground").click().run()
    assert not at.exception
    assert at.header[0].value == "Playground"
    grade_list = at.session_state["lab_list"]
    cards = STORY.ordered(order)
    assert grade_list.grades == tuple(float(card.grade) for card in cards)
    assert grade_list.labels == order
    fields = {name: at.session_state[key] for name, key in CONVENTION_KEYS.items()}
    textbook = {
        name: getattr(getattr(TEXTBOOK, name), "value", getattr(TEXTBOOK, name))
        for name in CONVENTION_KEYS
    }
    assert fields == textbook  # the lesson's numbers are the Playground's
