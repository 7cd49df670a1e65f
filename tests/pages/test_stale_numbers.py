"""While an input holds an error, the numbers below it are the last valid input's: a note
right above them says so, with that input as text, until the input is fixed (issue 21)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core import Convention, evaluate, format_grades, format_real, parse_grades
from tests.pages.conftest import open_app, shown_cards, type_grades

PLAYGROUND = "pages/playground.py"
STEPS = "pages/step_by_step.py"
QUERIES = "pages/queries.py"
NOTE_START = "These numbers are for the last"


def notes(at: AppTest) -> list[str]:
    """The stale-numbers notes on the page, Markdown escapes removed."""
    shown = [str(info.value).replace("\\", "") for info in at.info]
    return [text for text in shown if text.startswith(NOTE_START)]


def list_text(text: str) -> str:
    """A typed list as the app writes it back (the core's own formatting)."""
    return format_grades(parse_grades(text).grades)


def cards(at: AppTest) -> dict[str, str]:
    return shown_cards(at)


def card_values(grades: list[float], convention: Convention | None = None, judged=None):
    result = evaluate(grades, convention, judged_grades=judged)
    return {
        "CG": format_real(result.cg),
        "DCG": format_real(result.dcg),
        "Ideal DCG": format_real(result.ideal_dcg),
        "nDCG": format_real(result.ndcg),
    }


def tables(at: AppTest) -> list[dict[str, list[str]]]:
    return [table.value.to_dict("list") for table in at.table]


def test_playground_marks_the_last_lists_numbers_until_the_list_is_fixed() -> None:
    at = open_app(page=PLAYGROUND)
    type_grades(at, "3, 2, 0, 0, 1").run()
    assert notes(at) == []
    type_grades(at, "3, x").run()
    assert not at.exception
    assert notes(at) == [
        (
            f"These numbers are for the last list that could be read: {list_text('3, 2, 0, 0, 1')}. "
            "Fix the list to update them."
        )
    ]
    assert cards(at) == card_values([3, 2, 0, 0, 1])  # still that list's numbers
    type_grades(at, "1, 0, 2").run()
    assert notes(at) == []
    assert cards(at) == card_values([1, 0, 2])


def test_playground_marks_the_numbers_in_compare_mode_too() -> None:
    at = open_app(page=PLAYGROUND)
    at.toggle(key="lab_compare").set_value(True).run()
    type_grades(at, "2, 1, 0").run()
    assert notes(at) == []
    type_grades(at, "2, , x").run()
    assert not at.exception
    assert len(notes(at)) == 1
    assert f"could be read: {list_text('2, 1, 0')}." in notes(at)[0]
    type_grades(at, "2, 1, 1").run()
    assert notes(at) == []


def test_a_bad_not_retrieved_list_is_named_in_the_note_while_it_counts() -> None:
    at = open_app({"ideal": "judged"}, PLAYGROUND)
    at.text_input(key="lab_unretrieved_text").input("3, 3").run()
    assert notes(at) == []
    at.text_input(key="lab_unretrieved_text").input("3, x").run()
    assert not at.exception
    [note] = notes(at)
    assert f"{format_grades(parse_grades('3, 2, 3, 0, 1, 2').grades)}; not retrieved: " in note
    assert note.endswith(
        f"not retrieved: {list_text('3, 3')}. Fix the not-retrieved grades to update them."
    )
    grades = [3, 2, 3, 0, 1, 2]
    assert cards(at) == card_values(grades, Convention(ideal="judged"), judged=[*grades, 3, 3])
    type_grades(at, "2, y").run()  # both inputs now hold an error
    [note] = notes(at)
    assert note.endswith("Fix the list and the not-retrieved grades to update them.")
    type_grades(at, "2, 1").run()
    at.text_input(key="lab_unretrieved_text").input("1").run()
    assert notes(at) == []


def test_step_by_step_marks_the_last_lists_numbers_until_the_list_is_fixed() -> None:
    at = open_app(page=STEPS)
    at.toggle(key="step_reveal_all").set_value(True).run()
    type_grades(at, "1, 0, 2").run()
    assert notes(at) == []
    before = tables(at)
    type_grades(at, "1, 0, two").run()
    assert not at.exception
    assert notes(at) == [
        (
            f"These numbers are for the last list that could be read: {list_text('1, 0, 2')}. "
            "Fix the list to update them."
        )
    ]
    assert tables(at) == before  # still that list's numbers
    type_grades(at, "2, 0, 1").run()
    assert notes(at) == []
    assert tables(at) != before


def test_several_queries_marks_the_last_good_queries_numbers_until_fixed() -> None:
    at = open_app(page=QUERIES)
    at.text_area(key="queries_text").input("a: 3, 1\nb: 0, 2").run()
    assert notes(at) == []
    before = tables(at)
    at.text_area(key="queries_text").input("a: 3, 1\nb: 0, 2\nc: x").run()
    assert not at.exception
    assert notes(at) == [
        (
            "These numbers are for the last queries that could be read: a: 3, 1 / b: 0, 2. "
            "Fix the queries to update them."
        )
    ]
    assert tables(at) == before
    at.text_area(key="queries_text").input("a: 3, 1\nb: 0, 2\nc: 1").run()
    assert notes(at) == []


@pytest.mark.parametrize("page", [PLAYGROUND, STEPS])
def test_a_long_last_list_is_shortened_in_the_note(page: str) -> None:
    at = open_app(page=page)
    long = ", ".join(["1"] * 200)
    type_grades(at, long).run()
    type_grades(at, long + ", x").run()
    [note] = notes(at)
    assert "1, 1, 1" in note
    assert "…" in note
    assert len(note) < 200
