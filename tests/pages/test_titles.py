"""Documents with titles: typed in the table, kept in links and saved views, loaded with the
restaurants example, and shown (as text) by the drag list and the comparison."""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from streamlit.testing.v1 import AppTest

from ndcg_core import Convention
from ndcg_core.links.view import View
from ndcg_core.links.view_files import view_from_json, view_to_json
from ndcg_core.metric.parsing import GradeList
from ndcg_core.text.titles import titles_to_param
from tests.hostile.case import SCRIPT
from tests.pages.conftest import grade_box_text, open_app, shown_table, type_grades

PLAYGROUND = "pages/playground.py"
TITLES = {"D1": "Pizzeria Da Michele", "D3": SCRIPT}  # a title is text, even this one


def _table_key(at: AppTest) -> str:
    return f"lab_table_{at.session_state['lab_version']}"


def _open_tab(at: AppTest, label: str) -> AppTest:
    at.session_state["lab_input_tab"] = label
    return at.run()


def test_titles_typed_in_the_table_go_into_the_link() -> None:
    at = _open_tab(open_app(page=PLAYGROUND), "Table")
    at.session_state[_table_key(at)] = {
        "edited_rows": {0: {"title": TITLES["D1"]}, 2: {"title": TITLES["D3"]}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert not at.exception
    assert at.session_state["lab_titles"] == TITLES
    labels = ("D1", "D2", "D3", "D4", "D5", "D6")
    assert at.query_params["t"] == titles_to_param(labels, TITLES)


def test_a_title_too_long_is_refused_under_the_table_and_the_list_stays() -> None:
    at = _open_tab(open_app(page=PLAYGROUND), "Table")
    at.session_state[_table_key(at)] = {
        "edited_rows": {1: {"title": "x" * 61}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert [e.value for e in at.error] == ["Row 2's title is 61 characters long; at most 60 fit\\."]
    assert "lab_titles" not in at.session_state or at.session_state["lab_titles"] == {}


def test_titles_survive_a_link_round_trip() -> None:
    labels = ("D1", "D2", "D3", "D4", "D5", "D6")
    at = open_app({"g": "3, 2, 3, 0, 1, 2", "t": titles_to_param(labels, TITLES)}, PLAYGROUND)
    assert not at.exception
    assert at.session_state["lab_titles"] == TITLES
    again = open_app({key: at.query_params[key] for key in at.query_params}, PLAYGROUND)
    assert again.session_state["lab_titles"] == TITLES


def test_a_bad_title_in_a_link_is_named_and_the_list_opens_without_titles() -> None:
    at = open_app({"g": "1, 0", "t": "a\nb\nc"}, PLAYGROUND)
    assert not at.exception
    assert any("gives 3 titles for a list of 2 documents" in w.value for w in at.warning)
    assert "t" not in at.query_params


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """What the page hands its download buttons, by file name."""
    files: dict[str, bytes] = {}
    original = MemoryMediaFileStorage.load_and_get_id

    def keep(self: Any, path_or_data: Any, mimetype: str, kind: Any, filename: Any = None) -> str:
        if isinstance(path_or_data, bytes | str) and filename:
            data = path_or_data.encode() if isinstance(path_or_data, str) else path_or_data
            files[filename] = data
        return original(self, path_or_data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", keep)
    return files


def test_titles_survive_a_saved_view(downloads: dict[str, bytes]) -> None:
    grade_list = GradeList((3.0, 1.0, 0.0), ("a", "b", "c"))
    view = View(
        "playground",
        grade_list,
        {"a": "Forno Rosso", "c": "Bee"},
        convention=Convention(cutoff_k=2),
    )
    at = _open_tab(open_app(page=PLAYGROUND), "Open a saved view")
    at.file_uploader(key="lab_view_file").upload(
        "view.json", view_to_json(view).encode(), "application/json"
    ).run()
    assert not at.exception
    assert at.session_state["lab_titles"] == {"a": "Forno Rosso", "c": "Bee"}
    at.session_state["lab_export"] = True
    at.run()
    assert view_from_json(downloads["ndcg-view.json"]) == (view, ())  # saved again, titles and all


def test_the_restaurants_example_loads_its_titles() -> None:
    at = _open_tab(open_app(page=PLAYGROUND), "Seed examples")
    at.selectbox(key="lab_example").set_value("restaurants:A").run()
    assert not at.exception
    titles = at.session_state["lab_titles"]
    assert titles["D1"] == "Nearby restaurant 1"
    assert titles["D2"] == "Restaurant across town"


def test_the_comparison_names_documents_by_title() -> None:
    labels = ("D1", "D2", "D3", "D4", "D5", "D6")
    query = {"g": "3, 2, 3, 0, 1, 2", "t": titles_to_param(labels, TITLES), "cmp": "1"}
    at = open_app({**query, "b": "3.1.2.4~6"}, PLAYGROUND)
    paragraph = at.info[0].value.replace("\\", "")
    assert f"{SCRIPT} (grade 3) is 1st in B instead of 3rd" in paragraph


def test_the_position_table_shows_each_documents_title_as_text() -> None:
    labels = ("D1", "D2", "D3", "D4", "D5", "D6")
    at = open_app({"t": titles_to_param(labels, TITLES)}, PLAYGROUND)
    table = shown_table(at)
    assert list(table.columns[:3]) == ["i", "document", "title"]
    assert table["title"].tolist() == [TITLES["D1"], "", TITLES["D3"], "", "", ""]  # as text


def _typed(at: AppTest, text: str) -> AppTest:
    at = _open_tab(at, "Type")
    type_grades(at, text).run()
    assert not at.exception
    return at


def test_grades_typed_alone_are_new_documents_without_the_old_titles() -> None:
    at = _open_tab(open_app(page=PLAYGROUND), "Seed examples")
    at.selectbox(key="lab_example").set_value("restaurants:A").run()
    at = _typed(at, "0, 0, 1, 0, 2, 3")
    assert at.session_state["lab_list"].grades == (0, 0, 1, 0, 2, 3)
    assert not at.session_state["lab_titles"]  # no "Nearby restaurant 1 · 0"
    assert "t" not in at.query_params


def test_a_titled_lists_text_names_its_documents_and_keeps_their_titles_when_edited() -> None:
    at = _open_tab(open_app(page=PLAYGROUND), "Seed examples")
    at.selectbox(key="lab_example").set_value("restaurants:A").run()
    at = _open_tab(at, "Type")
    shown = grade_box_text(at)
    assert shown.startswith("D1=1, D2=0")  # the titles belong to these labels
    at = _typed(at, shown.replace("D2=0", "D2=2"))
    assert at.session_state["lab_titles"]["D2"] == "Restaurant across town"
