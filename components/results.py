"""The results blocks: metric row, charts, per-position table, downloads."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from typing import Any

import pandas as pd
import pyarrow as pa
import streamlit as st

from components.cache import shared_call, shared_view
from components.chrome import error_box
from components.glossary import tooltip
from components.screen import chart_font_size
from components.state import current_list, current_titles, current_unretrieved, current_view
from components.view_charts import json_rows
from ndcg_core import Convention, Evaluation, IdealSource, NdcgError, evaluate, format_real
from ndcg_core.links.view_files import view_to_json
from ndcg_core.metric.exact_ratio import shown_ndcg
from ndcg_core.metric.notes import evaluation_notes
from ndcg_core.metric.parsing import GradeList
from ndcg_core.pictures.chart_data import (
    DENSE_POSITIONS,
    PLOTTED_POSITIONS,
    chart_dataset_tables,
    chart_layout,
    cutoff_dataset_tables,
    is_dense,
)
from ndcg_core.pictures.charts import (
    ChartShape,
    chart_spec,
    chart_template,
    fill_template,
    fitted_width,
)
from ndcg_core.pictures.export import chart_image, python_snippet, table_csv
from ndcg_core.pictures.style import with_text_size
from ndcg_core.pictures.tables import display_columns, display_table
from ndcg_core.teaching.slips import Quantity, SlipTable, slip_table

TABLE_PAGE_ROWS = 50


def _judged_grades(convention: Convention, grade_list: GradeList) -> tuple[float, ...] | None:
    if convention.ideal is IdealSource.JUDGED:
        return grade_list.grades + current_unretrieved()
    return None


def _cache_key(
    grade_list: GradeList, convention: Convention, judged: tuple[float, ...] | None
) -> str:
    # Hashing a list element by element is slow; one repr string is not.
    return repr((grade_list, convention, judged))


def current_evaluation(convention: Convention) -> Evaluation:
    """The current list's evaluation, computed once per server for each view; raises NdcgError."""
    grade_list = current_list()
    judged = _judged_grades(convention, grade_list)
    # Once per server for each view: a class opening the app all see the default list.
    return shared_view(
        "evaluation",
        _cache_key(grade_list, convention, judged),
        lambda: evaluate(
            grade_list.grades, convention, labels=grade_list.labels, judged_grades=judged
        ),
    )


def current_slip_table(convention: Convention, quantity: Quantity) -> SlipTable:
    """The slips of the current list for a guess at ``quantity`` (raises NdcgError)."""
    grade_list = current_list()
    return slip_table(
        grade_list.grades,
        convention,
        judged_grades=_judged_grades(convention, grade_list),
        quantity=quantity,
        labels=grade_list.labels,
        tolerance=quantity.tolerance,
    )


def convention_line(convention: Convention) -> str:
    """The line under a ranking's numbers that names the convention they follow.

    >>> convention_line(Convention(cutoff_k=5))
    'Convention: nDCG@5, linear gain, log2(i+1), ideal from the list'
    """
    return f"Convention: {convention}"


def cutoff_suffix(convention: Convention) -> str:
    """``@k`` after a metric's name, or nothing without a cutoff (``DCG@5``, ``DCG``)."""
    return "" if convention.cutoff_k is None else f"@{convention.cutoff_k}"


def evaluate_current(convention: Convention) -> Evaluation | None:
    """Evaluate the current list, or say why this convention cannot."""
    try:
        return current_evaluation(convention)
    except NdcgError as error:
        error_box(str(error))
        return None


def _chart_spec(
    evaluation: Evaluation,
    width: int,
    rows: Callable[[pa.Table], Any] | None = None,
    *,
    points: bool = True,
    template: bool = True,
) -> dict[str, Any]:
    # Building the Altair chart costs ~0.1 s: once per server for each shape (lines or
    # points, a cutoff or none) and width, then filled with the list's length and k.
    spec: dict[str, Any] = {}
    if template:
        layout = chart_layout(evaluation)
        n, _, visible_k = layout
        shaped = shared_call(chart_template, ChartShape.of(layout), width=width)
        spec = fill_template(shaped, n, visible_k)
    # Arrow IPC bytes go to the browser as they are; a frame or a list of rows would be
    # converted again on every run (the spec is shared by every session that shows this view).
    tables = chart_dataset_tables(evaluation) if points else cutoff_dataset_tables(evaluation)
    spec["datasets"] = {name: (rows or _arrow_bytes)(table) for name, table in tables.items()}
    return spec


def browser_chart_spec(
    evaluation: Evaluation, *, room: int, points: bool = True, template: bool = True
) -> dict[str, Any]:
    """The spec :func:`chart_block` draws in ``room`` px, its datasets as JSON rows (what a
    component drawing the charts itself takes: :func:`components.view_charts.json_rows`),
    text sized for the screen as there; without the points' rows unless ``points`` (a view
    that makes them from its numbers, as at a drop); only the datasets unless ``template``
    (a view that holds the template of this :func:`browser_chart_key`)."""
    width = fitted_width(room)
    spec = shared_view(
        "browser_chart",
        (view_key(evaluation), width, points, template),
        lambda: _chart_spec(evaluation, width, json_rows, points=points, template=template),
    )
    font_size = chart_font_size()
    return spec if font_size is None or not template else with_text_size(spec, font_size)


def browser_chart_key(evaluation: Evaluation, *, room: int) -> Hashable:
    """What :func:`browser_chart_spec`'s template depends on (its shape, the list's length
    and k, the width, the text size): equal keys, equal specs but for the rows."""
    return (chart_layout(evaluation), fitted_width(room), chart_font_size())


def chart_note(positions: int) -> str:
    """What the charts under a list of ``positions`` let a person do, and what they leave out.

    >>> chart_note(10)[:16]
    'Hover a position'
    """
    if positions > PLOTTED_POSITIONS:
        return (
            f"Over {PLOTTED_POSITIONS} positions the charts draw {PLOTTED_POSITIONS} evenly "
            "spaced ones, as lines without hover (a chart this wide shows no more). The table "
            "below has every number."
        )
    if is_dense(positions):
        return (
            f"Over {DENSE_POSITIONS} positions the charts are lines, without hover: points "
            "would overlap. The table below has every number."
        )
    return "Hover a position (tap it on a touch screen) to pick it out in all three charts."


def _arrow_bytes(table: pa.Table) -> bytes:
    """The table as Arrow IPC stream bytes, the form Streamlit sends a chart's data in."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return bytes(sink.getvalue().to_pybytes())


def _display_table(
    evaluation: Evaluation, first: int, titles: Mapping[str, str] | None = None
) -> pd.DataFrame:
    return shared_view(
        "table",
        (view_key(evaluation), first, frozenset((titles or {}).items())),
        lambda: display_table(evaluation, first=first, rows=TABLE_PAGE_ROWS, titles=titles),
    )


def _display_arrow(
    evaluation: Evaluation, first: int, titles: Mapping[str, str] | None = None
) -> pa.Table:
    # An Arrow table goes to the browser as is; a DataFrame is converted on every run.
    return shared_view(
        "table_arrow",
        (view_key(evaluation), first, frozenset((titles or {}).items())),
        # Straight from the text columns: a frame first cost pandas twice the time.
        lambda: pa.table(
            display_columns(evaluation, first=first, rows=TABLE_PAGE_ROWS, titles=titles)
        ),
    )


def view_key(evaluation: Evaluation) -> str:
    """The exact key of the view ``evaluation`` shows (its list and convention)."""
    grade_list = GradeList(evaluation.grades, evaluation.labels)
    return _cache_key(
        grade_list, evaluation.convention, _judged_grades(evaluation.convention, grade_list)
    )


def metric_cards(evaluation: Evaluation) -> list[tuple[str, str, str, str]]:
    """The four number cards: ``(key, label, value, help)`` each, the value as the core prints
    it; the keys are :func:`~ndcg_core.metric.view_numbers.repaint`'s card names.

    >>> from ndcg_core import evaluate
    >>> [(key, label, value) for key, label, value, _ in metric_cards(evaluate([3, 2]))][-1]
    ('ndcg', 'nDCG', '1')
    """
    at = cutoff_suffix(evaluation.convention)
    return [
        ("cg", f"CG{at}", format_real(evaluation.cg), tooltip("cg")),
        ("dcg", f"DCG{at}", format_real(evaluation.dcg), tooltip("dcg")),
        ("ideal_dcg", f"Ideal DCG{at}", format_real(evaluation.ideal_dcg), tooltip("idcg")),
        ("ndcg", f"nDCG{at}", format_real(shown_ndcg(evaluation)), tooltip("ndcg")),
    ]


def metric_row(evaluation: Evaluation) -> None:
    """CG, DCG, ideal DCG and nDCG at the convention's cutoff, as big numbers.

    Two cards a row: four in a row leave each about 110 px at 1366 px, which cut a value as
    short as ``1103.155``; two fit the longest text format_real writes (11 characters)."""
    cards = metric_cards(evaluation)
    for row, pair in zip((st.columns(2), st.columns(2)), (cards[:2], cards[2:]), strict=True):
        for column, (_, label, value, help_text) in zip(row, pair, strict=True):
            column.metric(label, value, help=help_text)
    result_notes(evaluation)


def result_notes(evaluation: Evaluation) -> None:
    """What the cards' numbers need said: one outside [0, 1] or set by a rule, exact sums."""
    for note in evaluation_notes(evaluation):
        st.caption(note)
    if evaluation.exact:
        st.caption(
            "These gains overflow a 64-bit float, so the sums were done exactly in decimal "
            "arithmetic; huge values are shown in scientific notation."
        )


def chart_block(evaluation: Evaluation, *, room: int) -> None:
    """The three linked charts (hover a position to highlight it everywhere), drawn to fit
    ``room`` px (:mod:`components.screen` says how wide a column is), with text sized for
    the screen (a projector's larger, a phone's at least 12 px)."""
    width = fitted_width(room)
    spec = shared_view(
        "chart", (view_key(evaluation), width), lambda: _chart_spec(evaluation, width)
    )
    font_size = chart_font_size()
    if font_size is not None:
        spec = with_text_size(spec, font_size)
    st.vega_lite_chart(spec, width="content")
    st.caption(chart_note(evaluation.rows))


def position_table(
    evaluation: Evaluation, *, key: str, titles: Mapping[str, str] | None = None
) -> None:
    """The per-position table, as readable text, a page at a time for long lists; a title
    column where documents have ``titles``."""
    rows = evaluation.rows
    first = 0
    if rows > TABLE_PAGE_ROWS:
        pages = math.ceil(rows / TABLE_PAGE_ROWS)
        page = st.number_input(
            f"Table page (of {pages}, {TABLE_PAGE_ROWS} positions each)",
            min_value=1,
            max_value=pages,
            value=1,
            step=1,
            key=f"{key}_table_page",
        )
        first = (int(page) - 1) * TABLE_PAGE_ROWS
    shown = _display_arrow(evaluation, first, titles)
    st.table(shown, hide_index=True)


EXPORT_KEY = "lab_export"  # the downloads' expander: open or not


def export_open() -> bool:
    """Whether the downloads' expander is open (its downloads are of the order it was drawn
    with)."""
    return bool(st.session_state.get(EXPORT_KEY))


def export_block(evaluation: Evaluation) -> None:
    """Downloads (table, charts, the view) and the Python that reproduces the numbers."""
    box = st.expander(
        "Download, save, reproduce in Python",
        icon=":material/download:",
        key=EXPORT_KEY,
        on_change="rerun",
    )
    if not box.open:  # drawn only when open: it costs a rerun nothing otherwise
        return
    unretrieved = current_unretrieved()
    titles = current_titles()
    view = current_view(evaluation.convention)
    # label, data, file name, MIME type, icon, help. Data made in this run is a file whose
    # address Streamlit takes from its content: a click that crosses a rerun still gets it.
    # A callable is only run on click, through an id that lives until the next run of this
    # fragment: the chart images, 0.14-0.41 s each, are made so; the table (under 3 ms at
    # 1,000 documents) and the view are made now (benchmarks/exports.py; the click's test:
    # tests/browser/test_downloads_browser.py).
    downloads: tuple[tuple[str, Any, str, str, str, str], ...] = (
        (
            "Table (CSV)",
            table_csv(evaluation, titles),
            "ndcg-table.csv",
            "text/csv",
            ":material/table:",
            "Every position, and any titles, at full precision; opens in a spreadsheet.",
        ),
        (
            "Charts (PNG)",
            lambda: chart_image(chart_spec(evaluation), "png"),
            "ndcg-charts.png",
            "image/png",
            ":material/image:",
            "The three charts, for slides.",
        ),
        (
            "Charts (SVG)",
            lambda: chart_image(chart_spec(evaluation), "svg"),
            "ndcg-charts.svg",
            "image/svg+xml",
            ":material/draw:",
            "The three charts, scalable, for print.",
        ),
        (
            "This view (JSON)",
            view_to_json(view),  # the whole view, as the share menu's "Save this view"
            "ndcg-view.json",
            "application/json",
            ":material/save:",
            "Open it again under “Open a saved view”: same list, same convention.",
        ),
    )
    with box:
        with st.container(horizontal=True):
            for label, data, file_name, mime, icon, help_text in downloads:
                st.download_button(
                    label,
                    data=data,
                    file_name=file_name,
                    mime=mime,
                    on_click="ignore",
                    icon=icon,
                    key=f"lab_download_{file_name.rsplit('.', 1)[1]}",
                    help=help_text,
                )
        snippet = python_snippet(evaluation, unretrieved)
        if snippet.library == "scikit-learn":
            st.markdown("**Reproduce in Python** with scikit-learn:")
        else:
            st.markdown(
                "**Reproduce in Python.** scikit-learn cannot give these numbers: "
                f"{snippet.why_not_sklearn}. nDCG Lab's own core (`pip install -e .` in this "
                "project) does:"
            )
        st.code(snippet.code, language="python")


def table_columns(evaluation: Evaluation, columns: list[str], *, rows: int = 20) -> None:
    """Part of the per-position table: only the named columns (as display_table names them)."""
    shown = _display_table(evaluation, 0)
    st.table(shown[[c for c in columns if c in shown.columns]].head(rows), hide_index=True)
