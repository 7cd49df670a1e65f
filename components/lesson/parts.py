"""The lesson page's state, its writers and its small widgets.

The page owns its state: the step shown (LESSON_STEP_KEY), the reader's order of the cards
(ORDER_KEY), the shuffle (SHUFFLE_KEY) and the predictions made (REVEALED_KEY), each
written only by the callbacks here.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

import streamlit as st

from components.browser_library import browser_library
from components.cache import shared_call
from components.chrome import plain
from components.guess_help import ladder_box, show_diagnosis
from components.live_view import Parts, live_view
from components.number_box import box_problem, number_box, submitted_number
from components.screen import chart_font_size
from ndcg_core import format_real
from ndcg_core.pictures.lesson_charts import short_title
from ndcg_core.pictures.style import with_text_size
from ndcg_core.teaching.card_order import moved_card
from ndcg_core.teaching.diagnosis import diagnose
from ndcg_core.teaching.help_ladder import HelpLadder
from ndcg_core.teaching.lesson_feedback import Feedback, number_feedback, ranking_feedback
from ndcg_core.teaching.lesson_plan import STEP_TITLES
from ndcg_core.teaching.lesson_steps import CardRow, order_evaluation
from ndcg_core.teaching.slips import SlipTable
from ndcg_core.teaching.stories import Card, Story

LESSON_STEP_KEY = "lesson_step"
ORDER_KEY = "lesson_order"
SHUFFLE_KEY = "lesson_shuffle"
REVEALED_KEY = "lesson_revealed"  # prediction name -> the guess made (None: no guess)
GRADE_COLOURS = MappingProxyType({3: "green", 2: "blue", 1: "orange", 0: "gray"})
state = st.session_state


# ------------------------------------------------------------------ the callbacks (state's writers)


def go_to_step(step: int) -> None:
    state[LESSON_STEP_KEY] = min(max(step, 1), len(STEP_TITLES))


def set_order(order: Sequence[str]) -> None:
    state[ORDER_KEY] = tuple(order)


def shuffle() -> None:
    state[SHUFFLE_KEY] += 1


def reveal(name: str, widget_key: str) -> None:
    revealed = dict(state[REVEALED_KEY])
    revealed[name] = state.get(widget_key)
    state[REVEALED_KEY] = revealed


# ------------------------------------------------------------------ small pieces of layout


def grade_badge(name: str, grade: int) -> str:
    return f":{GRADE_COLOURS.get(grade, 'gray')}-badge[{name} · {grade}]"


def card_box(row: CardRow, *, snippet: bool = True) -> None:
    with st.container(border=True):
        st.markdown(
            f"**{row.position}. {plain(row.card.title)}** "
            f"{grade_badge(row.card.grade_name, row.card.grade)}"
        )
        if snippet:
            st.caption(plain(row.card.snippet))


def card_list(cards: Sequence[Card]) -> None:
    """The cards as a short numbered list: title and grade, one line each."""
    st.markdown(
        "\n".join(
            f"{position}. {plain(card.title)} {grade_badge(card.grade_name, card.grade)}"
            for position, card in enumerate(cards, start=1)
        )
    )


def show_feedback(feedback: Feedback) -> None:
    icon = ":material/check_circle:" if feedback.verdict in ("spot on", "close", "right") else None
    st.info(feedback.message, icon=icon or ":material/lightbulb:")


def predict_number(
    name: str,
    label: str,
    answer: Any,
    *,
    help: str,
    helped: tuple[SlipTable, HelpLadder] | None = None,
) -> bool:
    """A guess box and a Reveal button, with help one rung at a time when ``helped`` gives
    the slips and the ladder; once revealed, how close the guess was and, when it was off,
    the mistake it sits at (:func:`~ndcg_core.teaching.diagnosis.diagnose`)."""
    box = f"lesson_guess_{name}"
    if name in state[REVEALED_KEY]:
        guess = state[REVEALED_KEY][name]
        if guess is None:
            st.info(f"The answer is {format_real(answer)}.", icon=":material/lightbulb:")
            return True
        feedback = number_feedback(float(guess), answer)
        diagnosis = None if helped is None else diagnose(helped[0], float(guess))
        if diagnosis is not None and diagnosis.names_the_mistake:
            show_diagnosis(diagnosis, lead=feedback.message)
        else:
            show_feedback(feedback)
        return True
    with (
        st.form(f"lesson_form_{name}", border=False),
        st.container(horizontal=True, vertical_alignment="bottom"),
    ):
        number_box(label, key=box, placeholder="your guess", help=help, width=260)
        st.form_submit_button("Reveal", on_click=reveal_number, args=(name, box))
    box_problem(box)
    if helped is not None:
        ladder_box(box, helped[0].worked.labels, helped[1])
    return False


def reveal_number(name: str, widget_key: str) -> None:
    """Reveal with the guess read by the one reader; a blank box reveals without a guess, and
    text that is not a number reveals nothing (the box says why)."""
    guess = submitted_number(widget_key)
    if guess is not None or not (state.get(widget_key) or "").strip():
        revealed = dict(state[REVEALED_KEY])
        revealed[name] = guess
        state[REVEALED_KEY] = revealed


def predict_ranking(
    name: str, question: str, options: dict[str, str], scores: tuple[float, float], measure: str
) -> bool:
    """A "which scores higher?" question; once revealed, right or wrong with both scores."""
    if name in state[REVEALED_KEY]:
        st.markdown(question)  # the feedback names A and B
        choice = state[REVEALED_KEY][name]
        if choice is None:
            st.info(
                "You did not choose; "
                + ranking_feedback("same", *scores, measure=measure).message.split(": ", 1)[-1],
                icon=":material/lightbulb:",
            )
        else:
            show_feedback(ranking_feedback(choice, *scores, measure=measure))
        return True
    with st.form(f"lesson_form_{name}", border=False):
        st.radio(
            question,
            list(options),
            format_func=options.__getitem__,
            index=None,
            key=f"lesson_pick_{name}",
        )
        st.form_submit_button("Reveal", on_click=reveal, args=(name, f"lesson_pick_{name}"))
    return False


def lesson_chart(spec: dict[str, Any], *, height: int | None = None) -> None:
    """A lesson chart across its column, its text sized for the screen: the lesson's 16 px,
    or 12 px on a phone, where 16 px names left the bars no room and ran past the edge."""
    size = chart_font_size()
    shown = spec if size is None else with_text_size(spec, size)
    st.vega_lite_chart(shown, width="stretch", height="content" if height is None else height)


def two_columns() -> tuple[Any, Any]:
    left, right = st.columns([0.42, 0.58], gap="large")
    return left, right


def step_buttons(step: int) -> None:
    with st.container(horizontal=True):
        if step > 1:
            st.button(
                "Back",
                icon=":material/arrow_back:",
                on_click=go_to_step,
                args=(step - 1,),
                key="lesson_back",
            )
        if step < len(STEP_TITLES):
            st.button(
                "Next",
                icon=":material/arrow_forward:",
                on_click=go_to_step,
                args=(step + 1,),
                key="lesson_next",
            )


LIVE_KEY = "lesson_live"  # step 4's list and its DCG, repainted in the browser at a drop
# Step 4's list: the DCG card above it, named as the lesson names it, in the lesson's words.
YOUR_ORDER = Parts(
    cards=("dcg",),
    table=False,
    compact=True,
    names=(("dcg", "DCG of your order"),),
    help="Drag a result, or focus it and press Alt+Arrow keys, to move it.",
)


def reorder_cards(story: Story, order: tuple[str, ...]) -> None:
    """Step 4's list of the cards in ``order``, with its DCG above it, repainted in the
    browser at a drop (the core's numbers for the new order); then the keyboard way: pick
    a result, move it up or down. Each stores the new order (:func:`set_order`)."""
    chips = {
        card.id: f"{short_title(card.title, 24)} · {card.grade_name} ({card.grade})"
        for card in story.cards
    }
    live_view(
        shared_call(order_evaluation, story, order),
        key=LIVE_KEY,
        on_order=set_order,
        parts=YOUR_ORDER,
        chips=chips,
    )
    # Its scripts: the lesson has no fragment, so beside the list, and only on this step
    # (the lesson is the app's first page: the other steps do without the 800 KB).
    browser_library()
    with st.container(horizontal=True, vertical_alignment="bottom"):
        chosen = st.selectbox(
            "Or pick a result",
            order,
            format_func=lambda i: story.card(i).title,
            key="lesson_move_choice",
            width=260,
            help="The keyboard way to reorder: pick a result, then move it up or down.",
        )
        for label, icon, delta in (("Up", "arrow_upward", -1), ("Down", "arrow_downward", 1)):
            st.button(
                label,
                icon=f":material/{icon}:",
                on_click=set_order,
                args=(moved_card(order, chosen, delta),),
                key=f"lesson_move_{label.lower()}",
            )
