"""A teacher key and a student token stay in their own page's address and nowhere else:
not in another page's link, not as a document's title, not in the share menu's view."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from components.navigation import PAGES
from components.state import TEACHER_KEY, TITLES_KEY
from ndcg_core import Convention
from ndcg_core.links.secret_params import SECRET_PARAMS, STUDENT_TOKEN_PARAM, TEACHER_KEY_PARAM
from ndcg_core.text.titles import TITLES_PARAM, titles_to_param
from tests.pages.conftest import open_app
from tests.pages.test_class_pages import (  # noqa: F401  (class_database is a fixture)
    JOIN,
    TEACHER,
    _metric,
    _texts,
    class_database,
    join,
    start_session,
)

OTHER_PAGES = [page.path for page in PAGES if page.path not in (TEACHER, JOIN)]


def _everything_shown(at: AppTest) -> str:
    """Every text the page drew, and every widget's value and label."""
    parts = [_texts(at)]
    parts += [str(getattr(node, "value", "")) for node in at.code]
    parts += [f"{w.label} {w.value}" for w in (*at.text_input, *at.text_area)]
    return "\n".join(parts)


def test_no_view_parameter_shares_a_name_with_a_secret() -> None:
    view_names = {*Convention(cutoff_k=5).to_params(), "g", "u", TITLES_PARAM, "b", "q"}
    view_names |= {"seed", "level", "mode", "embed", "code"}
    assert not view_names & set(SECRET_PARAMS)


@pytest.mark.parametrize("page", OTHER_PAGES)
def test_the_teacher_key_stays_on_the_class_page(page: str) -> None:
    teacher = start_session()
    key = teacher.session_state[TEACHER_KEY]
    assert teacher.query_params[TEACHER_KEY_PARAM] == key  # the teacher's own address bar
    again = open_app({TEACHER_KEY_PARAM: key}, TEACHER)  # the private link, reopened
    assert _metric(again, "Join code") == _metric(teacher, "Join code")
    again.switch_page(page).run()
    assert not again.exception
    assert not [value for value in again.query_params.values() if key in str(value)]
    assert not again.session_state[TITLES_KEY]  # the key is no document's title
    assert key not in _everything_shown(again)
    again.switch_page(TEACHER).run()  # and back: the session is still the teacher's
    assert _metric(again, "Join code") == _metric(teacher, "Join code")


def test_a_link_with_titles_then_class_opens_the_class_page_not_an_error() -> None:
    titles = titles_to_param(("D1", "D2"), {"D1": "Pizzeria", "D2": "Trattoria"})
    at = open_app({"g": "D1=3, D2=1", TITLES_PARAM: titles}, TEACHER)
    assert "not valid" not in _texts(at)
    assert [b for b in at.button if b.label == "Start a class session"]


def test_the_student_token_stays_on_the_join_page() -> None:
    teacher = start_session()
    student = join(_metric(teacher, "Join code"))
    token = student.session_state["class_student_token"]
    assert student.query_params[STUDENT_TOKEN_PARAM] == token
    assert token not in _everything_shown(student)
    student.switch_page("pages/playground.py").run()
    assert not [value for value in student.query_params.values() if token in str(value)]
    student.switch_page(JOIN).run()
    assert "in class" in _texts(student)  # still that student
