"""The guided lesson: one search, its results, and nDCG built one idea at a time.

Every number and formula comes from ndcg_core.teaching.lesson_steps, every picture from
ndcg_core.pictures.lesson_charts; this page lays them out. It owns its state: the step shown
(LESSON_STEP_KEY), the reader's order of the cards (ORDER_KEY), the shuffle (SHUFFLE_KEY)
and the predictions made (REVEALED_KEY), each written only by the callbacks below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from components.cache import shared_call
from components.chrome import page_header, plain
from components.formula import formula
from components.navigation import run_through_app
from components.number_box import box_problem, number_box, submitted_number
from components.sortable_list import sortable_list
from components.state import open_in_playground, view_mode
from components.view_parts import from_view
from ndcg_core import format_real
from ndcg_core.pictures.lesson_charts import (
    cg_chart,
    contribution_chart,
    discount_chart,
    ndcg_bar,
    short_title,
)
from ndcg_core.teaching.card_order import moved_card, shuffled_cards, swapped
from ndcg_core.teaching.lesson_feedback import Feedback, number_feedback, ranking_feedback
from ndcg_core.teaching.lesson_recap import recap
from ndcg_core.teaching.lesson_steps import (
    STEP_TITLES,
    TEXTBOOK,
    CardRow,
    convention_line,
    step_cg,
    step_cutoff,
    step_dcg,
    step_discount,
    step_drawback,
    step_grades,
    step_ideal,
    step_ndcg,
)
from ndcg_core.teaching.stories import Card, Story, load_story

run_through_app()

LESSON_STEP_KEY = "lesson_step"
ORDER_KEY = "lesson_order"
SHUFFLE_KEY = "lesson_shuffle"
REVEALED_KEY = "lesson_revealed"  # prediction name -> the guess made (None: no guess)
GRADE_COLOURS = {3: "green", 2: "blue", 1: "orange", 0: "gray"}

story = load_story("pizza")
state = st.session_state
from_view(LESSON_STEP_KEY, "lesson_step")  # a shared step 5 opens at step 5
state.setdefault(LESSON_STEP_KEY, 1)
state.setdefault(ORDER_KEY, story.shown_order)
state.setdefault(SHUFFLE_KEY, 0)
state.setdefault(REVEALED_KEY, {})


# ------------------------------------------------------------------ the callbacks (state's writers)


def _go(step: int) -> None:
    state[LESSON_STEP_KEY] = min(max(step, 1), len(STEP_TITLES))


def _set_order(order: Sequence[str]) -> None:
    state[ORDER_KEY] = tuple(order)


def _shuffle() -> None:
    state[SHUFFLE_KEY] += 1


def _reveal(name: str, widget_key: str) -> None:
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


def predict_number(name: str, label: str, answer: Any, *, help: str) -> bool:
    """A guess box and a Reveal button; once revealed, how close the guess was."""
    if name in state[REVEALED_KEY]:
        guess = state[REVEALED_KEY][name]
        if guess is None:
            st.info(f"The answer is {format_real(answer)}.", icon=":material/lightbulb:")
        else:
            show_feedback(number_feedback(float(guess), answer))
        return True
    with (
        st.form(f"lesson_form_{name}", border=False),
        st.container(horizontal=True, vertical_alignment="bottom"),
    ):
        number_box(
            label, key=f"lesson_guess_{name}", placeholder="your guess", help=help, width=260
        )
        st.form_submit_button(
            "Reveal", on_click=_reveal_number, args=(name, f"lesson_guess_{name}")
        )
    box_problem(f"lesson_guess_{name}")
    return False


def _reveal_number(name: str, widget_key: str) -> None:
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
        st.form_submit_button("Reveal", on_click=_reveal, args=(name, f"lesson_pick_{name}"))
    return False


def two_columns() -> tuple[Any, Any]:
    left, right = st.columns([0.42, 0.58], gap="large")
    return left, right


# ------------------------------------------------------------------ the nine steps


def step_1(story: Story, order: tuple[str, ...]) -> None:
    rows = shared_call(step_grades, story, order).rows
    # A projector shows the step on one screen: wider text, cards without their snippets.
    presenting = view_mode() == "present"
    text, picture = st.columns([0.5, 0.5] if presenting else [0.36, 0.64], gap="large")
    with text:
        st.markdown(
            f"The search engine shows {len(rows)} results for **{plain(story.query)}**. A "
            "person, the **judge**, read each one and graded how well it answers the search. "
            "Each grade stands for a number, "
            "the result's **gain**."
        )
        scale = pd.DataFrame(
            {
                "gain": [level.grade for level in story.grade_scale],
                "what it means": [level.meaning for level in story.grade_scale],
            },
            index=pd.Index([level.name for level in story.grade_scale], name="grade"),
        )
        st.table(scale)
    with picture:
        for first in range(0, len(rows), 2):  # row by row, so they read in rank order
            for column, row in zip(st.columns(2), rows[first : first + 2], strict=False):
                with column:
                    card_box(row, snippet=not presenting)


def step_2(story: Story, order: tuple[str, ...]) -> None:
    seed = state[SHUFFLE_KEY]
    step = shared_call(
        step_cg, story, order, shared_call(shuffled_cards, story, order, seed) if seed else order
    )
    text, picture = two_columns()
    with text:
        st.markdown(
            "The simplest score for a results page: add up the gains. That sum is the "
            "**cumulative gain**, CG."
        )
        formula(step.formula.symbolic)
        if not predict_number(
            "cg",
            f"Your guess: CG of these {len(order)} results",
            step.cg,
            help="Add up the grades.",
        ):
            return
        st.button(
            "Shuffle the results",
            icon=":material/shuffle:",
            on_click=_shuffle,
            key="lesson_shuffle_button",
        )
        if seed:
            st.markdown(
                "**Still the same.** CG cannot tell a good order from a bad one: putting the "
                "worst result first would score just as well. The order must count."
            )
    with picture:
        if "cg" not in state[REVEALED_KEY]:
            return
        orders = [("search engine's order", shared_call(step_grades, story, step.order).rows)]
        if seed:
            orders.append(("shuffled", shared_call(step_grades, story, step.shuffled_order).rows))
        st.vega_lite_chart(shared_call(cg_chart, orders), width="stretch")
        st.caption("Each block is one result's gain, in the order shown; hover it to see which.")
        formula(step.formula.filled)
        if seed:
            formula(step.shuffled_formula.filled)


def step_3(story: Story, order: tuple[str, ...]) -> None:
    step = shared_call(step_discount, story, order)
    third = step.rows[2]
    text, picture = two_columns()
    with text:
        st.markdown(
            "People read from the top, and many never reach the fifth result. So nDCG "
            "divides each gain by log₂(i+1), where i is the position: the result at "
            "position i keeps 1/log₂(i+1) of its gain."
        )
        if not predict_number(
            "kept",
            "Your guess: what share does the third result keep?",
            third.kept,
            help="A number between 0 and 1, such as 0.8.",
        ):
            return
        formula(step.third_place)
        st.markdown(
            f"log₂(4) = 2, so the third place keeps **half**: {plain(third.card.title)} "
            f"brings {format_real(third.contribution)} of its {format_real(third.gain)}."
        )
    with picture:
        if "kept" in state[REVEALED_KEY]:
            st.vega_lite_chart(
                shared_call(discount_chart, step.curve, step.rows), width="stretch", height=360
            )
            st.caption("Each dot is one of the results, at its place.")


def step_4(story: Story, order: tuple[str, ...]) -> None:
    ordered_b = swapped(story.shown_order, 2, 3)
    a = story.ordered(story.shown_order)
    score_a = float(shared_call(step_dcg, story, story.shown_order).formula.result)
    score_b = float(shared_call(step_dcg, story, ordered_b).formula.result)
    text, picture = two_columns()
    with text:
        st.markdown(
            "Add up the *discounted* gains and you get **DCG**, discounted cumulative gain. "
            "Now a good result placed low costs something."
        )
        revealed = predict_ranking(
            "dcg",
            f"Which order has the higher DCG? A shows {plain(a[1].title)} second and "
            f"{plain(a[2].title)} third; B swaps them.",
            {"A": "A: the search engine's order", "B": "B: the two swapped", "same": "the same"},
            (score_a, score_b),
            "DCG",
        )
    if not revealed:
        return
    step = shared_call(step_dcg, story, order)
    with text:
        st.markdown("**Your turn:** drag a result, and watch DCG change term by term.")
        titles = {
            card.id: f"{short_title(card.title, 24)} · {card.grade_name} ({card.grade})"
            for card in story.cards
        }
        sortable_list([(i, titles[i]) for i in order], key="lesson_sort", on_change=_set_order)
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
                    on_click=_set_order,
                    args=(moved_card(order, chosen, delta),),
                    key=f"lesson_move_{label.lower()}",
                )
    with picture:
        st.metric("DCG of your order", format_real(step.formula.result))
        st.vega_lite_chart(shared_call(contribution_chart, step.rows), width="stretch")
    formula(step.formula.filled)


def step_5(story: Story, order: tuple[str, ...]) -> None:
    step = shared_call(step_ideal, story, order)
    text, picture = two_columns()
    with text:
        st.markdown(
            "What is the best any search engine could do with these results? Put the "
            "best grade first. The DCG of that **ideal ranking** is the **IDCG**."
        )
        best_first = st.toggle("Sort the results best first", key="lesson_ideal_toggle")
        rows = step.rows if best_first else shared_call(step_dcg, story, order).rows
        card_list([row.card for row in rows])
    worked = step.formula if best_first else shared_call(step_dcg, story, order).formula
    with picture:
        if best_first:
            st.metric("IDCG, the best possible DCG", format_real(worked.result))
            st.markdown("No order of these results can score more.")
        else:
            st.metric("DCG of your order", format_real(worked.result))
            st.markdown("Your order, as you left it in step 4. Now sort it best first.")
        st.vega_lite_chart(shared_call(contribution_chart, rows), width="stretch")
    formula(worked.filled)


def step_6(story: Story, order: tuple[str, ...]) -> None:
    step = shared_call(step_ndcg, story, order)
    text, picture = two_columns()
    with text:
        st.markdown(
            "DCG alone has no scale: is 6.9 good? Divide it by the IDCG and you get a share "
            "of the best possible, between 0 and 1: **nDCG**, normalised DCG."
        )
        formula(step.formula.symbolic)
        if not predict_number(
            "ndcg", "Your guess: nDCG of your order", step.ndcg, help="A number between 0 and 1."
        ):
            return
    with picture:
        formula(step.formula.filled)
        st.vega_lite_chart(shared_call(ndcg_bar, step.ndcg), width="stretch")
        st.markdown(f"**{plain(step.reading)}**")


def step_7(story: Story, order: tuple[str, ...]) -> None:
    whole = shared_call(step_ndcg, story, order).ndcg
    first_page = shared_call(step_cutoff, story, order)
    text, picture = two_columns()
    with text:
        st.markdown(
            f"{plain(story.cutoff_note)} So a search team often scores only the first "
            f"k results: **nDCG@{story.cutoff_k}**. The ideal is cut at k too."
        )
        revealed = predict_ranking(
            "cutoff",
            f"For your order, which is higher: nDCG of all {len(order)} results, or "
            f"nDCG@{story.cutoff_k}?",
            {
                "A": f"A: nDCG of all {len(order)}",
                "B": f"B: nDCG@{story.cutoff_k}",
                "same": "the same",
            },
            (whole, float(first_page.ndcg.result)),
            "nDCG",
        )
        if not revealed:
            return
        k = st.slider("k, the results that count", 1, len(order), story.cutoff_k, key="lesson_k")
    step = shared_call(step_cutoff, story, order, k)
    with picture:
        formula(step.ndcg.filled)
        st.vega_lite_chart(shared_call(contribution_chart, step.rows, cutoff_k=k), width="stretch")
        st.caption("Results past k are pale: they add nothing to DCG@k or to IDCG@k.")


def step_8(story: Story, _order: tuple[str, ...]) -> None:
    teaser = shared_call(step_drawback, story)
    best = story.card(teaser.short_order[0])
    text, picture = two_columns()
    with text:
        st.markdown(
            f"nDCG is useful, but it can mislead. Take a page that shows only "
            f"{plain(best.title)}. Now add {teaser.added} below it."
        )
        revealed = predict_ranking(
            "drawback",
            "Which page scores higher?",
            {"A": "A: the short page", "B": f"B: with {teaser.added}", "same": "the same"},
            (teaser.ndcg_short, teaser.ndcg_long),
            "nDCG",
        )
        st.page_link(
            "pages/drawbacks.py",
            label="More ways nDCG misleads: Drawbacks",
            icon=":material/warning:",
        )
    with picture:
        short, long = st.columns(2)
        for box, name, ids, score in (
            (short, "A", teaser.short_order, teaser.ndcg_short),
            (long, "B", teaser.long_order, teaser.ndcg_long),
        ):
            with box:
                st.markdown(f"**Page {name}**")
                card_list([story.card(card_id) for card_id in ids])
                if revealed:
                    st.metric(f"nDCG of page {name}", format_real(score))
        if revealed:
            st.markdown(plain(teaser.text))


def step_9(story: Story, order: tuple[str, ...]) -> None:
    text, picture = two_columns()
    with text:
        st.markdown(
            "The **Playground** scores any list of grades. It opens with these results in "
            "your order, under the textbook convention. Its table has one row per result: "
            "the **grade** (gain), the **discount** log₂(i+1), the **contribution** "
            "(gain / discount), the running DCG, and the same for the ideal order."
        )
        if st.button(
            "Open the Playground with this list",
            icon=":material/swap_vert:",
            key="lesson_open_playground",
        ):
            cards = story.ordered(order)
            ranking = (tuple(float(c.grade) for c in cards), tuple(c.id for c in cards), ())
            open_in_playground(ranking, TEXTBOOK, {c.id: c.title for c in cards})
    with picture:
        card_list(story.ordered(order))


STEPS: tuple[Callable[[Story, tuple[str, ...]], None], ...] = (
    step_1,
    step_2,
    step_3,
    step_4,
    step_5,
    step_6,
    step_7,
    step_8,
    step_9,
)


def step_buttons(step: int) -> None:
    with st.container(horizontal=True):
        if step > 1:
            st.button(
                "Back",
                icon=":material/arrow_back:",
                on_click=_go,
                args=(step - 1,),
                key="lesson_back",
            )
        if step < len(STEPS):
            st.button(
                "Next",
                icon=":material/arrow_forward:",
                on_click=_go,
                args=(step + 1,),
                key="lesson_next",
            )


# ------------------------------------------------------------------ the page

current = state[LESSON_STEP_KEY]
order = state[ORDER_KEY]
page_header(
    "Lesson: what nDCG measures",
    f"{story.title}: nDCG in {len(STEPS)} short steps. Guess each number before you reveal it.",
    view={"lesson_step": current},
)
if current == 1:
    st.markdown(f"{plain(story.situation)} The search: **{plain(story.query)}**.")
presenting = view_mode() == "present"
if presenting:  # Back and Next at the top: on a projector the step below fills the screen
    progress, buttons = st.columns([0.7, 0.3], vertical_alignment="bottom")
    progress.progress(current / len(STEPS), text=f"Step {current} of {len(STEPS)}")
    with buttons:
        step_buttons(current)
else:
    st.progress(current / len(STEPS), text=f"Step {current} of {len(STEPS)}")
if current > 1 and not presenting:
    done = "step 1" if current == 2 else f"steps 1 to {current - 1}"
    with st.expander(f"What you have seen so far ({done})"):
        lines = shared_call(recap, story, order)[: current - 1]
        st.markdown("\n".join(f"{n}. {plain(line)}" for n, line in enumerate(lines, start=1)))
with st.container(border=True):
    st.subheader(f"{current}. {STEP_TITLES[current - 1]}", anchor=False)
    STEPS[current - 1](story, order)
    if not presenting:
        step_buttons(current)
st.caption(convention_line())
