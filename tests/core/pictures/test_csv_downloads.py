"""The one CSV writer (issue 20): every text cell a spreadsheet would read as a formula gets a
leading ', numbers stay numbers; the per-position table carries titles, a run's scores its
query ids, both through that writer."""

from __future__ import annotations

import csv
import io
import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, evaluate
from ndcg_core.pictures.export import csv_text, per_query_csv, table_csv
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.scoring import evaluate_run

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
QIDS = ["=cmd|' /C calc'!A0", "+SUM(1+1)", "@A1", "-1+2", "q5"]

texts = st.text(alphabet=st.sampled_from([*"=+-@\t\r\n,\"' ab1|!"]), max_size=12)
numbers = st.floats(allow_nan=False, allow_infinity=False) | st.integers(-(10**6), 10**6)


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


@given(st.lists(st.lists(texts, min_size=2, max_size=2), min_size=1, max_size=6))
def test_no_text_cell_can_start_a_formula_and_each_reads_back(rows) -> None:
    read = _rows(csv_text({"a": [row[0] for row in rows], "b": [row[1] for row in rows]}))[1:]
    assert len(read) == len(rows)
    for written, cells in zip(rows, read, strict=True):
        for text, cell in zip(written, cells, strict=True):
            assert not cell.startswith(FORMULA_STARTS), cell
            assert cell in (text, "'" + text)


@given(st.lists(numbers, min_size=1, max_size=6))
def test_numbers_stay_numbers_at_full_precision_even_negative(values) -> None:
    # A list is written value by value, a NumPy column by Arrow: both read back the same.
    floats = np.array(values, dtype=float)
    read = _rows(csv_text({"listed": values, "array": floats}))[1:]
    assert [float(row[0]) for row in read] == floats.tolist()
    assert [float(row[1]) for row in read] == floats.tolist()


def test_table_csv_carries_titles_through_the_guard_only_when_there_are_some() -> None:
    evaluation = evaluate([3, 2, 1], labels=["@A1", "b", "c"])
    titles = {"@A1": "=HYPERLINK(1)", "c": "Forno Rosso"}
    header, *body = _rows(table_csv(evaluation, titles))
    assert header[1:4] == ["document", "title", "grade"]
    assert [row[1:3] for row in body] == [
        ["'@A1", "'=HYPERLINK(1)"],
        ["b", ""],
        ["c", "Forno Rosso"],
    ]
    assert _rows(table_csv(evaluation, {"elsewhere": "x"}))[0][2] == "grade"


def test_per_query_csv_guards_query_ids_and_keeps_the_scores() -> None:
    qrels = "qid,docid,grade\n" + "".join(f"{q},d1,2\n{q},d2,1\n" for q in QIDS)
    run = "qid,docid,score\n" + "".join(f"{q},d2,2\n{q},d1,1\n" for q in QIDS[:-1])
    scores = evaluate_run(read_run(run.encode()), read_qrels(qrels.encode()), Convention())
    header, *body = _rows(per_query_csv(scores))
    assert header == ["qid", "DCG", "ideal DCG", "nDCG", "retrieved", "relevant"]
    frame = scores.per_query
    assert [row[0] for row in body] == [q if q == "q5" else "'" + q for q in frame["qid"].tolist()]
    for column, name in ((1, "dcg"), (2, "ideal_dcg"), (3, "ndcg")):
        # q5, judged but not in the run, has no ideal DCG (NaN): an empty cell.
        written = [float(row[column]) if row[column] else math.nan for row in body]
        np.testing.assert_array_equal(written, frame[name].to_numpy(dtype=float))
    assert next(row for row in body if row[0] == "q5")[2] == ""
    assert [int(row[4]) for row in body] == frame["retrieved"].tolist()


def test_per_query_csv_leaves_an_undefined_score_empty() -> None:
    # A judged query with no relevant document has nDCG NaN under the "exclude" rule.
    qrels = "qid,docid,grade\nq1,d1,0\nq2,d1,1\n"
    run = "qid,docid,score\nq1,d1,1\nq2,d1,1\n"
    scores = evaluate_run(
        read_run(run.encode()), read_qrels(qrels.encode()), Convention(zero_ideal="exclude")
    )
    assert math.isnan(scores.ndcg[0])
    assert _rows(per_query_csv(scores))[1][3] == ""
