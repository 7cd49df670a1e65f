"""The Playground's compare mode: ranking B of the same documents beside ranking A.

Ranking A is the shared list (``components.state`` owns it). This module owns ranking B: its
order, as labels, in ``st.session_state[ORDER_B_KEY]``, written only by :func:`_store_b`;
and its part of the view: compare mode on, and B's order (:mod:`ndcg_core.links.view`).
Every number comes from :func:`ndcg_core.metric.compare.compare`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pandas as pd
import streamlit as st

from components.browser_library import library_user_js
from components.cache import remember
from components.chrome import error_box, plain, show_error
from components.drag_order import draggable_ranking, order_buttons
from components.live_view import CHART_MARGIN, LIST_VIEW, PAIRED, drawn_whole, live_view
from components.screen import chart_font_size
from components.sortable_list import show_position
from components.state import PERSIST, clear_errors, current_list, current_unretrieved, set_error
from components.static_files import static_text
from components.view_parts import add_to_view, from_view
from ndcg_core import Convention, Evaluation, NdcgError
from ndcg_core.metric.compare import compare
from ndcg_core.metric.compare_words import PAIR_DIGITS
from ndcg_core.metric.comparison import Comparison
from ndcg_core.metric.lists import ideal_order, moved, reordered
from ndcg_core.metric.parsing import GradeList
from ndcg_core.metric.view_numbers import view_numbers
from ndcg_core.pictures.chart_data import PLOTTED_POSITIONS
from ndcg_core.pictures.compare_charts import (
    CHANGES,
    CURVES,
    EFFECTS,
    comparison_spec,
    drawn_positions,
    fitted_comparison_width,
)
from ndcg_core.pictures.stakeholder import number_rows, stakeholder_html
from ndcg_core.text.browser_format import format_rule

COMPARE_KEY = "lab_compare"
ORDER_B_KEY = "lab_order_b"
SORT_B_KEY = "lab_sort_b"  # B's drag list (a list too long for the browser to draw whole)
LIVE_B_KEY = "lab_live_b"  # B, and its DCG and nDCG, drawn in the browser
MOVE_B = "Move in B"  # B's document picker
CHART_KEY = "lab_compare_chart"  # the chart of both rankings, drawn in the browser
# What A's and B's live views call themselves when they tell the page the order they show:
# the chart follows both at once (components/static/compare_view.js).
NAME_A, NAME_B = LIST_VIEW, "ranking B"  # A is the list: the grade box follows it too
PARTS_A = replace(PAIRED, name=NAME_A)
PARTS_B = replace(PAIRED, move=MOVE_B, name=NAME_B)
# Its code is the browser library's; its own style is only the note shown where the chart
# would be when the library did not arrive.
_CHART_JS = library_user_js("compareView")
_CHART_CSS = static_text("live_view_note.css")
_CHART = st.components.v2.component("ndcg_lab_compare_chart", css=_CHART_CSS, js=_CHART_JS)
COMPARE_HELP = (
    "Rank the same documents a second way (ranking B) and see which order scores higher, "
    "position by position, and why."
)


def compare_toggle() -> bool:
    """The switch for compare mode; on in a view (a link, a saved file) that has it on."""
    from_view(COMPARE_KEY, "compare")
    return bool(
        st.toggle("Compare two rankings", key=COMPARE_KEY, persist_state=PERSIST, help=COMPARE_HELP)
    )


def current_ranking_b() -> GradeList:
    """Ranking B: the documents of the shared list in B's order.

    B keeps its order while the list holds the same documents; a new set of documents (or
    a link whose B cannot be read) starts B as the ideal order.
    """
    grade_list = current_list()
    state = st.session_state
    from_view(ORDER_B_KEY, "ranking_b")  # the opened view's B, once
    order = state.get(ORDER_B_KEY)
    labels = grade_list.labels
    if order is None or len(order) != len(labels) or set(order) != set(labels):
        order = ideal_order(grade_list).labels
        state[ORDER_B_KEY] = order
    return reordered(grade_list, order)


def _store_b(ranking_b: GradeList) -> None:
    st.session_state[ORDER_B_KEY] = ranking_b.labels
    clear_errors("order_b")


def _on_drag_b(new_order: list[str]) -> None:
    try:
        _store_b(reordered(current_ranking_b(), new_order))
    except NdcgError as error:
        set_error("order_b", str(error))


def _move_b(label: str, steps: int) -> None:
    ranking_b = moved(current_ranking_b(), label, steps)
    _store_b(ranking_b)
    show_position(SORT_B_KEY, ranking_b.labels.index(label))  # the drag list follows it


def _reorder_b(change: Callable[[GradeList], GradeList]) -> None:
    _store_b(change(current_ranking_b()))


def _to_ideal_b(shown: list[str]) -> None:
    """Ideal order, pressed in B's live view: the core's ideal order of the order it
    showed (equal grades keep their places there)."""
    try:
        _store_b(ideal_order(reordered(current_ranking_b(), shown)))
    except NdcgError as error:
        set_error("order_b", str(error))


def _same_as_a() -> None:
    _store_b(current_list())


def ranking_b_controls(
    titles: Mapping[str, str] | None = None, evaluation_b: Evaluation | None = None
) -> None:
    """Ranking B, with the same keyboard alternative and buttons as A's: drawn in the
    browser with its DCG, nDCG and reordering buttons (``evaluation_b``, B scored) where it
    is drawn whole, else as a drag list with the server's buttons; then "Same as A"."""
    ranking_b = current_ranking_b()
    if evaluation_b is not None and drawn_whole(evaluation_b):
        live_view(
            evaluation_b,
            key=LIVE_B_KEY,
            titles=titles,
            on_order=_on_drag_b,
            on_ideal=_to_ideal_b,
            parts=PARTS_B,
        )
        show_error("order_b")
    else:
        draggable_ranking(
            ranking_b,
            key=SORT_B_KEY,
            on_drag=_on_drag_b,
            on_move=_move_b,
            move_key="lab_move_b",
            error_key="order_b",
            caption="The same documents in another order: drag, or use Alt+Arrow keys.",
            move_label=MOVE_B,
            titles=titles,
        )
        order_buttons(key="lab_b", on_click=_reorder_b)
    st.button(
        "Same as A",
        icon=":material/content_copy:",
        on_click=_same_as_a,
        key="lab_b_same",
        help="Start B again from A's order.",
    )


def current_comparison(
    convention: Convention, titles: Mapping[str, str] | None = None
) -> Comparison | None:
    """A against B under ``convention``, or None (with the reason shown) when it cannot be."""
    ranking_a, ranking_b = current_list(), current_ranking_b()
    unretrieved = current_unretrieved()
    named = dict(titles or {})
    key = repr((ranking_a, ranking_b.labels, convention, unretrieved, sorted(named.items())))
    try:
        return remember(
            "comparison",
            key,
            lambda: compare(
                dict(zip(ranking_a.labels, ranking_a.grades, strict=True)),
                ranking_a.labels,
                ranking_b.labels,
                convention,
                titles=named,
                unretrieved=unretrieved,
            ),
        )
    except NdcgError as error:
        error_box(str(error))
        return None


def link_compare(on: bool) -> None:
    """Keep compare mode, and B's order, in the view (or take them out)."""
    add_to_view({"compare": on, "ranking_b": current_ranking_b().labels if on else None})


def comparison_table(comparison: Comparison) -> None:
    """Every measure of A and B, and the difference, as text."""
    st.table(
        pd.DataFrame(number_rows(comparison), columns=["measure", "A", "B", "B − A"]),
        hide_index=True,
    )


def pair_data(comparison: Comparison) -> dict[str, Any]:
    """The headline pair above the chart: nDCG of A and of B, and B − A under B's, as
    ``number_rows`` writes them. ``texts`` are the server's, for its orders; the browser
    writes them anew for the orders A's and B's views show with ``rules``, the number rules
    :func:`~ndcg_core.metric.compare_words.format_pair` tries (and ``signed`` with the
    list's own rule), on the nDCG its repaint computes.

    >>> from ndcg_core.metric.compare import compare
    >>> pair = pair_data(compare({"x": 1, "y": 0}, "yx", "xy"))
    >>> pair["texts"], pair["labels"], [rule["digits"] for rule in pair["rules"]][:2]
    (['0.631', '1', '+0.369'], ['nDCG of A', 'nDCG of B'], [3, 4])
    """
    name, shown_a, shown_b, difference = number_rows(comparison)[0]
    return {
        "texts": [shown_a, shown_b, difference],
        "labels": [f"{name} of A", f"{name} of B"],
        "against": "against A",
        "rules": [format_rule(digits) for digits in PAIR_DIGITS],
    }


def chart_data(
    comparison: Comparison, *, width: int, font_size: int | None = None
) -> dict[str, Any]:
    """What the chart's component is sent (JSON-ready): the headline ``pair`` above it
    (:func:`pair_data`); the stacked spec ``width`` px wide (``font_size``: its text, see
    :func:`comparison_spec`), with its rows only where the sums are exact; else the list's
    ``numbers`` (the same for A and B: one list, one convention), from which the browser makes
    the pair and the rows for the orders A's and B's views show (``orders``: the server's), at
    the ``plotted`` positions; the views' names (``views``), the effects' words and the
    datasets' names.

    >>> from ndcg_core.metric.compare import compare
    >>> data = chart_data(compare({"a": 1, "b": 0}, "ab", "ba"), width=300, font_size=14)
    >>> data["orders"], data["plotted"], data["spec"]["datasets"], data["views"]["B"]
    ({'A': ['a', 'b'], 'B': ['b', 'a']}, [1, 2], {'curves': [], 'changes': []}, 'ranking B')
    """
    # None where A's sums are exact, and compare() puts B's in the same arithmetic as A's.
    numbers = view_numbers(comparison.a)
    spec = comparison_spec(
        comparison,
        width=width,
        height=max(110, width // 4),  # as tall as it is wide allows: squat on a projector
        stacked=True,
        font_size=font_size,
        rows=numbers is None,  # else the browser makes them from the numbers
    )
    return {
        "pair": pair_data(comparison),
        "spec": spec,
        "numbers": numbers,
        "plotted": drawn_positions(comparison),
        "orders": {"A": list(comparison.order_a), "B": list(comparison.order_b)},
        "views": {"A": NAME_A, "B": NAME_B},
        "effects": list(EFFECTS),
        "names": {"curves": CURVES, "changes": CHANGES},
    }


def comparison_chart(comparison: Comparison, *, room: int) -> None:
    """nDCG of A and of B with their difference, then both running-DCG curves on one chart
    and B's gain or loss at each position below, drawn to fit ``room`` px, with text sized
    for the screen, in the browser: a drop in A or B rewrites the pair and redraws the chart
    at once (see :func:`chart_data`)."""
    width = fitted_comparison_width(room - CHART_MARGIN)
    data = chart_data(comparison, width=width, font_size=chart_font_size())
    _CHART(key=CHART_KEY, data=json.dumps(data).encode())
    sampled = (
        f" Over {PLOTTED_POSITIONS} positions both draw {PLOTTED_POSITIONS} evenly spaced ones."
        if len(comparison.order_a) > PLOTTED_POSITIONS
        else ""
    )
    st.caption(
        "Top: DCG added up position by position, A and B. Below: what B's document at "
        "each position brings, minus what A's brings there." + sampled
    )


def comparison_paragraph(comparison: Comparison) -> None:
    """The core's paragraph on what drives the difference, as plain text."""
    st.info(plain(comparison.paragraph), icon=":material/compare_arrows:")


def stakeholder_download(comparison: Comparison, titles: Mapping[str, str] | None) -> None:
    """The comparison as one self-contained HTML page (drawn only when clicked)."""
    named = dict(titles or {})
    st.download_button(
        "Explain to a stakeholder (HTML)",
        data=lambda: stakeholder_html(comparison, titles=named),
        file_name="ranking-a-vs-b.html",
        mime="text/html",
        on_click="ignore",
        icon=":material/description:",
        key="lab_download_stakeholder",
        help="One page with both rankings, the numbers, the charts and this explanation; it "
        "opens offline in any browser and prints on one A4 page.",
    )
