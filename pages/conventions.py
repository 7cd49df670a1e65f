"""Conventions: one list under every choice, and what each library would say about it."""

from typing import Any

import streamlit as st

from components.cache import altair_chart, shared
from components.chrome import error_box, page_header, plain
from components.glossary import what_is
from components.navigation import run_through_app
from components.screen import chart_font_size, screen_size
from components.state import PERSIST, current_convention, current_list, current_unretrieved
from ndcg_core import NdcgError, parse_grades
from ndcg_core.metric.parsing import format_grades
from ndcg_core.pictures.score_charts import VARIANTS_CHART_WIDTH, variants_chart
from ndcg_core.teaching.drawbacks import SEED004_SCORES, SEED004_TRUE_GRADES
from ndcg_core.teaching.lessons import (
    convention_variants,
    library_verdicts,
    negative_grade_policies,
    tie_policies,
    zero_ideal_policies,
)

run_through_app()


def parsed_text_input(
    where: Any,
    label: str,
    *,
    key: str,
    default: str,
    length: int | None = None,
    help: str | None = None,
) -> tuple[float, ...] | None:
    """A text box of numbers, parsed by the core. A bad edit shows its error under the box and
    the last good numbers stay in use (None if there are none, or no longer ``length`` of
    them), so what the page showed stays on screen."""
    st.session_state.setdefault(key, default)
    text = where.text_input(label, key=key, help=help, persist_state=PERSIST)
    last_good_key = f"{key}_last_good"
    try:
        values = parse_grades(text).grades if text.strip() else ()
        if length is not None and len(values) != length:
            msg = f"Give {length} numbers, one per document; got {len(values)}."
            raise NdcgError(msg)
    except NdcgError as error:
        last_good: tuple[float, ...] | None = st.session_state.get(last_good_key)
        if last_good is not None and length is not None and len(last_good) != length:
            last_good = None
        kept = "" if last_good is None else f" Still showing {format_grades(last_good)[:80]}."
        error_box(str(error) + kept, where)
        return last_good
    st.session_state[last_good_key] = values
    return values


convention = current_convention()
grade_list = current_list()
page_header(
    "Conventions",
    "The same grades give different numbers under different conventions, and well-known "
    "libraries choose differently. Your list (from the Playground): "
    + plain(format_grades(grade_list.grades, grade_list.labels)[:200]),
)

st.subheader("Gain, discount and ideal, side by side", anchor=False)
what_is("judged")
left, right = st.columns(2)
unretrieved = parsed_text_input(
    left,
    "Judged documents that were not retrieved (grades)",
    key="conv_page_unretrieved",
    default=format_grades(current_unretrieved()) if current_unretrieved() else "3, 1",
    help="They only count when the ideal comes from all judged documents.",
)
reader_base = right.number_input(
    "Your base b for Järvelin-Kekäläinen",
    min_value=1.5,
    max_value=100.0,
    value=3.0,
    step=0.5,
    key="conv_page_reader_base",
    persist_state=PERSIST,
)
variants = shared(
    convention_variants,
    grade_list.grades,
    unretrieved=unretrieved or (),
    reader_base=float(reader_base),
    cutoff_k=convention.cutoff_k,
)
st.table(variants.drop(columns=["ndcg_value"]), hide_index=True)
for choice, why in variants.attrs.get("not_computed", {}).items():
    st.caption(f"{plain(choice)}: not computed. {plain(why)}")
# Streamlit fits a one-panel chart into its width, axes and all: at most the page's, less
# Vega's padding, or it is shrunk, its text with it.
chart_width = min(VARIANTS_CHART_WIDTH, screen_size().content - 40)
altair_chart(
    st,
    variants_chart,
    variants,
    width=chart_width,
    **({} if (size := chart_font_size()) is None else {"font_size": size}),
    element_width="content",
)
st.caption(
    "Log base 2, e or 10: the DCG columns change, nDCG does not. Exponential gain weights "
    "high grades more. Järvelin-Kekäläinen leaves the first b - 1 positions undiscounted. "
    "Judged documents the list missed raise the ideal and lower nDCG."
)

st.subheader("Tied scores", anchor=False)
st.markdown(
    "When documents are ranked by a model's scores, equal scores leave the order open. "
    "Give each document of your list a score; the default gives them all the same score, "
    "so every document ties. (Load seed 004's list 3, 2, 1, 0, 0 in the Playground to get "
    "its scores 3, 2, 0, 0, 1 here.)"
)
scores_default = (
    format_grades(SEED004_SCORES)
    if grade_list.grades == SEED004_TRUE_GRADES
    else ", ".join("1" for _ in grade_list.grades)
)
if st.session_state.get("conv_page_scores_length") != len(grade_list.grades):
    # A list of another length came from the Playground: the scores typed for the old one
    # cannot fit it, so the box starts again from this list's default (not with an error).
    st.session_state["conv_page_scores"] = scores_default
    st.session_state["conv_page_scores_length"] = len(grade_list.grades)
scores = parsed_text_input(
    st,
    "Scores, one per document of your list",
    key="conv_page_scores",
    default=scores_default,
    length=len(grade_list.grades),
)
if scores is not None:
    ties = shared(tie_policies, grade_list.grades, scores, labels=grade_list.labels)
    # The labels are the reader's text, and st.table renders Markdown.
    ties["ranked documents"] = [plain(row) for row in ties["ranked documents"]]
    st.table(ties, hide_index=True)

st.subheader("When no document is relevant", anchor=False)
st.markdown(
    "A query whose grades are all 0 has ideal DCG 0, and nDCG = 0 / 0. The answer is a "
    "choice, and it moves a mean over queries:"
)
st.table(shared(zero_ideal_policies, grade_list.grades), hide_index=True)

st.subheader("Negative grades", anchor=False)
negatives = parsed_text_input(
    st,
    "A list with negative grades",
    key="conv_page_negatives",
    default="1, 1, 1, -1",
)
if negatives is not None:
    st.table(shared(negative_grade_policies, negatives), hide_index=True)

st.subheader("What would each library say about your list?", anchor=False)
st.caption(
    "Computed by nDCG Lab under each library's preset, with the shown list as the run and "
    "the list plus the judged-but-missed grades above as the judgements."
)
st.table(
    shared(
        library_verdicts,
        grade_list.grades,
        unretrieved=unretrieved or (),
        cutoff_k=convention.cutoff_k,
    ),
    hide_index=True,
)
