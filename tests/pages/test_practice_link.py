"""A reload of the Practice page keeps the answers given, the score and what is done."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from ndcg_core import evaluate, format_real
from ndcg_core.teaching import kinds
from ndcg_core.teaching.practice import exercise_set
from tests.pages.conftest import open_app

PRACTICE = "pages/practice.py"
PREDICT = next(e for e in exercise_set(5, "medium") if e.kind is kinds.PREDICT)
TRUTH = evaluate(PREDICT.grades, PREDICT.convention).ndcg
GUESS = f"ex_{PREDICT.key}_guess"
CHECK = f"ex_{PREDICT.key}_check"


def _score(at: AppTest) -> str:
    (score,) = [m.value for m in at.metric if m.label == "Score"]
    return score


def _status(at: AppTest) -> list[str]:
    return [c.value for c in at.caption if c.value.startswith("Done")]


def _answer(at: AppTest, typed: str) -> None:
    at.text_input(key=GUESS).set_value(typed).run()
    at.button(key=CHECK).click().run()
    assert not at.exception


def _reload(at: AppTest) -> AppTest:
    """A new session opened on the page's own link, as a reload (or the share link) is."""
    return open_app(dict(at.query_params), PRACTICE)


def test_a_reload_after_a_wrong_answer_keeps_it_wrong_and_the_right_one_is_practice() -> None:
    at = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    _answer(at, str(round(TRUTH + 0.05, 4) if TRUTH < 0.9 else round(TRUTH - 0.05, 4)))
    assert "Not quite" in at.error[0].value
    before = (_score(at), _status(at))
    assert before == (
        "0 of 8",
        ["Done: the first answer was not right, so no point. Another try is practice."],
    )

    again = _reload(at)
    assert (_score(again), _status(again)) == before
    assert "Not quite" in again.error[0].value  # the verdict, worked out again
    _answer(again, format_real(TRUTH, 4))  # the value the wrong answer revealed
    assert "not scored" in again.success[0].value
    assert _score(again) == "0 of 8"
    assert again.get("progress")[0].proto.text == "1 of 8 done"
    assert _status(_reload(again)) == before[1]  # and it stays practice after another reload


def test_a_right_first_answer_keeps_its_point_after_a_reload() -> None:
    at = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    _answer(at, str(round(TRUTH, 4)))
    again = _reload(at)
    assert _score(again) == "1 of 8"
    assert _status(again) == ["Done: right first time, 1 point."]


def test_an_unreadable_answers_parameter_is_named_and_the_set_still_opens() -> None:
    at = open_app({"seed": "5", "level": "medium", "answers": "1~1_1_zero"}, PRACTICE)
    (warning,) = [w.value for w in at.warning]
    assert "answers=" in warning
    assert "Exercise 1's answer “zero” is not a number." in warning
    assert _score(at) == "0 of 8"
    assert at.markdown[0].value.startswith("**1. Predict.**")  # the set is there
    assert "answers" not in at.query_params  # dropped from the link, not carried on


def test_a_reload_puts_every_answer_back_in_its_box() -> None:
    at = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    reorder = next(e for e in exercise_set(5, "medium") if e.kind is kinds.REORDER)
    order_key = f"ex_{reorder.key}_order"
    moved = [*reorder.labels[1:], reorder.labels[0]]
    at.session_state[order_key] = moved
    at.run()
    at.button(key=f"ex_{reorder.key}_check").click().run()
    _answer(at, "0.5")
    _answer(at, "0.75")  # the latest answer is the one the box shows again

    again = _reload(at)
    assert again.text_input(key=GUESS).value == "0.75"
    assert again.session_state[order_key] == moved
