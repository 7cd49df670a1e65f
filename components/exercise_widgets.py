"""An exercise's widgets, shared by Practice and the lesson's closing check: what its kind
shows (a list, rankings A and B), the widgets of its declared answer input (a number with
help one rung at a time, a drag list, choices), a Check button, and the worked answer.

The widgets' keys start with a ``prefix`` of the page's own (Practice keeps ``ex``, so its
links and tests are unchanged); what a check does with the answer is the page's ``store``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

import streamlit as st

from components.chrome import plain
from components.drag_order import convention_scores_frame, graded_order_list, rankings_a_and_b
from components.guess_help import ladder_box, rung_reached
from components.number_box import box_problem, number_box, submitted_number
from components.results import table_columns
from components.state import PERSIST
from ndcg_core import evaluate, format_grades
from ndcg_core.teaching.help_ladder import Rung, help_ladder
from ndcg_core.teaching.kinds.base import (
    Answer,
    AnswerInput,
    Choice,
    Exercise,
    Feedback,
    GradeLine,
    RankingsAB,
)
from ndcg_core.teaching.slips import Quantity
from ndcg_core.text.quoting import short_number

#: What a page does with a checked answer and the help taken before it.
Store = Callable[[Exercise, Answer, Rung], None]


@dataclass(frozen=True)
class ExerciseKeys:
    """The widget keys of one exercise under a page's ``prefix``."""

    prefix: str
    exercise: Exercise

    @property
    def guess(self) -> str:
        return f"{self.prefix}_{self.exercise.key}_guess"

    @property
    def order(self) -> str:
        return f"{self.prefix}_{self.exercise.key}_order"

    @property
    def check(self) -> str:
        return f"{self.prefix}_{self.exercise.key}_check"

    def choice(self, choice: Choice) -> str:
        return f"{self.prefix}_{self.exercise.key}_{choice.key}"


def put_back(keys: ExerciseKeys, answer: Answer) -> None:
    """Put ``answer`` back in the exercise's controls (as its kind's answer input holds it)."""
    state, exercise = st.session_state, keys.exercise
    given = exercise.kind.answer_input
    if given is AnswerInput.NUMBER:
        if answer.number is not None:
            state[keys.guess] = short_number(answer.number)
    elif given is AnswerInput.ORDER:
        state[keys.order] = list(answer.order)
    else:
        for choice in exercise.kind.practice_choices(exercise):
            picked = answer.winner if choice.field == "winner" else answer.choice
            state[keys.choice(choice)] = picked


def _help_taken(keys: ExerciseKeys) -> Rung:
    return rung_reached(keys.guess, keys.exercise.key)


def _check_number(keys: ExerciseKeys, store: Store) -> None:
    guess = submitted_number(keys.guess)
    if guess is not None:  # else the box says why
        store(keys.exercise, Answer(number=guess), _help_taken(keys))


def _check_order(keys: ExerciseKeys, store: Store) -> None:
    order = st.session_state.get(keys.order, list(keys.exercise.labels))
    store(keys.exercise, Answer(order=tuple(order)), Rung.NONE)


def _check_choices(keys: ExerciseKeys, store: Store) -> None:
    exercise = keys.exercise
    picked = {
        choice.field: st.session_state.get(keys.choice(choice))
        for choice in exercise.kind.practice_choices(exercise)
    }
    if any(value is None for value in picked.values()):
        return  # every group needs its pick first
    winner, choice = picked.get("winner", ""), picked.get("choice", -1)
    store(exercise, Answer(winner=str(winner), choice=int(str(choice))), Rung.NONE)


def _check_button(keys: ExerciseKeys, store: Store, check: Callable[..., None]) -> None:
    st.button("Check", key=keys.check, on_click=check, args=(keys, store))


def _number_answer(keys: ExerciseKeys, store: Store, checked: bool) -> None:
    exercise = keys.exercise
    with st.container(horizontal=True, vertical_alignment="bottom"):
        number_box(f"Your answer: {exercise.convention.label}", key=keys.guess, width=220)
        _check_button(keys, store, _check_number)
    box_problem(keys.guess)
    if not checked:  # help before the first check; the score says how much
        worked = evaluate(exercise.grades, exercise.convention, labels=exercise.labels)
        ladder_box(keys.guess, exercise.key, help_ladder(worked, Quantity.NDCG))


def _order_answer(keys: ExerciseKeys, store: Store, checked: bool) -> None:
    exercise = keys.exercise
    graded_order_list(
        exercise.labels,
        exercise.grades,
        order_key=keys.order,
        sort_key=f"{keys.prefix}_{exercise.key}_sort",
    )
    _check_button(keys, store, _check_order)


def choice_radio(choice: Choice, key: str, *, persist: bool = True) -> None:
    """One group of a kind's declared choices, nothing picked until the reader picks."""
    st.radio(
        choice.label,
        choice.values,
        index=None,
        format_func=choice.text,
        horizontal=choice.horizontal,
        key=key,
        persist_state=PERSIST if persist else None,
    )


def _choice_answer(keys: ExerciseKeys, store: Store, checked: bool) -> None:
    exercise = keys.exercise
    for choice in exercise.kind.practice_choices(exercise):
        choice_radio(choice, keys.choice(choice))
    _check_button(keys, store, _check_choices)


ANSWER_INPUTS: Mapping[AnswerInput, Callable[[ExerciseKeys, Store, bool], None]] = MappingProxyType(
    {
        AnswerInput.NUMBER: _number_answer,
        AnswerInput.CHOICE: _choice_answer,
        AnswerInput.ORDER: _order_answer,
    }
)


def show_exercise(keys: ExerciseKeys, store: Store, *, checked: bool) -> None:
    """What the exercise's kind shows above its answer, then the widgets of its declared
    answer input; ``checked`` once its first answer is in (no more help is offered)."""
    exercise = keys.exercise
    for part in exercise.kind.practice_shown(exercise):
        if isinstance(part, GradeLine):
            st.code(format_grades(part.grades, part.labels), language=None)
        elif isinstance(part, RankingsAB):
            rankings_a_and_b(part.a, part.b)
    ANSWER_INPUTS[exercise.kind.answer_input](keys, store, checked)


def checked_feedback(correct: bool, message: str) -> None:
    """What the check said of an answer: green when right, red when not. Feedback on an
    answer, not an error of input, so it keeps this look of its own (not error_box)."""
    if correct:
        st.success(plain(message), icon=":material/check_circle:")
    else:
        st.error(plain(message), icon=":material/cancel:")


def worked_answer(exercise: Exercise, feedback: Feedback) -> None:
    """The worked answer under a checked exercise: the table position by position, or each
    option's scores; open when the answer was wrong."""
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
