"""One draggable ranking: the drag list's chips and its keyboard alternative.

The Playground's list (ranking A) and compare mode's ranking B are both drawn with these, so
the two look and move the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd
import streamlit as st

from components.cache import shared_view
from components.chrome import plain, show_error
from components.sortable_list import shown_window, sortable_list
from ndcg_core import format_grades, format_real
from ndcg_core.metric.lists import ideal_order, natural_key, reversed_order, shuffled
from ndcg_core.metric.parsing import GradeList

MOVE_LABEL, UP, DOWN = "Move a document", "Up", "Down"  # the keyboard alternative's words
MOVE_HELP = (
    "The keyboard alternative to dragging: pick a document, then move it up or down. In the "
    "drag list itself, Alt+Arrow keys move the focused document. In a long list, pick from the "
    "documents the drag list shows now."
)


def chip_text(label: str, grade: float, title: str | None = None) -> str:
    """What a chip of the drag list shows: its title (or label) and grade.

    >>> chip_text("D1", 3.0), chip_text("d1", 3.0, "Pizzeria Da Michele")
    ('D1 · 3', 'Pizzeria Da Michele · 3')
    """
    return f"{title or label} · {format_real(grade)}"


def document_chips(
    grade_list: GradeList, titles: Mapping[str, str] | None = None
) -> tuple[dict[str, str], list[str]]:
    """Each document's chip text, and the labels in natural order.

    Both survive a reorder (the costly part for long lists): they are remembered by the
    documents, their grades and titles, not by their order.
    """
    pairs = dict(zip(grade_list.labels, grade_list.grades, strict=True))
    named = {label: title for label, title in (titles or {}).items() if label in pairs}

    def make() -> tuple[dict[str, str], list[str]]:
        chips = {label: chip_text(label, grade, named.get(label)) for label, grade in pairs.items()}
        return chips, sorted(pairs, key=natural_key)

    documents: tuple[dict[str, str], list[str]] = shared_view(
        "documents", (frozenset(pairs.items()), frozenset(named.items())), make
    )
    return documents


def draggable_ranking(
    grade_list: GradeList,
    *,
    key: str,
    on_drag: Callable[[list[str]], None],
    on_move: Callable[[str, int], None],
    move_key: str,
    error_key: str,
    caption: str,
    move_label: str = MOVE_LABEL,
    titles: Mapping[str, str] | None = None,
    sums: Callable[[int, int], Mapping[str, Any]] | None = None,
) -> None:
    """The drag list (key ``key``), its error, and the keyboard alternative beneath it;
    ``sums`` gives the numbers above the list (see :func:`sortable_list`)."""
    chips, sorted_labels = document_chips(grade_list, titles)
    items = [(label, chips[label]) for label in grade_list.labels]
    st.caption(caption)
    sortable_list(items, key=key, on_change=on_drag, sums=sums)
    show_error(error_key)
    start, stop = shown_window(key, len(items))
    if stop - start < len(items):  # a long list: the documents in the drag list's window
        sorted_labels = sorted(grade_list.labels[start:stop], key=natural_key)
    move_controls(sorted_labels, key=move_key, on_move=on_move, label=move_label, titles=titles)


def move_controls(
    labels: list[str],
    *,
    key: str,
    on_move: Callable[[str, int], None],
    label: str = MOVE_LABEL,
    titles: Mapping[str, str] | None = None,
) -> None:
    """A document picker (by title where one is given) with Up and Down buttons (keys
    ``{key}_choice``, ``{key}_up`` and ``{key}_down``)."""
    with st.container(horizontal=True, vertical_alignment="bottom"):
        chosen = st.selectbox(
            label,
            labels,
            key=f"{key}_choice",
            width=180,  # the label whole at a projector's 20 px text, Up and Down beside it
            format_func=(lambda name: (titles or {}).get(name) or name),
            help=MOVE_HELP,
        )
        st.button(
            UP,
            icon=":material/arrow_upward:",
            on_click=on_move,
            args=(chosen, -1),
            key=f"{key}_up",
        )
        st.button(
            DOWN,
            icon=":material/arrow_downward:",
            on_click=on_move,
            args=(chosen, 1),
            key=f"{key}_down",
        )


# Each reordering button: its label, icon, the core's reordering, key suffix and help (the
# live view draws the same buttons in the browser, components/live_view.py).
ORDER_BUTTONS = (
    ("Ideal order", ":material/trending_down:", ideal_order, "ideal", "Best grade first."),
    ("Reverse", ":material/swap_vert:", reversed_order, "reverse", "Last becomes first."),
    ("Shuffle", ":material/shuffle:", shuffled, "shuffle", "A random order."),
)


def order_buttons(
    *, key: str, on_click: Callable[[Callable[[GradeList], GradeList]], None]
) -> None:
    """Ideal order, Reverse and Shuffle (keys ``{key}_ideal``, ...): each hands ``on_click``
    the reordering it stands for."""
    with st.container(horizontal=True):
        for label, icon, change, name, help_text in ORDER_BUTTONS:
            st.button(
                label,
                icon=icon,
                on_click=on_click,
                args=(change,),
                key=f"{key}_{name}",
                help=help_text,
            )


def graded_order_list(
    labels: Sequence[str], grades: Sequence[float], *, order_key: str, sort_key: str
) -> None:
    """An exercise's documents as a drag list ("D1 · grade 3"), its order kept in
    ``st.session_state[order_key]`` (the labels' order until the first move)."""
    order: list[str] = st.session_state.setdefault(order_key, list(labels))
    grade_of = dict(zip(labels, grades, strict=True))

    def moved(new_order: list[str]) -> None:
        st.session_state[order_key] = new_order

    sortable_list(
        [(label, f"{label} · grade {format_real(grade_of[label])}") for label in order],
        key=sort_key,
        on_change=moved,
    )
    st.caption("Drag, or focus a document and press Alt+Arrow keys.")


def rankings_a_and_b(grades_a: Sequence[float], grades_b: Sequence[float]) -> None:
    """A "which scores higher" exercise's two rankings side by side, as grades to copy."""
    left, right = st.columns(2)
    left.markdown("Ranking **A**")
    left.code(format_grades(grades_a), language=None)
    right.markdown("Ranking **B**")
    right.code(format_grades(grades_b), language=None)


def convention_scores_frame(rows: Sequence[tuple[str, float, float]]) -> pd.DataFrame:
    """A "which scores higher" exercise worked under each convention: nDCG of A and of B
    to 4 decimals (the pairs differ further down than the cards' 3)."""
    return pd.DataFrame(
        {
            "convention": [plain(name) for name, _, _ in rows],
            "nDCG of A": [format_real(a, 4) for _, a, _ in rows],
            "nDCG of B": [format_real(b, 4) for _, _, b in rows],
        }
    )
