"""The shared Streamlit widgets: convention picker, grade editor, results blocks, URL state.

Every page imports these; none copies them. State has one owner each: the list of
grades lives in ``st.session_state[LIST_KEY]`` (a GradeList), the convention in the
picker's widget keys. The URL mirrors both, written once at the end of every run, and
is read once when a session starts.
"""

from __future__ import annotations

import hashlib
import inspect
import math
import pickle
from collections.abc import Callable, Hashable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

import pandas as pd
import pyarrow as pa
import streamlit as st
from streamlit.dataframe_util import convert_anything_to_arrow_bytes
from streamlit.elements.vega_charts import _convert_altair_to_vega_lite_spec

from components.share_link import share_link
from components.sortable_list import sortable_list
from ndcg_core import (
    CONVENTION_FIELDS,
    PRESETS,
    Convention,
    Evaluation,
    IdealSource,
    NdcgError,
    evaluate,
    format_grades,
    format_real,
    parse_grades,
)
from ndcg_core.charts import (
    CUTOFF,
    DENSE_POSITIONS,
    POSITIONS,
    chart_layout,
    chart_spec,
    is_dense,
)
from ndcg_core.examples import load_examples, stated_summary
from ndcg_core.export import (
    MAX_VIEW_BYTES,
    SavedView,
    chart_image,
    python_snippet,
    table_csv,
    view_from_json,
    view_to_json,
)
from ndcg_core.lessons import Pair
from ndcg_core.lists import (
    ideal_order,
    moved,
    natural_key,
    reordered,
    reversed_order,
    shuffled,
)
from ndcg_core.parsing import GradeList, grade_list_from_rows
from ndcg_core.practice import Exercise, Level, exercise_set, set_from_link
from ndcg_core.queries import Query, parse_queries
from ndcg_core.tables import display_table, escape_markdown
from ndcg_core.worked import WorkedStep, guess_feedback

DEFAULT_GRADES = "3, 2, 3, 0, 1, 2"  # seed 000's worked example
LIST_KEY = "lab_list"
UNRETRIEVED_KEY = "lab_unretrieved"
TEXT_KEY = "lab_text"
TEXT_SYNCED_KEY = "lab_text_synced"  # the list version the text box last showed
INPUT_TAB_KEY = "lab_input_tab"
UNRETRIEVED_TEXT_KEY = "lab_unretrieved_text"
VERSION_KEY = "lab_version"  # bumps whenever the list changes, to re-key the table and drag list
ERRORS_KEY = "lab_errors"  # where -> message, shown under the input that caused it
LINK_ERRORS_KEY = "lab_link_errors"
URL_LOADED_KEY = "lab_url_loaded"
MAX_URL_LIST_CHARS = 4_000  # longer lists are not put in the link
MODE_KEY = "lab_mode"  # "" (everything), "present" (projector) or "embed" (content only)
VIEW_MODES = ("present", "embed")
PRACTICE_SEED_KEY = "practice_seed"
PRACTICE_LEVEL_KEY = "practice_level"
PAGE_PARAMS_KEY = "lab_page_params"  # a page's own URL parameters, e.g. an exercise set's seed
LINK_PARAMS_KEY = "lab_link_params"  # the opening link's parameters, each used up once read
TABLE_PAGE_ROWS = 50
# Streamlit's data editor adds pasted rows one at a time, in time that grows with the square
# of their number (4,000 rows took 9 s here, 100,000 would take hours): more are refused.
MAX_TABLE_NEW_ROWS = 1_000

# Convention field -> picker widget key.
_CONVENTION_KEYS: Mapping[str, str] = MappingProxyType(
    {name: f"conv_{name}" for name in CONVENTION_FIELDS}
)
# The sidebar's number inputs take these; a link or saved view outside them is refused, since
# Streamlit would silently replace the value (a base of 5000 became 1.01, a k of 200000 none).
LOG_BASE_RANGE = (1.01, 1000.0)
MAX_CUTOFF_K = 100_000


def plain(text: str) -> str:
    """User text made safe for any Streamlit call that renders Markdown."""
    return escape_markdown(text)


# --------------------------------------------------------------------------- state and URL


def init_session() -> None:
    """Read the link once per session; fall back to defaults, with a message, when it is bad."""
    state = st.session_state
    if state.get(URL_LOADED_KEY):
        return
    state[URL_LOADED_KEY] = True
    link_errors: list[str] = []
    params = {key: st.query_params.get(key, "") for key in st.query_params}
    repeated = [repr(key[:20]) for key in st.query_params if len(st.query_params.get_all(key)) > 1]
    if repeated:
        link_errors.append(f"It gives {', '.join(repeated)} more than once; the last one is used.")
    try:
        convention = Convention.from_params(params)
        check_picker_range(convention)
    except NdcgError as error:
        link_errors.append(f"Its settings could not be read ({error}); using the defaults.")
        convention = Convention()
    _set_picker(convention)
    grade_list = parse_grades(DEFAULT_GRADES)
    if params.get("g"):
        try:
            grade_list = parse_grades(params["g"])
        except NdcgError as error:
            link_errors.append(f"Its list could not be read ({error}); showing the seed example.")
    unretrieved: tuple[float, ...] = ()
    if params.get("u"):
        try:
            unretrieved = parse_grades(params["u"]).grades
        except NdcgError as error:
            link_errors.append(f"Its judged-but-not-retrieved grades could not be read ({error}).")
    mode = params.get("mode", "")
    if mode and mode not in VIEW_MODES:
        link_errors.append(f"Its view mode {mode[:20]!r} is not one of: {', '.join(VIEW_MODES)}.")
        mode = ""
    state[MODE_KEY] = mode
    state[LINK_PARAMS_KEY] = dict(params)
    try:
        state[PRACTICE_SEED_KEY], state[PRACTICE_LEVEL_KEY] = set_from_link(
            params.get("seed"), params.get("level")
        )
    except NdcgError as error:
        link_errors.append(f"Its exercise set could not be read ({error}); showing set 1.")
        state[PRACTICE_SEED_KEY], state[PRACTICE_LEVEL_KEY] = set_from_link(None, None)
    _store_list(grade_list)
    _store_unretrieved(unretrieved)
    state[LINK_ERRORS_KEY] = tuple(link_errors)


def check_picker_range(convention: Convention) -> None:
    """Raise :class:`NdcgError` if the sidebar cannot show this convention's base or k."""
    low, high = LOG_BASE_RANGE
    if not low <= convention.log_base <= high:
        msg = f"The log base {convention.log_base:g} is outside the sidebar's {low:g} to {high:g}."
        raise NdcgError(msg)
    if convention.cutoff_k is not None and convention.cutoff_k > MAX_CUTOFF_K:
        msg = f"The cutoff k {convention.cutoff_k:,} is above the sidebar's {MAX_CUTOFF_K:,}."
        raise NdcgError(msg)


def _set_picker(convention: Convention) -> None:
    for name, key in _CONVENTION_KEYS.items():
        value = getattr(convention, name)
        st.session_state[key] = value.value if hasattr(value, "value") else value


def current_list() -> GradeList:
    """The list every page shows."""
    grade_list: GradeList = st.session_state[LIST_KEY]
    return grade_list


def current_list_text() -> str:
    """The current list as text that parse_grades reads back."""
    grade_list = current_list()
    text: str = remember(
        "list_text",
        st.session_state.get(VERSION_KEY, 0),
        lambda: format_grades(grade_list.grades, grade_list.labels),
    )
    return text


def current_unretrieved() -> tuple[float, ...]:
    """Grades of judged documents that the list did not retrieve."""
    unretrieved: tuple[float, ...] = st.session_state.get(UNRETRIEVED_KEY, ())
    return unretrieved


def _store_list(grade_list: GradeList) -> None:
    state = st.session_state
    state[LIST_KEY] = grade_list
    state[VERSION_KEY] = state.get(VERSION_KEY, 0) + 1
    state[TEXT_KEY] = current_list_text()
    _clear_errors("text", "table", "order")


def _store_unretrieved(grades: tuple[float, ...]) -> None:
    st.session_state[UNRETRIEVED_KEY] = grades
    st.session_state[UNRETRIEVED_TEXT_KEY] = format_grades(grades) if grades else ""


def _set_error(where: str, message: str) -> None:
    errors = dict(st.session_state.get(ERRORS_KEY, {}))
    errors[where] = message
    st.session_state[ERRORS_KEY] = errors


def _clear_errors(*wheres: str) -> None:
    errors = dict(st.session_state.get(ERRORS_KEY, {}))
    for where in wheres:
        errors.pop(where, None)
    st.session_state[ERRORS_KEY] = errors
    st.session_state[LINK_ERRORS_KEY] = ()


def _show_error(where: str) -> None:
    message = st.session_state.get(ERRORS_KEY, {}).get(where)
    if message:
        st.error(plain(message), icon=":material/error:")


def show_link_errors() -> None:
    """Say, once, why a shared link was not followed in full."""
    for message in st.session_state.get(LINK_ERRORS_KEY, ()):
        st.warning(
            f"This link could not be followed in full. {plain(message)}", icon=":material/link_off:"
        )


def sync_url(convention: Convention) -> None:
    """Mirror the list and convention into the URL, so any view can be shared as a link."""
    params = dict(convention.to_params())
    text = current_list_text()
    if text != DEFAULT_GRADES and len(text) <= MAX_URL_LIST_CHARS:
        params["g"] = text
    unretrieved = current_unretrieved()
    if unretrieved:
        params["u"] = format_grades(unretrieved)
    params.update(st.session_state.get(PAGE_PARAMS_KEY, {}))
    if view_mode():
        params["mode"] = view_mode()
    shown = {key: st.query_params.get_all(key) for key in st.query_params}  # repeats included
    if shown != {key: [value] for key, value in params.items()}:
        st.query_params.from_dict(params)


# --------------------------------------------------------------------------- view modes, header


def view_mode() -> str:
    """ "" for the full app, "present" for a projector, "embed" for the content alone."""
    mode: str = st.session_state.get(MODE_KEY, "")
    return mode


def full_controls() -> bool:
    """Whether secondary controls (exports, explanations' extras) are shown."""
    return view_mode() == ""


def _set_mode(mode: str) -> None:
    st.session_state[MODE_KEY] = mode


# Static CSS only: no user text ever reaches st.html.
_HIDE_SIDEBAR = """
section[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"],
[data-testid="stExpandSidebarButton"] { display: none !important; }
"""
_MODE_CSS: Mapping[str, str] = MappingProxyType(
    {
        "present": "<style>"
        + _HIDE_SIDEBAR
        + """
html { font-size: 20px; }
[data-testid="stMetricValue"] { font-size: 2.4rem; }
[data-testid="stMetricLabel"] p { font-size: 1.2rem; }
[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; max-width: 100%; }
</style>""",
        "embed": "<style>"
        + _HIDE_SIDEBAR
        + """
header[data-testid="stHeader"] { display: none; }
[data-testid="stMainBlockContainer"] { padding-top: 1rem; }
</style>""",
    }
)


def apply_view_mode() -> None:
    """Style the page for the view mode (app.py calls this once per run)."""
    css = _MODE_CSS.get(view_mode())
    if css:
        st.html(css)


def _from_link(key: str, param: str, read: Callable[[str], Any]) -> None:
    """Start widget ``key`` from the opening link's ``param`` (once: the link is used up)."""
    link = st.session_state.get(LINK_PARAMS_KEY, {})
    if param in link:
        raw = link.pop(param)
        if key not in st.session_state:
            st.session_state[key] = read(raw)


def _to_link(param: str, value: str) -> None:
    """Keep ``param`` in every link to this view (see page_header)."""
    params = dict(st.session_state.get(PAGE_PARAMS_KEY, {}))
    params[param] = value
    st.session_state[PAGE_PARAMS_KEY] = params


def linked_toggle(label: str, *, key: str, param: str, help: str | None = None) -> bool:
    """A toggle whose "on" is part of the page's link (``param=1``)."""
    _from_link(key, param, lambda raw: raw == "1")
    on = bool(st.toggle(label, key=key, help=help))
    if on:
        _to_link(param, "1")
    return on


def page_header(title: str, caption: str, *, params: Mapping[str, str] | None = None) -> None:
    """The page's title and lead, with sharing and presenter controls beside the title.

    ``params`` are this page's own URL parameters (kept in every link to it).
    """
    st.session_state[PAGE_PARAMS_KEY] = dict(params or {})
    if view_mode() == "embed":
        return
    title_box, controls = st.columns([0.74, 0.26], vertical_alignment="bottom")
    title_box.header(title, anchor=False)
    with controls:
        if view_mode() == "present":
            st.button(
                "Leave presenter view",
                icon=":material/close_fullscreen:",
                on_click=_set_mode,
                args=("",),
                key="lab_leave_present",
                width="stretch",
            )
        else:
            share = st.popover(
                "Share or present",
                icon=":material/share:",
                width="stretch",
                key="lab_share_menu",
                on_change="rerun",
                help="A link to exactly this view, for a class, a colleague or a web page.",
            )
            if share.open:
                with share:
                    share_link(key="lab_share")
                    st.button(
                        "Presenter view: bigger, no sidebar",
                        icon=":material/co_present:",
                        on_click=_set_mode,
                        args=("present",),
                        key="lab_present",
                    )
    st.caption(caption)


# --------------------------------------------------------------------------- convention picker


def _choice_help(name: str) -> str:
    info = CONVENTION_FIELDS[name]
    lines = [info.help, ""]
    lines += [f"- **{c.label}**: {c.used_by}" for c in info.choices]
    return "\n".join(lines)


def _choice_radio(name: str, *, horizontal: bool = False) -> str:
    info = CONVENTION_FIELDS[name]
    labels = {c.value: c.label for c in info.choices}
    value: str = st.radio(
        info.label,
        list(labels),
        format_func=labels.__getitem__,
        key=_CONVENTION_KEYS[name],
        help=_choice_help(name),
        horizontal=horizontal,
    )
    return value


def _choice_select(name: str) -> str:
    info = CONVENTION_FIELDS[name]
    labels = {c.value: c.label for c in info.choices}
    value: str = st.selectbox(
        info.label,
        list(labels),
        format_func=labels.__getitem__,
        key=_CONVENTION_KEYS[name],
        help=_choice_help(name),
    )
    return value


def _used_by(name: str, value: str) -> None:
    for choice in CONVENTION_FIELDS[name].choices:
        if choice.value == value:
            st.caption(f"Used by: {choice.used_by}")


def _apply_preset() -> None:
    key = st.session_state.get("conv_preset")
    if key in PRESETS:
        keep_k = st.session_state.get(_CONVENTION_KEYS["cutoff_k"])
        convention = PRESETS[key].convention
        if convention.cutoff_k is None and keep_k is not None:
            convention = convention.with_changes(cutoff_k=keep_k)
        _set_picker(convention)
    st.session_state["conv_preset"] = None
    _clear_errors()


def matching_presets(convention: Convention) -> list[str]:
    """Names of the presets equal to this convention, whatever its cutoff k."""
    return [
        preset.name
        for preset in PRESETS.values()
        if preset.convention.with_changes(cutoff_k=convention.cutoff_k) == convention
    ]


def convention_picker() -> Convention:
    """The sidebar's convention controls; returns the convention they describe."""
    with st.sidebar:
        st.subheader("Convention", help="Every choice behind the number, and who makes it.")
        st.selectbox(
            "Start from a library's preset",
            list(PRESETS),
            index=None,
            placeholder="Choose a preset…",
            format_func=lambda key: PRESETS[key].name,
            key="conv_preset",
            on_change=_apply_preset,
            help="\n".join(f"- **{p.name}**: {p.description}" for p in PRESETS.values()),
        )
        gain = _choice_radio("gain")
        _used_by("gain", gain)
        discount = _choice_radio("discount")
        log_base = st.number_input(
            CONVENTION_FIELDS["log_base"].label,
            min_value=LOG_BASE_RANGE[0],
            max_value=LOG_BASE_RANGE[1],
            step=1.0,
            format="%.4g",
            key=_CONVENTION_KEYS["log_base"],
            help=CONVENTION_FIELDS["log_base"].help + " 2 is usual; e ≈ 2.718 gives ln.",
        )
        cutoff_k = st.number_input(
            CONVENTION_FIELDS["cutoff_k"].label,
            min_value=1,
            max_value=MAX_CUTOFF_K,
            step=1,
            value=None,
            placeholder="whole list",
            key=_CONVENTION_KEYS["cutoff_k"],
            help=CONVENTION_FIELDS["cutoff_k"].help,
        )
        ideal = _choice_radio("ideal")
        _used_by("ideal", ideal)
        with st.expander("Advanced: ties, empty ideal, negative grades"):
            ties = _choice_select("ties")
            zero_ideal = _choice_select("zero_ideal")
            _used_by("zero_ideal", zero_ideal)
            negative_grades = _choice_select("negative_grades")
            _used_by("negative_grades", negative_grades)
        convention = Convention(
            gain=gain,  # type: ignore[arg-type]
            discount=discount,  # type: ignore[arg-type]
            log_base=float(log_base),
            cutoff_k=None if cutoff_k is None else int(cutoff_k),
            ideal=ideal,  # type: ignore[arg-type]
            ties=ties,  # type: ignore[arg-type]
            zero_ideal=zero_ideal,  # type: ignore[arg-type]
            negative_grades=negative_grades,  # type: ignore[arg-type]
        )
        matches = matching_presets(convention)
        st.caption(f"**{convention}**" + (f"  \nSame as: {', '.join(matches)}" if matches else ""))
    return convention


def current_convention() -> Convention:
    """The convention the sidebar picker holds (for pages that need it outside the picker)."""
    fields: dict[str, Any] = {name: st.session_state[key] for name, key in _CONVENTION_KEYS.items()}
    return Convention(**fields)


# --------------------------------------------------------------------------- grade editor


def _on_text() -> None:
    text = st.session_state.get(TEXT_KEY, "")
    try:
        grade_list = parse_grades(text, negative_grades=current_convention().negative_grades)
    except NdcgError as error:
        _set_error("text", str(error))
        return
    typed = text  # keep what the person typed, e.g. their spacing
    _store_list(grade_list)
    st.session_state[TEXT_KEY] = typed
    st.session_state[TEXT_SYNCED_KEY] = st.session_state[VERSION_KEY]


def _table_key() -> str:
    return f"lab_table_{st.session_state.get(VERSION_KEY, 0)}"


def _apply_table(edited: pd.DataFrame, shown: GradeList) -> None:
    """Store the edited table when it differs from the list it showed; errors stay under it."""
    labels = [None if pd.isna(v) else str(v) for v in edited["document"]]
    grades = [None if pd.isna(v) else v for v in edited["grade"]]
    if tuple(labels) == shown.labels and tuple(grades) == shown.grades:
        return
    try:
        new_list = grade_list_from_rows(
            labels, grades, negative_grades=current_convention().negative_grades
        )
    except NdcgError as error:
        _set_error("table", str(error))
        return
    _store_list(new_list)


def _on_example() -> None:
    example_id = st.session_state.get("lab_example")
    for example in load_examples():
        if example.id == example_id:
            labels = example.labels or tuple(f"D{i}" for i in range(1, len(example.grades) + 1))
            _store_list(GradeList(example.grades, labels))


def _on_view_file() -> None:
    uploaded = st.session_state.get("lab_view_file")
    if uploaded is None:
        _clear_errors("view_file")
        return
    try:
        view = view_from_json(uploaded.getvalue())
        check_picker_range(view.convention)
    except NdcgError as error:
        _set_error("view_file", f"{uploaded.name}: {error}")
        return
    _store_list(view.grade_list)
    _store_unretrieved(view.unretrieved)
    _set_picker(view.convention)
    _clear_errors("view_file")


def _on_unretrieved() -> None:
    text = st.session_state.get(UNRETRIEVED_TEXT_KEY, "").strip()
    if not text:
        st.session_state[UNRETRIEVED_KEY] = ()
        _clear_errors("unretrieved")
        return
    try:
        grades = parse_grades(text).grades
    except NdcgError as error:
        _set_error("unretrieved", str(error))
        return
    st.session_state[UNRETRIEVED_KEY] = grades
    _clear_errors("unretrieved")


def grade_editor(convention: Convention) -> GradeList:
    """Type a list, edit it as a table, or load a seed example; returns the current list."""
    # Only the open tab is drawn (a data editor is costly to mount on every change).
    typed, table, examples, opened = st.tabs(
        ["Type", "Table", "Seed examples", "Open a saved view"],
        key=INPUT_TAB_KEY,
        on_change="rerun",
    )
    if table.open:
        _table_editor(table)
    if typed.open:
        with typed:
            # The box forgets its text while another tab is open; put the list back in it
            # whenever the list changed since the box last showed it.
            state = st.session_state
            if TEXT_KEY not in state or state.get(TEXT_SYNCED_KEY) != state[VERSION_KEY]:
                state[TEXT_KEY] = current_list_text()
            state[TEXT_SYNCED_KEY] = state[VERSION_KEY]
            st.text_area(
                "Grades, top position first",
                key=TEXT_KEY,
                on_change=_on_text,
                height=68,
                help=(
                    "Numbers separated by commas, spaces or new lines, e.g. `3, 2, 3, 0, 1, 2`. "
                    "Label a document with `label=grade`, e.g. `D1=3`. Press Ctrl+Enter or "
                    "click outside the box to apply."
                ),
            )
            _show_error("text")
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
            _show_error("view_file")
    if convention.ideal is IdealSource.JUDGED:
        st.text_input(
            "Judged documents that were not retrieved (their grades)",
            key=UNRETRIEVED_TEXT_KEY,
            on_change=_on_unretrieved,
            placeholder="e.g. 3, 1 — empty if every judged document is in the list",
            help="The ideal ranking is built from the list plus these documents.",
        )
        _show_error("unretrieved")
    return current_list()


def _table_editor(tab: Any) -> None:
    with tab:
        pending = st.session_state.get(_table_key())  # the edits, before Streamlit applies them
        added = pending.get("added_rows") if isinstance(pending, dict) else None
        if isinstance(added, list) and len(added) > MAX_TABLE_NEW_ROWS:
            _set_error(
                "table",
                f"{len(added):,} new rows at once is more than the table takes "
                f"({MAX_TABLE_NEW_ROWS:,}); paste a long list in the Type tab instead.",
            )
            st.session_state[VERSION_KEY] += 1  # a fresh editor, without those rows
        shown = current_list()
        frame = pd.DataFrame({"document": list(shown.labels), "grade": list(shown.grades)})
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
            },
        )
        _apply_table(edited, shown)
        _show_error("table")


def _example_picker(tab: Any) -> None:
    with tab:
        options = {e.id: e for e in load_examples() if e.scores is None}
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
            st.caption(f"{chosen.source}. {stated_summary(chosen)} {chosen.note}")


# --------------------------------------------------------------------------- ordering controls


def _reorder(change: Callable[[GradeList], GradeList]) -> None:
    _store_list(change(current_list()))


def _on_drag(new_order: list[str]) -> None:
    try:
        _store_list(reordered(current_list(), new_order))
    except NdcgError as error:
        _set_error("order", str(error))


def _documents(grade_list: GradeList) -> tuple[dict[str, str], list[str]]:
    """Each document's chip text, and the labels in natural order.

    Both survive a reorder (the costly part for long lists): they are remembered by the
    documents and their grades, not by their order.
    """
    pairs = dict(zip(grade_list.labels, grade_list.grades, strict=True))

    def make() -> tuple[dict[str, str], list[str]]:
        chips = {label: f"{label} · {format_real(grade)}" for label, grade in pairs.items()}
        return chips, sorted(pairs, key=natural_key)

    documents: tuple[dict[str, str], list[str]] = remember(
        "documents", frozenset(pairs.items()), make
    )
    return documents


def order_controls() -> None:
    """The drag list, plus buttons for people who cannot (or would rather not) drag."""
    grade_list = current_list()
    chips, sorted_labels = _documents(grade_list)
    items = [(label, chips[label]) for label in grade_list.labels]
    st.caption("Drag a document to a new place, or focus it and press Alt+Arrow keys.")
    sortable_list(items, key="lab_sort", on_change=_on_drag)
    _show_error("order")
    with st.container(horizontal=True, vertical_alignment="bottom"):
        chosen = st.selectbox(
            "Move a document",
            sorted_labels,
            key="lab_move_choice",
            width=150,
            help="The keyboard alternative to dragging: pick a document, then move it up or "
            "down. In the drag list itself, Alt+Arrow keys move the focused document.",
        )
        st.button(
            "Up",
            icon=":material/arrow_upward:",
            on_click=_reorder,
            args=(lambda gl: moved(gl, chosen, -1),),
            key="lab_move_up",
        )
        st.button(
            "Down",
            icon=":material/arrow_downward:",
            on_click=_reorder,
            args=(lambda gl: moved(gl, chosen, 1),),
            key="lab_move_down",
        )
    with st.container(horizontal=True):
        for label, icon, change, key, help_text in _ORDER_BUTTONS:
            st.button(label, icon=icon, on_click=_reorder, args=(change,), key=key, help=help_text)


_ORDER_BUTTONS = (
    ("Ideal order", ":material/trending_down:", ideal_order, "lab_ideal", "Best grade first."),
    ("Reverse", ":material/swap_vert:", reversed_order, "lab_reverse", "Last becomes first."),
    ("Shuffle", ":material/shuffle:", shuffled, "lab_shuffle", "A random order."),
)


# --------------------------------------------------------------------------- results


def _judged_grades(convention: Convention, grade_list: GradeList) -> tuple[float, ...] | None:
    if convention.ideal is IdealSource.JUDGED:
        return grade_list.grades + current_unretrieved()
    return None


def _cache_key(
    grade_list: GradeList, convention: Convention, judged: tuple[float, ...] | None
) -> str:
    # Hashing a list element by element is slow; one repr string is not.
    return repr((grade_list, convention, judged))


MEMO_SIZE = 6  # per session: the view on screen and a few recent ones (toggling back is free)
T = TypeVar("T")


def remember(name: str, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, remembered for this session only.

    Not st.cache_data, which unpickles a fresh copy on every rerun (the largest cost of a
    Playground rerun), nor a resource cache, which would hand one object to every session.
    """
    store: dict[Hashable, Any] = st.session_state.setdefault(f"lab_memo_{name}", {})
    if key in store:
        value: T = store.pop(key)
    else:
        value = make()
        while len(store) >= MEMO_SIZE:
            store.pop(next(iter(store)))  # the least recently used
    store[key] = value
    return value


def evaluate_current(convention: Convention) -> Evaluation | None:
    """Evaluate the current list, or say why this convention cannot."""
    grade_list = current_list()
    judged = _judged_grades(convention, grade_list)
    try:
        return remember(
            "evaluation",
            _cache_key(grade_list, convention, judged),
            lambda: evaluate(
                grade_list.grades, convention, labels=grade_list.labels, judged_grades=judged
            ),
        )
    except NdcgError as error:
        st.error(plain(str(error)), icon=":material/error:")
        return None


@st.cache_data(max_entries=64, show_spinner=False)
def _layout_spec(layout: tuple[Any, ...], _evaluation: Evaluation) -> dict[str, Any]:
    """The chart for this layout, without the evaluation's own data (only the layout's cutoff
    rule keeps its inline data), so every session may start from it (each gets a copy)."""
    spec = chart_spec(_evaluation)
    spec["datasets"] = {
        name: rows for name, rows in spec["datasets"].items() if name not in (POSITIONS, CUTOFF)
    }
    return spec


@st.cache_data(max_entries=256, show_spinner=False)
def _shared_result(
    key: str, _function: Callable[..., Any], _args: tuple[Any, ...], _kwargs: dict[str, Any]
) -> Any:
    return _function(*_args, **_kwargs)


@st.cache_data(max_entries=64, show_spinner=False)
def _shared_chart(
    key: str, _builder: Callable[..., Any], _args: tuple[Any, ...], _kwargs: dict[str, Any]
) -> dict[str, Any]:
    # Streamlit's own conversion (st.altair_chart calls it on every run): datasets as Arrow,
    # no Altair default theme, Altair's global settings held under Streamlit's lock.
    spec: dict[str, Any] = _convert_altair_to_vega_lite_spec(_builder(*_args, **_kwargs))
    return spec


# Inputs larger than this (an uploaded run, say) are computed for the caller alone: the
# shared caches then hold at most 256 results and 64 charts of small inputs each.
MAX_SHARED_INPUT_BYTES = 512 * 1024


def _call_key(
    function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> str | None:
    """An exact key for a call: a digest of the pickled inputs (Streamlit's own hashing
    samples large frames and arrays, so two different uploads could share a key). None
    when the inputs are too large to share."""
    if not inspect.isfunction(function) or "<" in function.__qualname__:
        msg = f"expected a module-level function, not {function!r}"
        raise TypeError(msg)
    if any(_rough_size(value) > MAX_SHARED_INPUT_BYTES for value in (*args, *kwargs.values())):
        return None  # known too large without pickling it
    name = f"{function.__module__}.{function.__qualname__}"
    pickled = pickle.dumps((name, args, kwargs), protocol=pickle.HIGHEST_PROTOCOL)
    if len(pickled) > MAX_SHARED_INPUT_BYTES:
        return None
    return hashlib.blake2b(pickled, digest_size=32).hexdigest()


def _rough_size(value: Any) -> int:
    """Bytes held by a frame or an array (0 for anything else), without copying it."""
    if isinstance(value, pd.DataFrame):
        return int(value.memory_usage(index=False).sum())
    return int(getattr(value, "nbytes", 0))


def shared(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` for a pure ndcg_core function, computed once per server
    for each input and copied to each caller (most sessions ask the lesson pages for the
    same inputs). The key is the input itself, so a session only ever receives the result
    of the very input it gave."""
    key = _call_key(function, args, kwargs)
    if key is None:
        return function(*args, **kwargs)
    result: T = _shared_result(key, function, args, kwargs)
    return result


def altair_chart(
    where: Any,
    builder: Callable[..., Any],
    *args: Any,
    element_width: Any = None,
    **kwargs: Any,
) -> None:
    """``where.altair_chart(builder(*args, **kwargs), width=element_width)``, with the chart's
    Vega-Lite spec built once per server for each input (an Altair chart costs 10-20 ms)."""
    key = _call_key(builder, args, kwargs)
    if key is None:
        where.altair_chart(builder(*args, **kwargs), width=element_width)
        return
    where.vega_lite_chart(_shared_chart(key, builder, args, kwargs), width=element_width)


def practice_set(seed: int, level: Level) -> tuple[Exercise, ...]:
    """The exercise set ``(seed, level)``, drawn once per server and kept for this session.

    A set depends on its seed and level alone (public, in every practice link), so a class
    opening one link draws it once (~15-25 ms), not once per pupil."""
    return remember("exercises", (seed, level), lambda: shared(exercise_set, seed, level))


def _chart_spec(evaluation: Evaluation) -> dict[str, Any]:
    # Building the Altair chart costs ~0.1 s; only a new layout (length, cutoff) needs it.
    layout_spec = _layout_spec(chart_layout(evaluation), evaluation)
    spec = chart_spec(evaluation, layout_spec=layout_spec)
    # Streamlit turns each named dataset into Arrow bytes on every run unless it already is.
    spec["datasets"] = {
        name: convert_anything_to_arrow_bytes(pd.DataFrame(rows)) if rows else rows
        for name, rows in spec["datasets"].items()
    }
    return spec


def _display_table(evaluation: Evaluation, first: int) -> pd.DataFrame:
    return remember(
        "table",
        (_evaluation_key(evaluation), first),
        lambda: display_table(evaluation, first=first, rows=TABLE_PAGE_ROWS),
    )


def _display_arrow(evaluation: Evaluation, first: int) -> pa.Table:
    # An Arrow table goes to the browser as is; a DataFrame is converted on every run.
    return remember(
        "table_arrow",
        (_evaluation_key(evaluation), first),
        lambda: pa.Table.from_pandas(_display_table(evaluation, first), preserve_index=False),
    )


def _evaluation_key(evaluation: Evaluation) -> str:
    grade_list = GradeList(evaluation.grades, evaluation.labels)
    return _cache_key(
        grade_list, evaluation.convention, _judged_grades(evaluation.convention, grade_list)
    )


def metric_row(evaluation: Evaluation) -> None:
    """CG, DCG, ideal DCG and nDCG at the convention's cutoff, as big numbers."""
    convention = evaluation.convention
    at = "" if convention.cutoff_k is None else f"@{convention.cutoff_k}"
    ndcg_text = format_real(evaluation.ndcg)
    if math.isnan(evaluation.ndcg):
        ndcg_text = "undefined"
    cg, dcg, idcg, ndcg = st.columns(4)
    cg.metric(
        f"CG{at}", format_real(evaluation.cg), help="Sum of the gains: order does not matter."
    )
    dcg.metric(
        f"DCG{at}",
        format_real(evaluation.dcg),
        help=f"Sum of gain / {convention.discount_label} over the counted positions.",
    )
    idcg.metric(
        f"Ideal DCG{at}",
        format_real(evaluation.ideal_dcg),
        help="DCG of the ideal ranking: the same grades, best first.",
    )
    ndcg.metric(
        f"nDCG{at}", ndcg_text, help="DCG / ideal DCG: 1 means the order is as good as it gets."
    )
    if evaluation.exact:
        st.caption(
            "These gains overflow a 64-bit float, so the sums were done exactly in decimal "
            "arithmetic; huge values are shown in scientific notation."
        )


def chart_block(evaluation: Evaluation) -> None:
    """The three linked charts (hover a position to highlight it everywhere)."""
    spec = remember("chart", _evaluation_key(evaluation), lambda: _chart_spec(evaluation))
    st.vega_lite_chart(spec, width="content")
    if is_dense(len(evaluation.table)):
        st.caption(
            f"Over {DENSE_POSITIONS} positions the charts are lines, without hover: points "
            "would overlap. The table below has every number."
        )
    else:
        st.caption("Hover a position to pick it out in all three charts.")


def position_table(evaluation: Evaluation, *, key: str) -> None:
    """The per-position table, as readable text, a page at a time for long lists."""
    rows = len(evaluation.table)
    first = 0
    if rows > TABLE_PAGE_ROWS:
        pages = math.ceil(rows / TABLE_PAGE_ROWS)
        page = st.number_input(
            f"Table page (of {pages}, {TABLE_PAGE_ROWS} positions each)",
            min_value=1,
            max_value=pages,
            value=1,
            step=1,
            key=f"{key}_table_page",
        )
        first = (int(page) - 1) * TABLE_PAGE_ROWS
    shown = _display_arrow(evaluation, first)
    st.table(shown, hide_index=True)


def export_block(evaluation: Evaluation) -> None:
    """Downloads (table, charts, the view) and the Python that reproduces the numbers."""
    box = st.expander(
        "Download, save, reproduce in Python",
        icon=":material/download:",
        key="lab_export",
        on_change="rerun",
    )
    if not box.open:  # drawn only when open: it costs a rerun nothing otherwise
        return
    unretrieved = current_unretrieved()
    view = SavedView(GradeList(evaluation.grades, evaluation.labels), evaluation.convention)
    if evaluation.convention.ideal is IdealSource.JUDGED:
        view = SavedView(view.grade_list, view.convention, unretrieved)
    downloads: tuple[tuple[str, Any, str, str, str, str], ...] = (
        # label, data (a callable is only run on click), file name, MIME type, icon, help
        (
            "Table (CSV)",
            lambda: table_csv(evaluation),
            "ndcg-table.csv",
            "text/csv",
            ":material/table:",
            "Every position, full precision; opens in a spreadsheet.",
        ),
        (
            "Charts (PNG)",
            lambda: chart_image(chart_spec(evaluation), "png"),
            "ndcg-charts.png",
            "image/png",
            ":material/image:",
            "The three charts, for slides.",
        ),
        (
            "Charts (SVG)",
            lambda: chart_image(chart_spec(evaluation), "svg"),
            "ndcg-charts.svg",
            "image/svg+xml",
            ":material/draw:",
            "The three charts, scalable, for print.",
        ),
        (
            "This view (JSON)",
            view_to_json(view),
            "ndcg-view.json",
            "application/json",
            ":material/save:",
            "Open it again under “Open a saved view”: same list, same convention.",
        ),
    )
    with box:
        with st.container(horizontal=True):
            for label, data, file_name, mime, icon, help_text in downloads:
                st.download_button(
                    label,
                    data=data,
                    file_name=file_name,
                    mime=mime,
                    on_click="ignore",
                    icon=icon,
                    key=f"lab_download_{file_name.rsplit('.', 1)[1]}",
                    help=help_text,
                )
        snippet = python_snippet(evaluation, unretrieved)
        if snippet.library == "scikit-learn":
            st.markdown("**Reproduce in Python** with scikit-learn:")
        else:
            st.markdown(
                "**Reproduce in Python.** scikit-learn cannot give these numbers: "
                f"{snippet.why_not_sklearn}. nDCG Lab's own core (`pip install -e .` in this "
                "project) does:"
            )
        st.code(snippet.code, language="python")


# --------------------------------------------------------------------------- lesson blocks


def worked_step(step: WorkedStep, *, explanation: str, list_key: str) -> bool:
    """A formula, a guess box, and on "Reveal" the formula with the reader's numbers.

    Returns whether the answer is shown. Answers hide again when the list changes, so a
    class can guess afresh.
    """
    st.markdown(explanation)
    st.latex(step.symbolic)
    revealed: dict[str, str] = st.session_state.setdefault("step_revealed", {})
    shown = revealed.get(step.name) == list_key or st.session_state.get("step_reveal_all", False)
    guess_box, button_box = st.columns([3, 1], vertical_alignment="bottom")
    guess = guess_box.number_input(
        f"Your guess for {step.name}",
        value=None,
        step=0.1,
        format="%.3f",
        key=f"step_guess_{step.name}",
        placeholder="type a number, then reveal",
    )
    button_box.button(
        "Reveal",
        key=f"step_reveal_{step.name}",
        on_click=_reveal,
        args=(step.name, list_key),
        disabled=shown,
        width="stretch",
    )
    if shown:
        st.latex(step.filled)
        if guess is not None:
            st.info(guess_feedback(float(guess), step.result), icon=":material/target:")
    return shown


def _reveal(name: str, list_key: str) -> None:
    revealed = dict(st.session_state.get("step_revealed", {}))
    revealed[name] = list_key
    st.session_state["step_revealed"] = revealed


def list_summary(limit: int = 60) -> str:
    """The current list as short plain text, for labels."""
    grade_list = current_list()
    text = format_grades(grade_list.grades, grade_list.labels)
    return plain(text if len(text) <= limit else text[: limit - 1] + "…")


def list_key() -> str:
    """A short identity of the current list (changes when the list or its order does)."""
    return repr(current_list())


def table_columns(evaluation: Evaluation, columns: list[str], *, rows: int = 20) -> None:
    """Part of the per-position table: only the named columns (as display_table names them)."""
    shown = _display_table(evaluation, 0)
    st.table(shown[[c for c in columns if c in shown.columns]].head(rows), hide_index=True)


def side_by_side(pair: Pair) -> tuple[Evaluation, Evaluation]:
    """Two lists, their grades and their scores, next to each other."""
    results = shared(Pair.evaluate, pair)
    for column, side, result in zip(st.columns(2), (pair.left, pair.right), results, strict=True):
        with column, st.container(border=True):
            st.markdown(f"**{side.name}**")
            st.code(", ".join(format_real(g) for g in side.grades), language=None)
            ndcg_text = format_real(result.ndcg)
            left, right = st.columns(2)
            left.metric(f"DCG{_at(result)}", format_real(result.dcg))
            right.metric(f"nDCG{_at(result)}", ndcg_text)
    return results


def _at(evaluation: Evaluation) -> str:
    k = evaluation.convention.cutoff_k
    return "" if k is None else f"@{k}"


def parsed_text_input(
    where: Any,
    label: str,
    *,
    key: str,
    default: str,
    length: int | None = None,
    help: str | None = None,
) -> tuple[float, ...] | None:
    """A text box of numbers, parsed by the core. A bad edit shows its error under the box and
    the last good numbers stay in use (None if there are none, or no longer ``length`` of
    them), so what the page showed stays on screen."""
    st.session_state.setdefault(key, default)
    text = where.text_input(label, key=key, help=help)
    last_good_key = f"{key}_last_good"
    try:
        values = parse_grades(text).grades if text.strip() else ()
        if length is not None and len(values) != length:
            msg = f"Give {length} numbers, one per document; got {len(values)}."
            raise NdcgError(msg)
    except NdcgError as error:
        last_good: tuple[float, ...] | None = st.session_state.get(last_good_key)
        if last_good is not None and length is not None and len(last_good) != length:
            last_good = None
        kept = "" if last_good is None else f" Still showing {format_grades(last_good)[:80]}."
        where.error(plain(str(error) + kept), icon=":material/error:")
        return last_good
    st.session_state[last_good_key] = values
    return values


def parsed_queries_input(
    label: str, *, key: str, default: str, param: str
) -> tuple[Query, ...] | None:
    """A text area of queries (see ``parse_queries``); an error shows under it, and the last
    good queries stay in use, as the Playground keeps its last good list.

    Text other than the default goes into the page's link as ``param`` when it is short.
    """
    _from_link(key, param, lambda raw: raw[:MAX_URL_LIST_CHARS])
    st.session_state.setdefault(key, default)
    text = st.text_area(label, key=key, height=140)
    if text != default and len(text) <= MAX_URL_LIST_CHARS:
        _to_link(param, text)
    try:
        queries = parse_queries(text)
    except NdcgError as error:
        st.error(plain(str(error)), icon=":material/error:")
        last_good: tuple[Query, ...] | None = st.session_state.get(f"{key}_last_good")
        return last_good
    st.session_state[f"{key}_last_good"] = queries
    return queries


# --------------------------------------------------------------------------- evaluation files

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def evaluation_file(
    label: str, *, key: str, reader: Callable[[bytes], pd.DataFrame], example: str | None
) -> tuple[pd.DataFrame | None, str]:
    """An uploader whose file the core reads; the example file stands in until one is given.

    Returns the table (None if neither) and where it came from. A bad file shows its error
    right under the uploader and the last good file of that uploader stays in use.
    """
    cap = st.get_option("server.maxUploadSize")  # megabytes; the server refuses bigger files
    uploaded = st.file_uploader(
        label,
        key=key,
        type=None,
        help=f"TREC format or CSV with a header: plain text (UTF-8), at most {cap} MB.",
    )
    state_key = f"{key}_last_good"
    if uploaded is not None:
        with st.spinner(f"Reading {plain(uploaded.name)}…"):
            try:
                table = reader(uploaded.getvalue())
            except NdcgError as error:
                st.error(f"{plain(uploaded.name)}: {plain(str(error))}", icon=":material/error:")
            else:
                st.session_state[state_key] = (table, uploaded.name)
    if state_key in st.session_state:
        table, name = st.session_state[state_key]
        return table, name
    if example is None:
        return None, ""
    return _cached_example(example, reader), f"example: {example}"


@st.cache_data(show_spinner=False)
def _cached_example(name: str, _reader: Callable[[bytes], pd.DataFrame]) -> pd.DataFrame:
    return _reader((ASSETS / name).read_bytes())


def open_in_playground(
    grades: tuple[float, ...], labels: tuple[str, ...], unretrieved: tuple[float, ...]
) -> None:
    """Make this ranking the shared list and go to the Playground."""
    _store_list(GradeList(grades, labels))
    _store_unretrieved(unretrieved)
    st.switch_page("pages/playground.py")


# --------------------------------------------------------------------------- page guard


def run_through_app() -> None:
    """Make sure this page runs inside app.py (sidebar, state, URL), even from a deep link.

    With a folder named ``pages/`` beside the entry script, Streamlit (1.67) starts a fresh
    server in its old pages-directory mode: the first deep link (say /drawbacks) runs the page
    file alone, without app.py, until some run has called st.navigation. Every page calls
    this first; in that case it switches the server to st.navigation mode and reruns.
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()
