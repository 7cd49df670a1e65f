"""The grade editor (type, table, seed examples, saved view) and the order controls."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from components.chrome import show_error
from components.grade_box import grade_box, typed_text
from components.live_view import LIST_VIEW, WHOLE_LIST_UP_TO
from components.navigation import page_named
from components.state import (
    TEXT_KEY,
    UNRETRIEVED_KEY,
    UNRETRIEVED_TEXT_KEY,
    VERSION_KEY,
    check_picker_range,
    clear_errors,
    current_convention,
    current_list,
    current_list_text,
    current_list_words,
    current_titles,
    hand_over_convention,
    open_saved_view,
    set_error,
    store_list,
)
from components.view_parts import current_page, go_to_page
from ndcg_core import Convention, IdealSource, NdcgError, parse_grades
from ndcg_core.links.view_files import MAX_VIEW_BYTES, view_from_json
from ndcg_core.metric.parsing import GradeList, grade_list_from_rows, names_documents
from ndcg_core.teaching.examples import (
    ExampleList,
    example_lists,
    load_examples,
    pair_note,
    stated_summary,
)
from ndcg_core.text.quoting import quoted
from ndcg_core.text.titles import MAX_TITLE_LENGTH, titles_by_label

INPUT_TAB_KEY = "lab_input_tab"
TABLE_TAB = "Table"
BOX_KEY = "lab_text_box"  # the box's component (its typed text); TEXT_KEY is the text it shows
TEXT_SYNCED_KEY = "lab_text_synced"  # the list version the text box last showed
TEXT_TYPED_KEY = "lab_text_typed"  # the list version typed into the text box

# Streamlit's data editor adds pasted rows one at a time, in time that grows with the square
# of their number (4,000 rows took 9 s here, 100,000 would take hours): more are refused.
MAX_TABLE_NEW_ROWS = 1_000


#: What a page does with a list typed into the box: call the store it is handed (True when
#: the text made a list), and pick what the run then draws (a fragment, ``st.rerun``).
TypedThen = Callable[[Callable[[], bool]], None]


def _store_only(store: Callable[[], bool]) -> None:
    """Store the typed list; the box's own run (its fragment's, or the page's) draws it."""
    store()


def apply_typed_text(text: str) -> bool:
    """Make the list typed into the box the list (True), or say under the box why it cannot
    be (the box keeps the text, the numbers the last list's)."""
    st.session_state[TEXT_KEY] = text  # the box shows what was typed, whatever becomes of it
    try:
        grade_list = parse_grades(text, negative_grades=current_convention().negative_grades)
    except NdcgError as error:
        set_error("text", str(error))
        return False
    # Grades alone are a new list of new documents: the old titles do not pass to them.
    store_list(grade_list, None if names_documents(text) else {})
    # The box already shows this list, as the person typed it (their spacing, say).
    st.session_state[TEXT_TYPED_KEY] = st.session_state[VERSION_KEY]
    return True


def _on_typed(then: TypedThen) -> None:
    """Before the run a text typed into the box starts: ``then`` stores it."""
    typed = typed_text(BOX_KEY)
    if typed is not None:
        then(lambda: apply_typed_text(typed))


def _text_box_follows_list(shown: bool = True) -> None:
    """The text the box shows (``TEXT_KEY``, written here and by :func:`apply_typed_text`): the
    current list, when the box does not show it.

    The box forgets its text while another tab is open (``shown`` False), and shows an older
    list after a reorder, a table edit or a new example; a list typed into it stays as it was
    typed. (A drop in the live view is followed in the browser at once, grade_box.js.)
    """
    state = st.session_state
    if not shown:
        state.pop(TEXT_KEY, None)
        return
    version = state[VERSION_KEY]
    if TEXT_KEY not in state or version not in (
        state.get(TEXT_SYNCED_KEY),
        state.get(TEXT_TYPED_KEY),
    ):
        state[TEXT_KEY] = current_list_text()
    state[TEXT_SYNCED_KEY] = version


def table_open() -> bool:
    """Whether the grade editor shows its table (drawn by the server, in the list's order)."""
    return bool(st.session_state.get(INPUT_TAB_KEY) == TABLE_TAB)


def _table_key() -> str:
    return f"lab_table_{st.session_state.get(VERSION_KEY, 0)}"


def _apply_table(edited: pd.DataFrame, shown: GradeList, shown_titles: list[str]) -> None:
    """Store the edited table when it differs from the list it showed; errors stay under it."""
    labels = [None if pd.isna(v) else str(v) for v in edited["document"]]
    grades = [None if pd.isna(v) else v for v in edited["grade"]]
    titles = [None if pd.isna(v) else str(v) for v in edited["title"]]
    if (
        tuple(labels) == shown.labels
        and tuple(grades) == shown.grades
        and [t or "" for t in titles] == shown_titles
    ):
        return
    try:
        new_list = grade_list_from_rows(
            labels, grades, negative_grades=current_convention().negative_grades
        )
        named = titles_by_label(new_list.labels, titles)
    except NdcgError as error:
        set_error("table", str(error))
        return
    store_list(new_list, named)


def _loadable_lists() -> dict[str, ExampleList]:
    """Every list the seed examples offer (both lists of a pair), by key."""
    return {
        item.key: item
        for example in load_examples()
        if example.scores is None
        for item in example_lists(example)
    }


def _on_example() -> None:
    item = _loadable_lists().get(st.session_state.get("lab_example") or "")
    if item is not None:
        labels = item.labels or tuple(f"D{i}" for i in range(1, len(item.grades) + 1))
        titles = dict(zip(labels, item.titles, strict=True)) if item.titles else {}
        store_list(GradeList(item.grades, labels), titles)
        hand_over_convention(item.example.convention)  # its figures are stated under it


def _on_view_file() -> None:
    uploaded = st.session_state.get("lab_view_file")
    if uploaded is None:
        clear_errors("view_file")
        return
    try:
        view, problems = view_from_json(uploaded.getvalue())
        check_picker_range(view.convention)
        page = page_named(view.page)
        if page is None:
            msg = f"It was saved on a page this app does not have ({quoted(view.page, 40)})."
            raise NdcgError(msg)
    except NdcgError as error:
        set_error("view_file", f"{uploaded.name}: {error}")
        return
    open_saved_view(view)
    clear_errors("view_file")
    if problems:  # the parts that could be read are shown; these keep their defaults
        set_error("view_file", f"{uploaded.name} could not be opened in full. {' '.join(problems)}")
    if page.name != current_page():
        go_to_page(page.path)


def _on_unretrieved() -> None:
    text = st.session_state.get(UNRETRIEVED_TEXT_KEY, "").strip()
    if not text:
        st.session_state[UNRETRIEVED_KEY] = ()
        clear_errors("unretrieved")
        return
    try:
        grades = parse_grades(text).grades
    except NdcgError as error:
        set_error("unretrieved", str(error))
        return
    st.session_state[UNRETRIEVED_KEY] = grades
    clear_errors("unretrieved")


def grade_editor(convention: Convention, typed_then: TypedThen | None = None) -> GradeList:
    """Type a list, edit it as a table, or load a seed example; returns the current list.
    ``typed_then`` stores a list typed into the box and picks what reruns (:data:`TypedThen`;
    None: only stores it, and the box's own run draws it)."""
    # Only the open tab is drawn (a data editor is costly to mount on every change).
    typed, table, examples, opened = st.tabs(
        ["Type", TABLE_TAB, "Seed examples", "Open a saved view"],
        key=INPUT_TAB_KEY,
        on_change="rerun",
    )
    if table.open:
        _table_editor(table)
    if typed.open:
        with typed:
            _type_box(typed_then or _store_only)
    else:
        _text_box_follows_list(shown=False)
    if examples.open:
        _example_picker(examples)
    if opened.open:
        with opened:
            st.file_uploader(
                "A view saved from this app (JSON)",
                type=["json"],
                key="lab_view_file",
                on_change=_on_view_file,
                max_upload_size=math.ceil(MAX_VIEW_BYTES / 2**20),
                help="Download one with “This view (JSON)” under the table; a teacher can "
                "hand the file out, and it opens here with its list and convention. "
                f"At most {MAX_VIEW_BYTES / 1e6:g} MB of JSON text.",
            )
            show_error("view_file")
    if convention.ideal is IdealSource.JUDGED:
        st.text_input(
            "Judged documents that were not retrieved (their grades)",
            key=UNRETRIEVED_TEXT_KEY,
            on_change=_on_unretrieved,
            placeholder="e.g. 3, 1 — empty if every judged document is in the list",
            help="The ideal ranking is built from the list plus these documents.",
        )
        show_error("unretrieved")
    return current_list()


def _type_box(typed_then: TypedThen) -> None:
    """The box a list is typed into; what was typed is applied before the run it starts
    (its callback), or here, before the box is drawn, when no callback took it (AppTest
    writes the box's state directly)."""
    typed = typed_text(BOX_KEY)
    if typed is not None:
        apply_typed_text(typed)
    _text_box_follows_list()
    grade_box(
        st.session_state[TEXT_KEY],
        key=BOX_KEY,
        label="Grades, top position first",
        help="Numbers separated by commas, spaces or new lines, for example “3, 2, 3, 0, 1, "
        "2”. Label a document with label=grade, for example “D1=3”. Press Ctrl+Enter or "
        "click outside the box to apply.",
        # A list the live view draws is followed in the browser as it is reordered there.
        words=current_list_words() if len(current_list().grades) <= WHOLE_LIST_UP_TO else None,
        follows=LIST_VIEW,
        on_typed=lambda: _on_typed(typed_then),
    )
    show_error("text")


def _table_editor(tab: Any) -> None:
    with tab:
        pending = st.session_state.get(_table_key())  # the edits, before Streamlit applies them
        added = pending.get("added_rows") if isinstance(pending, dict) else None
        if isinstance(added, list) and len(added) > MAX_TABLE_NEW_ROWS:
            set_error(
                "table",
                f"{len(added):,} new rows at once is more than the table takes "
                f"({MAX_TABLE_NEW_ROWS:,}); paste a long list in the Type tab instead.",
            )
            st.session_state[VERSION_KEY] += 1  # a fresh editor, without those rows
        shown = current_list()
        titles = current_titles()
        shown_titles = [titles.get(label, "") for label in shown.labels]
        frame = pd.DataFrame(
            {"document": list(shown.labels), "grade": list(shown.grades), "title": shown_titles}
        )
        edited = st.data_editor(
            frame,
            key=_table_key(),
            num_rows="dynamic",
            hide_index=True,
            width="stretch",
            height=min(38 + 35 * (len(frame) + 1), 300),
            column_config={
                "document": st.column_config.TextColumn("document", max_chars=40),
                "grade": st.column_config.NumberColumn("grade", format="%g", required=True),
                "title": st.column_config.TextColumn(
                    "title",
                    max_chars=MAX_TITLE_LENGTH,
                    help="Optional: what a reader sees of the result, e.g. Pizzeria Da Michele. "
                    f"Plain text, one line, at most {MAX_TITLE_LENGTH} characters.",
                ),
            },
        )
        _apply_table(edited, shown, shown_titles)
        show_error("table")


def _example_picker(tab: Any) -> None:
    with tab:
        options = _loadable_lists()
        st.selectbox(
            "Load a worked example from the seed notes",
            list(options),
            index=None,
            placeholder="Choose an example…",
            format_func=lambda key: options[key].title,
            key="lab_example",
            on_change=_on_example,
        )
        chosen = options.get(st.session_state.get("lab_example") or "")
        if chosen is not None:
            example = chosen.example
            st.caption(
                " ".join(
                    part
                    for part in (
                        f"{example.source}.",
                        pair_note(chosen),
                        stated_summary(example),
                        example.note,
                    )
                    if part
                )
            )
