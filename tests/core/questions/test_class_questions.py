"""Class questions: built from Practice and the Playground, carried as JSON, answers parsed,
judged, spread and revealed with the slips counted."""

from __future__ import annotations

import csv
import io
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, NdcgError, evaluate, parse_grades
from ndcg_core.questions.class_questions import (
    ClassQuestion,
    from_exercise,
    from_list,
    from_payload,
    is_right,
    parse_answer,
    to_payload,
)
from ndcg_core.questions.class_reveal import reveal, spread, summary_csv
from ndcg_core.questions.class_rules import ANSWER_MAX, answer_value
from ndcg_core.teaching import kinds
from ndcg_core.teaching.diagnosis import diagnose
from ndcg_core.teaching.kinds.base import QuestionKind
from ndcg_core.teaching.practice import Level, exercise_set
from ndcg_core.teaching.practice_checks import reorder_answer
from ndcg_core.teaching.slips import slip_table
from ndcg_core.text.quoting import short_number
from tests.core.strategies import conventions
from tests.hostile.case import CSV_INJECTION, IMG, SCRIPT, Case
from tests.hostile.typed_inputs import TEXT


def _questions() -> list[ClassQuestion]:
    return [
        from_exercise(e, seed, level)
        for level in Level
        for seed in range(4)
        for e in exercise_set(seed, level)
    ]


def _first(kind: QuestionKind, seed: int = 5, level: Level = Level.MEDIUM) -> ClassQuestion:
    exercise = next(e for e in exercise_set(seed, level) if e.kind is kind)
    return from_exercise(exercise, seed, level)


def test_every_practice_exercise_survives_the_store_as_json() -> None:
    for question in _questions():
        payload = to_payload(question)
        assert payload.isascii()
        assert from_payload(question.kind.name, payload) == question
    assert {q.kind for q in _questions()} == {
        kinds.PREDICT,
        kinds.COMPARE,
        kinds.REORDER,
        kinds.SPOT,
    }


def test_a_list_question_keeps_its_labels_convention_and_unretrieved_grades() -> None:
    grade_list = parse_grades("<b>=3, doc b=1, c=0")
    convention = Convention(cutoff_k=2, gain="exponential", ideal="judged", log_base=10.0)
    question = from_list(grade_list, convention, (2.0,))
    back = from_payload("list", to_payload(question))
    assert back == question
    assert back.exercise.labels == ("<b>", "doc b", "c")
    # ideal from 3, 2 (the unretrieved 2 counts): exponential gains 7, 3; log10(i+1)
    dcg = 7 / math.log10(2) + 1 / math.log10(3)
    ideal = 7 / math.log10(2) + 3 / math.log10(3)
    assert back.evaluation().ndcg == pytest.approx(dcg / ideal)


def test_a_list_too_long_or_with_no_relevant_document_is_refused_in_words() -> None:
    with pytest.raises(NdcgError, match="at most 12 documents; this list has 13"):
        from_list(parse_grades(", ".join(["1"] * 13)), Convention())
    with pytest.raises(NdcgError, match="undefined"):
        from_list(parse_grades("0, 0, 0"), Convention(zero_ideal="nan"))


@pytest.mark.parametrize(
    "payload",
    ["", "[]", '{"v": 2}', '{"v": 1}', "{" * 50, '{"v":1,"grades":"x"}', "\udc80"],
)
def test_a_payload_that_is_not_ours_gives_a_message_not_a_traceback(payload: str) -> None:
    with pytest.raises(NdcgError, match=r"could not be read \(\w+\); ask the next one") as error:
        from_payload("predict", payload)
    assert "\\" not in str(error.value)


def test_an_unknown_kind_is_refused() -> None:
    question = _first(kinds.PREDICT)
    with pytest.raises(NdcgError, match="could not be read"):
        from_payload("essay", to_payload(question))


@pytest.mark.parametrize(
    ("raw", "canonical"),
    [
        ("0.88", "0.88"),
        (" 0.88 ", "0.88"),
        ("٠٫٨٨", "0.88"),
        ("１", "1"),
        ("-0", "0"),
        ("6.861", "6.861"),
    ],
)
def test_numbers_are_read_as_the_playground_reads_grades(raw: str, canonical: str) -> None:
    assert parse_answer(_first(kinds.PREDICT), raw) == canonical


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("", "Type a number first"),
        ("abc", "“abc” is not a number"),
        ("0.8 0.9", "has a space inside it"),
        ("x=0.8", "is not a number"),
        ("0,88", "has a comma: type a decimal with a point"),
        ("nan", "“nan” is not a finite number"),
        ("1e400", "is too large"),
        ("1e-400", "is too small to tell from 0"),
        ("1e7", "far too large"),
        (SCRIPT, "is not a number"),
        ("0.5\u202e", "contains an invisible character"),
    ],
)
def test_a_bad_number_gets_a_message_for_a_person(raw: str, message: str) -> None:
    with pytest.raises(NdcgError, match=message) as error:
        parse_answer(_first(kinds.PREDICT), raw)
    assert "\u202e" not in str(error.value)  # shown as ⟨U+202E⟩ by quoted()
    assert "'" not in str(error.value)  # no repr


def test_choices_are_read_and_refused_in_words() -> None:
    spot = _first(kinds.SPOT)
    assert parse_answer(spot, "pair 2") == "2"
    with pytest.raises(NdcgError, match="Choose a pair from 1 to 4"):
        parse_answer(spot, "5")
    compare = _first(kinds.COMPARE)
    assert parse_answer(compare, "b; change 1") == "B, 1"
    with pytest.raises(NdcgError, match="A or B"):
        parse_answer(compare, IMG)
    reorder = _first(kinds.REORDER)
    labels = ", ".join(reversed(reorder.exercise.labels))
    assert parse_answer(reorder, labels) == labels
    with pytest.raises(NdcgError, match="once"):
        parse_answer(reorder, "D1, D1")


def test_the_right_answer_of_each_kind_is_right_and_a_wrong_one_is_not() -> None:
    for question in _questions():
        ex = question.exercise
        if question.numeric:
            truth = evaluate(ex.grades, ex.convention).ndcg
            right, wrong = short_number(truth), short_number(truth + 3 * ex.tolerance)
        elif question.kind is kinds.SPOT:
            right, wrong = str(ex.answer_index + 1), str((ex.answer_index + 1) % 4 + 1)
        elif question.kind is kinds.COMPARE:
            other = "B" if ex.answer == "A" else "A"
            right, wrong = f"{ex.answer}, {ex.answer_index + 1}", f"{other}, {ex.answer_index + 1}"
        else:
            right = ", ".join(reorder_answer(ex))
            grade_of = dict(zip(ex.labels, ex.grades, strict=True))
            wrong = ", ".join(sorted(ex.labels, key=grade_of.__getitem__))  # worst first
        assert parse_answer(question, right) == right
        assert is_right(question, right), question.source
        assert not is_right(question, wrong), question.source


def test_the_reveal_of_seed_004_at_cutoff_3_counts_the_slips() -> None:
    question = from_list(parse_grades("3, 2, 0, 0, 1"), Convention(cutoff_k=3))
    answers = ["0.895", "0.89", "0.976", "0.98", "0.975", "0.833", "4.262", "0.5"]
    shown = reveal(question, answers)
    assert shown.right_answer == "nDCG@3 = 0.8950"
    assert shown.explanation.startswith("nDCG@3 = DCG / ideal DCG = 4.2619 / 4.7619 = 0.8950")
    assert shown.spread.right_count == 2
    said = [c.sentence for c in shown.slip_counts if c.count]
    assert said == [
        "3 students answered about 0.976: what the cutoff ignored gives.",
        "1 student answered about 0.833: what CG instead of DCG gives.",
        "1 student answered about 4.262: what DCG not normalised gives.",
    ]
    # log2(i) gives 0.888, 0.007 from the right 0.895: not countable at this tolerance
    assert any(
        note.startswith("log2(i) instead of log2(i+1) gives 0.888") for note in shown.slip_notes
    )
    assert [s.name for s in shown.steps] == ["CG", "DCG", "IDCG", "nDCG"]


def test_the_spread_stacks_equal_answers_and_keeps_outliers_apart() -> None:
    question = from_list(parse_grades("3, 2, 3, 0, 1, 2"), Convention())
    found = spread(question, ["0.961", "0.96", "0.955", "0.93", "11", "-0.2", "<b>"])
    assert [(d.value, d.stack) for d in found.dots] == [(0.93, 0), (0.96, 0), (0.96, 1), (0.96, 2)]
    assert found.outside == (-0.2, 11.0)
    assert found.unreadable == 1
    assert found.answered == 6
    assert found.right_value == pytest.approx(0.9608, abs=1e-4)


def test_choice_spreads_count_each_option_and_mark_the_right_one() -> None:
    question = _first(kinds.SPOT)
    right = str(question.exercise.answer_index + 1)
    other = "1" if right != "1" else "2"
    found = spread(question, [right, right, other])
    assert [(b.label, b.count, b.right) for b in found.bars] == [
        (f"Pair {right}", 2, True),
        (f"Pair {other}", 1, False),
    ]


def test_the_summary_csv_is_anonymous_marks_right_and_slip_and_defuses_formulas() -> None:
    question = from_list(parse_grades("3, 2, 3, 0, 1, 2"), Convention())
    rows = [
        {"question": 1, "kind": "list", "student": 1, "answer": "0.961", "answered_at": "t1"},
        {"question": 1, "kind": "list", "student": 2, "answer": "0.949", "answered_at": "t2"},
        {"question": 1, "kind": "list", "student": 3, "answer": "-0.5", "answered_at": "t3"},
        {"question": 2, "kind": "list", "student": None, "answer": None, "answered_at": None},
        {"question": 1, "kind": CSV_INJECTION, "student": 4, "answer": "0.1", "answered_at": ""},
    ]
    read = list(csv.DictReader(io.StringIO(summary_csv({1: question}, rows))))
    assert [r["right"] for r in read] == ["yes", "no", "no", "", "no"]
    assert read[1]["slip"] == "exponential gain instead of linear"
    # The teacher keeps each answer's diagnosis in words (issue 24); none for a right one.
    table = slip_table([3, 2, 3, 0, 1, 2], Convention())
    assert read[1]["diagnosis"] == diagnose(table, 0.949).message
    assert "grade 3 at position 1 (D1) gains 3, not 2^3 - 1 = 7" in read[1]["diagnosis"]
    assert read[0]["diagnosis"] == read[2]["diagnosis"] == ""
    assert read[2]["answer"] == "-0.5"  # a number stays a number
    assert read[4]["kind"] == "'" + CSV_INJECTION
    assert "nickname" not in read[0]


@given(st.floats(-1e6, 1e6, allow_nan=False))
def test_any_number_written_short_reads_back_as_itself(value: float) -> None:
    text = short_number(value + 0.0)
    canonical = parse_answer(_first(kinds.PREDICT), text)
    assert float(canonical) == value
    assert answer_value(canonical) == canonical  # the store takes it as it is
    assert len(canonical) <= ANSWER_MAX


@given(
    st.lists(st.integers(0, 4).map(float), min_size=1, max_size=12),
    conventions(),
    st.lists(st.integers(0, 4).map(float), max_size=3),
)
def test_any_list_question_survives_the_store_or_is_refused(
    grades: list[float], convention: Convention, unretrieved: list[float]
) -> None:
    grade_list = parse_grades(", ".join(short_number(g) for g in grades))
    if math.isnan(evaluate(grades, convention, judged_grades=grades + unretrieved).ndcg):
        with pytest.raises(NdcgError, match="undefined"):
            from_list(grade_list, convention, unretrieved)
        return
    question = from_list(grade_list, convention, unretrieved)
    back = from_payload("list", to_payload(question))
    assert back == question
    assert math.isfinite(back.evaluation().ndcg)
    assert is_right(back, short_number(back.evaluation().ndcg))


@pytest.mark.parametrize("case", [c for c in TEXT if isinstance(c.value(), str)], ids=str)
def test_the_hostile_corpus_as_an_answer_is_read_or_refused_in_words(case: Case) -> None:
    question = _first(kinds.PREDICT)
    typed = case.value()
    try:
        canonical = parse_answer(question, typed)
    except NdcgError as error:
        message = str(error)
        assert message.endswith((".", "!", "?"))
        assert "\\x" not in message  # no repr
        assert "\\u" not in message
        assert len(message) < 200  # quoted() shortens what was typed
        return
    assert answer_value(canonical) == canonical  # what the store accepts as it is
    assert math.isfinite(float(canonical))
