"""Playground: type or drag grades into an order and watch CG, DCG and nDCG respond."""

import streamlit as st

from components.chrome import full_controls, page_header
from components.grade_editor import grade_editor, order_controls
from components.navigation import run_through_app
from components.results import (
    chart_block,
    evaluate_current,
    export_block,
    metric_row,
    position_table,
)
from components.state import current_convention, sync_url, view_mode

run_through_app()

page_header(
    "Playground",
    "Grades say how relevant each document is (0 = not relevant). Put them in the order a "
    "search engine showed them, and see how much of the best possible order it achieved.",
)


@st.fragment
def playground() -> None:
    """Everything a reorder or an edit changes: a change here reruns only this part."""
    convention = current_convention()
    editor, results = st.columns([0.44, 0.56], gap="large")
    with editor:
        if view_mode() != "embed":  # an embedded view shows the list its link gives
            grade_editor(convention)
        order_controls()
    with results:
        evaluation = evaluate_current(convention)
        if evaluation is not None:
            metric_row(evaluation)
            chart_block(evaluation)
    if evaluation is not None:
        st.subheader("Position by position", anchor=False)
        st.caption(f"Convention: {convention}")
        position_table(evaluation, key="playground")
        if full_controls():
            export_block(evaluation)
    sync_url(convention)  # a fragment rerun skips app.py, which writes the URL otherwise


playground()
