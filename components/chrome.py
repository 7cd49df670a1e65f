"""Page chrome: the header with sharing and presenter controls, view modes, messages."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import streamlit as st

from components.share_link import share_link
from components.state import (
    ERRORS_KEY,
    LINK_ERRORS_KEY,
    LINK_LEFT_OUT_KEY,
    PAGE_PARAMS_KEY,
    PERSIST,
    from_link,
    set_mode,
    to_link,
    view_mode,
)
from ndcg_core.links.length import LINK_LIMIT_NOTE, left_out_note
from ndcg_core.pictures.tables import escape_markdown


def plain(text: str) -> str:
    """User text made safe for any Streamlit call that renders Markdown."""
    return escape_markdown(text)


def show_error(where: str) -> None:
    message = st.session_state.get(ERRORS_KEY, {}).get(where)
    if message:
        st.error(plain(message), icon=":material/error:")


def show_link_errors() -> None:
    """Say, once, why a shared link was not followed in full."""
    for message in st.session_state.get(LINK_ERRORS_KEY, ()):
        st.warning(
            f"This link could not be followed in full. {plain(message)}", icon=":material/link_off:"
        )


def full_controls() -> bool:
    """Whether secondary controls (exports, explanations' extras) are shown."""
    return view_mode() == ""


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
[data-testid="stMainBlockContainer"] { padding-top: 1.5rem; max-width: 100%; }
/* The header grows with the 20 px text and would cover the page's title: let the title
   show through it, and let clicks reach the page except on the header's own controls. */
header[data-testid="stHeader"] { background: transparent; }
header[data-testid="stHeader"], header[data-testid="stHeader"] * { pointer-events: none; }
header[data-testid="stHeader"] a, header[data-testid="stHeader"] button {
  pointer-events: auto;
}
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


def linked_toggle(label: str, *, key: str, param: str, help: str | None = None) -> bool:
    """A toggle whose "on" is part of the page's link (``param=1``)."""
    from_link(key, param, lambda raw: raw == "1")
    on = bool(st.toggle(label, key=key, help=help, persist_state=PERSIST))
    if on:
        to_link(param, "1")
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
            leave_presenter_button()
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
                    left_out = left_out_note(st.session_state.get(LINK_LEFT_OUT_KEY, ()))
                    if left_out:
                        st.warning(left_out, icon=":material/link_off:")
                    st.caption(LINK_LIMIT_NOTE)
                    enter_presenter_button("Presenter view: bigger, no sidebar", key="lab_present")
    if view_mode() != "present":  # a projector's one screen is for the lesson itself
        st.caption(caption)


def enter_presenter_button(label: str, *, key: str, **options: Any) -> None:
    """A way into presenter view (``options`` go to st.button: width, help)."""
    st.button(
        label,
        icon=":material/co_present:",
        on_click=set_mode,
        args=("present",),
        key=key,
        **options,
    )


def leave_presenter_button() -> None:
    """Every page's way out of presenter view (the sidebar is hidden there)."""
    st.button(
        "Leave presenter view",
        icon=":material/close_fullscreen:",
        on_click=set_mode,
        args=("",),
        key="lab_leave_present",
        width="stretch",
    )
