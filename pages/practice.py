"""Practice: a seeded set of exercises with feedback, the same for everyone with the link."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import streamlit as st

from components.cache import remember, shared
from components.chrome import page_header, plain
from components.drag_order import convention_scores_frame, graded_order_list, rankings_a_and_b
from components.guess_help import ladder_box, rung_reached
from components.navigation import run_through_app
from components.number_box import box_problem, number_box, submitted_number
from components.results import table_columns
from components.state import PERSIST, choose_practice_set, current_practice_set
from components.view_parts import from_view
from ndcg_core import NdcgError, evaluate, format_grades
from ndcg_core.links.practice_link import ANSWERS_PARAM, answers_from_param, answers_to_param
from ndcg_core.links.view import PracticeAt
from ndcg_core.teaching.help_ladder import help_ladder
from ndcg_core.teaching.kinds.base import (
    Answer,
    AnswerInput,
    Choice,
    Exercise,
    Feedback,
    GradeLine,
    RankingsAB,
)
from ndcg_core.teaching.practice import Level, exercise_set
from ndcg_core.teaching.practice_scoring import Answered, attempts_of, record_answer, score
from ndcg_core.teaching.slips import Quantity
from ndcg_core.text.quoting import quoted, short_number

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
            _show_answer(exercise, answered[exercise.key].latest)
    return answered


def _show_answer(exercise: Exercise, answer: Answer) -> None:
    """Put ``answer`` back in the exercise's controls (as its kind's answer input holds it)."""
    state = st.session_state
    given = exercise.kind.answer_input
    if given is AnswerInput.NUMBER:
        if answer.number is not None:
            state[_guess_key(exercise)] = short_number(answer.number)
    elif given is AnswerInput.ORDER:
        state[_order_key(exercise)] = list(answer.order)
    else:
        for choice in exercise.kind.practice_choices(exercise):
            picked = answer.winner if choice.field == "winner" else answer.choice
            state[_choice_key(exercise, choice)] = picked


def _guess_key(exercise: Exercise) -> str:
    return f"ex_{exercise.key}_guess"


def _order_key(exercise: Exercise) -> str:
    return f"ex_{exercise.key}_order"


def _choice_key(exercise: Exercise, choice: Choice) -> str:
    return f"ex_{exercise.key}_{choice.key}"


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


def _store(exercise: Exercise, answer: Answer) -> None:
    answered = dict(st.session_state.get(RESULTS_KEY, {}))
    helped = rung_reached(_guess_key(exercise), exercise.key)
    answered[exercise.key] = record_answer(answered.get(exercise.key), answer, helped)
    st.session_state[RESULTS_KEY] = answered


def _check_number(exercise: Exercise) -> None:
    guess = submitted_number(_guess_key(exercise))
    if guess is not None:  # else the box says why
        _store(exercise, Answer(number=guess))


def _check_order(exercise: Exercise) -> None:
    order = st.session_state.get(_order_key(exercise), list(exercise.labels))
    _store(exercise, Answer(order=tuple(order)))


def _check_choices(exercise: Exercise) -> None:
    picked = {
        choice.field: st.session_state.get(_choice_key(exercise, choice))
        for choice in exercise.kind.practice_choices(exercise)
    }
    if any(value is None for value in picked.values()):
        return  # every group needs its pick first
    winner, choice = picked.get("winner", ""), picked.get("choice", -1)
    _store(exercise, Answer(winner=str(winner), choice=int(str(choice))))


def _check_button(exercise: Exercise, check: Callable[[Exercise], None]) -> None:
    st.button("Check", key=f"ex_{exercise.key}_check", on_click=check, args=(exercise,))


def number_answer(exercise: Exercise) -> None:
    with st.container(horizontal=True, vertical_alignment="bottom"):
        number_box(f"Your answer: {exercise.convention.label}", key=_guess_key(exercise), width=220)
        _check_button(exercise, _check_number)
    box_problem(_guess_key(exercise))
    if exercise.key not in answered:  # help before the first check; the score says so
        worked = evaluate(exercise.grades, exercise.convention, labels=exercise.labels)
        ladder_box(_guess_key(exercise), exercise.key, help_ladder(worked, Quantity.NDCG))


def order_answer(exercise: Exercise) -> None:
    graded_order_list(
        exercise.labels,
        exercise.grades,
        order_key=_order_key(exercise),
        sort_key=f"ex_{exercise.key}_sort",
    )
    _check_button(exercise, _check_order)


def choice_answer(exercise: Exercise) -> None:
    for choice in exercise.kind.practice_choices(exercise):
        st.radio(
            choice.label,
            choice.values,
            index=None,
            format_func=choice.text,
            horizontal=choice.horizontal,
            key=_choice_key(exercise, choice),
            persist_state=PERSIST,
        )
    _check_button(exercise, _check_choices)


def show_exercise(exercise: Exercise) -> None:
    """What the exercise's kind shows above its answer (a list, rankings A and B), then the
    widgets of its declared answer input."""
    for part in exercise.kind.practice_shown(exercise):
        if isinstance(part, GradeLine):
            st.code(format_grades(part.grades, part.labels), language=None)
        elif isinstance(part, RankingsAB):
            rankings_a_and_b(part.a, part.b)
    ANSWER_INPUTS[exercise.kind.answer_input](exercise)


def worked_answer(exercise: Exercise, feedback: Feedback) -> None:
    if feedback.worked is not None:
        with st.expander("The worked answer", expanded=not feedback.correct):
            table_columns(
                feedback.worked,
                [
                    "i",
                    "document",
                    "grade",
                    "gain",
                    "gain 2^rel-1",
                    "running DCG",
                    "running ideal DCG",
                    "nDCG@i",
                ],
            )
    rows = exercise.kind.option_rows(exercise)
    if rows:
        frame = convention_scores_frame(rows).assign(
            higher=["A" if a > b else "B" for _, a, b in rows]
        )
        with st.expander("Every option, worked out", expanded=not feedback.correct):
            st.table(frame, hide_index=True)


ANSWER_INPUTS: Mapping[AnswerInput, Callable[[Exercise], None]] = MappingProxyType(
    {
        AnswerInput.NUMBER: number_answer,
        AnswerInput.CHOICE: choice_answer,
        AnswerInput.ORDER: order_answer,
    }
)

for exercise in exercises:
    with st.container(border=True, key=f"exercise_{exercise.number}"):
        st.markdown(f"**{exercise.number}. {exercise.kind.practice_title}.** {exercise.prompt}")
        attempts = results.get(exercise.key)
        if attempts is not None:
            st.caption(attempts.status)
        show_exercise(exercise)
        if attempts is not None:
            if attempts.latest.correct:
                st.success(plain(attempts.message), icon=":material/check_circle:")
            else:
                st.error(plain(attempts.message), icon=":material/cancel:")
            worked_answer(exercise, attempts.latest)
