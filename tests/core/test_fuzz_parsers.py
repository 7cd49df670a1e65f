"""Every parser either returns a valid value or raises the core's own NdcgError: nothing else."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import Convention, NdcgError, parse_grades
from ndcg_core.links.view import View
from ndcg_core.links.view_files import view_from_json
from ndcg_core.metric.choices import NegativeGrades
from ndcg_core.metric.parsing import grade_list_from_rows
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.queries import parse_queries
from ndcg_core.runs.scoring import evaluate_run, evaluate_run_files
from ndcg_core.teaching.practice import Level, set_from_link

# Text built from the characters these formats are made of, plus some that break them.
format_text = st.lists(
    st.sampled_from([*"q0Q1 d2\t\n,.-e+x=:|;nanif\x00é", "\r\n", "  ", "q1 Q0 d1 1 2.5 t\n"]),
    max_size=80,
).map("".join)


def _only_core_errors(parse, data) -> None:
    message = "no error"
    try:
        parse(data)
    except NdcgError as error:
        message = str(error)
    assert message  # a core error always says what is wrong


@settings(max_examples=300)
@given(format_text)
def test_read_run_never_fails_otherwise(text) -> None:
    _only_core_errors(read_run, text.encode("utf-8"))


@settings(max_examples=300)
@given(format_text)
def test_read_qrels_never_fails_otherwise(text) -> None:
    _only_core_errors(read_qrels, text.encode("utf-8"))


@given(st.binary(max_size=200))
def test_read_run_takes_any_bytes(data) -> None:
    _only_core_errors(read_run, data)


def _scores_or_error(score) -> object:
    try:
        frame = score().per_query
    except NdcgError as error:
        return str(error)
    return frame.astype(object).where(frame.notna(), None).to_dict("list")  # NaN == NaN


@settings(max_examples=300)
@given(format_text, format_text)
def test_run_files_score_or_fail_as_their_frames_do(run_text, qrels_text) -> None:
    run, qrels = run_text.encode("utf-8"), qrels_text.encode("utf-8")

    def from_frames():
        judged = read_qrels(qrels)
        return evaluate_run(read_run(run), judged)

    from_files = _scores_or_error(lambda: evaluate_run_files(run, qrels))
    assert from_files == _scores_or_error(from_frames)


@given(st.binary(max_size=200))
def test_read_qrels_takes_any_bytes(data) -> None:
    _only_core_errors(read_qrels, data)


@settings(max_examples=300)
@given(format_text)
def test_parse_queries_never_fails_otherwise(text) -> None:
    _only_core_errors(parse_queries, text)


@given(
    st.dictionaries(
        st.sampled_from(["gain", "disc", "base", "k", "ideal", "ties", "zero", "neg", "x"]),
        st.text(max_size=12),
        max_size=8,
    )
)
def test_url_parameters_never_fail_otherwise(params) -> None:
    _only_core_errors(Convention.from_params, params)


# Text and bytes that look like a saved view, with the values that break one: huge and
# non-finite numbers, deep nesting, lone surrogates, control characters, broken syntax.
view_pieces = st.sampled_from(
    [
        '{"format": "ndcg-lab view", "version": 1, ',
        '"grades": [',
        '"labels": [',
        '"unretrieved": [',
        '"convention": {',
        '"k": ',
        '"base": ',
        '"gain": ',
        "]",
        "}",
        ", ",
        "1",
        "-0",
        "1e309",
        "-1e309",
        "NaN",
        "Infinity",
        "9" * 5_000,
        '"1"',
        '"\\ud800"',
        '"\\u0000"',
        '"\\u202e"',
        '"=cmd|x"',
        "null",
        "true",
        "[" * 20,
        "\u00e9",
    ]
)
view_text = st.lists(view_pieces, max_size=30).map("".join)


def _parses_to_a_view_or_a_core_error(data) -> None:
    message = "no error"
    try:
        view, _ = view_from_json(data)
    except NdcgError as error:
        message = str(error)
    else:
        assert isinstance(view, View)
        assert len(view.grade_list.grades) == len(view.grade_list.labels) >= 1
        for label in view.grade_list.labels:
            label.encode("utf-8")  # a label the page (and its URL) can show
    assert message


@settings(max_examples=300)
@given(view_text)
def test_saved_view_text_never_fails_otherwise(text) -> None:
    _parses_to_a_view_or_a_core_error(text)


@given(st.binary(max_size=300) | view_text.map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_saved_view_bytes_never_fail_otherwise(data) -> None:
    _parses_to_a_view_or_a_core_error(data)


@given(st.none() | st.text(max_size=12), st.none() | st.text(max_size=12))
def test_exercise_set_links_never_fail_otherwise(seed, level) -> None:
    message = "no error"
    try:
        number, chosen = set_from_link(seed, level)
    except NdcgError as error:
        message = str(error)
    else:
        assert 1 <= number < 10**9 or (number == 0 and seed is not None)
        assert isinstance(chosen, Level)
    assert message


# Any character a JSON escape can carry, lone surrogates and controls included.
# (st.text() never makes a lone surrogate, and st.characters() rarely: name the hostile ones.)
json_label = st.lists(
    st.characters(categories=["L", "N", "P", "S", "Zs", "Cc", "Cf", "Cs"])
    | st.sampled_from(["\ud800", "\udfff", "\u202e", "\u200b", "\x00", "\n", ",", "="]),
    max_size=6,
).map("".join)


table_cells = st.none() | st.text(max_size=8) | st.floats() | st.integers() | st.booleans()


@given(st.lists(st.tuples(st.none() | st.text(max_size=45) | json_label, table_cells), max_size=8))
def test_table_rows_never_fail_otherwise(rows) -> None:
    labels = [label for label, _ in rows]
    grades = [grade for _, grade in rows]
    _only_core_errors(lambda pair: grade_list_from_rows(*pair), (labels, grades))


@given(st.text(max_size=200), st.sampled_from(["keep", "reject", "as_zero", "penalise"]))
def test_grade_text_never_fails_otherwise_under_any_negative_policy(text, policy) -> None:
    _only_core_errors(lambda t: parse_grades(t, negative_grades=NegativeGrades(policy)), text)


@given(st.lists(st.tuples(json_label, st.integers(-3, 3)), min_size=1, max_size=6))
def test_saved_view_labels_are_text_a_page_can_show_or_a_core_error(rows) -> None:
    document = {
        "format": "ndcg-lab view",
        "version": 1,
        "labels": [label for label, _ in rows],
        "grades": [grade for _, grade in rows],
    }
    _parses_to_a_view_or_a_core_error(json.dumps(document))
