"""Hostile files: a saved view (JSON) for the Playground, and qrels and run files for
Your run."""

from __future__ import annotations

import json
from typing import Any

from tests.hostile.case import CSV_INJECTION, IMG, IMG_NO_SPACE, MB, SCRIPT, Case, big

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01" + bytes(range(256))
HIGH_BYTES = bytes(range(128, 256)) * 4  # no NUL, not UTF-8


def view_json(grades: Any = (3, 1), **fields: Any) -> bytes:
    document = {"format": "ndcg-lab view", "version": 1, "grades": list(grades), **fields}
    return json.dumps(document).encode("utf-8")


def _view_raw(body: str) -> bytes:
    return ('{"format": "ndcg-lab view", "version": 1, ' + body + "}").encode("utf-8")


VIEW = [
    Case("view", b"", "not valid JSON", name="empty.json"),
    Case("view", b"   \n", "not valid JSON"),
    Case("view", b"{", "not valid JSON"),
    Case("view", b'{"format": "ndcg-lab view", "version": 1, "grades": [1,]}', "not valid JSON"),
    Case("view", b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    Case("view", big("deeply nested objects", lambda: b'{"a":' * 100_000), "nested too deeply"),
    Case(
        "view",
        _view_raw('"grades": [1], "convention": ' + '{"k":' * 5_000 + "1" + "}" * 5_001),
        "nested too deeply",
    ),
    Case("view", b"[1, 2]", "expected a JSON object, got a list"),
    Case("view", b'"grades"', "got a text"),
    Case("view", b"null", "got null"),
    Case("view", b"1e309", "got a number"),
    Case("view", b"NaN", "The file holds NaN"),
    Case("view", b'{"format": "x"}', 'lacks "format": "ndcg-lab view"'),
    Case("view", b'{"format": "ndcg-lab view", "version": 3}', "format version 3"),
    Case("view", b'{"format": "ndcg-lab view", "version": 2}', 'lacks the field "page"'),
    Case("view", b'{"format": "ndcg-lab view", "version": "1"}', "format version “1”"),
    Case("view", _view_raw('"grades": [NaN]'), "The file holds NaN"),
    Case("view", _view_raw('"grades": [1, -Infinity]'), "The file holds -Infinity"),
    Case("view", _view_raw('"grades": [1e309]'), '"grades", item 1 is too large'),
    Case("view", _view_raw('"grades": [3, -1e999]'), '"grades", item 2 is too large'),
    Case("view", _view_raw('"grades": [1' + "0" * 5_000 + "]"), "a number too long to read"),
    Case("view", view_json(["3"]), "should be a number; it holds “3”"),
    Case("view", view_json([True]), "should be a number; it holds true"),
    Case("view", view_json([[1]]), "item 1 should be a number; it holds a list"),
    Case("view", view_json([]), "The table is empty"),
    Case("view", _view_raw('"grades": {"a": 1}'), '"grades" should be a list of numbers'),
    Case("view", big("100,000 grades", lambda: view_json([1] * 100_000)), "at most 10,000"),
    Case(
        "view",
        big("10 MB view", lambda: view_json([1] * 10) + b" " * (10 * MB)),
        "at most 2,000,000",
    ),
    Case("view", view_json([1], labels=["\u202e"]), "invisible control character"),
    Case("view", _view_raw('"grades": [1, 2], "labels": ["\\ud800", "b"]'), "half a character"),
    Case("view", view_json([1, 2], labels=["a", "a"]), "same label “a”"),
    Case("view", view_json([1], labels=["a,b"]), "labels cannot contain"),
    Case("view", view_json([1], labels=[1]), '"labels", item 1 should be text or null'),
    Case("view", view_json([1, 2], labels=["a"]), '"labels" has 1 entries for 2 grades'),
    Case("view", view_json(convention={"k": "0"}), "at least 1"),
    Case("view", view_json(convention={"k": [5]}), '"convention", "k" should be text or a number'),
    Case("view", view_json(convention={"k": {"a": {"b": 1}}}), '"convention", "k" should be'),
    Case("view", view_json(convention={"base": 5000}), "outside the sidebar's 1.01 to 1000"),
    Case("view", view_json(convention={"k": 200_000}), "above the sidebar's 100,000"),
    Case("view", view_json(convention={"base": "nan"}), "finite number greater than 1"),
    Case("view", view_json(convention={"gain": IMG}), "is not one of linear, exponential"),
    # The browser offers only .json files here; a PNG renamed is the worst it lets through.
    Case("view", PNG, "not UTF-8 text", name="chart.png.json"),
    Case("view", "\ufeff{}".encode("utf-16"), "not UTF-8 text"),
    Case("view", b"\x00\x01\x02", "not valid JSON", name=f"{IMG}.json"),
    Case("view", view_json([3, 1, 2], labels=[SCRIPT, "@SUM(A1)", "**b**"])),
    Case("view", view_json([1], labels=[CSV_INJECTION]), "labels cannot contain , ; = or :"),
    Case("view", view_json([2, 1], labels=["שלום", "مرحبا"], convention={"k": "1"})),
    Case("view", b"\xef\xbb\xbf" + view_json([1, 0, 2])),  # a UTF-8 byte order mark
    Case("view", _view_raw('"grades": [1], "grades": [2, 0]')),  # a repeated key: the last wins
    Case("view", view_json([2, 0], unretrieved=[3, 3], convention={"ideal": "judged"})),
]

QRELS = [
    Case("qrels", b"", "The qrels file is empty"),
    Case("qrels", b"  \n\n\t\n", "The qrels file is empty"),
    Case("qrels", PNG, "The qrels file looks binary", name="judgements.png"),
    Case("qrels", "q1 0 d1 1\n".encode("utf-16"), "is UTF-16 text; save it as UTF-8"),
    Case("qrels", HIGH_BYTES, "is not UTF-8 text"),
    Case("qrels", b"q1 0 d1\n", "Line 1 of the qrels file has 3 columns; expected 4"),
    Case("qrels", b"q1 0 d1 1\nq1 0 d2 1 extra\n", "has 5 columns"),
    Case("qrels", b"q1 0 d1 1 extra\n", "Line 1 of the qrels file has 5 columns"),
    Case("qrels", b"q1 0 d1 x\n", "the grade “x” is not a finite number"),
    Case("qrels", b"q1 0 d1 nan\n", "the grade “nan” is not a finite number"),
    Case("qrels", b"q1 0 d1 inf\n", "is not a finite number"),
    Case("qrels", b"q1 0 d1 1e309\n", "is not a finite number"),
    Case("qrels", "q1 0 d1 ٣\n".encode(), "is not a finite number"),
    Case("qrels", b"q1 0 d1 1\nq1 0 d1 2\n", "repeats document “d1” for query “q1”"),
    Case("qrels", b"qid,docid\nq1,d1\n", "has no column “grade”"),
    Case("qrels", b"qid,docid,grade\nq1,d1,\n", "has an empty field"),
    Case("qrels", big("10 MB, one column", lambda: b"x" * (10 * MB)), "has 1 columns"),
    Case("qrels", f"qid,docid,grade\n{CSV_INJECTION},d1,1\n@SUM(1),d2,2\n".encode()),
    Case("qrels", f"{SCRIPT} 0 d1 2\n{IMG_NO_SPACE} 0 d2 1\n".encode(), name=f"{IMG}.qrels"),
    Case("qrels", "שלום 0 d1 1\nمرحبا 0 d2 2\n".encode()),
    Case("qrels", b"q01 0 doc01-01 -0\r\nq01 0 doc01-02 2\r\n"),
    Case(
        "qrels",
        big(
            "100,000 judgements",
            lambda: "".join(
                f"q{i // 100:04d} 0 d{i % 100} {i % 4}\n" for i in range(100_000)
            ).encode(),
        ),
    ),
]

RUN = [
    Case("run", b"", "The run file is empty"),
    Case("run", PNG, "The run file looks binary", name="run.png"),
    Case("run", HIGH_BYTES, "The run file is not UTF-8 text", name="run.bin"),
    Case("run", bytes(range(1, 128)), "columns"),  # control characters, no NUL: a bad row
    Case("run", b"q01 Q0 d1 1 high t\n", "the score “high” is not a finite number"),
    Case("run", b"q01 Q0 d1 1 nan t\n", "the score “nan” is not a finite number"),
    Case("run", b"q01 Q0 d1 1 -inf t\n", "is not a finite number"),
    Case("run", b"q01 Q0 d1 1 1e309 t\n", "is not a finite number"),
    Case("run", b"q01 Q0 d1 1 2.0\n", "has 5 columns; expected 6"),
    Case("run", b"q01 Q0 d1 1 2.0 t\nq01 Q0 d2 2 1.0 t extra\n", "has 7 columns"),
    Case("run", b"q01 Q0 d1 1 2 t\nq01 Q0 d1 2 1 t\n", "repeats document “d1”"),
    Case("run", b"qid,docid\nq01,d1\n", "has no column “score”"),
    Case("run", big("10 MB, one line", lambda: b"q01 Q0 " + b"d" * (10 * MB)), "columns"),
    Case("run", f"qid,docid,score\n{CSV_INJECTION},d1,1\n".encode()),
    Case(
        "run",
        f"q01 Q0 {SCRIPT} 1 3 t\nq01 Q0 {IMG_NO_SPACE} 2 2 t\n".encode(),
        name=f"{SCRIPT}.txt",
    ),
    Case("run", f"q01 Q0 {IMG} 1 3 t\n".encode(), "Line 1 of the run file has 8 columns"),
    Case("run", "q01 Q0 שלום 1 2 t\nq01 Q0 مرحبا 2 1 t\n".encode()),
    Case("run", b"\xef\xbb\xbfq01\tQ0\tdoc01-01\t1\t2.5\tt\r\nq01\tQ0\tdoc01-02\t2\t2.5\tt\r\n"),
    Case("run", b"q01 Q0 doc01-01 1 -0 t\nq01  Q0\tdoc01-03 2 -0.0 t\n"),
    Case(
        "run",
        big(
            "10 MB run (400,000 lines)",
            lambda: "".join(
                f"q{q:02d} Q0 doc{q:02d}-{d:05d} {d} {-d} t\n"
                for q in range(1, 21)
                for d in range(20_000)
            ).encode(),
        ),
    ),
]
