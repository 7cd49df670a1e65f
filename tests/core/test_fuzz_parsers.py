"""Every parser either returns a valid value or raises the core's own NdcgError: nothing else."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import Convention, NdcgError
from ndcg_core.queries import parse_queries
from ndcg_core.runs import evaluate_run, evaluate_run_files, read_qrels, read_run

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
