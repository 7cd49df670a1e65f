"""Say when the numbers on screen belong to the last input that could be read, not to the
input as it now stands (an input error keeps the last valid list in use)."""

from __future__ import annotations

import streamlit as st

from components.chrome import plain
from components.state import ERRORS_KEY, current_list_text, current_unretrieved
from ndcg_core import Convention, IdealSource, format_grades

# The inputs whose error leaves the shared list (and so every number) as it was. "order"
# (a drag that could not be applied) and "view_file" (a saved view that could not be opened)
# are left out: they keep no half-typed list on screen, and store_list does not clear
# "view_file", so a list typed after a bad file would be marked stale wrongly.
LIST_INPUTS = ("text", "table")
UNRETRIEVED_INPUT = "unretrieved"  # feeds the numbers only when the ideal is built from it
SHOWN_LIMIT = 80  # characters of the last valid list quoted in the note


def standing_input_errors(convention: Convention) -> tuple[str, ...]:
    """The inputs feeding the numbers whose error stands (where -> message in ERRORS_KEY).

    The not-retrieved grades count only when ``convention.ideal`` is judged: otherwise their
    box is hidden and the numbers do not use them."""
    errors = st.session_state.get(ERRORS_KEY, {})
    inputs: tuple[str, ...] = LIST_INPUTS
    if convention.ideal is IdealSource.JUDGED:
        inputs = (*inputs, UNRETRIEVED_INPUT)
    return tuple(where for where in inputs if errors.get(where))


def input_error_standing(convention: Convention) -> bool:
    """Whether an input that feeds the numbers holds an error, so they are the last list's."""
    return bool(standing_input_errors(convention))


def shortened(text: str, limit: int = SHOWN_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, ending in … when cut.

    >>> shortened("3, 2, 3, 0, 1, 2"), shortened("1, 2, 3, 4", limit=5)
    ('3, 2, 3, 0, 1, 2', '1, 2…')
    """
    return text if len(text) <= limit else text[: limit - 1].rstrip(", ") + "…"


def stale_note(what: str, shown: str, fix: str = "") -> None:
    """The one note, right above numbers computed from the last ``what`` that could be read
    (``shown``, plain text, already shortened), while ``fix`` (the input holding an error,
    ``what`` unless told) is not fixed. It says "fix", not "above": on a wide screen the
    input is beside the numbers."""
    st.info(
        f"These numbers are for the last {what} that could be read: {plain(shown)}. "
        f"Fix the {fix or what} to update them.",
        icon=":material/history:",
    )


def list_stale_note(convention: Convention) -> None:
    """The note for the shared list (and its not-retrieved grades), drawn only while an
    error stands in an input that feeds it."""
    standing = standing_input_errors(convention)
    if not standing:
        return
    shown = shortened(current_list_text())
    if UNRETRIEVED_INPUT in standing:
        unretrieved = current_unretrieved()
        shown += "; not retrieved: " + (
            shortened(format_grades(unretrieved)) if unretrieved else "none"
        )
        fixes = [*(["list"] if set(standing) & set(LIST_INPUTS) else []), "not-retrieved grades"]
        stale_note("list and not-retrieved grades", shown, fix=" and the ".join(fixes))
    else:
        stale_note("list", shown)
