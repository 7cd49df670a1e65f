"""Run files: reading with clear errors, and vectorised scores that agree with the per-list
core and with pytrec_eval (trec_eval itself) on random runs with ties and unjudged documents."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import (
    PRESETS,
    Convention,
    NdcgError,
    TiePolicy,
    evaluate_scores,
    format_grades,
    parse_grades,
)
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.scoring import evaluate_run, query_ranking
from ndcg_core.runs.significance import bootstrap_interval, paired_randomization_test
from tests.core.trec import trec_eval
from tests.examples import examples


@st.composite
def run_and_qrels(draw):
    queries = draw(st.integers(1, 4))
    ranked = draw(st.booleans())  # rows by score, as run files come, or in document order
    run_rows, qrels_rows = [], []
    for q in range(queries):
        docs = draw(st.integers(1, 8))
        rows = []
        for d in range(docs):
            score = float(draw(st.integers(0, 3)))  # few values: many ties
            rows.append((f"q{q}", f"d{d}", score))
            if draw(st.booleans()):  # some retrieved documents are unjudged
                qrels_rows.append((f"q{q}", f"d{d}", float(draw(st.integers(0, 3)))))
        run_rows += sorted(rows, key=lambda row: -row[2]) if ranked else rows
        for extra in range(draw(st.integers(0, 3))):  # judged, never retrieved
            qrels_rows.append((f"q{q}", f"x{extra}", float(draw(st.integers(0, 3)))))
    if not qrels_rows:
        qrels_rows.append(("q0", "x", 1.0))
    run = pd.DataFrame(run_rows, columns=["qid", "docid", "score"])
    qrels = pd.DataFrame(qrels_rows, columns=["qid", "docid", "grade"])
    return run, qrels


def _pytrec(run: pd.DataFrame, qrels: pd.DataFrame, measure: str) -> dict[str, float]:
    judged: dict[str, dict[str, int]] = {}
    for qid, docid, grade in qrels.itertuples(index=False):
        judged.setdefault(qid, {})[docid] = int(grade)
    scored: dict[str, dict[str, float]] = {}
    for qid, docid, score in run.itertuples(index=False):
        scored.setdefault(qid, {})[docid] = float(score)
    return trec_eval(judged, scored, measure.replace(".", "_"))


@settings(max_examples=examples(60))
@given(run_and_qrels(), st.sampled_from([None, 1, 3, 5]))
def test_agrees_with_pytrec_eval(case, k) -> None:
    run, qrels = case
    preset = "trec_eval_ndcg" if k is None else "trec_eval_ndcg_cut"
    convention = PRESETS[preset].convention.with_changes(cutoff_k=k)
    ours = evaluate_run(run, qrels, convention, score_missing_as_zero=False).per_query
    theirs = _pytrec(run, qrels, "ndcg" if k is None else f"ndcg_cut.{k}")
    assert dict(zip(ours["qid"], ours["ndcg"], strict=True)) == pytest.approx(theirs, abs=1e-9)


@settings(max_examples=examples(60))
@given(run_and_qrels(), st.sampled_from(list(TiePolicy)), st.sampled_from([None, 2]))
def test_agrees_with_the_per_list_core(case, ties, k) -> None:
    run, qrels = case
    convention = Convention(ties=ties, cutoff_k=k, ideal="judged")
    ours = evaluate_run(run, qrels, convention, score_missing_as_zero=False).per_query
    for qid, ndcg in zip(ours["qid"], ours["ndcg"], strict=True):
        docs = run[run["qid"] == qid]
        mine = qrels[qrels["qid"] == qid]
        grades_by_doc = dict(zip(mine["docid"], mine["grade"], strict=True))
        grades = [grades_by_doc.get(d, 0.0) for d in docs["docid"]]
        judged = list(grades_by_doc.values())
        expected = evaluate_scores(
            grades,
            docs["score"].tolist(),
            convention,
            doc_ids=docs["docid"].tolist(),
            judged_grades=judged,
        ).ndcg
        assert ndcg == pytest.approx(expected, abs=1e-12)


def test_missing_queries_score_zero_or_are_left_out() -> None:
    run = pd.DataFrame({"qid": ["a"], "docid": ["d"], "score": [1.0]})
    qrels = pd.DataFrame({"qid": ["a", "b"], "docid": ["d", "e"], "grade": [1.0, 1.0]})
    scored = evaluate_run(run, qrels)
    assert scored.per_query["ndcg"].tolist() == [1.0, 0.0]
    assert scored.missing_from_run == 1
    assert evaluate_run(run, qrels, score_missing_as_zero=False).mean == 1.0


@pytest.mark.parametrize(
    ("data", "reader", "message"),
    [
        (b"", read_qrels, "qrels file is empty"),
        (b"q1 0 d1\n", read_qrels, r"Line 1 of the qrels file has 3 columns; expected 4"),
        # More fields on the first line than the format has: never read shifted.
        (b"q1 0 d1 1 x\nq1 0 d2 1 y\n", read_qrels, r"Line 1 of the qrels file has 5 columns"),
        (b"\n  q1 0 d1 2 3\n", read_qrels, r"Line 2 of the qrels file has 5 columns; expected 4"),
        (b"q1 Q0 <img src=x> 1 3 t\n", read_run, r"Line 1 of the run file has 7 columns"),
        (b"q1 0 d1 1\nq1 0 d2 x\n", read_qrels, r"Line 2 .* the grade “x” is not a finite number"),
        (b"q1 0 d1 1\nq1 0 d1 2\n", read_qrels, r"Line 2 .* repeats document “d1” for query “q1”"),
        (b"q1 Q0 d1 1 nan t\n", read_run, r"the score “nan” is not a finite number"),
        (b"\x00\x01binary", read_run, "looks binary"),
        (b"q1 Q0 d\xff 1 2 t\n", read_run, "not UTF-8 text"),
        (b"qid,doc,relevance\nq1,d1,\n", read_qrels, "Line 2 of the qrels file has an empty field"),
        (b"qid,docid\nq1,d1\n", read_run, "has no column “score”"),
    ],
)
def test_malformed_files_name_the_first_bad_line(data, reader, message) -> None:
    with pytest.raises(NdcgError, match=message):
        reader(data)


def test_csv_with_named_columns() -> None:
    qrels = read_qrels(b"query,doc,relevance\nq1,d1,2\nq1,d2,0\n")
    assert qrels.to_dict("list") == {
        "qid": ["q1", "q1"],
        "docid": ["d1", "d2"],
        "grade": [2.0, 0.0],
    }


def test_bootstrap_interval_contains_the_mean_and_narrows_with_more_queries() -> None:
    rng = np.random.default_rng(1)
    few, many = rng.random(10), rng.random(1_000)
    low, high = bootstrap_interval(few)
    assert low <= few.mean() <= high
    many_low, many_high = bootstrap_interval(many)
    assert many_high - many_low < high - low


def test_randomization_test_finds_a_real_difference_and_not_a_fake_one() -> None:
    rng = np.random.default_rng(2)
    base = rng.random(50)
    assert paired_randomization_test(base + 0.1, base) < 0.01
    noise = rng.normal(0, 0.05, 50)
    assert paired_randomization_test(base + noise, base - noise) > 0.01


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"q1 Q0 d1 1 2 t\n\nq1 Q0 d2 2 1 t extra\n", r"Line 3 of the run file has 7 columns"),
        (b"q1 Q0 d1 1 2 t\n\nq1 Q0 d2 2 x t\n", r"Line 3 of the run file: the score “x”"),
        (b"q1 Q0 d1 1 2 t\n\nq1 Q0 d2\n", r"Line 3 of the run file has 3 columns"),
    ],
)
def test_line_numbers_count_blank_lines(data, message) -> None:
    with pytest.raises(NdcgError, match=message):
        read_run(data)


def test_a_csv_row_with_too_many_fields_is_named() -> None:
    # found by the fuzzer: pandas' parser error used to escape as it was
    with pytest.raises(NdcgError, match=r"Line 3 of the run file has 4 columns"):
        read_run(b"qid,docid,score\nq1,d1,1\nq1,d2,1,extra\n")


def test_a_document_judged_twice_in_a_frame_counts_its_first_grade() -> None:
    # read_qrels refuses such a file; a frame built by hand can still hold one
    run = pd.DataFrame({"qid": ["q", "q"], "docid": ["a", "b"], "score": [2.0, 1.0]})
    qrels = pd.DataFrame({"qid": ["q", "q", "q"], "docid": ["a", "b", "a"], "grade": [0.0, 1, 3]})
    scores = evaluate_run(run, qrels, Convention(ideal="list"))
    assert scores.ndcg.tolist() == [pytest.approx(1 / np.log2(3), abs=1e-15)]


def test_a_query_opens_in_the_playground_with_labels_its_list_can_hold() -> None:
    long_id = "http://example.org/" + "a" * 60
    run = read_run(f"q Q0 {long_id} 1 3 t\nq Q0 d;2 2 2 t\nq Q0 d_2 3 1 t\n".encode())
    qrels = read_qrels(f"q 0 {long_id} 2\nq 0 d;2 1\n".encode())
    grades, labels, unretrieved = query_ranking(run, qrels, "q")
    assert grades == (2.0, 1.0, 0.0)
    assert labels == (long_id[:39].replace(":", "_") + "…", "d_2", "d_2~2")
    assert unretrieved == ()
    assert parse_grades(format_grades(grades, labels)).labels == labels
