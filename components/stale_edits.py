"""An edit made in the grade editor while it still showed the order before a drop.

A drop in the Playground's browser-drawn list reruns only that list's fragment
(``pages/playground.py``), so the grade editor above it can show the order before the drop
until the Playground next runs whole. An edit made there was made on that order: this module
keeps the list the text box and the table last showed, and
:func:`~ndcg_core.metric.lists.merged_edit` puts a grade edit on the order the list has now.
The table's pending edits are addressed by row number in the rows it showed; when the table
is redrawn for the new order (its key names the list's version) they are replayed on those
rows, as Streamlit applies them: cell edits, then deleted rows, then added rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
import streamlit as st

from components.state import current_list
from ndcg_core.metric.lists import merged_edit
from ndcg_core.metric.parsing import GradeList

TEXT_SHOWN_KEY = "lab_text_shown"  # the list the text box last showed
TABLE_SHOWN_KEY = "lab_table_shown"  # the table's key, list and titles when last drawn


def text_shown(grade_list: GradeList) -> None:
    """Note that the text box shows ``grade_list`` in this run."""
    st.session_state[TEXT_SHOWN_KEY] = grade_list


def typed_edit(typed: GradeList) -> GradeList:
    """The list typed into the text box, put on the current order where it only changed
    grades of the list the box showed (:func:`merged_edit`)."""
    now = current_list()
    shown: GradeList = st.session_state.get(TEXT_SHOWN_KEY, now)
    return merged_edit(shown, typed, now)


def table_shown(key: str, grade_list: GradeList, titles: list[str]) -> None:
    """Note that the table keyed ``key`` shows ``grade_list`` with ``titles`` in this run."""
    st.session_state[TABLE_SHOWN_KEY] = (key, grade_list, titles)


def forget_table_shown() -> None:
    """Drop the table's pending edits for good (a fresh table replaces one refused whole)."""
    st.session_state.pop(TABLE_SHOWN_KEY, None)


def table_frame(grade_list: GradeList, titles: list[str]) -> pd.DataFrame:
    """The table's rows for ``grade_list``: document, grade, title."""
    return pd.DataFrame(
        {"document": list(grade_list.labels), "grade": list(grade_list.grades), "title": titles}
    )


def with_changes(frame: pd.DataFrame, changes: Mapping[str, Any]) -> pd.DataFrame:
    """``frame`` with a data editor's pending ``changes`` applied, in Streamlit's order.

    >>> frame = pd.DataFrame({"document": ["D1", "D2"], "grade": [3.0, 2.0], "title": ["", ""]})
    >>> changes = {"edited_rows": {"1": {"grade": 0.0}}, "deleted_rows": [0],
    ...            "added_rows": [{"document": "D3", "grade": 1.0}]}
    >>> with_changes(frame, changes).to_dict("list")
    {'document': ['D2', 'D3'], 'grade': [0.0, 1.0], 'title': ['', nan]}
    """
    rows = frame.to_dict("records")
    for row, edits in (changes.get("edited_rows") or {}).items():
        rows[int(row)].update(edits)
    deleted = {int(row) for row in changes.get("deleted_rows") or []}
    rows = [row for i, row in enumerate(rows) if i not in deleted]
    rows += [
        {column: added.get(column) for column in frame.columns}
        for added in changes.get("added_rows") or []
    ]
    return pd.DataFrame(rows, columns=frame.columns)


def stale_table_edit(key: str) -> tuple[pd.DataFrame, GradeList, list[str]] | None:
    """The edits pending in a table drawn for an older version of the list (whose key is no
    longer ``key``), applied to the rows it showed, with the list and titles it showed; None
    when there are none."""
    shown = st.session_state.get(TABLE_SHOWN_KEY)
    if shown is None or shown[0] == key:
        return None
    old_key, grade_list, titles = shown
    changes = st.session_state.get(old_key)
    if not isinstance(changes, Mapping) or not any(
        changes.get(part) for part in ("edited_rows", "deleted_rows", "added_rows")
    ):
        return None
    return with_changes(table_frame(grade_list, titles), changes), grade_list, titles
