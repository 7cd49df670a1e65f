"""The Playground page driven through Streamlit's AppTest: inputs in, numbers out."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from components.drag_order import DOWN, MOVE_LABEL, ORDER_BUTTONS, UP
from components.grade_box import box_words
from components.live_view import LIST_VIEW
from ndcg_core import Convention, evaluate, format_real, parse_grades
from ndcg_core.metric.parsing import list_words
from tests.pages.conftest import (
    BOX_KEY,
    component_data,
    grade_box_text,
    open_app,
    shown_cards,
    shown_table,
    type_grades,
)

PLAYGROUND = "pages/playground.py"  # the lesson is the default page


def metrics(at: AppTest) -> dict[str, str]:
    return shown_cards(at)


def expected_metrics(grades, convention=None, judged=None, at=""):
    result = evaluate(grades, convention, judged_grades=judged)
    return {
        f"CG{at}": format_real(result.cg),
        f"DCG{at}": format_real(result.dcg),
        f"Ideal DCG{at}": format_real(result.ideal_dcg),
        f"nDCG{at}": format_real(result.ndcg),
    }


def test_default_view_shows_the_seed_example() -> None:
    at = open_app(page=PLAYGROUND)
    assert metrics(at) == {"CG": "11", "DCG": "6.861", "Ideal DCG": "7.141", "nDCG": "0.961"}
    table = shown_table(at)
    assert table["log2(i+1)"].tolist() == ["1", "1.585", "2", "2.322", "2.585", "2.807"]


def test_typing_a_list_updates_the_metrics() -> None:
    at = open_app(page=PLAYGROUND)
    type_grades(at, "3, 2, 0, 0, 1").run()
    assert not at.exception
    assert metrics(at) == expected_metrics([3, 2, 0, 0, 1])
    assert metrics(at)["DCG"] == "4.649"  # seed 004's list, correctly summed


def test_a_bad_list_shows_an_error_and_keeps_the_last_results() -> None:
    at = open_app(page=PLAYGROUND)
    type_grades(at, "3, 2, 0, 0, 1").run()
    before = metrics(at)
    type_grades(at, "3, two, 1").run()
    assert not at.exception
    assert [e.value for e in at.error] == ["Item 2 \\(“two”\\) is not a number\\."]
    assert metrics(at) == before
    assert grade_box_text(at) == "3, two, 1"  # what was typed stays


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Enter at least one grade"),
        ("1, nan", "a grade must be a finite number"),
        (" ".join(["1"] * 10_001), "at most 10,000 are accepted"),
    ],
)
def test_bad_input_messages(text, message) -> None:
    at = open_app(page=PLAYGROUND)
    type_grades(at, text).run()
    assert not at.exception
    assert any(message in e.value.replace("\\", "") for e in at.error)
    assert metrics(at)["nDCG"] == "0.961"


def test_negative_grades_are_refused_under_the_reject_policy() -> None:
    at = open_app({"neg": "reject"}, PLAYGROUND)
    type_grades(at, "1, -1, 2").run()
    assert any("rejects negative grades" in e.value for e in at.error)
    assert metrics(at)["nDCG"] == "0.961"


def test_changing_the_convention_changes_the_numbers_as_the_core_says() -> None:
    at = open_app(page=PLAYGROUND)
    at.radio(key="conv_gain").set_value("exponential").run()
    # A choice reruns the live view and the picker's notes; AppTest keeps only the elements
    # of the last run, so a run of the whole page draws the picker again, as a browser shows.
    at.run()
    at.number_input(key="conv_cutoff_k").set_value(3).run()
    assert not at.exception
    convention = Convention(gain="exponential", cutoff_k=3)
    assert metrics(at) == expected_metrics([3, 2, 3, 0, 1, 2], convention, at="@3")


def test_a_preset_sets_every_choice() -> None:
    at = open_app(page=PLAYGROUND)
    at.selectbox(key="conv_preset").set_value("sklearn").run()
    assert not at.exception
    assert at.selectbox(key="conv_negative_grades").value == "reject"
    assert at.radio(key="conv_ideal").value == "list"


def test_the_url_restores_list_and_convention() -> None:
    at = open_app({"g": "a=1, b=0, c=2", "k": "2", "gain": "exponential"}, PLAYGROUND)
    convention = Convention(gain="exponential", cutoff_k=2)
    assert metrics(at) == expected_metrics([1, 0, 2], convention, at="@2")
    assert shown_table(at)["document"].tolist() == ["a", "b", "c"]


def test_the_url_follows_the_state() -> None:
    at = open_app(page=PLAYGROUND)
    type_grades(at, "2, 1").run()
    at.number_input(key="conv_cutoff_k").set_value(1).run()
    assert at.query_params["g"] == "2, 1"
    assert at.query_params["k"] == "1"


@pytest.mark.parametrize(
    "query",
    [
        {"g": "<script>alert(1)</script>"},
        {"k": "-5"},
        {"gain": "cubic"},
        {"base": "0.5"},
        {"g": "1," * 20_000},
        {"u": "x"},
    ],
)
def test_a_hostile_link_falls_back_with_a_message(query) -> None:
    at = open_app(query, PLAYGROUND)
    assert not at.exception
    assert any("could not be followed" in w.value for w in at.warning)
    assert metrics(at)  # the page still shows results


def test_judged_documents_lower_ndcg_when_the_ideal_comes_from_them() -> None:
    at = open_app({"ideal": "judged"}, PLAYGROUND)
    at.text_input(key="lab_unretrieved_text").input("3, 3").run()
    assert not at.exception
    grades = [3, 2, 3, 0, 1, 2]
    expected = expected_metrics(grades, Convention(ideal="judged"), judged=[*grades, 3, 3])
    assert metrics(at) == expected


def test_the_list_is_sent_its_reordering_buttons() -> None:
    """Up, Down, Ideal order, Reverse and Shuffle are the live view's, drawn in the browser:
    it is sent the documents to pick from (natural order) and the buttons' words from their
    one home, and no Streamlit button reorders a list the browser draws."""
    at = open_app({"g": "D10=1, D2=3, D1=2"}, PLAYGROUND)
    data = component_data(at, "lab_live")
    assert data is not None
    keys = data["keys"]
    assert keys["choices"] == [["D1", "D1"], ["D2", "D2"], ["D10", "D10"]]
    assert keys["orders"] == [[name, label, words] for label, _, _, name, words in ORDER_BUTTONS]
    assert (keys["move"], keys["up"], keys["down"]) == (MOVE_LABEL, UP, DOWN)
    assert not [button.key for button in at.button if str(button.key).startswith("lab_")]


def test_loading_a_seed_example() -> None:
    at = open_tab(open_app(page=PLAYGROUND), "Seed examples")
    at.selectbox(key="lab_example").set_value("seed004-five-docs").run()
    assert metrics(at) == expected_metrics([3, 2, 0, 0, 1])
    assert any("should be 4.65" in c.value for c in at.caption)
    open_tab(at, "Type")
    assert grade_box_text(at) == "3, 2, 0, 0, 1"


def test_labels_are_shown_as_text_not_markdown() -> None:
    at = open_app(page=PLAYGROUND)
    type_grades(at, "**bold**=3, <img src onerror>=1").run()
    assert not at.exception
    # The live view puts each cell in as text (textContent, never Markdown or HTML): it is
    # sent the labels as typed.
    shown = shown_table(at)["document"].tolist()
    assert shown == ["**bold**", "<img src onerror>"]


def test_huge_grades_show_scientific_notation_not_inf() -> None:
    at = open_app({"gain": "exponential"}, PLAYGROUND)
    type_grades(at, "0, 5, 1100").run()
    values = metrics(at)
    assert values["nDCG"] == "0.500"
    assert values["DCG"].endswith("e+330")
    assert "inf" not in " ".join(values.values())


def _table_key(at: AppTest) -> str:
    return f"lab_table_{at.session_state['lab_version']}"


def open_tab(at: AppTest, label: str) -> AppTest:
    at.session_state["lab_input_tab"] = label
    at.run()
    assert not at.exception
    return at


def test_the_grade_box_is_sent_the_cores_words_for_the_list_the_live_view_shows() -> None:
    # grade_box.js writes a reordered list with these words: they must be the core's for the
    # list, and the box must follow the view that holds it (the browser's part is tested in
    # tests/browser/test_grade_box_browser.py).
    at = open_app(page=PLAYGROUND)
    type_grades(at, "b=2, a=0, c=1").run()
    box = component_data(at, BOX_KEY)
    assert box is not None
    grade_list = at.session_state["lab_list"]
    sent = box_words(list_words(grade_list.grades, grade_list.labels))
    assert box["words"] == json.loads(json.dumps(sent))  # as JSON carries it
    assert box["words"]["named"] == ["b=2", "a=0", "c=1"]
    live = component_data(at, "lab_live")
    assert live is not None
    assert box["follows"] == live["name"] == LIST_VIEW


def test_text_typed_once_is_applied_once() -> None:
    # The box's state keeps the last text typed; later runs (here: after a table edit made
    # another list) must not apply it again.
    at = open_app(page=PLAYGROUND)
    type_grades(at, "1, 0, 2").run()
    at.session_state["lab_list"] = parse_grades("3, 3")
    at.session_state["lab_version"] += 1
    at.run()
    assert metrics(at) == expected_metrics([3, 3])
    assert grade_box_text(at) == "3, 3"


def test_editing_the_table_updates_everything() -> None:
    at = open_tab(open_app(page=PLAYGROUND), "Table")
    at.session_state[_table_key(at)] = {
        "edited_rows": {3: {"grade": 3}},
        "added_rows": [{"document": "new", "grade": 2}],
        "deleted_rows": [0],
    }
    at.run()
    assert not at.exception
    grades = [2, 3, 3, 1, 2, 2]
    assert metrics(at) == expected_metrics(grades)
    open_tab(at, "Type")
    assert grade_box_text(at) == "D2=2, D3=3, D4=3, D5=1, D6=2, new=2"


def test_a_bad_table_edit_shows_an_error_under_the_table_and_keeps_results() -> None:
    at = open_tab(open_app(page=PLAYGROUND), "Table")
    at.session_state[_table_key(at)] = {
        "edited_rows": {1: {"document": "D1"}},
        "added_rows": [],
        "deleted_rows": [],
    }
    at.run()
    assert not at.exception
    assert any("same label “D1”" in e.value for e in at.error)
    assert metrics(at)["nDCG"] == "0.961"


def test_a_thousand_items_page_the_table() -> None:
    grades = [float(i % 4) for i in range(1_000)]
    at = open_app({"g": ", ".join(f"{g:g}" for g in grades)}, PLAYGROUND)
    assert metrics(at) == expected_metrics(grades)
    assert len(shown_table(at)) == 50  # the first page; the browser turns to the others
    data = component_data(at, "lab_live")
    assert data is not None
    assert (data["table"]["total"], data["table"]["page_rows"]) == (1_000, 50)
    # The browser works out every other page from the numbers of all 1,000 positions.
    assert len(data["numbers"]["documents"]) == len(data["numbers"]["discount"]) == 1_000


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"base": "5000"}, "outside the sidebar's 1.01 to 1000"),
        ({"base": "1.001"}, "outside the sidebar's 1.01 to 1000"),
        ({"k": "200000"}, "above the sidebar's 100,000"),
        ({"k": "99999999999999999999"}, "above the sidebar's 100,000"),
    ],
)
def test_settings_the_sidebar_cannot_show_are_refused_not_silently_changed(query, message) -> None:
    at = open_app(query, PLAYGROUND)
    warnings = [w.value.replace("\\", "") for w in at.warning]
    assert any(message in w for w in warnings), warnings
    assert at.number_input(key="conv_log_base").value == 2.0
    assert at.number_input(key="conv_cutoff_k").value is None
    assert metrics(at) == expected_metrics([3, 2, 3, 0, 1, 2])


def test_a_repeated_link_parameter_is_named_and_the_last_one_used() -> None:
    at = open_app({"g": ["3, 2", "1, 0, 2"], "k": ["1", "2"]}, PLAYGROUND)
    warnings = [w.value.replace("\\", "") for w in at.warning]
    assert any("It gives “g”, “k” more than once; the last one is used" in w for w in warnings)
    assert metrics(at) == expected_metrics([1, 0, 2], Convention(cutoff_k=2), at="@2")
    assert at.query_params["g"] == "1, 0, 2"  # the link now holds each parameter once


def test_pasting_too_many_rows_into_the_table_is_refused_at_once() -> None:
    # Streamlit would add them one at a time, for hours; the page refuses before it starts.
    at = open_tab(open_app(page=PLAYGROUND), "Table")
    at.session_state[_table_key(at)] = {
        "edited_rows": {},
        "added_rows": [{"document": f"r{i}", "grade": 1} for i in range(100_000)],
        "deleted_rows": [],
    }
    at.run(timeout=30)
    assert not at.exception
    errors = [e.value.replace("\\", "") for e in at.error]
    assert any("100,000 new rows at once is more than the table takes (1,000)" in e for e in errors)
    assert metrics(at)["nDCG"] == "0.961"
    at.run()  # the refused rows are gone, and so is nothing else
    assert metrics(at)["nDCG"] == "0.961"
    assert len(at.session_state["lab_list"].grades) == 6


@pytest.mark.parametrize("text", ["-1, 0, 1", "-5, -3", "0, 0, 0"])
def test_an_unexpected_ndcg_is_explained_beside_it(text: str) -> None:
    from ndcg_core.metric.notes import evaluation_notes

    at = open_app(page=PLAYGROUND)
    type_grades(at, text).run()
    evaluation = evaluate(parse_grades(text).grades)
    assert metrics(at)["nDCG"] == format_real(evaluation.ndcg)
    (note,) = evaluation_notes(evaluation)
    captions = [c.value for c in at.caption]
    assert note in captions, captions


@pytest.mark.parametrize(
    ("grades", "convention", "exact"),
    [
        ("3, 2, 3, 0, 1, 2", Convention(), False),
        ("1100, 3, 0", Convention(gain="exponential"), True),
    ],
)
def test_the_points_rows_are_sent_only_where_the_browser_has_no_numbers(
    grades: str, convention: Convention, exact: bool
) -> None:
    # 2^1100 - 1 overflows a float: the core sums exactly, and the browser cannot redo them.
    at = open_app({**convention.to_params(), "g": grades}, page="pages/playground.py")
    data = component_data(at, "lab_live")
    assert data is not None
    assert (data["numbers"] is None) == exact
    assert ("positions" in data["chart"]["datasets"]) == exact
    if exact:
        labels = [row["label"] for row in data["chart"]["datasets"]["positions"]]
        assert labels[:3] == ["D1", "D2", "D3"]
