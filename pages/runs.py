"""Your run: score a whole evaluation file, per query, with a confidence interval, and compare two."""

from pathlib import Path
from typing import Any

import numpy as np
import streamlit as st

from components.cache import altair_chart, remember, shared, vega_lite_spec
from components.chrome import page_header, plain
from components.navigation import run_through_app
from components.state import PERSIST, current_convention, open_in_playground
from ndcg_core import NdcgError, TiePolicy, format_real
from ndcg_core.charts import difference_chart, histogram_chart
from ndcg_core.export import per_query_csv
from ndcg_core.formatting import printf_format
from ndcg_core.run_files import EvaluationFile, read_evaluation_file
from ndcg_core.run_limits import MAX_ID_CHARS
from ndcg_core.run_rows import query_rows
from ndcg_core.run_table import (
    PLOTTED_QUERIES,
    QueryOrder,
    QueryPage,
    QueryTable,
    plotted_differences,
)
from ndcg_core.runs import RunScores, evaluate_files, query_ranking
from ndcg_core.significance import bootstrap_interval, compare_runs

run_through_app()

ASSETS = Path(__file__).resolve().parent.parent / "assets"


def evaluation_file(
    label: str, *, key: str, what: str, example: str | None
) -> tuple[EvaluationFile | None, str, str]:
    """An uploader whose file the core reads once; the example stands in until one is given.

    Returns the file read (None if neither), where it came from, and a name for this very
    file (an upload's id) to remember its scores by. A bad file shows its error right under
    the uploader and the last good file of that uploader stays in use.
    """
    cap = st.get_option("server.maxUploadSize")  # megabytes; the server refuses bigger files
    uploaded = st.file_uploader(
        label,
        key=key,
        type=None,
        help=f"TREC format or CSV with a header: plain text (UTF-8), at most {cap} MB.",
    )
    state_key, read_key = f"{key}_last_good", f"{key}_read"
    if uploaded is not None and st.session_state.get(read_key, (None,))[0] != uploaded.file_id:
        problem = None  # each upload is read once, not on every rerun
        with st.status(f"Reading {plain(uploaded.name)}…") as status:
            try:
                file = read_evaluation_file(uploaded.getvalue(), what)
            except NdcgError as error:
                problem = f"{plain(uploaded.name)}: {plain(str(error))}"
                status.update(label=f"{plain(uploaded.name)} was not read", state="error")
            else:
                st.session_state[state_key] = (file, uploaded.name, uploaded.file_id)
                status.update(
                    label=f"Read {plain(uploaded.name)}: {file.rows:,} lines", state="complete"
                )
        st.session_state[read_key] = (uploaded.file_id, problem)
    if uploaded is not None and (problem := st.session_state[read_key][1]):
        st.error(problem, icon=":material/error:")
    if state_key in st.session_state:
        file, name, file_id = st.session_state[state_key]
        return file, name, file_id
    if example is None:
        return None, "", ""
    return _cached_example(example, what), f"example: {example}", example


@st.cache_data(show_spinner=False)
def _cached_example(name: str, what: str) -> EvaluationFile:
    return read_evaluation_file((ASSETS / name).read_bytes(), what)


def scored(
    run: EvaluationFile, qrels: EvaluationFile, files: tuple[str, str], **options: Any
) -> RunScores:
    """The run's scores, computed once per session for these files (named by their upload
    ids) and options: an uploaded run can be 200 MB, too large for the shared cache and too
    slow to score again on every rerun."""
    with st.spinner("Scoring the run…", show_time=True):
        scores: RunScores = remember(
            "runs_scores",
            (*files, *options.items()),
            lambda: evaluate_files(run, qrels, **options),
        )
    return scores


def _first_page() -> None:
    st.session_state["runs_table_page"] = 1  # a new search or order starts at its top


def query_table_page(table: QueryTable) -> QueryPage:
    """A search box, an order and a page number over a table of 50 queries: light in the
    browser at any size (a million rows froze Chromium). Returns the page shown."""
    search, order_box = st.columns([3, 2])
    contains = search.text_input(
        "Find a query",
        key="runs_find",
        max_chars=MAX_ID_CHARS,
        placeholder="part of a query id",
        on_change=_first_page,
    )
    order = order_box.selectbox(
        "Order", [o.value for o in QueryOrder], key="runs_order", on_change=_first_page
    )
    requested = int(st.session_state.get("runs_table_page", 1))
    page = table.page(requested, contains=contains.strip(), order=QueryOrder(order))
    st.dataframe(
        page.rows,
        hide_index=True,
        column_config={"ndcg": st.column_config.NumberColumn("nDCG", format=printf_format())},
    )
    caption, number = st.columns([3, 2], vertical_alignment="center")
    caption.caption(plain(page.caption()))
    if page.pages > 1:
        st.session_state["runs_table_page"] = page.page  # within the pages there are now
        number.number_input(
            f"Page (of {page.pages:,})", min_value=1, max_value=page.pages, key="runs_table_page"
        )
    return page


page_header(
    "Your run",
    "Upload judgements (qrels: qid 0 docid grade) and a run (qid Q0 docid rank score tag), "
    "or CSV files with a header. Until you do, a small example is scored.",
)
sidebar_convention = current_convention()
left, middle, right = st.columns(3)
with left:
    qrels, qrels_name, qrels_id = evaluation_file(
        "Judgements (qrels)", key="runs_qrels", what="qrels", example="example.qrels"
    )
with middle:
    run_a, run_a_name, run_a_id = evaluation_file(
        "Run A", key="runs_a", what="run", example="example_run_bm25.txt"
    )
with right:
    run_b, run_b_name, run_b_id = evaluation_file(
        "Run B (optional, to compare)",
        key="runs_b",
        what="run",
        example="example_run_neural.txt",
    )

options_left, options_right = st.columns(2)
ties = options_left.selectbox(
    "Tied scores in runs",
    [p.value for p in TiePolicy],
    index=[p.value for p in TiePolicy].index("trec_eval"),
    key="runs_ties",
    persist_state=PERSIST,
    help="Evaluation files expect trec_eval's rule (score, then document id, descending); "
    "the sidebar's other choices apply as they are.",
)
missing_zero = options_right.toggle(
    "Judged queries missing from a run score 0",
    value=True,
    key="runs_missing_zero",
    persist_state=PERSIST,
)
convention = sidebar_convention.with_changes(ties=TiePolicy(ties))
st.caption(f"Scoring {plain(str(convention))}; qrels: {plain(qrels_name)}.")

if qrels is not None and run_a is not None:
    options = {"convention": convention, "score_missing_as_zero": missing_zero}
    scores_a = scored(run_a, qrels, (run_a_id, qrels_id), **options)
    values = scores_a.ndcg.astype(np.float64)
    # Once per scoring: a million queries' bootstrap takes seconds, too large to share.
    low, high = remember("runs_interval", id(scores_a), lambda: shared(bootstrap_interval, values))
    mean_box, queries_box, missing_box = st.columns(3)
    mean_box.metric(
        f"Mean {convention.label}, run A",
        format_real(scores_a.mean),
        help="95% bootstrap interval below: queries resampled 2,000 times.",
    )
    mean_box.caption(f"95% interval {format_real(low)} to {format_real(high)}")
    queries_box.metric("Queries scored", f"{len(scores_a.qids):,}")
    missing_text = f"{scores_a.missing_from_run:,} judged queries were not in the run and " + (
        "scored 0." if missing_zero else "were left out."
    )
    if scores_a.not_judged:
        missing_text += f" {scores_a.not_judged:,} run queries had no judgements and were skipped."
    missing_box.caption(missing_text)

    table_box, chart_box = st.columns([1, 1])
    with table_box:
        query_table = remember("runs_query_table", id(scores_a), lambda: QueryTable(scores_a))
        shown = query_table_page(query_table)
    # Streamlit's own table download is off (client.disableDataExport): it wrote ids raw.
    table_box.download_button(
        "Scores per query (CSV)",
        data=lambda: per_query_csv(scores_a),
        file_name="ndcg-per-query.csv",
        mime="text/csv",
        on_click="ignore",
        icon=":material/table:",
        key="runs_download_csv",
        help="Every query of run A: DCG, ideal DCG and nDCG at full precision.",
    )
    histogram = remember(
        "runs_histogram",
        (id(scores_a), convention.label),
        lambda: vega_lite_spec(histogram_chart(values, title=f"{convention.label} per query")),
    )
    chart_box.vega_lite_chart(histogram)

    worst = query_table.page(1, order=QueryOrder.WORST).rows.slice(0, 3)
    st.caption(
        "Lowest: "
        + ", ".join(
            f"{plain(str(q))} ({format_real(v)})"
            for q, v in zip(worst["qid"].to_pylist(), worst["ndcg"].to_pylist(), strict=True)
        )
    )
    pick, go = st.columns([3, 1], vertical_alignment="bottom")
    if st.session_state.get("runs_pick") not in shown.qids:  # another page, another search
        st.session_state["runs_pick"] = next(iter(shown.qids), None)
    qid = pick.selectbox(
        "Look at one query in the Playground",
        shown.qids,  # this page's: a picker of a million ids froze the browser
        key="runs_pick",
        persist_state=PERSIST,
        help="The queries of the table's page; find others with the search box.",
    )
    if go.button("Open in Playground", key="runs_open", width="stretch", disabled=qid is None):
        query_run, query_qrels = query_rows(run_a, qrels, str(qid))
        open_in_playground(
            query_ranking(query_run, query_qrels, str(qid), TiePolicy(ties)), convention
        )

    if run_b is not None:
        st.subheader("Run A against run B", anchor=False)
        scores_b = scored(run_b, qrels, (run_b_id, qrels_id), **options)
        comparison = remember(
            "runs_comparison",
            (id(scores_a), id(scores_b)),
            lambda: compare_runs(scores_a, scores_b),
        )
        a_box, b_box, p_box = st.columns(3)
        a_box.metric("Run A", format_real(scores_a.mean))
        b_box.metric(
            "Run B", format_real(scores_b.mean), delta=format_real(comparison.mean_difference)
        )
        p_box.metric("p-value (paired randomisation)", format_real(comparison.p_value))
        st.markdown(
            f"Run B is better on **{comparison.better}** queries and worse on "
            f"**{comparison.worse}** (of {len(comparison.per_query):,}). If A and B were really "
            "the same system, a mean difference at least this large would turn up by chance "
            f"with probability {format_real(comparison.p_value)}"
            + (
                ": unlikely, so the difference is probably real."
                if comparison.p_value < 0.05
                else ": not rare enough to rule chance out."
            )
        )
        plotted = plotted_differences(comparison.per_query)
        altair_chart(st, difference_chart, plotted)
        if len(plotted) < len(comparison.per_query):
            st.caption(
                f"Over {PLOTTED_QUERIES} queries the chart draws {PLOTTED_QUERIES} evenly "
                "spaced ones of the differences, largest to smallest."
            )
