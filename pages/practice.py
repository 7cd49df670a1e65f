"""Practice: a seeded set of exercises with feedback, the same for everyone with the link."""

from __future__ import annotations

import streamlit as st

from components.cache import remember, shared
from components.chrome import page_header, plain
from components.drag_order import convention_scores_frame, graded_order_list, rankings_a_and_b
from components.navigation import run_through_app
from components.number_box import box_problem, number_box, submitted_number
from components.results import table_columns
from components.state import PERSIST, choose_practice_set, current_practice_set
from components.view_parts import from_view
from ndcg_core import NdcgError, format_grades
from ndcg_core.links.practice_link import ANSWERS_PARAM, answers_from_param, answers_to_param
from ndcg_core.links.view import PracticeAt
from ndcg_core.teaching.practice import Exercise, Feedback, Kind, Level, exercise_set
from ndcg_core.teaching.practice_checks import compare_scores
from ndcg_core.teaching.practice_scoring import Answer, Answered, attempts_of, record_answer, score
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
    """Put ``answer`` back in the exercise's controls."""
    state = st.session_state
    if exercise.kind is Kind.PREDICT and answer.number is not None:
        state[f"ex_{exercise.key}_guess"] = short_number(answer.number)
    elif exercise.kind is Kind.REORDER:
        state[_order_key(exercise)] = list(answer.order)
    elif exercise.kind is Kind.COMPARE:
        state[f"ex_{exercise.key}_winner"] = answer.winner
        state[f"ex_{exercise.key}_flip"] = answer.choice
    else:
        state[f"ex_{exercise.key}_pair"] = answer.choice


def _order_key(exercise: Exercise) -> str:
    return f"ex_{exercise.key}_order"


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
        "one, so the exercise is then done: trying again is practice and scores nothing.",
    )
st.progress(set_score.done / set_score.total, text=f"{set_score.done} of {set_score.total} done")


def _store(exercise: Exercise, answer: Answer) -> None:
    answered = dict(st.session_state.get(RESULTS_KEY, {}))
    answered[exercise.key] = record_answer(answered.get(exercise.key), answer)
    st.session_state[RESULTS_KEY] = answered


def _check_predict(exercise: Exercise) -> None:
    guess = submitted_number(f"ex_{exercise.key}_guess")
    if guess is not None:  # else the box says why
        _store(exercise, Answer(number=guess))


def _check_reorder(exercise: Exercise) -> None:
    order = st.session_state.get(_order_key(exercise), list(exercise.labels))
    _store(exercise, Answer(order=tuple(order)))


def _check_compare(exercise: Exercise) -> None:
    winner = st.session_state.get(f"ex_{exercise.key}_winner")
    flip = st.session_state.get(f"ex_{exercise.key}_flip")
    if winner is not None and flip is not None:
        _store(exercise, Answer(winner=winner, choice=flip))


def _check_spot(exercise: Exercise) -> None:
    pair = st.session_state.get(f"ex_{exercise.key}_pair")
    if pair is not None:
        _store(exercise, Answer(choice=pair))


def _list_text(grades: tuple[float, ...]) -> str:
    return "[" + format_grades(grades) + "]"


def predict(exercise: Exercise) -> None:
    st.code(format_grades(exercise.grades), language=None)
    with st.container(horizontal=True, vertical_alignment="bottom"):
        number_box(
            f"Your answer: {exercise.convention.label}", key=f"ex_{exercise.key}_guess", width=220
        )
        st.button(
            "Check", key=f"ex_{exercise.key}_check", on_click=_check_predict, args=(exercise,)
        )
    box_problem(f"ex_{exercise.key}_guess")


def reorder(exercise: Exercise) -> None:
    graded_order_list(
        exercise.labels,
        exercise.grades,
        order_key=_order_key(exercise),
        sort_key=f"ex_{exercise.key}_sort",
    )
    st.button("Check", key=f"ex_{exercise.key}_check", on_click=_check_reorder, args=(exercise,))


def compare(exercise: Exercise) -> None:
    rankings_a_and_b(exercise.grades, exercise.other)
    st.radio(
        "Which scores higher in the textbook form?",
        ["A", "B"],
        index=None,
        horizontal=True,
        key=f"ex_{exercise.key}_winner",
        persist_state=PERSIST,
    )
    st.radio(
        "Which one change makes the other ranking win?",
        range(len(exercise.options)),
        index=None,
        format_func=exercise.options.__getitem__,
        key=f"ex_{exercise.key}_flip",
        persist_state=PERSIST,
    )
    st.button("Check", key=f"ex_{exercise.key}_check", on_click=_check_compare, args=(exercise,))


def spot(exercise: Exercise) -> None:
    st.radio(
        "Pairs of lists (grades, top first)",
        range(len(exercise.pairs)),
        index=None,
        format_func=lambda i: (
            f"{_list_text(exercise.pairs[i][0])}  and  {_list_text(exercise.pairs[i][1])}"
        ),
        key=f"ex_{exercise.key}_pair",
        persist_state=PERSIST,
    )
    st.button("Check", key=f"ex_{exercise.key}_check", on_click=_check_spot, args=(exercise,))


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
    if exercise.kind is Kind.COMPARE:
        rows = compare_scores(exercise)
        frame = convention_scores_frame(rows).assign(
            higher=["A" if a > b else "B" for _, a, b in rows]
        )
        with st.expander("Every option, worked out", expanded=not feedback.correct):
            st.table(frame, hide_index=True)


TITLES = {
    Kind.PREDICT: "Predict",
    Kind.REORDER: "Reorder",
    Kind.COMPARE: "Compare",
    Kind.SPOT: "Spot the drawback",
}
DRAW = {Kind.PREDICT: predict, Kind.REORDER: reorder, Kind.COMPARE: compare, Kind.SPOT: spot}

for exercise in exercises:
    with st.container(border=True, key=f"exercise_{exercise.number}"):
        st.markdown(f"**{exercise.number}. {TITLES[exercise.kind]}.** {exercise.prompt}")
        attempts = results.get(exercise.key)
        if attempts is not None:
            st.caption(attempts.status)
        DRAW[exercise.kind](exercise)
        if attempts is not None:
            if attempts.latest.correct:
                st.success(plain(attempts.message), icon=":material/check_circle:")
            else:
                st.error(plain(attempts.message), icon=":material/cancel:")
            worked_answer(exercise, attempts.latest)
