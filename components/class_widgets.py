"""Widgets the two class pages share: the header, a question as students see it, the
answer box, the spread chart, the reveal and the QR code.

The store is :meth:`classroom.store.ClassStore.from_settings` (one engine per process, the
one shared object allowed); sessions see each other only through the database.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from typing import Any

import altair as alt
import pandas as pd
import segno
import streamlit as st

from classroom.store import ClassError, ClassStore, DatabaseDown
from components.browser_id import browser_name
from components.chrome import enter_presenter_button, leave_presenter_button, plain, title_row
from components.drag_order import convention_scores_frame, graded_order_list, rankings_a_and_b
from components.exercise_widgets import choice_radio
from components.formula import formula
from components.screen import PROJECTOR_WIDTH, chart_font_size, screen_size
from components.state import PERSIST, keep_secret_in_address, view_mode
from components.view_parts import set_page_part
from ndcg_core import format_grades, format_real
from ndcg_core.links.view import PagePart
from ndcg_core.pictures.style import with_text_size
from ndcg_core.questions.class_questions import ClassQuestion
from ndcg_core.questions.class_reveal import Reveal, Spread
from ndcg_core.teaching.kinds.base import AnswerInput, GradeLine, Numbered, Part, RankingsAB

# Checks for news every this many seconds: one indexed read while nothing changes.
LIVE_SECONDS = 1.5
# While the database is down, a page tries again by itself this often.
RETRY_SECONDS = 5.0
RIGHT_COLOUR = "#009E73"  # Okabe-Ito bluish green, as the app's curves
DOT_COLOUR = "#56B4E9"  # Okabe-Ito sky blue: clear on light and dark themes
SLIP_COLOUR = "#E69F00"  # Okabe-Ito orange: an answer at a named slip
OTHER_COLOUR = "#999999"


def store() -> ClassStore:
    """The class database for this process's settings."""
    return ClassStore.from_settings()


def client_id() -> str:
    """Who is joining, for the store: this browser's secret random name, kept in a cookie
    (:func:`components.browser_id.browser_name`; this session's own while none is known). The
    store counts wrong codes and joins under it and gives the same browser its own student
    back."""
    return browser_name()


def own_student(code: object) -> str | None:
    """The token of the student this browser made in the room with join code ``code``, if
    it joined before (another tab, a reload, the link opened again) and the room is live."""
    if not isinstance(code, str) or not code:
        return None
    try:
        found = store().students_own(code, client_id())
    except ClassError:  # the database is not answering: the join form says so on Join
        return None
    return None if found is None else found.token


def client_address() -> str | None:
    """The browser's network address, for the store's per-address limits; None if unknown.

    Streamlit's own ``st.context.ip_address``: None for a loopback peer. Streamlit's server
    (uvicorn) takes the address from ``X-Forwarded-For`` only when the peer is loopback (its
    ``FORWARDED_ALLOW_IPS`` default), which behind ``make serve`` is HAProxy; HAProxy drops
    any such header a client sent and sets its own (deploy/haproxy.cfg), so a browser cannot
    choose the address it is counted under."""
    address = st.context.ip_address
    return address if isinstance(address, str) else None


def class_header(
    title: str,
    caption: str,
    *,
    secret: str | None,
    presenter: bool,
    view: PagePart | None = None,
) -> None:
    """The page's title and lead. ``secret`` names the link parameter of the secret this
    page keeps in its address (so a reload finds the session), or None; it is never drawn,
    and no share menu is offered here. ``view`` is the page's own part of the view."""
    set_page_part(view or {})
    if secret is not None:
        keep_secret_in_address(secret)
    with title_row(title):
        if view_mode() == "present":
            leave_presenter_button()
        elif presenter:
            enter_presenter_button(
                "Presenter view",
                key="class_present",
                help="Bigger text and no sidebar, for the projector. Your private link "
                "is hidden there.",
            )
    if caption:
        st.caption(caption)


def database_note(error: DatabaseDown) -> None:
    """A live part of a page could not reach the database: say so where it stands, while
    the rest of the page, and anything typed into it, stays."""
    st.warning(
        f"{plain(str(error))} Trying again every few seconds; nothing is lost.",
        icon=":material/cloud_off:",
    )


def wait_for_the_database(error: DatabaseDown, probe: Callable[[], object], *, key: str) -> None:
    """Say the class database is not answering, and keep trying: ``probe`` (a read the page
    needs) is called every few seconds, and once it works the whole page is drawn again.
    Nothing here drops the teacher's key or the student's token, and what a student typed
    stays in its box: the page only waits."""
    st.warning(
        f"{plain(str(error))} This page tries again by itself every {RETRY_SECONDS:.0f} "
        "seconds; your class session and anything you typed are kept.",
        icon=":material/cloud_off:",
    )
    st.button("Try again now", icon=":material/refresh:", key=key)  # a rerun keeps everything
    _retry_by_itself(probe)


@st.fragment(run_every=RETRY_SECONDS)
def _retry_by_itself(probe: Callable[[], object]) -> None:
    try:
        probe()
    except DatabaseDown:
        return
    st.rerun(scope="app")


def qr_png(url: str) -> bytes:
    """The link as a QR code, a PNG drawn by segno (dark on light, with a quiet zone)."""
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=10, border=3)
    return buffer.getvalue()


def show_question(question: ClassQuestion, number: int) -> None:
    """The question as the class reads it: its prompt and the lists its kind shows, as text."""
    title = question.title if question.title.endswith("?") else f"{question.title}."
    st.markdown(f"**Question {number}. {title}** {plain(question.prompt)}")
    for part in question.kind.shown(question):
        show_part(part)


def show_part(part: Part) -> None:
    """One thing a kind shows of a question (:data:`ndcg_core.teaching.kinds.base.Part`):
    a list to copy, rankings A and B, or numbered lines."""
    if isinstance(part, GradeLine):
        st.code(format_grades(part.grades, part.labels), language=None)
        if part.unretrieved:
            st.caption(f"Judged but not retrieved: {format_grades(part.unretrieved)}")
    elif isinstance(part, RankingsAB):
        rankings_a_and_b(part.a, part.b)
    else:
        _numbered(part)


def _numbered(part: Numbered) -> None:
    items = "\n".join(f"{i}. {plain(text)}" for i, text in enumerate(part.items, start=1))
    st.markdown(f"{part.heading}\n{items}" if part.heading else items)


def answer_input(question: ClassQuestion, key: str) -> None:
    """The widgets a student answers with, drawn from the kind's declared answer input
    (:func:`raw_answer` reads what they hold).

    Numbers are typed (the box keeps what was typed after a refusal); choices are picked.
    """
    ex = question.exercise
    kind = question.kind
    if kind.answer_input is AnswerInput.NUMBER:
        st.text_input(
            f"Your answer: {ex.convention.label}",
            key=f"{key}_number",
            placeholder="for example 0.88",
            persist_state=PERSIST,  # no max_chars: the browser drops a longer paste unseen
        )
    elif kind.answer_input is AnswerInput.CHOICE:
        for choice in kind.choices(question):
            choice_radio(choice, f"{key}_{choice.key}", persist=False)
    else:
        graded_order_list(ex.labels, ex.grades, order_key=f"{key}_order", sort_key=f"{key}_sort")


def raw_answer(question: ClassQuestion, key: str) -> str | None:
    """What :func:`answer_input`'s widgets hold, as the text ``parse_answer`` reads (None
    until every part is chosen): a choice kind's picks joined by ", "."""
    state = st.session_state
    kind = question.kind
    if kind.answer_input is AnswerInput.NUMBER:
        typed: str | None = state.get(f"{key}_number")
        return typed or None
    if kind.answer_input is AnswerInput.CHOICE:
        picked = [state.get(f"{key}_{choice.key}") for choice in kind.choices(question)]
        return None if any(p is None for p in picked) else ", ".join(str(p) for p in picked)
    order = state.get(f"{key}_order")
    return ", ".join(order) if order else None


def spread_chart(
    spread: Spread, *, mark_right: bool, height: int = 240
) -> alt.Chart | alt.LayerChart:
    """A dot plot of numeric answers (one dot each, stacked), or bars of choices; with the
    right value (or right choices) in green once revealed."""
    if spread.bars:
        frame = pd.DataFrame(
            {
                "answer": [b.label for b in spread.bars],
                "answers": [b.count for b in spread.bars],
                "right": ["right" if b.right and mark_right else "answer" for b in spread.bars],
            }
        )
        bars: alt.Chart = (
            alt.Chart(frame)
            .mark_bar()
            .encode(
                y=alt.Y("answer:N", sort=None, title=None),
                x=alt.X("answers:Q", axis=alt.Axis(tickMinStep=1), title="answers"),
                color=alt.Color(
                    "right:N",
                    scale=alt.Scale(domain=["answer", "right"], range=[DOT_COLOUR, RIGHT_COLOUR]),
                    legend=None,
                ),
                tooltip=["answer:N", "answers:Q"],
            )
            .properties(height=height)
        )
        return bars
    marks = {"right": "right", "slip": "at a named slip", "other": "other"}
    frame = pd.DataFrame(
        {
            "answer": [d.value for d in spread.dots],
            "count": [d.stack + 1 for d in spread.dots],
            "answers": [marks[d.mark] if mark_right else "answer" for d in spread.dots],
        }
    )
    tallest = max([d.stack + 1 for d in spread.dots], default=1)
    colours = (
        alt.Scale(domain=list(marks.values()), range=[RIGHT_COLOUR, SLIP_COLOUR, OTHER_COLOUR])
        if mark_right
        else alt.Scale(domain=["answer"], range=[DOT_COLOUR])
    )
    dots: alt.Chart = (
        alt.Chart(frame)
        .mark_circle(size=140, opacity=0.9)
        .encode(
            x=alt.X(
                "answer:Q",
                # padding keeps a dot at 1 whole; the labels stay inside the domain
                scale=alt.Scale(domain=[spread.axis_low, 1], padding=12),
                # ticks (and so grid lines) only inside the answers' range, each labelled
                axis=alt.Axis(values=answer_ticks(spread.axis_low)),
                title="answer",
            ),
            y=alt.Y(
                "count:Q",
                scale=alt.Scale(domain=[0, max(tallest, 3) + 0.5]),
                axis=alt.Axis(tickMinStep=1),
                title="answers",
            ),
            color=alt.Color(
                "answers:N",
                scale=colours,
                legend=alt.Legend(orient="top", title=None) if mark_right else None,
            ),
            tooltip=[alt.Tooltip("answer:Q", format=".2f"), "count:Q"],
        )
    )
    if not mark_right or spread.right_value is None:
        return dots.properties(height=height)
    right = pd.DataFrame(
        {"answer": [spread.right_value], "label": [f"right: {format_real(spread.right_value)}"]}
    )
    rule = (
        alt.Chart(right)
        .mark_rule(color=RIGHT_COLOUR, strokeWidth=2, strokeDash=[6, 3])
        .encode(x="answer:Q")
    )
    return alt.LayerChart(layer=[dots, rule]).properties(height=height)


def answer_ticks(low: float) -> list[float]:
    """Tick values from ``low`` to 1 at a round step, at most 6 of them.

    >>> answer_ticks(0.0), answer_ticks(0.7)
    ([0.0, 0.2, 0.4, 0.6, 0.8, 1.0], [0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0])
    >>> len(answer_ticks(0.1))
    10
    """
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5):
        count = round((1.0 - low) / step)
        if count <= 6 and math.isclose(low + count * step, 1.0, abs_tol=1e-9):
            return [round(low + i * step, 4) for i in range(count + 1)]
    count = round((1.0 - low) / 0.1)  # low is a tenth (Spread.axis_low)
    return [round(low + i * 0.1, 4) for i in range(count + 1)]


def show_spread(spread: Spread, *, mark_right: bool, key: str) -> None:
    """The chart, and the same answers as text (a chart is not read by every reader)."""
    if not spread.answered:
        st.caption("No answers yet.")
        return
    if spread.bars:
        height = max(120, 44 * len(spread.bars))
    else:
        # A 1920 projector has the room; on a laptop presenting, the chart starts half way down.
        projector = view_mode() == "present" and screen_size().viewport >= PROJECTOR_WIDTH
        height = 320 if projector else 240
    spec = spread_chart(spread, mark_right=mark_right, height=height).to_dict()
    size = chart_font_size()  # a projector's 16 px in presenter view, 12 on a phone
    drawn = spec if size is None else with_text_size(spec, size)
    st.vega_lite_chart(drawn, key=key, height=height + 60)  # room for the axis and legend
    if spread.outside:
        shown = ", ".join(format_real(x) for x in spread.outside[:8])
        more = " …" if len(spread.outside) > 8 else ""
        st.caption(f"Outside 0 to 1 (not plotted): {shown}{more}")


def show_reveal(shown: Reveal, *, key: str, count_in: Any = None) -> None:
    """The right answer, how to get it, the spread with it marked, and the slips named. The
    count of right answers goes in ``count_in`` if given (a column beside), else above the
    spread."""
    spread = shown.spread
    st.success(plain(shown.right_answer), icon=":material/check_circle:")
    st.markdown(plain(shown.explanation))
    right, answered = spread.right_count, spread.answered
    (st if count_in is None else count_in).metric("Right", f"{right} of {answered}")
    show_spread(spread, mark_right=True, key=key)
    counted = [c for c in shown.slip_counts if c.count]
    if counted:
        st.markdown("**Slips in the room**")
        st.markdown("\n".join(f"- {plain(c.sentence)}" for c in counted))
    quiet = [c for c in shown.slip_counts if not c.count]
    if quiet or shown.slip_notes:
        with st.expander("Slips nobody made, and those this question cannot show"):
            for count in quiet:
                st.markdown(
                    f"- {plain(count.group.name)} would give {format_real(count.group.value)}."
                )
            for note in shown.slip_notes:
                st.markdown(f"- {plain(note)}")
    if shown.steps:
        with st.expander("The worked answer"):
            for step in shown.steps:
                formula(step.filled)
    if shown.compare_rows:
        st.table(convention_scores_frame(shown.compare_rows), hide_index=True)
