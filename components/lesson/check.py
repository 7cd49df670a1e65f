"""The lesson's closing check, drawn under its last step: three questions from Practice, each
checked with the diagnosis of a wrong number, and a summary with a way back to the step to
revisit for each miss (:mod:`ndcg_core.teaching.lesson_check`).

Its state is its own: the questions' seed (CHECK_SEED_KEY) and the first answer to each
(CHECK_ANSWERS_KEY), written only by the callbacks here.
"""

from __future__ import annotations

import streamlit as st

from components.cache import shared_call
from components.exercise_widgets import (
    ExerciseKeys,
    checked_feedback,
    show_exercise,
    worked_answer,
)
from components.lesson.parts import go_to_step
from ndcg_core.teaching.help_ladder import Rung
from ndcg_core.teaching.kinds.base import Answer, Exercise
from ndcg_core.teaching.lesson_check import check_exercises, check_results, check_summary

CHECK_SEED_KEY = "lesson_check_seed"
CHECK_ANSWERS_KEY = "lesson_check_answers"  # exercise key -> the first answer checked
PREFIX = "lesson_check"


def _store(exercise: Exercise, answer: Answer, _helped: Rung) -> None:
    answers = dict(st.session_state.get(CHECK_ANSWERS_KEY, {}))
    answers.setdefault(exercise.key, answer)  # the first check counts, as in Practice
    st.session_state[CHECK_ANSWERS_KEY] = answers


def _other_questions() -> None:
    st.session_state[CHECK_SEED_KEY] = int(st.session_state.get(CHECK_SEED_KEY, 1)) + 1
    st.session_state[CHECK_ANSWERS_KEY] = {}


def lesson_check() -> None:
    """Three questions, their feedback once checked, and the summary once all are."""
    st.subheader("Check yourself", anchor=False)
    st.markdown(
        "Three questions like Practice's: a number, an order, and which of two rankings "
        "scores higher. Each answer is checked once; a wrong number is told which slip it is."
    )
    exercises = shared_call(check_exercises, int(st.session_state.get(CHECK_SEED_KEY, 1)))
    answers: dict[str, Answer] = st.session_state.get(CHECK_ANSWERS_KEY, {})
    results = {r.exercise.key: r for r in check_results(exercises, answers)}
    for number, exercise in enumerate(exercises, 1):
        with st.container(border=True, key=f"lesson_check_{number}"):
            st.markdown(f"**{number}. {exercise.kind.practice_title}.** {exercise.prompt}")
            result = results.get(exercise.key)
            show_exercise(ExerciseKeys(PREFIX, exercise), _store, checked=result is not None)
            if result is None:
                continue
            checked_feedback(result.right, result.message)
            worked_answer(exercise, exercise.kind.check(exercise, answers[exercise.key]))
    if len(results) < len(exercises):
        return
    st.markdown(f"**{check_summary(tuple(results.values()), len(exercises))}**")
    for number, result in enumerate(results.values(), 1):
        if result.revisit is None:
            continue
        st.button(
            f"Back to {result.revisit_title} for question {number}",
            key=f"lesson_check_revisit_{number}",
            icon=":material/undo:",
            on_click=go_to_step,
            args=(result.revisit,),
        )
    st.button("Three other questions", key="lesson_check_other", on_click=_other_questions)
