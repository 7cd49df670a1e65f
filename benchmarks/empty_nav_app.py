"""The baseline for benchmarks/load.py: app.py's shell and widgets, without the work.

Same page config and logo, the same six pages through st.navigation, the same sidebar
convention widgets (same keys and options), and on the Playground the same tabs, grade text
area (key ``lab_text``, changes rerun the page's fragment) and order buttons; the URL mirrors
the grades. Nothing is computed and nothing is charted: the grades are echoed as text.
"""

from pathlib import Path

import streamlit as st

from ndcg_core import CONVENTION_FIELDS, PRESETS

ASSETS = Path(__file__).resolve().parents[1] / "assets"
DEFAULT_GRADES = "3, 2, 3, 0, 1, 2"
TITLES = ("Playground", "Step by step", "Drawbacks", "Conventions", "Several queries", "Your run")

st.set_page_config(page_title="Empty lab", page_icon=str(ASSETS / "favicon.png"), layout="wide")
st.logo(str(ASSETS / "logo.png"), size="large")
st.session_state.setdefault("grades", DEFAULT_GRADES)


def _choice(name: str, widget: str) -> None:
    labels = {c.value: c.label for c in CONVENTION_FIELDS[name].choices}
    draw = st.radio if widget == "radio" else st.selectbox
    draw(
        CONVENTION_FIELDS[name].label,
        list(labels),
        format_func=labels.__getitem__,
        key=f"conv_{name}",
    )


def _on_text() -> None:
    st.session_state.grades = st.session_state.lab_text


@st.fragment
def _editor() -> None:
    typed, _table, _examples = st.tabs(
        ["Type", "Table", "Seed examples"], key="lab_input_tab", on_change="rerun"
    )
    with typed:
        st.session_state.setdefault("lab_text", st.session_state.grades)
        st.text_area("Grades, top position first", key="lab_text", on_change=_on_text)
    with st.container(horizontal=True):
        for label in ("Up", "Down", "Ideal order", "Reverse", "Shuffle"):
            st.button(label, key=f"lab_{label.lower().replace(' ', '_')}")
    st.text(f"grades: {st.session_state.grades}")


def _page(title: str) -> None:
    st.header(title, anchor=False)
    st.caption("An empty page.")
    if title == "Playground":
        _editor()


with st.sidebar:
    st.subheader("Convention")
    st.selectbox("Start from a library's preset", list(PRESETS), index=None, key="conv_preset")
    _choice("gain", "radio")
    _choice("discount", "radio")
    st.number_input("Log base", min_value=1.01, value=2.0, key="conv_log_base")
    st.number_input("Cutoff k", min_value=1, value=None, key="conv_cutoff_k")
    _choice("ideal", "radio")
    with st.expander("Advanced: ties, empty ideal, negative grades"):
        for name in ("ties", "zero_ideal", "negative_grades"):
            _choice(name, "select")

pages = [
    st.Page(
        lambda title=title: _page(title),
        title=title,
        url_path=title.lower().replace(" ", "_"),
        default=title == "Playground",
    )
    for title in TITLES
]
st.navigation(pages).run()
if st.session_state.grades != DEFAULT_GRADES:
    st.query_params["g"] = st.session_state.grades
