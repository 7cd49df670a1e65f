"""What a person types: every accepted form, and a clear error for every bad one."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import NdcgError, NegativeGrades, format_grades, parse_grades
from ndcg_core.metric.parsing import list_words, playground_labels
from ndcg_core.text.quoting import short_number


@pytest.mark.parametrize(
    "text",
    [
        "3, 2, 3, 0, 1, 2",
        "3 2 3 0 1 2",
        "3\n2\n3\n0\n1\n2",
        "  3;2;3 ,0,\t1,2  ",
        "3,2,3,0,1,2,",
        "3\t2 3  0 1\n2",
    ],
)
def test_accepted_separators(text) -> None:
    assert parse_grades(text).grades == (3, 2, 3, 0, 1, 2)


def test_labels_are_optional_and_kept() -> None:
    parsed = parse_grades("D1=3, D2=2, best:3")
    assert parsed.grades == (3, 2, 3)
    assert parsed.labels == ("D1", "D2", "best")


def test_labels_may_hold_spaces_when_items_are_comma_separated() -> None:
    parsed = parse_grades("doc a = 3, <img src onerror alert(1)>=1")
    assert parsed.labels == ("doc a", "<img src onerror alert(1)>")
    assert parsed.grades == (3, 1)


def test_mixed_labels_fill_in_defaults() -> None:
    assert parse_grades("a=1, 2").labels == ("a", "D2")


def test_decimals_exponents_and_signs() -> None:
    assert parse_grades("0.5 .5 1e1 +2 -1 -0 1.").grades == (0.5, 0.5, 10, 2, -1, 0, 1)
    assert str(parse_grades("-0").grades[0]) == "0.0"


@pytest.mark.parametrize(
    ("text", "grades"),
    [
        ("\u0663, \u0662, \u0661", (3, 2, 1)),  # Arabic-Indic digits
        ("\u0663\u060c \u0662\u060c \u0661", (3, 2, 1)),  # ... with the Arabic comma
        ("\u0661\u066b\u0665", (1.5,)),  # ... and the Arabic decimal separator
        ("\u0969 \u0968", (3, 2)),  # Devanagari
        ("\uff13\uff0c\uff12\uff0e\uff15", (3, 2.5)),  # full-width digits, comma, point
        ("\uff0d\uff11\u3001\uff12", (-1, 2)),  # full-width minus, ideographic comma
        ("D1=\u0663 D2=\u0662", (3, 2)),
    ],
)
def test_digits_of_any_script_are_read_as_the_digits_they_are(text, grades) -> None:
    assert parse_grades(text).grades == grades


def test_typographic_minus_reads_as_minus() -> None:
    assert parse_grades("\u22121, 2").grades == (-1, 2)


@pytest.mark.parametrize(
    ("text", "message", "item"),
    [
        ("", r"Enter at least one grade", None),
        ("  \n ,, ", r"Enter at least one grade", None),
        ("3, x, 1", r"Item 2 \(“x”\) is not a number", 2),
        ("3, nan", r"Item 2 is “nan”; a grade must be a finite number", 2),
        ("inf", r"Item 1 is “inf”", 1),
        ("1, -Infinity", r"Item 2 is “-Infinity”", 2),
        ("1e309", r"Item 1 \(“1e309”\) is too large", 1),
        ("1, 3\u00b2", r"Item 2 .* is not a number", 2),  # a superscript is not a digit
        ("1, 1_000", r"Item 2 .* is not a number", 2),
        ("D1=3, D1=2", r"Items 1 and 2 have the same label “D1”", 2),
        ("=3", r"Item 1 .* has an empty label", 1),
        ("D1=", r"Item 1 .* has a label but no grade", 1),
        ("D1=abc", r"Item 1 \(“D1”\): “abc” is not a number", 1),
        ("a\x07b=1", r"control character \(U\+0007 CONTROL CHARACTER\)", 1),
        ("a\u202eb=1", r"control character \(U\+202E RIGHT-TO-LEFT OVERRIDE\)", 1),
        ("x" * 41 + "=1", r"label is 41 characters; at most 40", 1),
        ("a\ud800=1", r"half a character \(U\+D800\)", 1),  # a lone surrogate cannot be shown
        ("D2=1, 2", r"same label “D2”", 2),
        ("3\u200b", r"Item 1 contains an invisible character \(U\+200B ZERO WIDTH SPACE\)", 1),
        ("1, \u202e2", r"Item 2 contains an invisible character \(U\+202E RIGHT-TO-LEFT", 2),
    ],
)
def test_bad_input_names_the_item_and_the_problem(text, message, item) -> None:
    with pytest.raises(NdcgError, match=message) as caught:
        parse_grades(text)
    assert caught.value.item == item


@pytest.mark.parametrize(
    ("text", "message", "item"),
    [
        ("3,,2", r"Item 2 is empty", 2),
        ("3, ,2", r"Item 2 is empty", 2),
        ("3;;2", r"Item 2 is empty", 2),
        (",3", r"Item 1 is empty", 1),
        ("3,,", r"Item 2 is empty", 2),
        ("3\n,2", r"Item 2 is empty", 2),
        ("D1==3", r"Item 1 .*D1==3.* has more than one = or :", 1),
        ("D1=3=4", r"Item 1 .*D1=3=4.* has more than one = or :", 1),
        ("1, a:b=2", r"Item 2 .*a:b=2.* has more than one = or :", 2),
        ("doc a=3 doc b=2", r"Item 1 .* has more than one = or :", 1),
    ],
)
def test_nothing_typed_is_dropped_or_read_as_something_else(text, message, item) -> None:
    with pytest.raises(NdcgError, match=message) as caught:
        parse_grades(text)
    assert caught.value.item == item


@pytest.mark.parametrize(
    ("text", "grades"),
    [("3, 2, 1,", (3, 2, 1)), ("3,\n2,\n", (3, 2)), ("3\n\n2\n", (3, 2)), ("\n3 2\n", (3, 2))],
)
def test_a_separator_ending_a_line_and_blank_lines_are_layout(text, grades) -> None:
    assert parse_grades(text).grades == grades


def test_too_many_items() -> None:
    with pytest.raises(NdcgError, match=r"Got 10,001 items; at most 10,000"):
        parse_grades(" ".join(["1"] * 10_001))
    assert len(parse_grades(" ".join(["1"] * 10_000)).grades) == 10_000


def test_too_long_text() -> None:
    with pytest.raises(NdcgError, match=r"at most 1,000,000 are read"):
        parse_grades("1 " * 600_000)


def test_negative_grades_rejected_only_under_the_reject_policy() -> None:
    assert parse_grades("1, -1").grades == (1, -1)
    with pytest.raises(NdcgError, match=r"Item 2 \(“D2”\) is negative \(-1\)") as caught:
        parse_grades("1, -1", negative_grades=NegativeGrades.REJECT)
    assert caught.value.item == 2


@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=50))
def test_format_then_parse_gives_the_same_grades(grades) -> None:
    grades = [g + 0.0 for g in grades]
    assert parse_grades(format_grades(grades)).grades == tuple(grades)


@given(st.text(max_size=200))
def test_any_text_parses_or_raises_the_cores_error(text) -> None:
    message = ""
    try:
        parsed = parse_grades(text)
    except NdcgError as error:
        message = str(error)
    if message:
        return
    assert len(parsed.grades) == len(parsed.labels) >= 1
    assert len(set(parsed.labels)) == len(parsed.labels)


def test_table_rows_validate_with_row_numbers() -> None:
    from ndcg_core.metric.parsing import grade_list_from_rows

    assert grade_list_from_rows(["a", "", None], [3, 2.5, "1"]).labels == ("a", "D2", "D3")
    with pytest.raises(NdcgError, match=r"Row 2 \(“b”\): “x” is not a number") as caught:
        grade_list_from_rows(["a", "b"], [1, "x"])
    assert caught.value.item == 2
    with pytest.raises(NdcgError, match=r"Rows 1 and 2 have the same label “a”"):
        grade_list_from_rows(["a", "a"], [1, 2])
    with pytest.raises(NdcgError, match=r"Row 1 \(“a”\) is negative"):
        grade_list_from_rows(["a"], [-1], negative_grades=NegativeGrades.REJECT)
    with pytest.raises(NdcgError, match=r"labels cannot contain , ; = or :"):
        grade_list_from_rows(["a,b"], [1])
    for label in ("a=b", "a:b"):  # written back as text, it would not read as one label
        with pytest.raises(NdcgError, match=r"labels cannot contain , ; = or :"):
            grade_list_from_rows([label], [1])
    with pytest.raises(NdcgError, match=r"table is empty"):
        grade_list_from_rows([], [])


@given(st.lists(st.text(max_size=60), min_size=1, max_size=30))
def test_any_document_ids_become_labels_the_list_reads_back(doc_ids: list[str]) -> None:
    labels = playground_labels(doc_ids)
    assert len(labels) == len(doc_ids)
    assert len(set(labels)) == len(labels)
    grades = [float(i % 4) for i in range(len(doc_ids))]
    assert parse_grades(format_grades(grades, labels)).labels == labels


def test_clean_document_ids_stay_as_they_are() -> None:
    ids = ["clueweb09-en0000-00-00001", "ü-doc", "D2", "doc.1"]
    assert playground_labels(ids) == tuple(ids)


def test_document_ids_with_label_marks_become_labels_the_list_reads_back() -> None:
    assert playground_labels(["p=q", "a:b", "x=1=2"]) == ("p_q", "a_b", "x_1_2")


@given(
    st.lists(st.sampled_from([0.0, 1.0, 2.5, 3.0, -1.0, 1e300]), min_size=1, max_size=12),
    st.booleans(),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_a_lists_words_in_any_order_are_the_text_of_that_order(
    grades: list[float], default_names: bool, labelled: bool, rng: Any
) -> None:
    # The grade box follows a drop in the browser with these words (grade_box.js): in every
    # order, what it writes must be what format_grades writes for the reordered list.
    labels = [f"D{i + 1}" if default_names else f"doc{i}" for i in range(len(grades))]
    rng.shuffle(labels)  # a list already dragged: its labels out of their default order
    words = list_words(grades, labels, labelled=labelled)
    order = list(labels)
    rng.shuffle(order)
    grade_of = dict(zip(labels, grades, strict=True))
    numbers = [short_number(grade_of[label]) for label in order]
    if order == [f"D{i + 1}" for i in range(len(order))] and not labelled:
        expected = ", ".join(numbers)  # D1 .. Dn in their order go without their labels
    else:
        expected = ", ".join(f"{label}={n}" for label, n in zip(order, numbers, strict=True))
    assert words.text(order) == expected
    assert format_grades([grade_of[label] for label in order], order, labelled=labelled) == expected
    assert parse_grades(words.text(order)).grades == tuple(grade_of[label] for label in order)
