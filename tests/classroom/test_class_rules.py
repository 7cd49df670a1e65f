"""ndcg_core.questions.class_rules: what class mode accepts from a person (pure, no database)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core.errors import NdcgError
from ndcg_core.questions import class_rules
from ndcg_core.questions.class_rules import (
    ANSWER_MAX,
    JOIN_CODE_ALPHABET,
    JOIN_CODE_LENGTH,
    NICKNAME_MAX,
    answer_value,
    join_code,
    nickname,
)
from ndcg_core.text.quoting import first_hidden

codes = st.text(alphabet=JOIN_CODE_ALPHABET, min_size=JOIN_CODE_LENGTH, max_size=JOIN_CODE_LENGTH)


@given(st.text(max_size=60))
def test_a_nickname_is_either_refused_or_short_visible_plain_text(typed: str) -> None:
    refusal = ""
    try:
        cleaned = nickname(typed)
    except NdcgError as error:
        refusal, cleaned = str(error), None
    if refusal:
        assert refusal.endswith(".")
        return
    if cleaned is None:
        assert not typed.strip()
        return
    assert 0 < len(cleaned) <= NICKNAME_MAX
    assert first_hidden(cleaned) is None
    assert "<" not in cleaned
    assert ">" not in cleaned
    assert not cleaned.startswith(("=", "+", "-", "@"))
    assert nickname(cleaned) == cleaned  # cleaning twice changes nothing


@given(codes, st.sampled_from(["", " ", "-", " - "]))
def test_every_code_reads_back_typed_in_small_letters_with_a_separator(
    code: str, separator: str
) -> None:
    typed = code[:3].lower() + separator + code[3:].lower()
    assert join_code(typed) == code


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("K7M2Q", "has 5 characters"),
        ("K7M2QXX", "has 7 characters"),
        ("K7M2QO", "has “O”, which no code uses"),
        ("K7M2Q1", "has “1”, which no code uses"),
        ("K7M2Q\u200b", "invisible character (U+200B ZERO WIDTH SPACE)"),
        ("", "Type the join code shown by your teacher"),
        ("; DROP", "has “;”"),
        (123456, "must be text, not a number"),
    ],
)
def test_a_wrong_join_code_is_explained(typed: object, message: str) -> None:
    with pytest.raises(NdcgError, match=re.escape(message)):
        join_code(typed)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("x" * (NICKNAME_MAX + 1), f"is 25 characters long; keep it to {NICKNAME_MAX}"),
        ("<b>Ada</b>", "“<” and “>” are not allowed"),
        ("=HYPERLINK()", "starts with “=”"),
        ("\u202eAda", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("Ada\x00", "U+0000 NULL"),
        ("Ada\ud800", "HALF OF A CHARACTER"),
        (b"Ada", "must be text, not raw bytes"),
    ],
)
def test_a_wrong_nickname_is_explained(typed: object, message: str) -> None:
    with pytest.raises(NdcgError, match=re.escape(message)):
        nickname(typed)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (" ", "The answer is empty"),
        ("1" * (ANSWER_MAX + 1), f"201 characters long; an answer has at most {ANSWER_MAX}"),
        ("0.5\u200b", "U+200B ZERO WIDTH SPACE"),
        ("0.5\n", "U+000A LINE FEED"),
        (None, "must be text, not nothing"),
        (True, "must be text, not yes/no"),
    ],
)
def test_a_wrong_answer_is_explained(typed: object, message: str) -> None:
    with pytest.raises(NdcgError, match=re.escape(message)):
        answer_value(typed)


def test_a_question_kind_is_a_short_printable_name() -> None:
    for kind in ("", "x" * 41, "prédict", "a\nb"):
        with pytest.raises(NdcgError, match="is not a short name"):
            class_rules.question_text(kind, "{}")
    assert class_rules.question_text("ideal-order", '{\n  "k": 3\n}')[1] == '{\n  "k": 3\n}'
