"""What an evaluation file may be: ids of a sane length, UTF-8 rather than UTF-16, and a
file read once and held compactly (its bytes not kept)."""

from __future__ import annotations

import gc
import sys

import pytest

from ndcg_core import NdcgError
from ndcg_core.runs.coded_files import read_evaluation_file
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.limits import MAX_ID_CHARS
from ndcg_core.runs.rows import query_rows
from ndcg_core.runs.scoring import evaluate_run_files

RUN = b"q1 Q0 d1 1 2.5 t\nq1 Q0 d2 2 1.5 t\nq2 Q0 d1 1 3 t\n"
QRELS = b"q1 0 d1 1\nq1 0 d2 2\nq2 0 d1 1\n"


@pytest.mark.parametrize("what", ["run", "qrels"])
@pytest.mark.parametrize("separator", [" ", "\t", "  "])  # Arrow's path, and the careful one's
def test_an_id_over_the_limit_is_refused_naming_its_line(what: str, separator: str) -> None:
    long_id = "x" * (MAX_ID_CHARS + 1)
    fields = ["q1", "Q0", long_id, "2", "1.5", "t"] if what == "run" else ["q1", "0", long_id, "1"]
    good = RUN if what == "run" else QRELS
    data = good + separator.join(fields).encode() + b"\n"
    message = (
        f"Line 4 of the {what} file has a document id of {MAX_ID_CHARS + 1:,} characters; "
        f"ids are at most {MAX_ID_CHARS:,}"
    )
    with pytest.raises(NdcgError, match=message):
        read_evaluation_file(data, what)
    with pytest.raises(NdcgError, match=message):
        (read_run if what == "run" else read_qrels)(data)


def test_an_id_at_the_limit_is_read() -> None:
    at_limit = "é" * MAX_ID_CHARS  # characters, not bytes: 2,000 bytes of UTF-8
    data = RUN + f"q3 Q0 {at_limit} 1 1 t\n".encode()
    assert read_evaluation_file(data, "run").rows == 4


def test_a_long_query_id_is_named_as_a_query_id() -> None:
    data = QRELS + b"q" * (MAX_ID_CHARS + 5) + b" 0 d1 1\n"
    with pytest.raises(NdcgError, match=r"Line 4 of the qrels file has a query id of 1,005"):
        read_evaluation_file(data, "qrels")


def test_a_file_on_one_line_is_not_one_huge_id() -> None:
    # A 60 MB single-line file was once accepted as one 60 MB document id.
    data = b"q1 0 " + b"d" * 5_000_000 + b" 1"
    with pytest.raises(NdcgError, match=r"Line 1 of the qrels file has a document id of 5,000,000"):
        evaluate_run_files(RUN, data)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("what", ["run", "qrels"])
def test_utf16_is_named_with_what_to_do(encoding: str, what: str) -> None:
    data = (RUN if what == "run" else QRELS).decode().encode(encoding)
    with pytest.raises(NdcgError) as raised:
        read_evaluation_file(data, what)
    assert str(raised.value) == (
        f"The {what} file is UTF-16 text; save it as UTF-8 and upload it again."
    )


def test_a_read_file_does_not_keep_the_uploaded_bytes() -> None:
    # A session holds its upload once: the parsed table, not also the 200 MB it came from.
    data = b"".join(b"q%d Q0 d%d 1 1 t\n" % (i % 7, i) for i in range(1000))  # its own object
    before = sys.getrefcount(data)
    run = read_evaluation_file(data, "run")
    qrels = read_evaluation_file(QRELS, "qrels")
    gc.collect()
    assert sys.getrefcount(data) == before
    ranked, judged = query_rows(run, qrels, "q2")
    assert ranked["docid"].tolist() == [f"d{i}" for i in range(2, 1000, 7)]
    assert judged.to_dict("list") == {"qid": ["q2"], "docid": ["d1"], "grade": [1.0]}
