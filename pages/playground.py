"""Playground: type or drag grades into an order and watch CG, DCG and nDCG respond."""

import streamlit as st

from components.chrome import full_controls, page_header
from components.compare_mode import (
    compare_toggle,
    comparison_chart,
    comparison_numbers,
    comparison_paragraph,
    comparison_table,
    current_comparison,
    link_compare,
    ranking_b_controls,
    stakeholder_download,
)
from components.grade_editor import grade_editor, order_controls
from components.navigation import run_through_app
from components.results import (
    chart_block,
    evaluate_current,
    export_block,
    metric_row,
    position_table,
)
from components.state import current_convention, current_titles, sync_url, view_mode
from ndcg_core import Convention

run_through_app()

page_header(
    "Playground",
    "Grades say how relevant each document is (0 = not relevant). Put them in the order a "
    "search engine showed them, and see how much of the best possible order it achieved.",
)


def one_ranking(convention: Convention) -> None:
    """The list, its numbers and charts, and the table position by position."""
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


def two_rankings(convention: Convention) -> None:
    """Ranking A (the list) and ranking B side by side, their numbers, charts and why."""
    rankings, results = st.columns([0.46, 0.54], gap="large")
    with rankings:
        if view_mode() != "embed":
            grade_editor(convention)
        ranking_a, ranking_b = st.columns(2)
        with ranking_a:
            st.subheader("Ranking A", anchor=False)
            order_controls()
        with ranking_b:
            st.subheader("Ranking B", anchor=False)
            ranking_b_controls(current_titles())
    with results:
        comparison = current_comparison(convention, current_titles())
        if comparison is not None:
            comparison_numbers(comparison)
            comparison_chart(comparison, font_size=16 if view_mode() == "present" else None)
    if comparison is not None:
        comparison_paragraph(comparison)
        comparison_table(comparison)
        st.caption(f"Convention: {convention}")
        if full_controls():
            stakeholder_download(comparison, current_titles())


@st.fragment
def playground() -> None:
    """Everything a reorder or an edit changes: a change here reruns only this part."""
    convention = current_convention()
    comparing = compare_toggle()
    if comparing:
        two_rankings(convention)
    else:
        one_ranking(convention)
    link_compare(comparing)
    sync_url(convention)  # a fragment rerun skips app.py; in a full run app.py then need not


playground()
