"""Session and URL state: the one owner of the shared list, the convention's keys and the link.

The list of grades lives in ``st.session_state[LIST_KEY]`` (a GradeList), the convention in
the picker's widget keys, each page's own part of the view in ``PAGE_PART_KEY`` (set as the
page draws: :func:`set_page_part`, :func:`add_to_view`). Together they are the
:class:`~ndcg_core.links.view.View` (:func:`current_view`), which the URL mirrors, written once at
the end of every run by its one codec. A link is read once, when a session starts, and a
saved file when it is opened; both go through :func:`_open`, and a page takes its own part
from the opened view once (:func:`from_view`). Widgets change the list only through
``store_list``, the exercise set only through ``choose_practice_set``; only ``sync_url``
writes the URL.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

import streamlit as st

from components.cache import remember
from components.view_parts import current_page, page_part, wait_for_pages
from ndcg_core import CONVENTION_FIELDS, Convention, NdcgError, format_grades
from ndcg_core.links.length import fit_link
from ndcg_core.links.secret_params import STUDENT_TOKEN_PARAM, TEACHER_KEY_PARAM, split_secrets
from ndcg_core.links.view import (
    LONG_PARAMS,
    MODE_PARAM,
    READ_AGAINST_THE_LIST,
    Mode,
    PracticeAt,
    View,
    view_from_params,
    view_to_params,
)
from ndcg_core.metric.parsing import GradeList, ListWords, list_words
from ndcg_core.teaching.practice import Level
from ndcg_core.text.quoting import quoted

LIST_KEY = "lab_list"
UNRETRIEVED_KEY = "lab_unretrieved"
TITLES_KEY = "lab_titles"  # label -> title, for the documents that have one
TEXT_KEY = "lab_text"
UNRETRIEVED_TEXT_KEY = "lab_unretrieved_text"
VERSION_KEY = "lab_version"  # bumps whenever the list changes, to re-key the table and drag list
ERRORS_KEY = "lab_errors"  # where -> message, shown under the input that caused it
LINK_ERRORS_KEY = "lab_link_errors"
URL_LOADED_KEY = "lab_url_loaded"
LINK_LEFT_OUT_KEY = "lab_link_left_out"  # parameters too long for the link, for the share menu
MODE_KEY = "lab_mode"  # "" (everything), "present" (projector) or "embed" (content only)
PRACTICE_SEED_KEY = "practice_seed"
PRACTICE_LEVEL_KEY = "practice_level"
SHOWN_VIEW_KEY = "lab_shown_view"  # the View the last run wrote to the URL, for saving
RUN_KEY = "lab_run"  # counts app.py's runs
URL_RUN_KEY = "lab_url_run"  # the run of app.py whose URL sync_url wrote last
PENDING_CONVENTION_KEY = "lab_pending_convention"  # set by a page, applied before the picker draws
# The secrets, each under a key of its own, never in the view (ndcg_core.links.secret_params).
TEACHER_KEY = "class_teacher_key"  # runs a class session: the Class page's link, or Start
STUDENT_TOKEN = "class_student_token"  # answers for one student: Join a class's link, or Join
SECRET_KEYS: Mapping[str, str] = MappingProxyType(
    {TEACHER_KEY_PARAM: TEACHER_KEY, STUDENT_TOKEN_PARAM: STUDENT_TOKEN}
)
SECRET_SHOWN_KEY = "lab_secret_shown"  # (parameter, run): the page that keeps it in its address
# Every widget whose value must outlive a page switch passes this. Without it Streamlit
# forgets the value when its widget is not drawn, and st.switch_page (which sends the new
# run no widget values) makes every widget undrawn: the log base fell to its minimum, 1.01.
PERSIST: Final = "session"

# Convention field -> picker widget key.
CONVENTION_KEYS: Mapping[str, str] = MappingProxyType(
    {name: f"conv_{name}" for name in CONVENTION_FIELDS}
)

# The sidebar's number inputs take these; a link or saved view outside them is refused, since
# Streamlit would silently replace the value (a base of 5000 became 1.01, a k of 200000 none).
LOG_BASE_RANGE = (1.01, 1000.0)
MAX_CUTOFF_K = 100_000


def init_session() -> None:
    """Read the link once per session; a part it gives badly keeps its default, and a
    message says which (:func:`ndcg_core.links.view.view_from_params`)."""
    state = st.session_state
    if state.get(URL_LOADED_KEY):
        return
    state[URL_LOADED_KEY] = True
    params, secrets = split_secrets({key: st.query_params.get(key, "") for key in st.query_params})
    for param, value in secrets.items():  # straight to their own keys: the view never sees them
        state[SECRET_KEYS[param]] = value
    repeated = [quoted(key, 20) for key in st.query_params if len(st.query_params.get_all(key)) > 1]
    link_errors: list[str] = []
    if repeated:
        link_errors.append(f"It gives {', '.join(repeated)} more than once; the last one is used.")
    view, problems = view_from_params(params, check_convention=check_picker_range)
    set_picker(view.convention)
    _open(view)
    state[LINK_ERRORS_KEY] = (*link_errors, *problems)


def open_saved_view(view: View) -> None:
    """Show ``view``, read from a saved file, in this session: its list and convention (the
    convention through :func:`hand_over_convention`), mode and page parts. The caller goes
    to ``view.page``."""
    _open(view)
    hand_over_convention(view.convention)


def _open(view: View) -> None:
    """Make ``view`` the session's: the list, the mode and the practice set at once; each
    page's own part waits in OPENED_KEY until the page takes it (:func:`from_view`)."""
    store_list(view.grade_list, view.titles)
    store_unretrieved(view.unretrieved)
    set_mode(view.mode.value)
    # A view without a practice set (a Playground file) leaves the reader's set alone.
    if view.practice is not None or PRACTICE_SEED_KEY not in st.session_state:
        practice = view.practice or PracticeAt()
        choose_practice_set(practice.seed, practice.level)
    wait_for_pages(view)


def session_started() -> bool:
    """Whether app.py has set this session up (read its link) in this server."""
    return bool(st.session_state.get(URL_LOADED_KEY))


def current_practice_set() -> tuple[int, Level]:
    """The exercise set the Practice page shows: its seed and level."""
    return st.session_state[PRACTICE_SEED_KEY], Level(st.session_state[PRACTICE_LEVEL_KEY])


def choose_practice_set(seed: int, level: Level) -> None:
    """The one writer of the exercise set: the link, "New set" and the level picker."""
    st.session_state[PRACTICE_SEED_KEY] = seed
    st.session_state[PRACTICE_LEVEL_KEY] = level


def check_picker_range(convention: Convention) -> None:
    """Raise :class:`NdcgError` if the sidebar cannot show this convention's base or k."""
    low, high = LOG_BASE_RANGE
    problems = []
    if not low <= convention.log_base <= high:
        problems.append(
            f"The log base {convention.log_base:g} is outside the sidebar's {low:g} to {high:g}."
        )
    if convention.cutoff_k is not None and convention.cutoff_k > MAX_CUTOFF_K:
        problems.append(
            f"The cutoff k {convention.cutoff_k:,} is above the sidebar's {MAX_CUTOFF_K:,}."
        )
    if problems:  # both named at once
        raise NdcgError(" ".join(problems))


def set_picker(convention: Convention) -> None:
    for name, key in CONVENTION_KEYS.items():
        value = getattr(convention, name)
        st.session_state[key] = value.value if hasattr(value, "value") else value


def current_convention() -> Convention:
    """The convention the sidebar picker holds (for pages that need it outside the picker)."""
    fields: dict[str, Any] = {name: st.session_state[key] for name, key in CONVENTION_KEYS.items()}
    return Convention(**fields)


def current_list() -> GradeList:
    """The list every page shows."""
    grade_list: GradeList = st.session_state[LIST_KEY]
    return grade_list


def _list_writing() -> tuple[str, ListWords]:
    """The current list as text, and the words it is written with (remembered per list)."""
    grade_list = current_list()

    def write() -> tuple[str, ListWords]:
        words = list_words(grade_list.grades, grade_list.labels, labelled=bool(current_titles()))
        return words.text(words.labels), words

    writing: tuple[str, ListWords] = remember(
        "list_text", st.session_state.get(VERSION_KEY, 0), write
    )
    return writing


def current_list_text() -> str:
    """The current list as text that parse_grades reads back."""
    return _list_writing()[0]


def current_list_words() -> ListWords:
    """The words :func:`current_list_text` writes the list with, a document at a time."""
    return _list_writing()[1]


def current_unretrieved() -> tuple[float, ...]:
    """Grades of judged documents that the list did not retrieve."""
    unretrieved: tuple[float, ...] = st.session_state.get(UNRETRIEVED_KEY, ())
    return unretrieved


def current_titles() -> Mapping[str, str]:
    """The titles of the list's documents (label -> title); empty when none has one."""
    titles: Mapping[str, str] = st.session_state.get(TITLES_KEY, {})
    if not titles:
        return {}
    labels = current_list().labels
    return {label: titles[label] for label in labels if label in titles}


def store_list(grade_list: GradeList, titles: Mapping[str, str] | None = None) -> None:
    """Make ``grade_list`` the shared list. ``titles`` replace the documents' titles; without
    them a document keeps the title its label had."""
    state = st.session_state
    if titles is not None:
        state[TITLES_KEY] = dict(titles)
    state[LIST_KEY] = grade_list
    state[VERSION_KEY] = state.get(VERSION_KEY, 0) + 1
    clear_errors("text", "table", "order")


def store_unretrieved(grades: tuple[float, ...]) -> None:
    st.session_state[UNRETRIEVED_KEY] = grades
    st.session_state[UNRETRIEVED_TEXT_KEY] = format_grades(grades) if grades else ""


def open_in_playground(
    ranking: tuple[tuple[float, ...], tuple[str, ...], tuple[float, ...]],
    convention: Convention,
    titles: Mapping[str, str] | None = None,
) -> None:
    """Make this ranking (grades, labels, unretrieved grades) the shared list, its documents
    titled ``titles``, and go to the Playground under ``convention``, the one the calling
    page scored it with."""
    grades, labels, unretrieved = ranking
    store_list(GradeList(grades, labels), titles or {})
    store_unretrieved(unretrieved)
    hand_over_convention(convention)
    st.switch_page("pages/playground.py")


def hand_over_convention(convention: Convention) -> None:
    """The one way anything but the sidebar changes the convention (a page sending a list to
    the Playground, a saved view, a seed example): the change waits here and the next run of
    the whole app applies it before the picker is drawn (:func:`apply_pending_convention`).

    Written straight to the picker's keys from a widget in the Playground's fragment, it was
    lost: the fragment's run does not redraw the sidebar, and the next full run took the
    browser's old values back (a saved view showed nDCG@5 under exponential gain beside a
    sidebar saying linear gain, whole list). :func:`run_app_for_handed_convention` makes
    that next run happen at once."""
    st.session_state[PENDING_CONVENTION_KEY] = convention


def run_app_for_handed_convention() -> None:
    """Rerun the whole app now if a convention is waiting (called first in a fragment, so
    that no number is computed under the old one)."""
    if st.session_state.get(PENDING_CONVENTION_KEY) is not None:
        st.rerun(scope="app")


def apply_pending_convention() -> None:
    """Set the picker to a convention handed over (before the picker is drawn)."""
    pending = st.session_state.pop(PENDING_CONVENTION_KEY, None)
    if pending is not None:
        set_picker(pending)


def set_error(where: str, message: str) -> None:
    errors = dict(st.session_state.get(ERRORS_KEY, {}))
    errors[where] = message
    st.session_state[ERRORS_KEY] = errors


def clear_errors(*wheres: str) -> None:
    errors = dict(st.session_state.get(ERRORS_KEY, {}))
    for where in wheres:
        errors.pop(where, None)
    st.session_state[ERRORS_KEY] = errors
    st.session_state[LINK_ERRORS_KEY] = ()


def begin_run() -> None:
    """Count this run of app.py (a fragment's rerun skips app.py, and is not counted)."""
    st.session_state[RUN_KEY] = st.session_state.get(RUN_KEY, 0) + 1


def end_run(convention: Convention) -> None:
    """Write the URL at the end of app.py's run, unless the page already did in this run.

    The Playground's fragment writes it itself, since its own reruns skip app.py.
    """
    if st.session_state.get(URL_RUN_KEY) != st.session_state.get(RUN_KEY):
        sync_url(convention)


def current_view(convention: Convention) -> View:
    """The view on screen: the shared list, ``convention``, the mode, and the page's own
    part (set by :func:`set_page_part` and :func:`add_to_view` during this run)."""
    return View(
        page=current_page(),
        grade_list=current_list(),
        titles=current_titles(),
        unretrieved=current_unretrieved(),
        convention=convention,
        mode=Mode(view_mode()),
        **page_part(),
    )


def sync_url(convention: Convention) -> None:
    """Mirror the view into the URL, so any view can be shared as a link.

    The one writer of st.query_params, run once per run (see :func:`end_run`).
    """
    st.session_state[URL_RUN_KEY] = st.session_state.get(RUN_KEY)
    view = current_view(convention)
    st.session_state[SHOWN_VIEW_KEY] = view
    # Every link stays well under what a server accepts; what does not fit is left out.
    # (The mode, like the share menu's embed flag, is within the address's allowance.)
    params = view_to_params(view)
    mode = params.pop(MODE_PARAM, None)
    params, left_out = fit_link(params, optional=LONG_PARAMS, needs=READ_AGAINST_THE_LIST)
    st.session_state[LINK_LEFT_OUT_KEY] = left_out
    if mode is not None:
        params[MODE_PARAM] = mode
    secret = secret_in_address()
    if secret is not None:
        params[secret[0]] = secret[1]
    shown = {key: st.query_params.get_all(key) for key in st.query_params}  # repeats included
    if shown != {key: [value] for key, value in params.items()}:
        st.query_params.from_dict(params)


def shown_view() -> View:
    """The whole view the last run showed (the link may leave long parts out; this does
    not): what "Save this view" writes. Opening the share menu reruns the page, so this is
    the view on screen when the menu is open."""
    view: View = st.session_state.get(SHOWN_VIEW_KEY, View())
    return view


def keep_secret_in_address(param: str) -> None:
    """Keep this secret in the address bar of the page drawn in this run, and of no other
    (the Class page its teacher key, Join a class its student token), so a reload or a
    restarted server finds the session; another page's address, and every view made from
    the state, never carries it."""
    if st.session_state.get(SECRET_KEYS[param]):
        st.session_state[SECRET_SHOWN_KEY] = (param, st.session_state.get(RUN_KEY))


def secret_in_address() -> tuple[str, str] | None:
    """(parameter, value) of the secret this run's page keeps in its address, if any."""
    shown = st.session_state.get(SECRET_SHOWN_KEY)
    if shown is None or shown[1] != st.session_state.get(RUN_KEY):
        return None
    value = st.session_state.get(SECRET_KEYS[shown[0]])
    return (shown[0], value) if value else None


def view_mode() -> str:
    """ "" for the full app, "present" for a projector, "embed" for the content alone."""
    mode: str = st.session_state.get(MODE_KEY, "")
    return mode


def set_mode(mode: str) -> None:
    st.session_state[MODE_KEY] = mode


@st.fragment(run_every=3600)
def rerun_on_reconnect() -> None:
    """Draws nothing. A page with a timed fragment is rerun by Streamlit's frontend as soon as
    its websocket reconnects, and that rerun carries the URL: so when the process serving a
    student dies and the balancer moves them to another, the new session reads the list,
    convention and page from the link at once (tests/browser/test_failover_browser.py).
    Without it the frontend assumes the server kept the session, and the next page click
    started from the defaults. This relies on the frontend's reconnect behaviour, not on a
    documented promise; the failover test guards it."""
