"""The page guard every page calls first."""

from __future__ import annotations

import streamlit as st


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
