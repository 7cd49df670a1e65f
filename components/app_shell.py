"""The app's shell: what every page runs inside (app.py), and the shell benchmark around a
blank page (benchmarks/shell_app.py), from one function, so that the floor a page is
measured against cannot drift from the app."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import streamlit as st

from components.chrome import apply_view_mode, show_link_errors
from components.convention_picker import convention_picker, hidden_convention
from components.navigation import DeclaredPage, declared_page
from components.screen import expect_page_asks, keep_screen_size
from components.state import (
    apply_pending_convention,
    begin_run,
    end_run,
    init_session,
    rerun_on_reconnect,
    view_mode,
)
from components.view_parts import set_page, take_page_to_go

APP_ROOT = Path(__file__).resolve().parents[1]  # app.py's folder: a page's path starts here
ASSETS = APP_ROOT / "assets"


def run_app(pages: Sequence[DeclaredPage]) -> None:
    """Set the session up, draw the sidebar, run the page the address names among ``pages``
    (the app's: :data:`components.navigation.PAGES`), and write the view into the URL."""
    st.set_page_config(
        page_title="nDCG Lab",
        page_icon=str(ASSETS / "favicon.png"),
        layout="wide",
        # "auto": open beside the page on a laptop or projector, closed on a phone, where it
        # would cover the page (a student typing a join code saw the sidebar, not the box).
        initial_sidebar_state="auto",
    )
    st.logo(str(ASSETS / "logo.png"), size="large")

    begin_run()
    init_session()
    apply_pending_convention()  # a saved view's or example's, before any page reads the picker
    navigation = st.navigation(
        [
            st.Page(APP_ROOT / page.path, title=page.title, icon=page.icon, default=page.default)
            for page in pages
        ],
        position="hidden" if view_mode() else "sidebar",  # presenter and embed views: no menu
    )
    apply_view_mode()
    page_to_go = take_page_to_go()  # a saved view opened on another page than its own
    if page_to_go is not None:
        st.switch_page(page_to_go)
    shown = declared_page(navigation.title, pages)
    set_page(shown.name)
    # The picker only where the convention changes something.
    convention = (
        convention_picker()
        if shown.convention_unused is None
        else hidden_convention(shown.convention_unused)
    )
    show_link_errors()
    rerun_on_reconnect()
    expect_page_asks()
    navigation.run()
    end_run(convention)  # writes the URL, unless the page did
    # Measures the page's width so that charts fit it (it draws nothing). Last, so that its
    # one report on a first visit reruns a page already drawn: a report that cut the first
    # run short left the presenter view's grade box empty.
    with st.sidebar:
        keep_screen_size()
