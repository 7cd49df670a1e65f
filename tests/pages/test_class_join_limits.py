"""Join a class through AppTest, on a real SQLite class database: a browser that joined
before gets its student back from the link alone, and a browser making student after student
is stopped under the form with the wait."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from classroom import codes
from components.browser_id import ADOPTED
from tests.pages.conftest import APP
from tests.pages.test_class_pages import JOIN, _button, _metric, _texts, start_session

BROWSER = "Yq3m0c1ZsVqk2rJxQp9b4nT7uW8eR5aD6fG2hJ3kL0M"  # what the page's cookie holds


@pytest.fixture(autouse=True)
def class_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NDCG_LAB_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("NDCG_LAB_DATABASE_URL", raising=False)
    return tmp_path


def in_this_browser(query: dict[str, str] | None = None) -> AppTest:
    """A new tab of the browser whose cookie holds BROWSER, on Join a class."""
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.session_state[ADOPTED] = BROWSER
    at.run()
    at.switch_page(JOIN).run()
    assert not at.exception, at.exception
    return at


def test_the_link_in_a_new_tab_gives_the_browser_its_student_back() -> None:
    code = _metric(start_session(), "Join code")
    first = in_this_browser({"code": code})
    first.text_input(key="class_join_nickname").input("Ada").run()
    _button(first, "Join").click().run()
    assert f"You are student 1 (Ada) in class {code}." in _texts(first)
    again = in_this_browser({"code": code})  # no Join pressed
    assert f"You are student 1 (Ada) in class {code}." in _texts(again)
    assert not [b for b in again.button if b.label == "Join"]


@pytest.mark.slow  # six class sessions, six students
def test_a_browser_making_a_sixth_student_is_told_to_wait_under_the_form() -> None:
    rooms = [_metric(start_session(), "Join code") for _ in range(6)]
    for code in rooms[: codes.JOINS_PER_BROWSER.allowed]:
        at = in_this_browser({"code": code})
        _button(at, "Join").click().run()
        assert f"You are student 1 in class {code}." in _texts(at)
    at = in_this_browser({"code": rooms[-1]})
    _button(at, "Join").click().run()
    refusal = at.error[0].value.replace("\\", "")  # the page escapes Markdown
    assert refusal == "Too many joins from this device; try again in 10 minutes."
    assert at.text_input(key="class_join_code").value == rooms[-1]
