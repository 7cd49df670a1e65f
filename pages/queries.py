"""Several queries: per-query nDCG@k, the mean over queries, and the binary metrics beside it."""

import streamlit as st

from components.cache import shared
from components.chrome import error_box, page_header, plain
from components.formula import formula
from components.navigation import run_through_app
from components.stale_note import shortened, stale_note
from components.state import PERSIST, current_convention
from components.view_parts import add_to_view, from_view
from ndcg_core import NdcgError
from ndcg_core.runs.queries import (
    Query,
    mean_variants,
    metrics_disagree,
    parse_queries,
    queries_table,
    query_means,
    query_notes,
    zero_ideal_means,
)

run_through_app()


def parsed_queries_input(
    label: str, *, key: str, default: str
) -> tuple[tuple[Query, ...] | None, str | None]:
    """A text area of queries (see ``parse_queries``); an error shows under it, and the last
    good queries stay in use, as the Playground keeps its last good list.

    Returns the queries in use and, while the box holds an error, the text they were read
    from (``None`` when they are the box's own). Text other than the default goes into the
    page's view (and its link, when the link has room).
    """
    from_view(key, "queries")
    st.session_state.setdefault(key, default)
    text = st.text_area(label, key=key, height=140, persist_state=PERSIST)
    if text != default:  # (sync_url leaves it out of a link it would make too long)
        add_to_view({"queries": text})
    try:
        queries = parse_queries(text)
    except NdcgError as error:
        error_box(str(error))
        last_good: tuple[Query, ...] | None = st.session_state.get(f"{key}_last_good")
        last_text: str | None = st.session_state.get(f"{key}_last_good_text")
        return last_good, last_text if last_good else None
    st.session_state[f"{key}_last_good"] = queries
    st.session_state[f"{key}_last_good_text"] = text
    return queries, None


DEFAULT_QUERIES = """seed000: 3, 2, 3, 0, 1, 2
seed004: 3, 2, 0, 0, 1
short: 3, 1 | 3, 2
nothing relevant: 0, 0, 0"""

convention = current_convention()
page_header(
    "Several queries",
    "One list says little about a search engine. Keep a few queries, each with its own "
    "ranked grades, and average their nDCG@k, as seed 001's NDCG(Q, k) does.",
)

formula(
    r"NDCG(Q, k) = \frac{1}{|Q|} \sum_{j=1}^{|Q|} Z_{k,j} \sum_{m=1}^{k}"
    r" \frac{2^{R(j,m)} - 1}{\log_2(1 + m)}"
)
st.caption(
    "Z normalises each query so that its ideal order scores 1. Seed 001 writes the gain as "
    "2^R - 1; the sidebar's gain applies here."
)
left, right = st.columns([0.6, 0.4], gap="large")
with left:
    queries, stale_text = parsed_queries_input(
        "Queries, one a line: name: grades | grades of judged documents it did not retrieve",
        key="queries_text",
        default=DEFAULT_QUERIES,
    )
with right:
    threshold = st.number_input(
        "Relevant from grade",
        min_value=0.0,
        value=1.0,
        step=1.0,
        key="queries_threshold",
        persist_state=PERSIST,
        help="The binary metrics (precision, recall, AP, RR) count a document as relevant when "
        "its grade is at least this.",
    )
    if convention.cutoff_k is None:
        st.info(
            "Set a cutoff k in the sidebar (say 5): seed 001's formula sums each query to k, "
            "or to its own length k' when it shows fewer results.",
            icon=":material/info:",
        )

if queries:
    if stale_text is not None:  # an error in the box: these are the last good queries
        stale_note("queries", shortened(" / ".join(filter(None, stale_text.splitlines()))))
    st.subheader("Each query", anchor=False)
    table = shared(queries_table, queries, convention, threshold=threshold)
    table["query"] = [plain(name) for name in table["query"]]  # st.table renders Markdown
    st.table(table, hide_index=True)
    for note in shared(query_notes, queries, convention):  # an nDCG below 0 or set by a rule
        st.caption(plain(note))

    st.subheader("The means over the queries", anchor=False)
    st.caption(
        "AP and RR averaged over queries are MAP and MRR. The means do not all count the same "
        "queries: the last column says what each does with a query that has no relevant document."
    )
    st.table(shared(query_means, queries, convention, threshold=threshold), hide_index=True)

    st.subheader("Queries with fewer than k results", anchor=False)
    st.markdown(
        "Seed 001 sums such a query only to its own length, so a query that shows one perfect "
        "result scores 1. Padding it with zeros against an ideal built from everything judged, "
        "or leaving it out, gives other means:"
    )
    st.table(shared(mean_variants, queries, convention), hide_index=True)

    st.subheader("A query with no relevant document", anchor=False)
    st.markdown("Its nDCG is 0 / 0. What the mean does with it depends on the convention:")
    st.table(shared(zero_ideal_means, queries, convention), hide_index=True)

st.subheader("When the metrics disagree", anchor=False)
st.markdown(
    "nDCG weighs grades; precision, recall, AP and RR only ask relevant or not. For the same "
    "need (one excellent and three fair documents judged), the first ranking shows the "
    "excellent one and two misses, the second shows the three fair ones: nDCG prefers the "
    "first, precision and AP the second. MAP, like precision, ignores how relevant a document is "
    "beyond the threshold; nDCG ignores nothing but the order past k."
)
st.table(shared(metrics_disagree, threshold=threshold), hide_index=True)
