"""The one reader of typed numbers (ndcg_core.text.numbers), and the class-mode and link readers
whose messages issue 20 found unclear."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, NdcgError, parse_grades
from ndcg_core.metric.conventions import read_params
from ndcg_core.questions.class_questions import from_exercise, parse_answer
from ndcg_core.questions.class_rules import join_code, nickname
from ndcg_core.teaching.practice import Level, exercise_set
from ndcg_core.text.numbers import MAX_TYPED_NUMBER, read_number

PREDICT = from_exercise(exercise_set(5)[0], 5, Level.EASY)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("1e-400", "“1e-400” is too small to tell from 0"),
        ("-2.5e-999", "too small to tell from 0"),
        ("1e309", "“1e309” is too large: a number here is at most about 1.8e308"),
        ("0,86", "“0,86” has a comma: type a decimal with a point, like 0.86"),
        ("1,000", "has a comma"),
        ("0.8 6", "“0.8 6” has a space inside it"),
        ("0.8\u00a06", "has a space inside it"),
        ("nan", "“nan” is not a finite number"),
        ("x" * (MAX_TYPED_NUMBER + 1), f"That is {MAX_TYPED_NUMBER + 1} characters long"),
        ("   ", "Type a number first"),
        ("½", "“½” is not a number; type one like 0.86"),
    ],
)
def test_a_typed_number_is_refused_with_what_is_wrong(typed: str, message: str) -> None:
    with pytest.raises(NdcgError, match=message):
        read_number(typed)


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("٠٫٥", 0.5),
        ("０．８６", 0.86),
        ("۳", 3.0),
        (" −0.25 ", -0.25),
        ("0e-999", 0.0),
        ("5e-324", 5e-324),
    ],
)
def test_digits_of_any_script_and_a_typographic_minus_are_read(typed: str, value: float) -> None:
    assert read_number(typed) == value


def test_a_grade_that_would_underflow_is_refused_in_every_list() -> None:
    with pytest.raises(NdcgError, match=r"Item 2 \(“1e-400”\) is too small to tell from 0"):
        parse_grades("3, 1e-400")
    with pytest.raises(NdcgError, match=r"Item 1 \(“a”\): “1e-400” is too small"):
        parse_grades("a=1e-400")


def test_the_class_answer_says_too_large_not_not_a_number() -> None:
    with pytest.raises(NdcgError, match="is too large"):
        parse_answer(PREDICT, "1e309")
    with pytest.raises(NdcgError, match="has a comma"):
        parse_answer(PREDICT, "0,86")
    assert parse_answer(PREDICT, "٠٫٥") == "0.5"


@given(st.text(max_size=12))
def test_the_class_answer_reads_a_number_as_the_one_reader_does(typed: str) -> None:
    try:
        value = read_number(typed)
    except NdcgError as refusal:
        with pytest.raises(NdcgError, match=f"^{re.escape(str(refusal))}$"):
            parse_answer(PREDICT, typed)
    else:
        if abs(value) <= 1e6:
            assert float(parse_answer(PREDICT, typed)) == value


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_every_finite_float_written_short_reads_back(value: float) -> None:
    assert read_number(repr(value)) == value + 0.0
    assert math.copysign(1, read_number(repr(value))) == 1 or value < 0


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (
            "K7M2Q\u041d",
            "“Н”, a Cyrillic letter (U+041D CYRILLIC CAPITAL LETTER EN) that looks like the Latin H",
        ),
        (
            "K7M2Q\u0397",
            "a Greek letter (U+0397 GREEK CAPITAL LETTER ETA) that looks like the Latin H",
        ),
        ("K7M2Q\u041e", "looks like the Latin O, which no code uses either"),
    ],
)
def test_a_join_code_look_alike_is_named_as_one(typed: str, message: str) -> None:
    with pytest.raises(NdcgError, match=re.escape(message)):
        join_code(typed)


def test_a_full_width_join_code_is_read_as_its_latin_letters() -> None:
    assert join_code("ＫＡＢＣＤ\uff35") == "KABCDU"
    assert join_code("kabcd\u0667") == "KABCD7"  # an Arabic-Indic seven


def test_an_emoji_nickname_is_kept_with_its_joiners() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert nickname(f"Bo {family}") == f"Bo {family}"
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    assert nickname(scotland) == scotland
    coder = "\U0001f469\U0001f3fd\u200d\U0001f4bb"  # with a skin tone
    assert nickname(coder) == coder
    for hidden in ("Bo\u200d", "a\u200db", "\u200d\U0001f468", "x\U000e0067"):
        with pytest.raises(NdcgError, match="invisible character"):
            nickname(hidden)


def test_a_link_with_two_bad_settings_names_both() -> None:
    with pytest.raises(NdcgError) as refusal:
        Convention.from_params({"gain": "cubic", "k": "five", "base": "2"})
    assert "“cubic”" in str(refusal.value)
    assert "“five”" in str(refusal.value)
    convention, problems = read_params({"gain": "cubic", "ideal": "judged", "zero": "x"})
    assert len(problems) == 2
    assert convention == Convention(ideal="judged")  # the good setting is read


def test_a_minus_sign_in_a_label_stays_while_a_grade_reads_it_as_minus() -> None:
    grade_list = parse_grades("a\u2212b=3, \u22122")
    assert grade_list.labels == ("a\u2212b", "D2")
    assert grade_list.grades == (3.0, -2.0)
