"""The Practice page through AppTest: seeded sets, right and wrong answers, score, new set."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from ndcg_core import evaluate, format_real
from ndcg_core.teaching import kinds
from ndcg_core.teaching.kinds.base import QuestionKind
from ndcg_core.teaching.practice import exercise_set
from tests.pages.conftest import open_app

PRACTICE = "pages/practice.py"


def _texts(at: AppTest) -> list[str]:
    return [m.value for m in at.markdown] + [c.value for c in at.code]


def _first(kind: QuestionKind, seed: int = 5, level: str = "medium"):
    return next(e for e in exercise_set(seed, level) if e.kind is kind)


def test_a_link_with_a_seed_gives_everyone_the_same_set() -> None:
    first = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    second = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    other = open_app({"seed": "6", "level": "medium"}, PRACTICE)
    assert _texts(first) == _texts(second)
    assert _texts(first) != _texts(other)
    exercise = _first(kinds.PREDICT)
    assert ", ".join(str(int(g)) for g in exercise.grades) in [c.value for c in first.code]
    assert first.query_params["seed"] == "5"
    assert first.query_params["level"] == "medium"


def _score(at: AppTest) -> str:
    (score,) = [m.value for m in at.metric if m.label == "Score"]
    return score


def _done(at: AppTest) -> list[str]:
    return [c.value for c in at.caption if c.value.startswith("Done")]


def test_a_wrong_answer_reveals_the_value_and_typing_it_back_does_not_score() -> None:
    at = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    exercise = _first(kinds.PREDICT)
    truth = evaluate(exercise.grades, exercise.convention).ndcg
    guess = at.text_input(key=f"ex_{exercise.key}_guess")
    guess.set_value(str(round(truth + 0.05, 4) if truth < 0.9 else round(truth - 0.05, 4))).run()
    at.button(key=f"ex_{exercise.key}_check").click().run()
    assert "Not quite" in at.error[0].value
    revealed = format_real(truth, 4)
    assert revealed in at.error[0].value.replace("\\", "")  # shown markdown-escaped
    # the worked answer, position by position
    assert len(at.table[0].value) == min(len(exercise.grades), 20)
    assert _score(at) == "0 of 8"
    assert len(_done(at)) == 1  # revealed, so done

    at.text_input(key=f"ex_{exercise.key}_guess").set_value(revealed).run()
    at.button(key=f"ex_{exercise.key}_check").click().run()
    assert "Right" in at.success[0].value
    assert "not scored" in at.success[0].value
    assert _score(at) == "0 of 8"  # the revealed value typed back earns nothing
    assert len(_done(at)) == 1
    assert at.get("progress")[0].proto.text == "1 of 8 done"


def test_a_right_first_answer_scores_once() -> None:
    at = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    exercise = _first(kinds.PREDICT)
    truth = evaluate(exercise.grades, exercise.convention).ndcg
    at.text_input(key=f"ex_{exercise.key}_guess").set_value(str(round(truth, 4))).run()
    at.button(key=f"ex_{exercise.key}_check").click().run()
    assert "Right" in at.success[0].value
    assert _score(at) == "1 of 8"
    assert len(_done(at)) == 1
    at.button(key=f"ex_{exercise.key}_check").click().run()  # the same answer again
    assert _score(at) == "1 of 8"
    assert at.get("progress")[0].proto.text == "1 of 8 done"


def test_reorder_compare_and_spot_are_checked() -> None:
    at = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    reorder = _first(kinds.REORDER)
    best = [
        label
        for _, label in sorted(
            zip(reorder.grades, reorder.labels, strict=True), key=lambda pair: -pair[0]
        )
    ]
    at.button(key=f"ex_{reorder.key}_check").click().run()  # as dealt: not the best order
    assert "Not yet" in at.error[0].value
    at.session_state[f"ex_{reorder.key}_order"] = best  # what a drag stores
    at.button(key=f"ex_{reorder.key}_check").click().run()
    assert "Right" in at.success[0].value  # right now, but practice: the first check scored

    compare = _first(kinds.COMPARE)
    at.radio(key=f"ex_{compare.key}_winner").set_value(compare.answer)
    at.radio(key=f"ex_{compare.key}_flip").set_value(compare.answer_index)
    at.button(key=f"ex_{compare.key}_check").click().run()
    spot = _first(kinds.SPOT)
    wrong_pair = (spot.answer_index + 1) % len(spot.pairs)
    at.radio(key=f"ex_{spot.key}_pair").set_value(wrong_pair)
    at.button(key=f"ex_{spot.key}_check").click().run()
    assert [s.value.startswith("Right") for s in at.success] == [True, True]
    assert "Not that pair" in at.error[0].value
    assert _score(at) == "1 of 8"  # compare; reorder was wrong at its first check
    assert at.get("progress")[0].proto.text == "3 of 8 done"


def test_new_set_and_level_change_the_exercises_and_the_link() -> None:
    at = open_app({"seed": "5", "level": "medium"}, PRACTICE)
    before = _texts(at)
    at.button(key="practice_new").click().run()
    assert at.query_params["seed"] == "6"
    assert _texts(at) != before
    assert _score(at) == "0 of 8"  # the new set starts unanswered
    hard = exercise_set(6, "hard")
    at.button_group(key="practice_level_choice").set_value("hard").run()
    assert at.query_params["level"] == "hard"
    assert at.markdown[0].value.startswith(f"**1. Predict.** {hard[0].prompt[:20]}")


def test_a_bad_practice_link_falls_back_to_set_one_with_a_message() -> None:
    at = open_app({"seed": "x<script>", "level": "impossible"}, PRACTICE)
    assert any("exercise set" in w.value for w in at.warning)
    assert at.query_params["seed"] == "1"
    assert not at.exception
