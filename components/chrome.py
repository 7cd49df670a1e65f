"""Page chrome: the header with sharing and presenter controls, view modes, messages."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from types import MappingProxyType
from typing import Any

import streamlit as st

from components.share_link import share_link
from components.state import (
    ERRORS_KEY,
    LINK_ERRORS_KEY,
    LINK_LEFT_OUT_KEY,
    PERSIST,
    set_mode,
    shown_view,
    view_mode,
)
from components.view_parts import add_to_view, from_view, set_page_part
from ndcg_core.links.length import LINK_LIMIT_NOTE, left_out_note
from ndcg_core.links.view import SWITCHES, PagePart
from ndcg_core.links.view_files import view_to_json
from ndcg_core.pictures.tables import escape_markdown


def plain(text: str) -> str:
    """User text made safe for any Streamlit call that renders Markdown."""
    return escape_markdown(text)


def error_box(message: str, where: Any = st) -> None:
    """The one way a page says something went wrong: ``message`` (plain words, shown as plain
    text) in a red box, in ``where`` (the page, or a column or container of it)."""
    where.error(plain(message), icon=":material/error:")


def show_error(where: str) -> None:
    """The standing error of the input ``where`` (:func:`components.state.set_error`), if any."""
    message = st.session_state.get(ERRORS_KEY, {}).get(where)
    if message:
        error_box(message)


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
/* A projector's large text; a presenter view opened on a tablet or phone keeps the normal
   size (at 20 px its buttons and cards were cut: "Leave presen...", "+0.039 agai..."). */
@media (min-width: 1024px) { html { font-size: 20px; } }
[data-testid="stMetricValue"] { font-size: 2.4rem; }
[data-testid="stMetricLabel"] p { font-size: 1.2rem; }
/* The same for the live view's cards (in its shadow root: custom properties reach it). */
html { --lab-card-value-size: 2.4rem; --lab-card-label-size: 1.2rem; }
[data-testid="stMainBlockContainer"] { padding-top: 1.5rem; max-width: 100%; }
/* The header grows with the 20 px text and would cover the page's title: let the title
   show through it, and let clicks reach the page except on the header's own controls. Not
   on a phone or tablet, where the page scrolls under the header: its logo sat on the text. */
@media (min-width: 1024px) {
  header[data-testid="stHeader"] { background: transparent; }
  header[data-testid="stHeader"], header[data-testid="stHeader"] * { pointer-events: none; }
  header[data-testid="stHeader"] a, header[data-testid="stHeader"] button {
    pointer-events: auto;
  }
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


# A finger needs a target at least 44 px tall (WCAG 2.5.5); Streamlit's buttons are 40. A
# formula broken into lines (components/formula.py) needs lines tall enough for fractions.
_TOUCH_CSS = """<style>
[data-testid="stMarkdownContainer"] p:has(> .katex:only-child) { line-height: 3; }
/* A table that scrolls sideways (marked by components/static/screen.js) shows it. */
.ndcg-lab-scrolls { box-shadow: inset -14px 0 10px -10px rgba(128, 128, 128, 0.6); }
@media (pointer: coarse) {
  [data-testid^="stBaseButton"], [data-testid="stPopover"] button { min-height: 44px; }
  [data-testid="stSelectbox"] [data-baseweb="select"] > div { min-height: 44px; }
  [data-testid="stRadio"] label, [data-testid="stCheckbox"] label { min-height: 44px; }
  /* A help icon keeps its 16 px look; its target grows to 44 px around it. */
  [data-testid="stTooltipHoverTarget"] > button {
    box-sizing: content-box; padding: 14px; margin: -14px;
  }
  /* A touch screen shows a table's toolbar 44 px above it, over whatever is there (the
     Order box of Your run): room for it above the table. */
  [data-testid="stElementContainer"]:has(> [data-testid="stFullScreenFrame"]
    > [data-testid="stDataFrame"]) { margin-top: 2rem; }
}
</style>"""


def apply_view_mode() -> None:
    """Style the page for the view mode and for touch screens (app.py calls this once per
    run)."""
    st.html(_TOUCH_CSS + _MODE_CSS.get(view_mode(), ""))


def linked_toggle(label: str, *, key: str, switch: str, help: str | None = None) -> bool:
    """A toggle whose "on" is part of the view (one of :data:`ndcg_core.links.view.SWITCHES`)."""
    if switch not in SWITCHES:
        msg = f"{switch!r} is not a switch the view knows: add it to ndcg_core.links.view.SWITCHES."
        raise ValueError(msg)
    from_view(key, "switches", lambda on: switch in on)
    on = bool(st.toggle(label, key=key, help=help, persist_state=PERSIST))
    if on:
        add_to_view({"switches": frozenset({switch})})
    return on


@contextmanager
def title_row(title: str) -> Iterator[None]:
    """The page's title, and what the block draws beside it on the right (under it where
    the screen is too narrow for both). One row, not columns: two blocks fewer for every new
    session to send."""
    with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
        st.header(title, anchor=False, width="stretch")
        yield


def page_header(title: str, caption: str, *, view: PagePart | None = None) -> None:
    """The page's title and lead, with sharing and presenter controls beside the title.

    ``view`` is this page's own part of the view (kept in every link to it and in a saved
    view).
    """
    set_page_part(view or {})
    if view_mode() == "embed":
        return
    with title_row(title):
        if view_mode() == "present":
            leave_presenter_button()
        else:
            share = st.popover(
                "Share or present",
                icon=":material/share:",
                width="content",
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
                    st.download_button(
                        "Save this view (JSON)",
                        view_to_json(shown_view()),
                        file_name="ndcg-view.json",
                        mime="application/json",
                        icon=":material/save:",
                        key="lab_save_view",
                        on_click="ignore",
                        help="Everything on this page that a link holds, with nothing left out "
                        "for length. Open it again in the Playground, under “Open a saved "
                        "view”: it comes back on this page.",
                    )
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
    )
