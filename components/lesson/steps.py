"""The lesson's nine steps, each drawn from the core's numbers (one function a step)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

import pandas as pd
import streamlit as st

from components.cache import shared_call
from components.chrome import plain
from components.formula import formula, log2_reminder, read_aloud
from components.glossary import tooltip, what_is
from components.lesson.check import lesson_check
from components.lesson.parts import (
    REVEALED_KEY,
    SHUFFLE_KEY,
    card_box,
    card_list,
    lesson_chart,
    predict_number,
    predict_ranking,
    reorder_cards,
    shuffle,
    state,
    two_columns,
)
from components.state import open_in_playground, view_mode
from ndcg_core import format_real
from ndcg_core.pictures.lesson_charts import (
    cg_chart,
    contribution_chart,
    discount_chart,
    ndcg_bar,
)
from ndcg_core.teaching.card_order import shuffled_cards, swapped
from ndcg_core.teaching.lesson_help import guess_help, share_help
from ndcg_core.teaching.lesson_plan import LessonStep
from ndcg_core.teaching.lesson_readings import lesson_cutoff, lesson_kept, lesson_readings
from ndcg_core.teaching.lesson_steps import (
    TEXTBOOK,
    step_cg,
    step_cutoff,
    step_dcg,
    step_discount,
    step_drawback,
    step_grades,
    step_ideal,
    step_ndcg,
)
from ndcg_core.teaching.slips import Quantity
from ndcg_core.teaching.stories import Story


def glossary(*keys: str) -> None:
    """The "What is ...?" of each term the step names first (not on a projector, where the
    teacher says it and the step must fit one screen)."""
    if view_mode() != "present":
        for key in keys:
            what_is(key)


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
        glossary("gain")
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
    readings = shared_call(lesson_readings, story, step.order)
    text, picture = two_columns()
    with text:
        st.markdown(
            "The simplest score for a results page: add up the gains. That sum is the "
            "**cumulative gain**, CG."
        )
        glossary("cg")
        formula(step.formula.symbolic)
        read_aloud(readings.cg.symbols)
        if not predict_number(
            "cg",
            f"Your guess: CG of these {len(order)} results",
            step.cg,
            help="Add up the grades.",
            helped=shared_call(guess_help, story, order, Quantity.CG),
        ):
            return
        st.button(
            "Shuffle the results",
            icon=":material/shuffle:",
            on_click=shuffle,
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
        lesson_chart(shared_call(cg_chart, orders))
        st.caption("Each block is one result's gain, in the order shown; hover it to see which.")
        formula(step.formula.filled)
        read_aloud(readings.cg.numbers)
        if seed:
            formula(step.shuffled_formula.filled)
            read_aloud(shared_call(lesson_readings, story, step.shuffled_order).cg.numbers)


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
        glossary("discount")
        if view_mode() != "present":
            log2_reminder()
        if not predict_number(
            "kept",
            "Your guess: what share does the third result keep?",
            third.kept,
            help="A number between 0 and 1, such as 0.8.",
            helped=shared_call(share_help, story, order, 3),
        ):
            return
        formula(step.third_place)
        read_aloud(shared_call(lesson_kept, story, order))
    with picture:
        if "kept" in state[REVEALED_KEY]:
            lesson_chart(shared_call(discount_chart, step.curve, step.rows), height=360)
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
        glossary("dcg")
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
        reorder_cards(story, order)
    with picture:
        lesson_chart(shared_call(contribution_chart, step.rows))
    formula(step.formula.filled)
    read_aloud(shared_call(lesson_readings, story, order).dcg.numbers)


def step_5(story: Story, order: tuple[str, ...]) -> None:
    step = shared_call(step_ideal, story, order)
    text, picture = two_columns()
    with text:
        st.markdown(
            "What is the best any search engine could do with these results? Put the "
            "best grade first. The DCG of that **ideal ranking** is the **IDCG**."
        )
        glossary("ideal", "idcg")
        best_first = st.toggle("Sort the results best first", key="lesson_ideal_toggle")
        rows = step.rows if best_first else shared_call(step_dcg, story, order).rows
        card_list([row.card for row in rows])
    worked = step.formula if best_first else shared_call(step_dcg, story, order).formula
    with picture:
        if best_first:
            st.metric(
                "IDCG, the best possible DCG", format_real(worked.result), help=tooltip("idcg")
            )
            st.markdown("No order of these results can score more.")
        else:
            st.metric("DCG of your order", format_real(worked.result), help=tooltip("dcg"))
            st.markdown("Your order, as you left it in step 4. Now sort it best first.")
        lesson_chart(shared_call(contribution_chart, rows))
    formula(worked.filled)
    readings = shared_call(lesson_readings, story, order)
    read_aloud(readings.ideal.numbers if best_first else readings.dcg.numbers)


def step_6(story: Story, order: tuple[str, ...]) -> None:
    step = shared_call(step_ndcg, story, order)
    text, picture = two_columns()
    with text:
        st.markdown(
            "DCG alone has no scale: is 6.9 good? Divide it by the IDCG and you get a share "
            "of the best possible, between 0 and 1: **nDCG**, normalised DCG."
        )
        glossary("ndcg")
        formula(step.formula.symbolic)
        reading = shared_call(lesson_readings, story, order).ndcg
        read_aloud(reading.symbols)
        if not predict_number(
            "ndcg",
            "Your guess: nDCG of your order",
            step.ndcg,
            help="A number between 0 and 1.",
            helped=shared_call(guess_help, story, order, Quantity.NDCG),
        ):
            return
    with picture:
        formula(step.formula.filled)
        read_aloud(reading.numbers)
        lesson_chart(shared_call(ndcg_bar, step.ndcg))


def step_7(story: Story, order: tuple[str, ...]) -> None:
    whole = shared_call(step_ndcg, story, order).ndcg
    first_page = shared_call(step_cutoff, story, order)
    text, picture = two_columns()
    with text:
        st.markdown(
            f"{plain(story.cutoff_note)} So a search team often scores only the first "
            f"k results: **nDCG@{story.cutoff_k}**. The ideal is cut at k too."
        )
        glossary("cutoff")
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
    change = shared_call(lesson_cutoff, story, order, k)
    with text:
        st.markdown(f"**What leaves the sum at k = {k}**")
        read_aloud(change.leaves)
        read_aloud(change.why)
    with picture:
        formula(step.ndcg.filled)
        read_aloud(shared_call(lesson_readings, story, order, k).ndcg.numbers)
        lesson_chart(shared_call(contribution_chart, step.rows))
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
                    st.metric(f"nDCG of page {name}", format_real(score), help=tooltip("ndcg"))
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
    lesson_check()


Drawing = Callable[[Story, tuple[str, ...]], None]

DRAWINGS: Mapping[str, Drawing] = MappingProxyType(
    {
        "judge": step_1,
        "cg": step_2,
        "discount": step_3,
        "dcg": step_4,
        "ideal": step_5,
        "ndcg": step_6,
        "cutoff": step_7,
        "drawback": step_8,
        "yours": step_9,
    }
)
"""Each step's drawing by its name in :data:`ndcg_core.teaching.lesson_plan.LESSON`."""


def drawing(step: LessonStep) -> Drawing:
    """How ``step`` is drawn (a step of the lesson plan with no drawing is a KeyError the
    first time the page reaches it, and a failing test before that)."""
    return DRAWINGS[step.name]
