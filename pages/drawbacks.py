"""Drawbacks: what nDCG cannot tell apart, each with the fix the seed notes propose."""

import streamlit as st

from components.cache import altair_chart, shared
from components.chrome import linked_toggle, page_header
from components.glossary import tooltip
from components.navigation import run_through_app
from components.screen import screen_size
from components.state import PERSIST
from ndcg_core import Evaluation, TiePolicy, format_real
from ndcg_core.metric.notes import evaluation_notes
from ndcg_core.pictures.score_charts import curves_chart
from ndcg_core.pictures.tables import format_frame
from ndcg_core.teaching.drawbacks import (
    Pair,
    bad_documents,
    equally_good,
    missing_documents,
    seed004_by_tie_policy,
    seed004_pair,
)

run_through_app()


def side_by_side(pair: Pair) -> tuple[Evaluation, Evaluation]:
    """Two lists, their grades and their scores, next to each other."""
    results = shared(Pair.evaluate, pair)
    for column, side, result in zip(st.columns(2), (pair.left, pair.right), results, strict=True):
        with column, st.container(border=True):
            st.markdown(f"**{side.name}**")
            st.code(", ".join(format_real(g) for g in side.grades), language=None)
            ndcg_text = format_real(result.ndcg)
            left, right = st.columns(2)
            left.metric(f"DCG{_at(result)}", format_real(result.dcg), help=tooltip("dcg"))
            right.metric(f"nDCG{_at(result)}", ndcg_text, help=tooltip("ndcg"))
            for note in evaluation_notes(result):
                st.caption(note)
    return results


def choose(
    label: str,
    options: list[str],
    *,
    default: str,
    key: str,
    names: dict[str, str] | None = None,
) -> str:
    """One of ``options``: segmented buttons on a wide screen, a radio list on a narrow one,
    where the buttons' long names wrap and split the group apart. The two share ``key``, so
    the choice survives a turn of the phone."""
    shown = (names or {}).get
    if screen_size().narrow:
        choice = st.radio(
            label,
            options,
            index=options.index(st.session_state.get(key, default)),
            format_func=lambda option: shown(option, option),
            key=key,
            persist_state=PERSIST,
        )
    else:
        choice = st.segmented_control(
            label,
            options,
            format_func=lambda option: shown(option, option),
            default=default,
            key=key,
            persist_state=PERSIST,
            required=True,
        )
    return choice or default


def _at(evaluation: Evaluation) -> str:
    k = evaluation.convention.cutoff_k
    return "" if k is None else f"@{k}"


page_header(
    "Drawbacks",
    "nDCG is a ratio against the best possible order of the documents it is given. Each case "
    "below shows two lists that deserve different scores, why nDCG gives the same one, and "
    "what changes it.",
)

with st.container(border=True):
    st.subheader("1. Bad documents cost nothing", anchor=False)
    pair_name = choose(
        "Example",
        ["seed004", "seed000"],
        names={
            "seed004": "[3] against [3, 0, 0] (seed 004)",
            "seed000": "Good ×3 against Good ×3 + Bad (seed 000)",
        },
        default="seed004",
        key="drawback_bad_pair",
    )
    fixed = linked_toggle(
        "Fix: grade Good / Fair / Bad as 1 / 0 / −1 (every grade one step lower)",
        key="drawback_bad_fix",
        switch="fix1",
    )
    side_by_side(bad_documents(pair_name, fixed=fixed))
    if not fixed:
        st.markdown(
            "**Why:** an irrelevant document has gain 0, so it adds nothing to DCG, and the "
            "ideal ranking re-sorted from the same list ends with the same zeros. Both ratios "
            "are 1."
        )
    else:
        st.markdown(
            "**With the fix:** a bad document now has a negative gain and pulls DCG down. "
            "This only works if the ideal may leave that place empty (negative grades count "
            "as 0 in the ideal): re-sorting the list itself would put the −1 at the end of "
            "the ideal too, and both would still score 1. The price: nDCG is no longer "
            "bounded by 0 (a list of only bad documents scores below zero). Seed 000's own "
            "pair, {1, 1, 1} against {1, 1, 1, 0}, read as three Fair results, becomes "
            "{0, 0, 0} against {0, 0, 0, −1}: its ideal DCG is 0 and nDCG is undefined, so "
            "the fix needs at least one Good result, as in the pair shown."
        )

with st.container(border=True):
    st.subheader("2. Missing documents cost nothing", anchor=False)
    pair_name = choose(
        "Example",
        ["seed004", "seed000"],
        names={
            "seed004": "[3, 3, 3] against [3, 3, 3, 3] (seed 004)",
            "seed000": "{1, 1, 1} against {1, 1, 1, 1, 1} (seed 000)",
        },
        default="seed000",
        key="drawback_missing_pair",
    )
    pad = linked_toggle(
        "Fix part 1: a fixed cutoff k, missing places count 0", key="drawback_pad", switch="fix2a"
    )
    judged = linked_toggle(
        "Fix part 2: the ideal from every relevant document, shown or not",
        key="drawback_judged",
        switch="fix2b",
    )
    side_by_side(missing_documents(pair_name, pad_to_k=pad, ideal_from_judged=judged))
    if pad and not judged:
        st.markdown(
            "**Padding alone is not enough:** the shorter list padded with zeros is still "
            "compared with its own re-sorted self, which has the same zeros at the end. Both "
            "still score 1."
        )
    elif judged:
        st.markdown(
            "**Now they differ:** the ideal knows every relevant document, so a list that "
            "stops early is measured against the full set it left out."
        )
    else:
        st.markdown(
            "**Why:** each list is judged against the ideal order of its own documents. A "
            "list that shows fewer good documents is, in its own terms, perfectly ordered."
        )

with st.container(border=True):
    st.subheader("3. Several equally good results: nDCG@1 sees only the first", anchor=False)
    st.markdown(
        "Searching for *restaurants*: one list has a single good nearby restaurant at the top, "
        "the other has five. At nDCG@1 only the first result counts, and both have a good one."
    )
    judged_restaurants = linked_toggle(
        "Judge against all five good restaurants (ideal from judged documents)",
        key="drawback_restaurants_judged",
        switch="fix3",
    )
    curve, pair = shared(equally_good, ideal_from_judged=judged_restaurants)
    table_box, chart_box = st.columns([1, 1.4])
    table_box.table(format_frame(curve), hide_index=True)
    altair_chart(chart_box, curves_chart, curve, x="k", y_title="nDCG@k", width=360)
    st.caption(
        "With the ideal taken from each list itself, the one-restaurant list scores 1 at every "
        "k: its four misses are already in ideal order. Only an ideal that knows all five good "
        "restaurants separates the lists, and only from k = 2 on."
    )

with st.container(border=True):
    st.subheader("4. Seed 004's two numbers for one list", anchor=False)
    st.markdown(
        "Seed 004 adds up 3 + 1.26 + 0.3868 for the list 3, 2, 0, 0, 1, which is **4.65**, yet "
        "writes DCG ≈ 4.67 and prints a library result of **4.6706**. The library call did not "
        "rank that list: it passed the true grades as [3, 2, 1, 0, 0] and the shown grades as "
        "*scores*. Ranked by those scores, D3 (grade 1) and D4 (grade 0) tie at score 0, and "
        "scikit-learn averages a tie: each tied place gets gain 0.5. Other tie policies give "
        "other numbers:"
    )
    policy = choose(
        "Tie policy for the library call",
        [p.value for p in TiePolicy],
        default=TiePolicy.AVERAGE.value,
        key="drawback_seed004_ties",
    )
    text_result, library_result = shared(seed004_pair, TiePolicy(policy))
    text_box, library_box = st.columns(2)
    with text_box, st.container(border=True):
        st.markdown("**The text's list** 3, 2, 0, 0, 1")
        left, right = st.columns(2)
        left.metric("DCG", format_real(text_result.dcg, 4))
        right.metric("nDCG", format_real(text_result.ndcg, 4))
    with library_box, st.container(border=True):
        st.markdown(f"**The library call**, ties: {policy}")
        left, right = st.columns(2)
        left.metric("DCG", format_real(library_result.dcg, 4))
        right.metric("nDCG", format_real(library_result.ndcg, 4))
    with st.expander("Every tie policy at once"):
        st.table(shared(seed004_by_tie_policy), hide_index=True)
