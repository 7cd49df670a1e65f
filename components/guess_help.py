"""Help with a guessed number, shared by the lesson, Step by step and Practice: the ladder
of help (each rung asked for) and the diagnosis of a wrong guess
(:func:`ndcg_core.teaching.diagnosis.diagnose`), drawn the same way everywhere.

The rung reached is this widget's state, one entry per guess box, kept with the list it was
for: a changed list starts the ladder again, as the answers hide again.
"""

from __future__ import annotations

from collections.abc import Hashable

import streamlit as st

from components.chrome import plain
from components.formula import formula, read_aloud
from ndcg_core.teaching.diagnosis import Diagnosis
from ndcg_core.teaching.help_ladder import HelpLadder, Rung

RUNGS_KEY = "help_rungs"  # guess box -> (the list it was for, the highest rung shown)


def rung_reached(box: str, for_list: Hashable) -> Rung:
    """The highest rung shown for guess box ``box`` while it asks about ``for_list``."""
    shown = st.session_state.get(RUNGS_KEY, {}).get(box)
    if shown is None or shown[0] != for_list:
        return Rung.NONE
    return Rung(shown[1])


def _climb(box: str, for_list: Hashable, rung: int) -> None:
    rungs = dict(st.session_state.get(RUNGS_KEY, {}))
    rungs[box] = (for_list, rung)
    st.session_state[RUNGS_KEY] = rungs


def ladder_box(box: str, for_list: Hashable, ladder: HelpLadder) -> Rung:
    """The rungs shown so far, and a button for the next one; returns the rung reached."""
    reached = rung_reached(box, for_list)
    if reached >= Rung.HINT:
        st.info(plain(ladder.hint), icon=":material/lightbulb:")
    if reached >= Rung.ONE_POSITION:
        st.info(plain(ladder.one_position), icon=":material/counter_1:")
    if reached >= Rung.WHOLE:
        for number, step in enumerate(ladder.whole):
            formula(step.filled)
            if number < len(ladder.whole_read):
                read_aloud(ladder.whole_read[number])
    if reached < Rung.WHOLE:
        upper = Rung(reached + 1)
        st.button(
            upper.button,
            key=f"{box}_help_{upper.value}",
            icon=":material/help:",
            on_click=_climb,
            args=(box, for_list, upper.value),
            help="Help comes one step at a time: a hint, then one position worked, then "
            "the whole answer.",
        )
    return reached


def show_diagnosis(diagnosis: Diagnosis, *, lead: str = "") -> None:
    """The diagnosis of a guess in one box, after ``lead`` (how far off the guess was):
    green when right, otherwise the slip (or none) in words."""
    text = plain(f"{lead} {diagnosis.message}" if lead else diagnosis.message)
    if diagnosis.verdict == "right":
        st.success(text, icon=":material/check_circle:")
    else:
        st.info(text, icon=":material/troubleshoot:")
