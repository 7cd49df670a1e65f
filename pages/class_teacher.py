"""Class: the teacher starts a session, asks questions, watches answers arrive and reveals."""

from __future__ import annotations

import contextlib
from types import MappingProxyType

import pandas as pd
import streamlit as st

from classroom.store import ClassError, DatabaseDown, Question
from components.cache import remember, shared
from components.chrome import error_box, full_controls, show_error
from components.class_widgets import (
    LIVE_SECONDS,
    class_header,
    database_note,
    qr_png,
    show_question,
    show_reveal,
    show_spread,
    store,
    wait_for_the_database,
)
from components.navigation import run_through_app
from components.screen import STACKS_BELOW, screen_size
from components.state import (
    PERSIST,
    TEACHER_KEY,
    clear_errors,
    current_convention,
    current_list,
    current_unretrieved,
    set_error,
    view_mode,
)
from ndcg_core import NdcgError
from ndcg_core.links.secret_params import TEACHER_KEY_PARAM
from ndcg_core.questions.class_questions import (
    ClassQuestion,
    from_exercise,
    from_list,
    from_payload,
    join_link,
    to_payload,
)
from ndcg_core.questions.class_reveal import reveal, spread, summary_csv
from ndcg_core.teaching.kinds import KINDS
from ndcg_core.teaching.practice import Level, exercise_set

run_through_app()

KEY = TEACHER_KEY  # the teacher key: from the private link, or a session started here
WHERES = ("class_start", "class_ask", "class_act")  # where a refusal shows: one at a time
LIVE = "class_teacher_live"  # (stamp, question id) -> spread, so a quiet tick reads nothing more
STATE_WORDS = MappingProxyType(
    {
        "draft": "not yet open",
        "open": "answers open",
        "closed": "answers closed",
        "revealed": "revealed",
    }
)
teacher_key: str | None = st.session_state.get(KEY)


def _start() -> None:
    clear_errors(*WHERES)
    try:
        st.session_state[KEY] = store().create_room().teacher_key
    except ClassError as error:
        set_error("class_start", str(error))


def _forget() -> None:
    st.session_state.pop(KEY, None)
    clear_errors(*WHERES)


def _ask(key: str, question: ClassQuestion, next_exercise: int | None) -> None:
    clear_errors(*WHERES)
    try:
        added = store().add_question(key, question.kind.name, to_payload(question))
        store().open_question(key, added.id)
    except ClassError as error:
        set_error("class_ask", str(error))
        return
    if next_exercise is not None:  # the picker moves on to the set's next exercise
        st.session_state["class_exercise"] = next_exercise


def _act(action: str, key: str, question_id: int) -> None:
    clear_errors(*WHERES)
    try:
        if action == "close":
            store().close_question(key, question_id)
        elif action == "reveal":
            store().reveal_question(key, question_id)
        else:
            store().end_room(key)
    except ClassError as error:
        set_error("class_act", str(error))


def _question(found: Question) -> ClassQuestion:
    return remember("class_question", found.id, lambda: from_payload(found.kind, found.payload))


def start_screen() -> None:
    st.markdown(
        "Start a session and the class joins from their phones or laptops with a short code, "
        "a link or a QR code: no account, no personal data. Ask a question, watch the "
        "answers arrive, then reveal the right one with the slips the room made."
    )
    kinds = pd.DataFrame(
        {
            "question": [kind.title for kind in KINDS.values()],
            "students answer with": [kind.answered_with for kind in KINDS.values()],
        }
    )
    st.table(kinds, hide_index=True)
    # No type="primary" (nor anywhere in the app): Streamlit writes white on the dark theme's
    # light-blue primary colour, 2.3:1, which axe-core flags (tests/browser/test_class_browser.py).
    st.button("Start a class session", icon=":material/groups:", on_click=_start)
    show_error("class_start")


def join_panel(code: str, key: str) -> None:
    join_url = join_link(st.context.url or "", code)
    words, picture = st.columns([0.6, 0.4], vertical_alignment="center")
    with words:
        st.metric("Join code", code)
        st.markdown("Or open this link:")
        st.code(join_url, language=None, wrap_lines=True)  # whole on a phone, not cut
        if view_mode() != "present":
            st.caption(
                "This page's address is your private teacher link: bookmark it to run this "
                "session from another browser. Anyone with it can run it too, so share the "
                "join link, never the address of this page."
            )
    picture.image(qr_png(join_url), caption="Scan to join", width=260)


def picker(key: str, next_number: int) -> None:
    st.subheader(f"Question {next_number}", anchor=False)
    source = st.segmented_control(
        "Ask",
        ["From Practice", "About the Playground's list"],
        default="From Practice",
        required=True,
        key="class_source",
        persist_state=PERSIST,
    )
    question: ClassQuestion | None = None
    next_exercise: int | None = None
    if source == "From Practice":
        with st.container(horizontal=True, vertical_alignment="bottom"):
            level = Level(
                st.segmented_control(
                    "Level",
                    [member.value for member in Level],
                    format_func=str.capitalize,
                    default=Level.EASY.value,
                    required=True,
                    key="class_level",
                    persist_state=PERSIST,
                )
            )
            seed = int(
                st.number_input(
                    "Exercise set",
                    min_value=1,
                    max_value=999_999_999,
                    value=1,
                    step=1,
                    key="class_seed",
                    persist_state=PERSIST,
                    width=160,
                )
            )
        exercises = remember("exercises", (seed, level), lambda: shared(exercise_set, seed, level))
        index = st.selectbox(
            "Exercise",
            range(len(exercises)),
            format_func=lambda i: f"{exercises[i].number}. {exercises[i].kind.title}",
            key="class_exercise",
            persist_state=PERSIST,
        )
        question = from_exercise(exercises[index], seed, level)
        next_exercise = (index + 1) % len(exercises)
    else:
        try:
            question = from_list(current_list(), current_convention(), current_unretrieved())
        except NdcgError as error:
            error_box(str(error))
            st.page_link("pages/playground.py", label="Edit the list in the Playground")
    if question is not None:
        with st.container(border=True):
            show_question(question, next_number)
        st.button(
            "Open this question to the class",
            icon=":material/play_arrow:",
            on_click=_ask,
            args=(key, question, next_exercise),
            key="class_open",
        )
    show_error("class_ask")


@st.fragment(run_every=LIVE_SECONDS)
def live_answers(key: str, code: str, found: Question, question: ClassQuestion) -> None:
    """The count and spread, redrawn every tick from what the last change left; the store
    is read again only when the room's change stamp moved."""
    cached = st.session_state.get(LIVE)
    try:
        stamp = store().change_stamp(code)
        if cached is None or cached[0] != (stamp, found.id):
            state_now = {q.id: q.state for q in store().questions(key)}.get(found.id)
            if state_now != found.state:
                st.rerun(scope="app")  # closed, revealed or ended elsewhere: redraw the page
            values = [answer.value for answer in store().answers(key, found.id)]
            cached = ((stamp, found.id), spread(question, values))
            st.session_state[LIVE] = cached
    except DatabaseDown as error:
        # The page stays as it is, the last count with it; the next tick tries again.
        database_note(error)
    except ClassError:
        st.rerun(scope="app")  # the session is over: the whole page says so
    if cached is None:
        return
    answered = cached[1]
    st.metric("Answers", answered.answered + answered.unreadable)
    show_spread(answered, mark_right=False, key=f"class_live_spread_{found.id}")


def current_panel(key: str, code: str, found: Question) -> None:
    question = _question(found)
    st.subheader(f"Question {found.number}: {STATE_WORDS[found.state]}", anchor=False)
    # The question beside its answers, live or revealed: the count, the spread and the right
    # answer in the first screen of a projector (under the question, the spread fell below
    # the fold of a 1366x768 one).
    asked, answered = st.columns([0.42, 0.58], gap="large")
    if found.state == "revealed":
        with asked, st.container(border=True):
            show_question(question, found.number)
        values = [answer.value for answer in store().answers(key, found.id)]
        shown = remember("class_reveal", (found.id, len(values)), lambda: reveal(question, values))
        with answered:
            # The count under the question: beside the spread it pushed the chart's axis
            # below the fold of a 1366x768 projector. Where the columns stack (a phone) it
            # stays with the answer it counts.
            stacked = screen_size().viewport <= STACKS_BELOW
            count_in = None if stacked else asked
            show_reveal(shown, key=f"class_reveal_spread_{found.id}", count_in=count_in)
        return
    with asked:
        with st.container(border=True):
            show_question(question, found.number)
        with st.container(horizontal=True):
            if found.state == "open":
                st.button(
                    "Close answers",
                    icon=":material/lock:",
                    on_click=_act,
                    args=("close", key, found.id),
                    key="class_close",
                )
            st.button(
                "Reveal the answer",
                icon=":material/visibility:",
                on_click=_act,
                args=("reveal", key, found.id),
                key="class_reveal",
                help="Closes answers too. Students then see the right answer and the spread.",
            )
        show_error("class_act")
    with answered:
        live_answers(key, code, found, question)


def summary_download(key: str, name: str) -> None:
    questions = store().questions(key)
    if questions and full_controls():
        numbered = {q.number: _question(q) for q in questions}
        st.download_button(
            "Download the summary (CSV)",
            summary_csv(numbered, store().summary_rows(key)),
            file_name=f"{name}.csv",
            mime="text/csv",
            icon=":material/download:",
            key="class_summary",
            on_click="ignore",
            help="One line per answer: question, right answer, anonymous student number, "
            "answer, right or not, and the slip it sits at.",
        )


def session_screen(key: str) -> None:
    try:
        room = store().room_for_teacher(key)
    except DatabaseDown:
        raise  # not a refusal: the page waits for the database (below)
    except ClassError as error:
        error_box(str(error))
        with contextlib.suppress(ClassError):  # an ended session keeps its summary an hour
            summary_download(key, "class-summary")
        st.button("Start a new session", on_click=_forget, key="class_forget")
        return
    questions = store().questions(key)
    if questions:  # the class is in: keep the code in sight, the rest one click away
        with st.expander(f"Join code {room.code}: the link and QR code for latecomers"):
            join_panel(room.code, key)
    else:
        join_panel(room.code, key)
    current = questions[-1] if questions else None
    if current is not None:
        current_panel(key, room.code, current)
    if current is None or current.state == "revealed":
        picker(key, len(questions) + 1)
    st.divider()
    with st.container(horizontal=True, vertical_alignment="center"):
        summary_download(key, f"class-{room.code}")
        st.button(
            "End the session",
            icon=":material/logout:",
            on_click=_act,
            args=("end", key, 0),
            key="class_end",
            help="Students can no longer answer; the summary stays downloadable for an hour.",
        )


def teacher_page(key: str) -> None:
    """The session, or a wait while the database is down (the key is kept)."""
    try:
        session_screen(key)
    except DatabaseDown as error:
        wait_for_the_database(
            error, lambda: store().room_for_teacher(key), key="class_teacher_retry"
        )


class_header(
    "Class",
    "" if teacher_key else "Ask the whole room a question and see what it thinks.",
    secret=TEACHER_KEY_PARAM if teacher_key else None,
    presenter=teacher_key is not None,
)
if teacher_key is None:
    start_screen()
else:
    teacher_page(teacher_key)
