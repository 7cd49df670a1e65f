"""nDCG Lab: pages, the shared sidebar and the URL that mirrors every view."""

from pathlib import Path

import streamlit as st

from components.chrome import apply_view_mode, show_link_errors
from components.convention_picker import convention_picker, hidden_convention
from components.navigation import PAGES, declared_page
from components.screen import keep_screen_size
from components.state import (
    apply_pending_convention,
    begin_run,
    end_run,
    init_session,
    rerun_on_reconnect,
    view_mode,
)
from components.view_parts import set_page, take_page_to_go

ASSETS = Path(__file__).parent / "assets"

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
    [st.Page(page.path, title=page.title, icon=page.icon, default=page.default) for page in PAGES],
    position="hidden" if view_mode() else "sidebar",  # presenter and embed views: no menu
)
apply_view_mode()
page_to_go = take_page_to_go()  # a saved view opened on another page than its own
if page_to_go is not None:
    st.switch_page(page_to_go)
shown = declared_page(navigation.title)
set_page(shown.name)
convention = (
    convention_picker()
    if shown.convention_unused is None
    else hidden_convention(shown.convention_unused)  # the picker only where it changes something
)
show_link_errors()
rerun_on_reconnect()
with st.sidebar:  # measures the page's width, so that charts fit it; draws nothing
    keep_screen_size()
navigation.run()
end_run(convention)  # writes the URL, unless the page did
