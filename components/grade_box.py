"""The box a list is typed into, drawn in the browser (an ``st.components.v2`` component,
``static/grade_box.js``, no iframe) so that it follows a drop there.

A drop in the Playground's live view reruns only the live view's fragment: the grade box
is not redrawn by that run, yet it must show the new order at once, or a grade typed next
would be typed into the old order. The live view tells the page the order it shows (the
window event :data:`ORDER_SHOWN`, with its name); the box, told which view holds the list
(``follows``), writes the list in that order with the words the core gave it
(:func:`ndcg_core.metric.parsing.list_words`: the rule that picks each grade's word is the
core's, the browser only puts the words in order). Text typed into the box goes to the
server with Ctrl+Enter or on leaving the box, as Streamlit's text area did; the box's
callback reads it before the run (:func:`typed_text`), so that run shows its numbers. Where
the live view it follows takes typed lists (the Playground's: ``on_typed``), the box hands
the text to that view (the window event :data:`LIST_TYPED`), which sends it: one run of the
view's fragment, where the box's own trigger would start the box's fragment's run and then
the view's. A run that redraws the live view alone leaves the box as it is: the view then
hands the box the new list's words with the order it shows.

A person's text is never HTML here: it is a ``<textarea>``'s value, and every label is set
as text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import streamlit as st

from components.browser_library import LIST_TYPED, ORDER_SHOWN
from components.static_files import static_text
from ndcg_core.metric.parsing import LIST_SEPARATOR, ListWords

APPLY_HINT = "Press Ctrl+Enter to apply"  # under the box while it holds text not yet applied
BOX_ROWS = 2  # the box's height in lines (it grows by its handle): a list of grades is short
_JS = "\n".join(
    [
        f"const ORDER_SHOWN = {json.dumps(ORDER_SHOWN)};",
        f"const LIST_TYPED = {json.dumps(LIST_TYPED)};",
        static_text("grade_box.js"),
    ]
)
_CSS = static_text("grade_box.css")
_COMPONENT = st.components.v2.component("ndcg_lab_grade_box", css=_CSS, js=_JS)


def _seen_key(key: str) -> str:
    return f"{key}_seen"  # the last typed text this session applied, by its nonce


def typed_text(key: str) -> str | None:
    """The text just typed into the box keyed ``key`` (Ctrl+Enter, or leaving the box), in
    the one run after it was; None in every other run."""
    state = st.session_state.get(key)
    typed = state.get("typed") if isinstance(state, dict) else None
    if not isinstance(typed, dict) or not isinstance(typed.get("text"), str):
        return None
    nonce = typed.get("nonce")
    if nonce == st.session_state.get(_seen_key(key)):
        return None
    st.session_state[_seen_key(key)] = nonce
    text: str = typed["text"]
    return text


def box_words(words: ListWords) -> dict[str, Any]:
    """What the box is sent of a list's words: ``listText`` (grade_box.js) writes them in an
    order as :meth:`ListWords.text` does."""
    return {
        "labels": words.labels,
        "bare": words.bare,
        "named": words.named,
        "bare_order": words.bare_order,
        "separator": LIST_SEPARATOR,
    }


def _ignore() -> None:
    """A state value reaches Python only for a key with an ``on_*_change`` callback."""


def grade_box(
    text: str,
    *,
    key: str,
    label: str,
    help: str,
    words: ListWords | None = None,
    follows: str = "",
    on_typed: Callable[[], None] = _ignore,
) -> None:
    """Draw the box showing ``text`` (the server's: a new ``text`` replaces what the box
    shows, as a widget's value set in the session does). ``help`` is shown under its ``?``.
    With ``words`` (the list ``text`` writes) and ``follows`` (a live view's name), the box
    rewrites the list in the order that view shows, the moment it changes. ``on_typed`` runs
    before the run a text typed into the box starts (:func:`typed_text` reads it there)."""
    data: dict[str, Any] = {
        "label": label,
        "help": help,
        "hint": APPLY_HINT,
        "text": text,
        "rows": BOX_ROWS,
        "follows": follows,
        "words": None if words is None else box_words(words),
    }
    _COMPONENT(key=key, data=data, default={"typed": None}, on_typed_change=on_typed)
