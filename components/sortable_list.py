"""A drag-to-reorder list: SortableJS in an inline ``st.components.v2`` component (no iframe).

Items are chips in reading order, numbered from 1. A mouse, a finger or the keyboard (focus an
item, then Alt+Arrow keys) moves them. Each drop or key move sends the whole new order once, as a
trigger value: it is seen by exactly one script run and is ``None`` in every other run.

A list longer than ``page_size`` is shown one window of positions at a time, with controls to
move the window: a browser takes seconds to draw 10,000 chips, and nobody drags among them.
Every document stays reachable by moving the window; a drag moves a document within it.

With ``sums``, the list also shows two numbers above it (DCG and nDCG on the Playground) and
redoes them in the browser the moment an item lands, as a dot product of numbers the core
sent (:mod:`ndcg_core.metric.drop_numbers`): the server's update then replaces them. No metric rule
is written in JavaScript; without those numbers (exact sums) the list says it is updating.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st

from components.chip_orders import new_order
from components.static_files import chip_list_js, static_text
from ndcg_core.text.browser_format import js_format_function

# The component's JS is one ES module: SortableJS and the shared chips, the number format, then
# the list.
_JS = "\n".join(
    [
        chip_list_js(),
        js_format_function(),
        static_text("sortable_list.js"),
    ]
)
_CSS = static_text("sortable_list.css")
_COMPONENT = st.components.v2.component("ndcg_lab_sortable_list", css=_CSS, js=_JS)
PAGE_SIZE = 200  # chips drawn at once; 10,000 take seconds in a browser


def _ignore() -> None:
    """A trigger value reaches Python only for events that have an ``on_*_change`` callback."""


def _order_reported(key: str, ids: Sequence[str]) -> list[str] | None:
    """The order the browser just reported for ``key``, if it is a new order of ``ids``."""
    reported = st.session_state.get(key)
    order = reported.get("order") if isinstance(reported, dict) else None
    return new_order(order, ids)


def window_bounds(count: int, page: int, page_size: int) -> tuple[int, int]:
    """Positions ``[start, stop)`` (0-based) of window ``page``, clamped to the list.

    >>> window_bounds(10_000, 2, 200)
    (400, 600)
    >>> window_bounds(450, 9, 200)  # past the end: the last window
    (400, 450)
    """
    pages = max(1, -(-count // page_size))
    start = min(max(page, 0), pages - 1) * page_size
    return start, min(count, start + page_size)


def splice(ids: Sequence[str], start: int, window_order: Sequence[str]) -> list[str]:
    """The whole order after the window starting at ``start`` was reordered to ``window_order``.

    >>> splice(["a", "b", "c", "d", "e"], 1, ["c", "b"])
    ['a', 'c', 'b', 'd', 'e']
    """
    return [*ids[:start], *window_order, *ids[start + len(window_order) :]]


def page_key(key: str) -> str:
    """The session-state key of the window shown by the list with ``key``."""
    return f"{key}_page"


def shown_window(key: str, count: int, page_size: int = PAGE_SIZE) -> tuple[int, int]:
    """Positions ``[start, stop)`` of the ``count`` items that the list with ``key`` shows."""
    page = st.session_state.get(page_key(key), 0)
    return window_bounds(count, page if isinstance(page, int) else 0, page_size)


def show_position(key: str, index: int, page_size: int = PAGE_SIZE) -> None:
    """Move the window of the list with ``key`` to the one holding position ``index`` (from 0).

    Call it from a callback: it sets the window's widget.
    """
    st.session_state[page_key(key)] = index // page_size


def _step(page_key: str, by: int) -> None:
    st.session_state[page_key] = st.session_state.get(page_key, 0) + by


def _window_controls(key: str, count: int, page_size: int) -> int:
    """Previous, a choice of window and Next; returns the chosen window's index."""
    pages = -(-count // page_size)
    window_key = page_key(key)
    page = st.session_state.get(window_key, 0)
    if not isinstance(page, int) or not 0 <= page < pages:  # the list got shorter
        page = min(max(page, 0), pages - 1) if isinstance(page, int) else 0
        st.session_state[window_key] = page

    def positions(index: int) -> str:
        start, stop = window_bounds(count, index, page_size)
        return f"{start + 1:,}-{stop:,}"

    with st.container(horizontal=True, vertical_alignment="bottom", gap="small"):
        st.button(
            "Previous",
            icon=":material/chevron_left:",
            key=f"{key}_previous",
            disabled=page == 0,
            on_click=_step,
            args=(window_key, -1),
        )
        st.selectbox(
            f"Positions of {count:,}",
            range(pages),
            format_func=positions,
            key=window_key,
            width=150,
            help=f"A long list is dragged {page_size:,} positions at a time: move this window "
            "to reach any document. The order buttons act on the whole list.",
        )
        st.button(
            "Next",
            icon=":material/chevron_right:",
            key=f"{key}_next",
            disabled=page == pages - 1,
            on_click=_step,
            args=(window_key, 1),
        )
    return page


def sortable_list(
    items: Sequence[tuple[str, str]],
    *,
    key: str,
    on_change: Callable[[list[str]], None] | None = None,
    page_size: int = PAGE_SIZE,
    sums: Callable[[int, int], Mapping[str, Any]] | None = None,
) -> list[str] | None:
    """Show ``items`` (``(item_id, display_text)`` pairs, in order) as a reorderable list.

    Returns the new order of the item ids in the one run right after the user dropped an item or
    moved one with Alt+Arrow keys; ``None`` in every other run, and when the order reported no
    longer fits the current items. Display texts are shown as plain text, never as HTML. The
    list shows the order it is given on every run, so the caller stores the returned order and
    passes it back; ``key`` may stay the same when the items change. With ``on_change``, the
    new order is handed to it before the script runs, so that run already draws it.

    With more than ``page_size`` items, only a window of ``page_size`` positions is drawn, with
    controls (keys ``{key}_page``, ``{key}_previous``, ``{key}_next``) to move it; a move within
    the window still returns, and hands ``on_change``, the order of the whole list.

    ``sums(start, stop)``, for the window of positions ``[start, stop)`` drawn, gives the
    numbers shown above the list: ``labels`` and ``values`` (texts, from the server) and
    ``live`` (:func:`ndcg_core.metric.drop_numbers.drop_numbers` for that window, or
    ``None`` to wait for the server after a drop).
    """
    ids = [item_id for item_id, _ in items]
    if len(set(ids)) != len(ids):
        msg = "sortable_list needs distinct item ids"
        raise ValueError(msg)
    page = _window_controls(key, len(ids), page_size) if len(ids) > page_size else 0
    start, stop = window_bounds(len(ids), page, page_size)
    window = ids[start:stop]
    # Without a callback the caller adopts a reported order only after this call: show it
    # now, or the browser would put the items back where they were for one run.
    reported = None if on_change is not None else _order_reported(key, window)
    texts = dict(items)
    shown = reported if reported is not None else window
    data = {
        "items": [[str(item_id), str(texts[item_id])] for item_id in shown],
        "first": start,
        "total": len(ids),
        # Changes every run, so the browser re-applies Python's order even when it is unchanged
        # (e.g. the app refused a move).
        "run": time.monotonic_ns(),
    }
    if sums is not None:
        data["sums"] = dict(sums(start, stop))
    callback = _ignore
    if on_change is not None:

        def callback() -> None:
            # Runs before the script, so the caller can store the order and every element of
            # this run, the list included, is drawn in it.
            new_window = _order_reported(key, window)
            if new_window is not None:
                on_change(splice(ids, start, new_window))

    result = _COMPONENT(key=key, data=data, on_order_change=callback)
    new_window = new_order(result.get("order"), window)
    return None if new_window is None else splice(ids, start, new_window)
