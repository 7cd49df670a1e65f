"""Playground: type or drag grades into an order and watch CG, DCG and nDCG respond."""

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import streamlit as st

from components.browser_library import browser_library
from components.chrome import full_controls, page_header
from components.compare_mode import (
    compare_toggle,
    comparison_chart,
    comparison_paragraph,
    comparison_table,
    current_comparison,
    link_compare,
    ranking_b_controls,
    stakeholder_download,
)
from components.convention_picker import follow_choices, presenter_choices
from components.grade_editor import TypedThen, apply_typed_text, grade_editor, table_open
from components.live_view import drawn_whole
from components.navigation import run_through_app
from components.reorder import live_ranking, live_ranking_a, order_controls
from components.results import (
    chart_block,
    convention_line,
    current_evaluation,
    evaluate_current,
    export_block,
    export_open,
    metric_row,
    position_table,
    result_notes,
)
from components.screen import STACKS_BELOW, screen_size
from components.stale_note import input_error_standing, list_stale_note
from components.state import (
    current_convention,
    current_titles,
    run_app_for_handed_convention,
    sync_url,
    view_mode,
)
from ndcg_core import Convention, NdcgError

run_through_app()

# The share of the width the results take, beside the list (one ranking) or the two (compare).
RESULTS_SHARE, COMPARE_SHARE = 0.56, 0.54
PLAYGROUND = "lab_playground"  # the page's fragment below its header (st.rerun names it)
LIVE_PART = "lab_live_part"  # the live view's fragment inside it (st.rerun names it)

page_header(
    "Playground",
    "Grades say how relevant each document is (0 = not relevant). Put them in the order a "
    "search engine showed them, and see how much of the best possible order it achieved.",
)


def presenting() -> bool:
    """Presenter view: the numbers and the list on the left, the chart beside them, and the
    grade editor below (a projector shows one screen)."""
    return view_mode() == "present"


def editor(place: Any, convention: Convention, typed_then: TypedThen | None = None) -> None:
    """The grade editor, drawn before the numbers so that a table edit it applies is in this
    run's numbers (``place`` says where it shows; ``typed_then``, see :func:`grade_editor`).
    An embedded view shows the list its link gives, without it."""
    if view_mode() == "embed":
        return
    with place:
        grade_editor(convention, typed_then)


def one_ranking() -> None:
    """The editor; then the list with its reordering buttons, its numbers, charts and table,
    drawn in the browser (a drop or a button repaints them at once, and the run it starts
    only acknowledges it) for a list the browser draws whole, else by the server; then the
    notes and downloads.

    Part of the page's fragment, not one of its own: a fragment costs every new session a
    block and a copy of the page's containers (about 5% of its server time), and a
    change that reruns more than the live view's part (:func:`live_part`) is rare (the table
    editor, an input's error, the downloads open)."""
    convention = current_convention()
    if not _ranking_parts(convention):
        sync_url(convention)  # the page's fragment's own reruns skip app.py


def _ranking_parts(convention: Convention) -> bool:
    """What :func:`one_ranking` draws, in the places the screen gives them; True when the
    live view's part drew the list (and put the view in the URL)."""
    screen = screen_size()
    # What is drawn last goes straight into the fragment: a container fewer to send.
    shown: AbstractContextManager[Any]
    if presenting():  # a projector shows one screen: the list, numbers and charts first
        shown, inputs = st.container(), st.container()
        beside = inputs  # the editor below them
    elif screen.viewport <= STACKS_BELOW:  # a phone: the list right under the editor
        inputs, beside, shown = st.container(), st.container(), nullcontext()
    else:
        inputs, beside = st.columns([1 - RESULTS_SHARE, RESULTS_SHARE], gap="large")
        shown = nullcontext()
    editor(inputs, convention, _after_typed)
    with beside:
        list_stale_note(convention)  # an input error above keeps the last list's numbers
        evaluation = evaluate_current(convention)
    if evaluation is None:
        follow_choices(PLAYGROUND)  # a choice may end the error
        return False
    if drawn_whole(evaluation):  # its reordering buttons are the live view's
        with shown:
            live_part()
            # It does not change at a drop (the downloads are drawn only while open, and then
            # a drop reruns this fragment, _after_reorder): the drop's run leaves it be.
            if full_controls():
                export_block(evaluation)
        # A choice in the sidebar changes the live view's part alone, or the downloads too.
        follow_choices(PLAYGROUND if export_open() else LIVE_PART)
        return True
    follow_choices(PLAYGROUND)
    room = screen.column(RESULTS_SHARE)
    with beside:
        metric_row(evaluation)
        chart_block(evaluation, room=room)
    with inputs:
        order_controls()
    with shown:
        st.subheader("Position by position", anchor=False)
        st.caption(convention_line(convention))
        position_table(evaluation, key="playground", titles=current_titles())
        if full_controls():
            export_block(evaluation)
    return False


@st.fragment(key=LIVE_PART)
def live_part() -> None:
    """The live view of the list and the notes on its numbers; the view in the URL.

    A fragment of its own inside the page's: a drop or a press in the view reruns only
    this part (the grade box above follows the new order in the browser), unless what else
    the ranking shows must follow it too (:func:`_after_reorder`)."""
    run_app_for_handed_convention()  # a run of this part alone must not draw the old one
    convention = current_convention()
    evaluation = evaluate_current(convention)
    if evaluation is not None:
        live_ranking(
            evaluation,
            room=screen_size().column(RESULTS_SHARE),
            rerun_after=_after_reorder,
            on_typed=_typed_in_view,
        )
        result_notes(evaluation)  # a note can depend on the order (a negative nDCG)
    sync_url(convention)


def _after_reorder() -> str | None:
    """What must rerun after a reorder in the live view, decided before it is stored (the
    store clears the errors looked at here): the page's whole fragment when it shows the
    order in a part the server draws (the table editor; the note that an input's error keeps,
    which names the last list; the open downloads, made for the order drawn), else only the
    live view's part (None)."""
    if export_open():
        return PLAYGROUND
    if view_mode() == "embed":
        return None
    if table_open() or input_error_standing(current_convention()):
        return PLAYGROUND
    return None


def _live_draws_list() -> bool:
    """Whether the live view's part draws the current list: it evaluates under the
    convention, and is drawn whole (:func:`_ranking_parts` draws the part then)."""
    try:
        return drawn_whole(current_evaluation(current_convention()))
    except NdcgError:
        return False


def _typed_alone(store: Callable[[], bool]) -> bool:
    """Store a list typed into the grade box; True when the live view's part alone then
    shows all that follows it: it showed the last list and shows the new one, and nothing
    else the page's fragment draws follows the list (:func:`_after_reorder`: asked first, as
    storing clears the errors it looks at). The box already shows the text as typed; the
    view hands it the new list's words."""
    alone = _after_reorder() is None and _live_draws_list()
    return store() and alone and _live_draws_list()


def _after_typed(store: Callable[[], bool]) -> None:
    """A list the grade box sent itself (no live view took it): its run is the page's whole
    fragment, or the live view's part alone (:func:`_typed_alone`)."""
    if _typed_alone(store):
        st.rerun(LIVE_PART)


def _typed_in_view(text: str) -> None:
    """A list typed into the grade box that the live view sent (its run is the view's part
    alone, one run where the box's own would be two): the page's whole fragment reruns
    instead when more than the view must follow (:func:`_typed_alone`)."""
    if not _typed_alone(lambda: apply_typed_text(text)):
        st.rerun(PLAYGROUND)


def two_rankings(convention: Convention) -> None:
    """Ranking A (the list) and ranking B side by side, their numbers, charts and why."""
    titles = current_titles()
    rankings, results = st.columns([1 - COMPARE_SHARE, COMPARE_SHARE], gap="large")
    why = st.container()  # the paragraph and every number, right under the two rankings
    editor(st.container() if presenting() else rankings, convention)
    with results:
        list_stale_note(convention)
        comparison = current_comparison(convention, titles)
        if comparison is not None:
            comparison_chart(comparison, room=screen_size().column(COMPARE_SHARE))
    with rankings:
        ranking_a, ranking_b = st.columns(2)
        with ranking_a:
            st.subheader("Ranking A", anchor=False)
            if comparison is not None and drawn_whole(comparison.a):
                live_ranking_a(comparison.a)
            else:
                order_controls()
        with ranking_b:
            st.subheader("Ranking B", anchor=False)
            ranking_b_controls(titles, comparison.b if comparison is not None else None)
    if comparison is not None:
        with why:
            comparison_paragraph(comparison)
            comparison_table(comparison)
            st.caption(convention_line(convention))
            if full_controls():
                stakeholder_download(comparison, titles)


@st.fragment(key=PLAYGROUND)
def playground() -> None:
    """The compare switch and what it shows: a change here reruns only this part (a drop, a
    typed list or a sidebar choice in one ranking, mostly only the live view's part,
    :func:`live_part`)."""
    run_app_for_handed_convention()  # a saved view or seed example changed the convention
    if presenting():  # the sidebar is hidden: the live choices are beside the switch
        with st.container(horizontal=True, vertical_alignment="bottom", gap="large"):
            comparing = compare_toggle()
            presenter_choices()
    else:
        comparing = compare_toggle()
    link_compare(comparing)  # in the view before anything writes it into the URL
    follow_choices(PLAYGROUND)  # compare mode: all of it (one ranking says less)
    if comparing:
        convention = current_convention()
        two_rankings(convention)
        sync_url(convention)  # a fragment rerun skips app.py; in a full run app.py then need not
    else:
        one_ranking()


playground()
browser_library()  # outside the fragment: sent with the page, not with each drop
