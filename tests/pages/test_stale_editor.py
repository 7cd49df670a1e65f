"""A drop in the Playground's browser-drawn list reruns only that list's fragment, so the grade
editor above it can still show the order before the drop (components/stale_edits.py). An edit
made there keeps the dropped order. AppTest reruns the whole page, so the drop is stored here
without a run, as the list's fragment stores it, and the editor then acts on what it showed."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from ndcg_core import evaluate, format_real
from ndcg_core.metric.lists import reordered
from tests.pages.conftest import component_data, open_app, shown_cards
from tests.pages.test_playground import PLAYGROUND, open_tab

DROPPED = ["D4", "D1", "D2", "D3", "D5", "D6"]  # D4 dropped on top of the seed list


def _drop_unseen(at: AppTest) -> None:
    """Store D4's drop as the live view's fragment does, leaving the editor as it was drawn."""
    at.session_state["lab_list"] = reordered(at.session_state["lab_list"], DROPPED)
    at.session_state["lab_version"] += 1


def _shows(at: AppTest, labels: list[str], grades: list[float]) -> None:
    assert not at.exception
    grade_list = at.session_state["lab_list"]
    assert list(grade_list.labels) == labels
    assert list(grade_list.grades) == grades
    assert shown_cards(at)["nDCG"] == format_real(evaluate(grades).ndcg)
    data = component_data(at, "lab_live")
    assert data is not None
    assert [label for label, _ in data["items"]] == labels


def test_a_grade_typed_into_a_box_drawn_before_a_drop_keeps_the_drop() -> None:
    at = open_app(page=PLAYGROUND)
    box = at.text_area(key="lab_text")
    assert box.value == "3, 2, 3, 0, 1, 2"
    _drop_unseen(at)
    box.input("3, 2, 3, 1, 1, 2").run()  # D4: 0 -> 1, typed on the order the box showed
    _shows(at, DROPPED, [1.0, 3.0, 2.0, 3.0, 1.0, 2.0])


def test_a_new_list_typed_into_a_box_drawn_before_a_drop_replaces_it() -> None:
    at = open_app(page=PLAYGROUND)
    _drop_unseen(at)
    at.text_area(key="lab_text").input("1, 2, 3").run()  # other documents: a new list
    _shows(at, ["D1", "D2", "D3"], [1.0, 2.0, 3.0])


def test_a_table_edit_made_before_a_drop_reached_it_keeps_the_drop() -> None:
    at = open_tab(open_app(page=PLAYGROUND), "Table")
    drawn = f"lab_table_{at.session_state['lab_version']}"  # the table the person sees
    _drop_unseen(at)
    # Row 4 of the rows the table showed (the seed order) is D4: its grade 0 -> 2.
    at.session_state[drawn] = {
        "edited_rows": {3: {"grade": 2.0}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    _shows(at, DROPPED, [2.0, 3.0, 2.0, 3.0, 1.0, 2.0])
    at.run()  # the edit is spent: another run does not apply it again
    _shows(at, DROPPED, [2.0, 3.0, 2.0, 3.0, 1.0, 2.0])


def test_a_row_deleted_in_a_table_drawn_before_a_drop_is_that_document() -> None:
    at = open_tab(open_app(page=PLAYGROUND), "Table")
    drawn = f"lab_table_{at.session_state['lab_version']}"
    _drop_unseen(at)
    at.session_state[drawn] = {"edited_rows": {}, "added_rows": [], "deleted_rows": [3]}
    at.run()  # D4 (row 4 as shown) goes; a new list of the others, in the order shown
    _shows(at, ["D1", "D2", "D3", "D5", "D6"], [3.0, 2.0, 3.0, 1.0, 2.0])


def test_the_box_then_shows_the_list_in_its_dropped_order() -> None:
    at = open_app(page=PLAYGROUND)
    _drop_unseen(at)
    at.text_area(key="lab_text").input("3, 2, 3, 1, 1, 2").run()
    assert at.text_area(key="lab_text").value == "D4=1, D1=3, D2=2, D3=3, D5=1, D6=2"
