"""The ways to reorder the Playground's list: the browser-drawn live view (a drop, or one of
its buttons, repaints its numbers at once), and for lists too long to draw whole the drag
list with the server's Up and Down for a picked document and Ideal order, Reverse and
Shuffle. Each hands the new order to the list's one writer
(:func:`components.state.store_list`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from components.cache import shared_view
from components.chrome import show_error
from components.compare_mode import PARTS_A
from components.drag_order import draggable_ranking, order_buttons
from components.grade_box import box_words
from components.live_view import CHART_MARGIN, live_view
from components.results import (
    browser_chart_key,
    browser_chart_spec,
    chart_note,
    convention_line,
    current_evaluation,
    cutoff_suffix,
    view_key,
)
from components.sortable_list import show_position
from components.state import (
    current_convention,
    current_list,
    current_list_words,
    current_titles,
    set_error,
    store_list,
)
from ndcg_core import Evaluation, NdcgError, format_real
from ndcg_core.metric.drop_numbers import drop_numbers
from ndcg_core.metric.exact_ratio import shown_ndcg
from ndcg_core.metric.lists import ideal_order, moved, reordered
from ndcg_core.metric.parsing import GradeList

SORT_KEY = "lab_sort"  # the drag list
LIVE_KEY = "lab_live"  # the list, its numbers, charts and table, drawn in the browser
LIVE_A_KEY = "lab_live_a"  # compare mode's ranking A and its DCG and nDCG, in the browser


def _reorder(change: Callable[[GradeList], GradeList]) -> None:
    store_list(change(current_list()))


def _move(label: str, steps: int) -> None:
    grade_list = moved(current_list(), label, steps)
    store_list(grade_list)
    show_position(SORT_KEY, grade_list.labels.index(label))  # the drag list follows it


def _on_drag(new_order: list[str]) -> None:
    try:
        store_list(reordered(current_list(), new_order))
    except NdcgError as error:
        set_error("order", str(error))


def _to_ideal(shown: list[str]) -> None:
    """Ideal order, pressed in the live view: the core's ideal order of the order it showed
    (equal grades keep their places there)."""
    try:
        store_list(ideal_order(reordered(current_list(), shown)))
    except NdcgError as error:
        set_error("order", str(error))


def _list_sums(start: int, stop: int) -> dict[str, Any]:
    """DCG and nDCG over the drag list, and the numbers to redo them at a drop (no numbers
    when this convention cannot score the list: the results column says why)."""
    convention = current_convention()
    at = cutoff_suffix(convention)
    labels = [f"DCG{at}", f"nDCG{at}"]
    try:
        evaluation = current_evaluation(convention)  # remembered: the results reuse it
    except NdcgError:
        return {"labels": labels, "values": ["–", "–"], "live": None}
    return shared_view(
        "list_sums",
        (view_key(evaluation), start, stop),
        lambda: {
            "labels": labels,
            # The cards' rule: an nDCG below the smallest float is its exact ratio, not 0.
            "values": [format_real(evaluation.dcg), format_real(shown_ndcg(evaluation))],
            "live": drop_numbers(evaluation, start, stop),
        },
    )


def order_controls() -> None:
    """The drag list, plus buttons for people who cannot (or would rather not) drag."""
    draggable_ranking(
        current_list(),
        titles=current_titles(),
        key=SORT_KEY,
        on_drag=_on_drag,
        on_move=_move,
        move_key="lab_move",
        error_key="order",
        caption="Drag a document to a new place, or focus it and press Alt+Arrow keys.",
        sums=_list_sums,
    )
    order_buttons(key="lab", on_click=_reorder)


def _then_rerun(store: Callable[[], None], rerun_after: Callable[[], str | None]) -> None:
    """``store()`` a reorder, then rerun the fragment ``rerun_after()`` names (asked first:
    storing clears the errors it may look at); None leaves the run the reorder started."""
    scope = rerun_after()
    store()
    if scope is not None:
        st.rerun(scope)


def live_ranking(
    evaluation: Evaluation,
    *,
    room: int,
    rerun_after: Callable[[], str | None] = lambda: None,
    on_typed: Callable[[str], None] | None = None,
) -> None:
    """The current list's documents, cards, three charts (``room`` px wide), table and
    reordering buttons in one component that repaints them in the browser at a drop or a
    press (:func:`live_view`); the new order comes back to the list's one writer, and then
    the fragment ``rerun_after()`` names reruns (None: the view's own). A list typed into
    the grade box goes to ``on_typed`` (None: the box sends it itself). Then what a drop's
    order broke, if anything."""
    live_view(
        evaluation,
        key=LIVE_KEY,
        titles=current_titles(),
        on_order=lambda order: _then_rerun(lambda: _on_drag(order), rerun_after),
        on_ideal=lambda shown: _then_rerun(lambda: _to_ideal(shown), rerun_after),
        on_typed=on_typed,
        chart=lambda points, template: browser_chart_spec(
            evaluation, room=room - CHART_MARGIN, points=points, template=template
        ),
        chart_key=browser_chart_key(evaluation, room=room - CHART_MARGIN),
        chart_note=chart_note(evaluation.rows),
        # The grade box follows this view's order with them, also after a list typed into it
        # that reran this view alone (pages/playground.py).
        list_words=box_words(current_list_words()),
        # Under the view, in its payload: a choice in the sidebar reruns the view's part alone.
        footnote=convention_line(evaluation.convention),
    )
    show_error("order")


def live_ranking_a(evaluation: Evaluation) -> None:
    """Compare mode's ranking A (the current list), its DCG and nDCG and its reordering
    buttons, repainted in the browser at a drop or a press; the new order comes back to the
    list's one writer."""
    live_view(
        evaluation,
        key=LIVE_A_KEY,
        titles=current_titles(),
        on_order=_on_drag,
        on_ideal=_to_ideal,
        parts=PARTS_A,
    )
    show_error("order")
