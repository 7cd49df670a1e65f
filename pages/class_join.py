"""Join a class: a student types the code (or opens the link), answers, and sees the reveal."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from classroom.store import ClassError, DatabaseDown, Question, Student
from components.browser_id import keep_browser_name
from components.cache import remember
from components.chrome import plain, show_error
from components.class_widgets import (
    LIVE_SECONDS,
    answer_input,
    class_header,
    client_address,
    client_id,
    database_note,
    own_student,
    raw_answer,
    show_question,
    show_reveal,
    store,
    wait_for_the_database,
)
from components.guess_help import show_diagnosis
from components.navigation import run_through_app
from components.state import PERSIST, STUDENT_TOKEN, clear_errors, set_error
from components.view_parts import from_view
from ndcg_core import NdcgError
from ndcg_core.links.secret_params import STUDENT_TOKEN_PARAM
from ndcg_core.links.view import MAX_JOIN_CODE
from ndcg_core.questions.class_questions import (
    ClassQuestion,
    answer_label,
    from_payload,
    is_right,
    parse_answer,
)
from ndcg_core.questions.class_reveal import own_diagnosis, reveal
from ndcg_core.questions.class_rules import NICKNAME_MAX

run_through_app()

TOKEN = STUDENT_TOKEN  # this student's secret: from the page's own link, or from joining
CODE = "class_join_code"  # the code box (the join link fills it)
NICKNAME = "class_join_nickname"
WHERES = ("class_join", "class_answer")  # where a refusal shows (set_error): one at a time
SEEN = "class_join_seen"  # the room's change stamp when the page was last drawn
LAST = "class_join_last"  # (student, question, their answer) as last read from the store
from_view(CODE, "join_code")
token: str | None = st.session_state.get(TOKEN) or own_student(st.session_state.get(CODE))
if token:  # this browser's student in the link's room, if it joined before: kept
    st.session_state[TOKEN] = token


def _join() -> None:
    clear_errors(*WHERES)
    try:
        student = store().join(
            st.session_state.get(CODE, ""),
            st.session_state.get(NICKNAME) or None,
            client_id(),
            address=client_address(),
        )
    except ClassError as error:
        set_error("class_join", str(error))
    else:
        st.session_state[TOKEN] = student.token


def _leave() -> None:
    for key in (TOKEN, SEEN, LAST):
        st.session_state.pop(key, None)
    clear_errors(*WHERES)


def _send(student_token: str, question_id: int, question: ClassQuestion, key: str) -> None:
    clear_errors(*WHERES)
    raw = raw_answer(question, key)
    if not raw:
        set_error("class_answer", "Choose or type an answer first.")
        return
    try:
        value = parse_answer(question, raw)
        stored = store().submit_answer(student_token, question_id, value)
    except (NdcgError, ClassError) as error:
        set_error("class_answer", str(error))
        return
    if not stored:
        set_error(
            "class_answer", "You had already answered this question: the first answer counts."
        )


def join_screen() -> None:
    with st.container(border=True, key="class_join_form"):
        st.text_input(
            "Join code",
            key=CODE,
            placeholder="for example K7M2QX",
            max_chars=20,
            persist_state=PERSIST,
        )
        st.text_input(
            "Nickname (optional)",
            key=NICKNAME,  # no max_chars: the browser would drop a longer paste unseen
            help=f"Plain text, at most {NICKNAME_MAX} characters, that your teacher may see "
            "beside your answers. Leave it empty to stay a number.",
            persist_state=PERSIST,
        )
        # No type="primary" (nor anywhere in the app): Streamlit writes white on the dark theme's
        # light-blue primary colour, 2.3:1, which axe-core flags (tests/browser/test_class_browser.py).
        st.button("Join", icon=":material/login:", on_click=_join)
        show_error("class_join")
    kept = pd.DataFrame(
        {
            "kept": ["a random number for you", "your nickname, if you give one", "your answers"],
            "not kept": ["your name", "an email or account", "your address or device"],
        }
    )
    st.caption("What the class session keeps (for a day at most)")
    st.table(kept, hide_index=True)


@st.fragment(run_every=LIVE_SECONDS)
def follow_teacher(
    student_token: str, code: str, shown: tuple[int, str] | None, *, offline: bool
) -> None:
    """Draws nothing (but a note while the database is down). Every tick reads the room's
    change stamp; only when it moved does it look at the current question, and only when
    that changed does the page redraw. A page drawn from memory (``offline``, the database
    was down) is redrawn as soon as the database answers."""
    now: tuple[int, str] | None  # a question's (id, state), or the room's end
    try:
        stamp = store().change_stamp(code)
        if offline:
            st.rerun(scope="app")
        if stamp == st.session_state.get(SEEN):
            return
        st.session_state[SEEN] = stamp
        found = store().current_question(student_token)
        now = None if found is None else (found.id, found.state)
    except DatabaseDown as error:
        # The question and what the student typed stay; the next tick tries again.
        st.session_state.pop(SEEN, None)
        database_note(error)
        return
    except ClassError:
        now = (-1, "over")  # the room ended: the full page says so
    if now != shown:
        st.rerun(scope="app")


def question_screen(student_token: str, found: Question, mine: str | None) -> None:
    question = remember("class_question", found.id, lambda: from_payload(found.kind, found.payload))
    with st.container(border=True):
        show_question(question, found.number)
    if found.state == "revealed":
        values = [a.value for a in store().revealed_answers(student_token, found.id)]
        shown = remember("class_reveal", (found.id, len(values)), lambda: reveal(question, values))
        if mine is not None:
            verdict = "right" if is_right(question, mine) else "not right"
            st.info(
                f"Your answer: {plain(answer_label(question, mine))} ({verdict}).",
                icon=":material/person:",
            )
            diagnosis = own_diagnosis(question, mine)
            if diagnosis is not None and diagnosis.names_the_mistake:
                show_diagnosis(diagnosis)
        show_reveal(shown, key=f"class_student_reveal_{found.id}")
        return
    if mine is not None:
        st.success(
            f"Answer received: {plain(answer_label(question, mine))}. Wait for the reveal.",
            icon=":material/check_circle:",
        )
        show_error("class_answer")  # a second tab's answer, refused
        return
    if found.state != "open":
        st.info(
            "Answers are closed for this question. Wait for the reveal.", icon=":material/lock:"
        )
        return
    key = f"class_answer_{found.id}"
    answer_input(question, key)
    st.button(
        "Send answer",
        icon=":material/send:",
        on_click=_send,
        args=(student_token, found.id, question, key),
        key=f"{key}_send",
        help="Only your first answer counts.",
    )
    show_error("class_answer")


def room_screen(student_token: str) -> None:
    offline = False
    try:
        student: Student = store().student(student_token)
        stamp = store().change_stamp(student.room_code)
        found = store().current_question(student_token)
        mine = None if found is None else store().my_answer(student_token, found.id)
    except DatabaseDown as error:
        # Any rerun while the database is down (a click, a reconnect) draws the page as it
        # was last seen, so the question and the box the student is typing into stay.
        last = st.session_state.get(LAST)
        if last is None or last[0].token != student_token:
            raise  # nothing to show yet: the page waits for the database (below)
        student, found, mine = last
        database_note(error)
        offline = True
    except ClassError as error:
        st.warning(plain(str(error)), icon=":material/info:")
        st.button("Join a class", on_click=_leave, key="class_rejoin")
        return
    else:
        st.session_state[SEEN] = stamp
        st.session_state[LAST] = (student, found, mine)
    who = f"student {student.number}" + (f" ({student.nickname})" if student.nickname else "")
    st.caption(f"You are {plain(who)} in class {student.room_code}.")
    follow_teacher(
        student_token,
        student.room_code,
        None if found is None else (found.id, found.state),
        offline=offline,
    )
    if found is None:
        st.info("Waiting for your teacher's first question…", icon=":material/hourglass_top:")
    else:
        question_screen(student_token, found, mine)


def student_page(student_token: str) -> None:
    """The room, or a wait while the database is down (the token is kept)."""
    try:
        room_screen(student_token)
    except DatabaseDown as error:
        wait_for_the_database(error, lambda: store().student(student_token), key="class_join_retry")


typed_code = st.session_state.get(CODE, "")[:MAX_JOIN_CODE]
class_header(
    "Join a class",
    "" if token else "Type the code your teacher shows, or open their link.",
    secret=STUDENT_TOKEN_PARAM if token else None,
    presenter=False,
    # The code typed or linked stays in the address until the student joins: a reload
    # keeps it in the box. (It is the room's public code, not a secret.)
    view={"join_code": typed_code} if typed_code and not token else {},
)
if token is None:
    join_screen()
else:
    student_page(token)
keep_browser_name()  # draws nothing: the cookie that gives this browser its student back
