"""Practice: a seeded set of exercises with feedback, the same for everyone with the link."""

from __future__ import annotations

import streamlit as st

from components.cache import remember, shared
from components.chrome import page_header
from components.exercise_widgets import (
    ExerciseKeys,
    checked_feedback,
    put_back,
    show_exercise,
    worked_answer,
)
from components.navigation import run_through_app
from components.state import PERSIST, choose_practice_set, current_practice_set
from components.view_parts import from_view
from ndcg_core import NdcgError
from ndcg_core.links.practice_link import ANSWERS_PARAM, answers_from_param, answers_to_param
from ndcg_core.links.view import PracticeAt
from ndcg_core.teaching.help_ladder import Rung
from ndcg_core.teaching.kinds.base import Answer, Exercise
from ndcg_core.teaching.practice import Level, exercise_set
from ndcg_core.teaching.practice_scoring import Answered, attempts_of, record_answer, score
from ndcg_core.text.quoting import quoted

run_through_app()


def practice_set(seed: int, level: Level) -> tuple[Exercise, ...]:
    """The exercise set ``(seed, level)``, drawn once per server and kept for this session.

    A set depends on its seed and level alone (public, in every practice link), so a class
    opening one link draws it once (~15-25 ms), not once per pupil."""
    return remember("exercises", (seed, level), lambda: shared(exercise_set, seed, level))


# exercise key -> Answered: its first answer (the scored one) and its latest. The answers
# are kept, never the verdicts: those are worked out again on every run (attempts_of).
RESULTS_KEY = "practice_results"
BAD_ANSWERS_KEY = "practice_bad_answers"  # the link's answers= and why it could not be read
PREFIX = "ex"  # the exercises' widget keys: ex_<exercise>_guess, ...
seed, level = current_practice_set()
exercises = practice_set(seed, level)


def _answers_from_view(practice: PracticeAt) -> dict[str, Answered]:
    """The opened view's answers (a reload's, a link's, a saved file's), so a reload keeps
    the score: a wrong first answer that revealed the right one stays the first answer. Each
    exercise's controls show its latest answer again, as they did before the reload."""
    if not practice.answers:
        return {}
    try:
        answered = answers_from_param(practice.answers, exercises)
    except NdcgError as error:
        st.session_state[BAD_ANSWERS_KEY] = (practice.answers, str(error))
        return {}
    for exercise in exercises:
        if exercise.key in answered:
            put_back(ExerciseKeys(PREFIX, exercise), answered[exercise.key].latest)
    return answered


from_view(RESULTS_KEY, "practice", _answers_from_view)
answered: dict[str, Answered] = st.session_state.setdefault(RESULTS_KEY, {})
answers_param = answers_to_param(exercises, answered)
page_header(
    "Practice",
    f"Set {seed}, {level.value}. Everyone who opens this page's link gets the same "
    "exercises, so a class can work through them together. Answers are checked at once. "
    "Each exercise names its own convention: the sidebar does not change them.",
    view={"practice": PracticeAt(seed, level, answers_param or "")},
)
if BAD_ANSWERS_KEY in st.session_state:
    raw, problem = st.session_state.pop(BAD_ANSWERS_KEY)
    st.warning(
        f"This link's answers ({ANSWERS_PARAM}={quoted(raw, 40)}) could not be read: "
        f"{problem} The set opens unanswered.",
        icon=":material/link_off:",
    )


def _new_set() -> None:
    seed, level = current_practice_set()
    choose_practice_set(seed + 1, level)


def _set_level() -> None:
    seed, _ = current_practice_set()
    choose_practice_set(seed, Level(st.session_state["practice_level_choice"]))


results = {
    exercise.key: attempts_of(exercise, answered[exercise.key])
    for exercise in exercises
    if exercise.key in answered
}
set_score = score(exercises, results)

with st.container(horizontal=True, vertical_alignment="bottom"):
    st.segmented_control(
        "Level",
        [member.value for member in Level],
        format_func=str.capitalize,
        default=level.value,  # the picker shows the set's level; it does not hold it
        required=True,
        key="practice_level_choice",
        persist_state=PERSIST,
        on_change=_set_level,
        help="Easy: short lists, grades 0-2. Medium: a cutoff k. Hard: longer lists, "
        "exponential gain, and more conventions to compare.",
    )
    st.button("New set", icon=":material/refresh:", on_click=_new_set, key="practice_new")
    st.metric(
        "Score",
        str(set_score),
        help="Exercises answered right at the first check. A wrong answer shows the right "
        "one, so the exercise is then done: trying again is practice and scores nothing. "
        "Help asked for before the check (a hint, one position worked, the worked answer) "
        "is counted beside the score.",
    )
done_text = f"{set_score.done} of {set_score.total} done"
if set_score.help_note:
    done_text += f"; {set_score.help_note}"
st.progress(set_score.done / set_score.total, text=done_text)


def _store(exercise: Exercise, answer: Answer, helped: Rung) -> None:
    answered = dict(st.session_state.get(RESULTS_KEY, {}))
    answered[exercise.key] = record_answer(answered.get(exercise.key), answer, helped)
    st.session_state[RESULTS_KEY] = answered


for exercise in exercises:
    with st.container(border=True, key=f"exercise_{exercise.number}"):
        st.markdown(f"**{exercise.number}. {exercise.kind.practice_title}.** {exercise.prompt}")
        attempts = results.get(exercise.key)
        if attempts is not None:
            st.caption(attempts.status)
        show_exercise(ExerciseKeys(PREFIX, exercise), _store, checked=attempts is not None)
        if attempts is not None:
            checked_feedback(attempts.latest.correct, attempts.message)
            worked_answer(exercise, attempts.latest)
