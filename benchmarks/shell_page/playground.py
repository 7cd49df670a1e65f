"""The shell benchmark's page (benchmarks/shell_app.py): its title (as the load client checks
every page of the app shows its own), one button and one line of text."""

import streamlit as st

st.header("Blank", anchor=False)
st.session_state.setdefault("clicks", 0)


def count() -> None:
    st.session_state.clicks += 1


st.button("Click", on_click=count, key="bench_click")
st.text(f"clicks: {st.session_state.clicks}")
