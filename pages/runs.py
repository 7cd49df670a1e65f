"""Your run: score a whole evaluation file, per query, with a confidence interval, and compare two."""

import streamlit as st

from components.cache import altair_chart
from components.chrome import page_header, plain
from components.navigation import run_through_app
from components.run_uploads import (
    comparison,
    evaluation_file,
    first_table_page,
    per_query_csv_later,
    run_view,
)
from components.state import PERSIST, current_convention, open_in_playground
from ndcg_core import TiePolicy, format_real
from ndcg_core.metric.measures import MEASURES
from ndcg_core.pictures.score_charts import difference_chart
from ndcg_core.runs.limits import MAX_ID_CHARS
from ndcg_core.runs.rows import query_rows
from ndcg_core.runs.scoring import query_ranking
from ndcg_core.runs.table import (
    PLOTTED_QUERIES,
    QueryOrder,
    QueryPage,
    QueryTable,
    plotted_differences,
)
from ndcg_core.text.formatting import printf_format

run_through_app()


def query_table_page(table: QueryTable) -> QueryPage:
    """A search box, an order and a page number over a table of 50 queries: light in the
    browser at any size (a million rows froze Chromium). Returns the page shown."""
    search, order_box = st.columns([3, 2])
    contains = search.text_input(
        "Find a query",
        key="runs_find",
        max_chars=MAX_ID_CHARS,
        placeholder="part of a query id",
        on_change=first_table_page,
    )
    order = order_box.selectbox(
        "Order", [o.value for o in QueryOrder], key="runs_order", on_change=first_table_page
    )
    requested = int(st.session_state.get("runs_table_page", 1))
    page = table.page(requested, contains=contains.strip(), order=QueryOrder(order))
    st.dataframe(
        page.rows,
        hide_index=True,
        column_config={
            "ndcg": st.column_config.NumberColumn(
                MEASURES["nDCG"].label(None), format=printf_format()
            )
        },
    )
    caption, number = st.columns([3, 2], vertical_alignment="center")
    caption.caption(plain(page.caption()))
    if page.pages > 1:
        st.session_state["runs_table_page"] = page.page  # within the pages there are now
        number.number_input(
            f"Page (of {page.pages:,})", min_value=1, max_value=page.pages, key="runs_table_page"
        )
    return page


def show_page() -> None:
    """The page, in a function: what it reads and scores are its locals, gone when it
    returns (a page's globals outlive the run in the cycle its functions make with them,
    which an idle server's garbage collector may not reach for a long time)."""
    page_header(
        "Your run",
        "Upload judgements (qrels: qid 0 docid grade) and a run (qid Q0 docid rank score tag), "
        "or CSV files with a header. Until you do, a small example is scored.",
    )
    sidebar_convention = current_convention()
    left, middle, right = st.columns(3)
    with left:
        qrels, qrels_name, qrels_id = evaluation_file(
            "Judgements (qrels)",
            key="runs_qrels",
            what="qrels",
            example="example.qrels",
        )
    with middle:
        run_a, _, run_a_id = evaluation_file(
            "Run A",
            key="runs_a",
            what="run",
            example="example_run_bm25.txt",
        )
    with right:
        run_b, _, run_b_id = evaluation_file(
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
        with st.spinner("Scoring the run…", show_time=True):
            view_a = run_view((run_a_id, qrels_id), convention, missing_zero, run_a, qrels)
        scores_a, interval = view_a.scores, view_a.interval
        mean_box, queries_box, missing_box = st.columns(3)
        mean_box.metric(f"Mean {convention.label}, run A", format_real(scores_a.mean))
        mean_box.caption(
            f"95% interval {format_real(interval.low)} to {format_real(interval.high)}: "
            + interval.method.interval_reason()
        )
        queries_box.metric("Queries scored", f"{len(scores_a.qids):,}")
        missing_text = f"{scores_a.missing_from_run:,} judged queries were not in the run and " + (
            "scored 0." if missing_zero else "were left out."
        )
        if scores_a.not_judged:
            missing_text += (
                f" {scores_a.not_judged:,} run queries had no judgements and were skipped."
            )
        missing_box.caption(missing_text)

        table_box, chart_box = st.columns([1, 1])
        with table_box:
            query_table = view_a.table
            shown = query_table_page(query_table)
        # Streamlit's own table download is off (client.disableDataExport): it wrote ids raw.
        table_box.download_button(
            "Scores per query (CSV)",
            data=per_query_csv_later(scores_a),
            file_name="ndcg-per-query.csv",
            mime="text/csv",
            on_click="ignore",
            icon=":material/table:",
            key="runs_download_csv",
            help="Every query of run A: DCG, ideal DCG and nDCG at full precision.",
        )
        chart_box.vega_lite_chart(view_a.histogram)

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
            with st.spinner("Scoring run B…", show_time=True):
                scores_b = run_view(
                    (run_b_id, qrels_id), convention, missing_zero, run_b, qrels
                ).scores
                compared = comparison(
                    (run_a_id, run_b_id, qrels_id), convention, missing_zero, scores_a, scores_b
                )
            a_box, b_box, p_box = st.columns(3)
            a_box.metric("Run A", format_real(scores_a.mean))
            b_box.metric(
                "Run B", format_real(scores_b.mean), delta=format_real(compared.mean_difference)
            )
            p_box.metric("p-value (paired randomisation)", format_real(compared.p_value))
            p_box.caption("p-value from " + compared.method.p_value_reason())
            st.markdown(
                f"Run B is better on **{compared.better}** queries and worse on "
                f"**{compared.worse}** (of {len(compared.per_query):,}). If A and B were really "
                "the same system, a mean difference at least this large would turn up by chance "
                f"with probability {format_real(compared.p_value)}"
                + (
                    ": unlikely, so the difference is probably real."
                    if compared.p_value < 0.05
                    else ": not rare enough to rule chance out."
                )
            )
            plotted = plotted_differences(compared.per_query)
            altair_chart(st, difference_chart, plotted)
            if len(plotted) < len(compared.per_query):
                st.caption(
                    f"Over {PLOTTED_QUERIES} queries the chart draws {PLOTTED_QUERIES} evenly "
                    "spaced ones of the differences, largest to smallest."
                )


show_page()
