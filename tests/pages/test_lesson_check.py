"""The lesson ends with a check (issue 24): three questions from Practice, each checked by its
kind, a wrong number diagnosed, and a summary whose buttons lead back to the step to revisit
(for a number at a slip, the step that teaches that slip's part)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from ndcg_core import evaluate
from ndcg_core.teaching.diagnosis import diagnose
from ndcg_core.teaching.kinds.base import Exercise
from ndcg_core.teaching.lesson_check import REVISIT_FOR_SLIP, check_exercises, step_number
from ndcg_core.teaching.practice_checks import reorder_answer
from ndcg_core.teaching.slips import slip_table
from ndcg_core.text.quoting import short_number
from tests.pages.conftest import open_app

NUMBER, ORDER, WHICH = check_exercises(1)


def _last_step() -> AppTest:
    at = open_app()
    at.session_state["lesson_step"] = 9
    at.run()
    assert not at.exception
    return at


def _key(exercise: Exercise, what: str) -> str:
    return f"lesson_check_{exercise.key}_{what}"


def _answer_all(at: AppTest, number: float, order: list[str], winner: str, flip: int) -> None:
    at.text_input(key=_key(NUMBER, "guess")).set_value(short_number(number)).run()
    at.button(key=_key(NUMBER, "check")).click().run()
    at.session_state[_key(ORDER, "order")] = order
    at.button(key=_key(ORDER, "check")).click().run()
    at.radio(key=_key(WHICH, "winner")).set_value(winner)
    at.radio(key=_key(WHICH, "flip")).set_value(flip).run()
    at.button(key=_key(WHICH, "check")).click().run()
    assert not at.exception


def _revisits(at: AppTest) -> list[str]:
    return [b.label for b in at.button if b.key and b.key.startswith("lesson_check_revisit")]


def test_three_right_answers_say_so_and_send_nobody_back() -> None:
    at = _last_step()
    right = evaluate(NUMBER.grades, NUMBER.convention).ndcg
    _answer_all(at, round(right, 4), reorder_answer(ORDER), WHICH.answer, WHICH.answer_index)
    assert any(m.value == "**Right: 3 of 3.**" for m in at.markdown)
    assert _revisits(at) == []


def test_a_number_at_a_slip_leads_back_to_the_step_that_teaches_it() -> None:
    table = slip_table(NUMBER.grades, NUMBER.convention, tolerance=NUMBER.tolerance)
    group = table.groups[0]
    step = step_number(REVISIT_FOR_SLIP[group.slips[0].kind])
    at = _last_step()
    wrong_winner = "A" if WHICH.answer == "B" else "B"
    _answer_all(at, group.value, list(ORDER.labels[::-1]), wrong_winner, WHICH.answer_index)
    said = " ".join(e.value for e in at.error).replace("\\", "")
    assert diagnose(table, group.value).message.split(":")[0] in said
    assert any(m.value == "**Right: 0 of 3.**" for m in at.markdown)
    revisits = _revisits(at)
    assert revisits[0].startswith(f"Back to step {step} (")
    assert revisits[1].startswith(f"Back to step {step_number('ideal')} (")
    at.button(key="lesson_check_revisit_1").click().run()
    assert at.session_state["lesson_step"] == step
