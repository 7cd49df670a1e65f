"""nDCG Lab: pages, the shared sidebar and the URL that mirrors every view."""

from pathlib import Path

import streamlit as st

from components.chrome import apply_view_mode, show_link_errors
from components.convention_picker import convention_picker
from components.state import init_session, sync_url, view_mode

ASSETS = Path(__file__).parent / "assets"

st.set_page_config(
    page_title="nDCG Lab",
    page_icon=str(ASSETS / "favicon.png"),
    layout="wide",
    initial_sidebar_state="expanded",
)
st.logo(str(ASSETS / "logo.png"), size="large")

init_session()
navigation = st.navigation(
    [
        st.Page(
            "pages/playground.py", title="Playground", icon=":material/swap_vert:", default=True
        ),
        st.Page("pages/step_by_step.py", title="Step by step", icon=":material/stairs:"),
        st.Page("pages/drawbacks.py", title="Drawbacks", icon=":material/warning:"),
        st.Page("pages/conventions.py", title="Conventions", icon=":material/tune:"),
        st.Page("pages/queries.py", title="Several queries", icon=":material/stacks:"),
        st.Page("pages/runs.py", title="Your run", icon=":material/upload_file:"),
        st.Page("pages/practice.py", title="Practice", icon=":material/school:"),
    ],
    position="hidden" if view_mode() else "sidebar",  # presenter and embed views: no menu
)
apply_view_mode()
convention = convention_picker()
show_link_errors()
navigation.run()
sync_url(convention)
