"""The Playground's interactive heart in one ``st.components.v2`` component (no iframe): the
drag list, the four number cards and the per-position table, repainted in the browser.

The server sends, with each run, what it shows for the order it has (the cards' and table's
texts, as :func:`~components.results.metric_cards` and
:func:`~ndcg_core.pictures.tables.display_columns` print them) and the payload of
:func:`~ndcg_core.metric.view_numbers.view_numbers`. A drop or an Alt+Arrow move repaints the
cards and every table cell at once with ``repaintView`` (``static/view_repaint.js``, the
JavaScript twin of :func:`~ndcg_core.metric.view_numbers.repaint`), then sends the whole new
order once, as a trigger value. No metric rule is written in JavaScript; without a payload
(exact sums) the component keeps the server's numbers and says it waits for them.

The list uses the drag list's vendored SortableJS (mouse, Alt+Arrow keys, a finger's long
press), as :mod:`components.sortable_list` does, but draws every document: it has no window.
The table draws every row up to :data:`WHOLE_TABLE_UP_TO` rows; a longer one, its first
:data:`FIRST_ROWS`, and says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import streamlit as st

from components.drag_order import chip_text
from components.results import metric_cards
from components.static_files import chip_list_js, static_text
from components.view_repaint import view_repaint_js
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.metric.view_numbers import view_numbers
from ndcg_core.pictures.tables import column_names, display_columns

WHOLE_TABLE_UP_TO = 400  # rows a table draws whole; a browser redraws them within a frame
FIRST_ROWS = 200  # rows drawn of a longer table
HELP = "Drag a document, or focus it and press Alt+Arrow keys, to change the ranking."
CARDS = "The numbers"  # what a screen reader calls the group of cards
WAITING = "Updating: these sums are done exactly on the server, which sends the new numbers."
NO_LABEL = "—"  # display_columns' label cell of a position past the list's end
YES, NO = "yes", "no"  # display_columns' "in top k" cells


# SortableJS and the chips shared with the drag list, the repaint and its number format, then
# the view.
_JS = "\n".join(
    [
        chip_list_js(),
        view_repaint_js(),
        static_text("live_view.js"),
    ]
)
_CSS = static_text("live_view.css")
_COMPONENT = st.components.v2.component("ndcg_lab_live_view", css=_CSS, js=_JS)


def new_order(order: object, labels: Sequence[str]) -> list[str] | None:
    """``order`` as a list of labels, if it is a permutation of ``labels`` other than them.

    >>> new_order(["D2", "D1"], ["D1", "D2"]), new_order(["D1", "D9"], ["D1", "D2"])
    (['D2', 'D1'], None)
    """
    if not isinstance(order, list) or sorted(map(str, order)) != sorted(labels):
        return None
    moved = [str(label) for label in order]
    return None if moved == list(labels) else moved


def table_rows(evaluation: Evaluation) -> int:
    """How many rows of the table the component draws.

    >>> from ndcg_core import evaluate
    >>> table_rows(evaluate([1.0] * 10)), table_rows(evaluate([1.0] * 1000))
    (10, 200)
    """
    rows = len(evaluation.table)
    return rows if rows <= WHOLE_TABLE_UP_TO else FIRST_ROWS


def _table(
    evaluation: Evaluation, titles: Mapping[str, str] | None, keys: Mapping[str, str] | None
) -> dict[str, Any]:
    """The server's table: headers, the keys ``repaintView``'s rows name them by, and the
    cells as display_columns prints them, labels and titles as plain text (not Markdown)."""
    shown = table_rows(evaluation)
    columns = display_columns(evaluation, rows=shown, titles=titles)
    labels = [str(label) for label in evaluation.table["label"][:shown]]
    columns[column_names(evaluation)["label"]] = [label or NO_LABEL for label in labels]
    if titles:
        columns["title"] = [titles.get(label, "") for label in labels]
    headers = list(columns)
    by_header = {header: key for key, header in (keys or {}).items()}
    total = len(evaluation.table)
    caption = "Position by position"
    return {
        "caption": caption if shown == total else f"{caption}: positions 1-{shown} of {total:,}",
        "headers": headers,
        "keys": [by_header[header] for header in headers] if keys else None,
        # Words read from the left; numbers line up on the right.
        "text": [header in (column_names(evaluation)["label"], "title") for header in headers],
        "rows": [list(row) for row in zip(*columns.values(), strict=True)],
        "note": ""
        if shown == total
        else f"The table shows the first {shown} of {total:,} positions; the cards count "
        "every position.",
    }


def live_data(evaluation: Evaluation, titles: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What the component is sent for ``evaluation`` (JSON-ready).

    >>> from ndcg_core import evaluate
    >>> data = live_data(evaluate([3, 2, 0]))
    >>> data["items"][0], [card["label"] for card in data["cards"]], data["table"]["keys"][:2]
    (['D1', 'D1 · 3'], ['CG', 'DCG', 'Ideal DCG', 'nDCG'], ['position', 'label'])
    """
    numbers = view_numbers(evaluation, titles)
    named = titles or {}
    return {
        "items": [
            [label, chip_text(label, grade, named.get(label))]
            for label, grade in zip(evaluation.labels, evaluation.grades, strict=True)
        ],
        "cards": [
            {"key": key, "label": label, "value": value, "help": help_text}
            for key, label, value, help_text in metric_cards(evaluation)
        ],
        "table": _table(evaluation, titles, numbers["columns"] if numbers else None),
        "numbers": numbers,
        "words": {
            "help": HELP,
            "cards": CARDS,
            "waiting": WAITING,
            "none": NO_LABEL,
            "yes": YES,
            "no": NO,
        },
    }


def live_view(
    evaluation: Evaluation,
    *,
    key: str,
    titles: Mapping[str, str] | None = None,
    on_order: Callable[[list[str]], None] | None = None,
) -> list[str] | None:
    """Draw the list, the cards and the table of ``evaluation`` (its documents in its order).

    A drop or an Alt+Arrow move repaints them in the browser at once, then reports the new
    order (the labels, top first) once: ``on_order`` gets it before the next run, which should
    only store it (the caller evaluates the stored order when it draws). Returns the new order
    in the run right after a move, ``None`` in every other run.
    """
    labels = list(evaluation.labels)
    if len(set(labels)) != len(labels):
        msg = "live_view needs distinct document labels"
        raise ValueError(msg)
    # Changes every run, so the browser re-applies the server's order even when unchanged.
    data = {**live_data(evaluation, titles), "run": time.monotonic_ns()}

    def reported() -> None:
        # Runs before the script: the caller stores the order, this run draws it.
        state = st.session_state.get(key)
        moved = new_order(state.get("order") if isinstance(state, dict) else None, labels)
        if moved is not None and on_order is not None:
            on_order(moved)

    result = _COMPONENT(key=key, data=data, on_order_change=reported)
    return new_order(result.get("order"), labels)
