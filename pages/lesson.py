"""The guided lesson: one search, its results, and nDCG built one idea at a time.

Every number and formula comes from ndcg_core.teaching.lesson_steps, every picture from
ndcg_core.pictures.lesson_charts; components/lesson lays them out (its state and widgets in
parts.py, each step's drawing in steps.py), the steps' order and titles are
ndcg_core.teaching.lesson_plan, and this page shows the step the reader is at.
"""

from __future__ import annotations

import streamlit as st

from components.cache import shared_call
from components.chrome import page_header, plain
from components.lesson.parts import (
    LESSON_STEP_KEY,
    ORDER_KEY,
    REVEALED_KEY,
    SHUFFLE_KEY,
    state,
    step_buttons,
)
from components.lesson.steps import drawing
from components.navigation import run_through_app
from components.state import view_mode
from components.view_parts import from_view
from ndcg_core.teaching.lesson_plan import LESSON, recap
from ndcg_core.teaching.lesson_steps import convention_line
from ndcg_core.teaching.stories import load_story

run_through_app()

story = load_story("pizza")
from_view(LESSON_STEP_KEY, "lesson_step")  # a shared step 5 opens at step 5
state.setdefault(LESSON_STEP_KEY, 1)
state.setdefault(ORDER_KEY, story.shown_order)
state.setdefault(SHUFFLE_KEY, 0)
state.setdefault(REVEALED_KEY, {})


# ------------------------------------------------------------------ the page

current = state[LESSON_STEP_KEY]
order = state[ORDER_KEY]
page_header(
    "Lesson: what nDCG measures",
    f"{story.title}: nDCG in {len(LESSON)} short steps. Guess each number before you reveal it.",
    view={"lesson_step": current},
)
if current == 1:
    st.markdown(f"{plain(story.situation)} The search: **{plain(story.query)}**.")
presenting = view_mode() == "present"
if presenting:  # Back and Next at the top: on a projector the step below fills the screen
    progress, buttons = st.columns([0.7, 0.3], vertical_alignment="bottom")
    progress.progress(current / len(LESSON), text=f"Step {current} of {len(LESSON)}")
    with buttons:
        step_buttons(current)
else:
    st.progress(current / len(LESSON), text=f"Step {current} of {len(LESSON)}")
if current > 1 and not presenting:
    done = "step 1" if current == 2 else f"steps 1 to {current - 1}"
    with st.expander(f"What you have seen so far ({done})"):
        lines = shared_call(recap, story, order)[: current - 1]
        st.markdown("\n".join(f"{n}. {plain(line)}" for n, line in enumerate(lines, start=1)))
with st.container(border=True):
    step = LESSON[current - 1]
    st.subheader(f"{current}. {step.title}", anchor=False)
    drawing(step)(story, order)
    if not presenting:
        step_buttons(current)
st.caption(convention_line())
