"""The baseline for benchmarks/playground.py: a page with one button and one line of text."""

import streamlit as st

st.session_state.setdefault("clicks", 0)


def _count() -> None:
    st.session_state.clicks += 1


st.button("Click", on_click=_count, key="bench_click")
st.text(f"clicks: {st.session_state.clicks}")
