"""A box for one typed number (a guess, an answer), read by the app's one reader.

Not ``st.number_input``: the browser reads that one itself, before the app sees it, and
reads "0,86" as 86, "0.8 6" as 0.86 and Arabic-Indic "٠٫٥" as nothing. Here the text
reaches :func:`ndcg_core.text.numbers.read_number` as typed, stays in the box as typed, and a
refusal shows under the box in the reader's words.
"""

from __future__ import annotations

from typing import Literal

import streamlit as st

from components.chrome import error_box
from components.state import PERSIST
from ndcg_core import NdcgError
from ndcg_core.text.numbers import EXAMPLE, read_number


def _submitted_key(key: str) -> str:
    return f"{key}_submitted"


def number_box(
    label: str,
    *,
    key: str,
    placeholder: str = f"for example {EXAMPLE}",
    help: str | None = None,
    width: int | Literal["stretch"] = "stretch",
) -> None:
    """The text box (no ``max_chars``: the browser drops a paste longer than that, so an
    over-long paste would vanish instead of being refused)."""
    st.text_input(
        label,
        key=key,
        placeholder=placeholder,
        help=help,
        width=width,
        persist_state=PERSIST,
    )


def box_number(key: str) -> float | None:
    """The number the box holds, or None when it is empty or not a number."""
    text = st.session_state.get(key) or ""
    if not text.strip():
        return None
    try:
        return read_number(text)
    except NdcgError:
        return None


def submitted_number(key: str) -> float | None:
    """For a Check or Reveal button's callback: :func:`box_number`, remembering that it was
    asked for, so :func:`box_problem` can say "type a number first" to an empty box."""
    st.session_state[_submitted_key(key)] = st.session_state.get(key) or ""
    return box_number(key)


def box_problem(key: str) -> None:
    """Under the box: why its text is not a number, if it is not (an empty box only after
    a button asked for it, and until something is typed)."""
    text = st.session_state.get(key) or ""
    if not text.strip() and st.session_state.get(_submitted_key(key)) != text:
        return
    try:
        read_number(text)
    except NdcgError as error:
        error_box(str(error))
