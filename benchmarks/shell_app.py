"""A second baseline for benchmarks/playground.py: nDCG Lab's shell around an empty page.

The same set-up, sidebar convention picker, navigation and URL sync as app.py, but the
page holds one button and one line of text. The difference from the Playground is the
Playground's own cost; the difference from empty_app.py is the shell's.
"""

import streamlit as st

from components.chrome import apply_view_mode
from components.convention_picker import convention_picker
from components.state import init_session, sync_url


def blank_page() -> None:
    st.session_state.setdefault("clicks", 0)

    def count() -> None:
        st.session_state.clicks += 1

    st.button("Click", on_click=count, key="bench_click")
    st.text(f"clicks: {st.session_state.clicks}")


st.set_page_config(page_title="nDCG Lab shell", layout="wide")
init_session()
navigation = st.navigation([st.Page(blank_page, title="Blank", default=True)])
apply_view_mode()
convention = convention_picker()
navigation.run()
sync_url(convention)
