"""Hostile inputs, each with the place it goes and what must happen there.

A case's ``target`` names the input:

- ``text``: the Playground's grade text box (Type tab)
- ``table``: the Playground's table editor; the payload is the whole new table, as rows of
  (document, grade) that replace the old rows
- ``unretrieved``: the judged-but-not-retrieved grades box (ideal from judged documents)
- ``queries``: the Several queries text area
- ``view``: "Open a saved view" (JSON upload on the Playground)
- ``qrels`` / ``run``: the Your run page's judgements and run A uploaders
- ``url``: the link a session starts from (a dict of parameters; a list value repeats one)

``error`` is a phrase the message must contain (an ``st.error`` under the input; for a link,
the ``st.warning`` at the top of the page); ``None`` means the input is accepted and must
show, escaped, as text. Large payloads are functions, made only when a test runs them.
For a link, ``view`` is the list (as typed) and settings the page must then show.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

TARGETS = ("text", "table", "unretrieved", "queries", "view", "qrels", "run", "url")
DEFAULT_LIST = "3, 2, 3, 0, 1, 2"
MB = 1_000_000


@dataclass(frozen=True)
class Case:
    target: str
    payload: Any  # or a function of no arguments that makes it
    error: str | None = None
    name: str = ""  # the file name, for uploads (input.json or input.txt if not given)
    view: tuple[str, Mapping[str, str]] = (DEFAULT_LIST, {})

    def value(self) -> Any:
        made = _made(self.payload)
        if isinstance(made, dict):
            return {key: _made(value) for key, value in made.items()}
        return made

    @property
    def big(self) -> bool:
        """Whether the payload is made on demand (:func:`big`: 100,000 items, 10 MB)."""
        made = self.payload.values() if isinstance(self.payload, dict) else [self.payload]
        return any(callable(value) for value in made)

    def __str__(self) -> str:  # test ids and failure messages stay short
        if isinstance(self.payload, dict):
            shown = ", ".join(f"{k}={_described(v)}" for k, v in list(self.payload.items())[:3])
        else:
            shown = _described(self.payload)
        return f"{self.target}: {shown}"


def _made(value: Any) -> Any:
    return value() if callable(value) else value


def _described(value: Any) -> str:
    if callable(value):
        return str(value.__doc__)
    text = repr(value)
    return text if len(text) <= 50 else text[:47] + "..."


def big(description: str, make: Callable[[], Any]) -> Callable[[], Any]:
    """A payload made on demand (100,000 items, 10 MB), described for test ids."""
    make.__doc__ = description
    return make


def view_json(grades: Any = (3, 1), **fields: Any) -> bytes:
    document = {"format": "ndcg-lab view", "version": 1, "grades": list(grades), **fields}
    return json.dumps(document).encode("utf-8")


def _view_raw(body: str) -> bytes:
    return ('{"format": "ndcg-lab view", "version": 1, ' + body + "}").encode("utf-8")


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01" + bytes(range(256))
HIGH_BYTES = bytes(range(128, 256)) * 4  # no NUL, not UTF-8
CSV_INJECTION = "=cmd|' /C calc'!A0"
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
IMG_NO_SPACE = "<img/src=x/onerror=alert(1)>"  # one column of a whitespace-separated file
IMG_LABEL = "<img src onerror>"  # markup a label may hold (labels cannot contain = or :)

TEXT = [
    # empty and whitespace
    Case("text", "", "Enter at least one grade"),
    Case("text", "   ", "Enter at least one grade"),
    Case("text", "\t\n\r\n", "Enter at least one grade"),
    Case("text", ",,, ;;;", "Enter at least one grade"),
    Case("text", "\u3000\u00a0\u2003", "Enter at least one grade"),
    # digits that are not ASCII, and other look-alikes
    Case("text", "٣, ٢, ١"),  # digits of any script are read as the digits they are
    Case("text", "٣، ٢، ١"),  # with the Arabic comma
    Case("text", "३ २"),
    Case("text", "1, ３"),
    Case("text", "３，２．５"),  # full-width digits, comma and point
    Case("text", "𝟛"),
    Case("text", "3²", "Item 1 (“3²”) is not a number"),  # a superscript is not a digit
    Case("text", "٣,,٢", "Item 2 is empty"),
    Case("text", "1, ½", "Item 2 (“½”) is not a number"),
    Case("text", "Ⅳ", "is not a number"),
    Case("text", "0x10", "is not a number"),
    Case("text", "1_000", "is not a number"),
    Case("text", "1.2.3", "is not a number"),
    Case("text", "--1", "is not a number"),
    Case("text", "+-1", "is not a number"),
    Case("text", "—1", "is not a number"),  # an em dash is not read as a minus
    Case("text", "3, 2, banana", "Item 3 (“banana”) is not a number"),
    # overflow and non-finite numbers
    Case("text", "1e309", "too large; a grade must be a finite number"),
    Case("text", "2, -1e309", "too large"),
    Case("text", "1e999999999", "too large"),
    Case("text", "9" * 400, "too large"),
    # underflow: a non-zero number nearer 0 than any float is refused, not read as 0
    Case("text", "3, 1e-400", "Item 2 (“1e-400”) is too small to tell from 0"),
    Case("text", "D1=-2e-999", "too small to tell from 0"),
    Case("text", "0e-999, 5e-324"),  # a zero written small, and the smallest float
    Case("text", "nan", "a grade must be a finite number"),
    Case("text", "1, NaN", "Item 2 is “NaN”"),
    Case("text", "inf", "a grade must be a finite number"),
    Case("text", "-inf, 1", "a grade must be a finite number"),
    Case("text", "+Infinity", "a grade must be a finite number"),
    Case("text", "D1=nan", "a grade must be a finite number"),
    # signs and zeros that are fine
    Case("text", "-0"),
    Case("text", "-0, -0.0, +0, 0e5"),
    Case("text", "\u22121, 2, \u22120.5"),  # typographic minus signs
    Case("text", "\u20131, 2"),  # an en dash, as pasted from a word processor
    Case("text", "4.9e-324, 0.1"),  # a subnormal is read (1e-400, which would be 0, is not)
    Case("text", "1e308, 1e308, 0"),  # sums past float64: the exact path
    Case("text", "  3 ,  2  ;1\n0\r\n2 "),
    Case("text", "3, 2, 1, "),
    # labels that are markup, formulas, or script
    Case("text", f"{SCRIPT}=1, 2"),
    Case("text", f"{IMG}=3, D2=1", "has more than one = or :"),  # its own = marks
    Case("text", f"{IMG_LABEL}=3, D2=1"),
    Case("text", "<b>bold</b>=2, <i>x</i>=1"),
    Case("text", "**bold**=3, _it_=2, `code`=1"),
    Case("text", "[x](javascript:alert(1))=1, 0", "has more than one = or :"),
    Case("text", "[x](javascript alert(1))=1, 0"),
    Case("text", "$x^2$=2, # heading=1"),
    Case("text", "<!-- c -->=1, <style>*{}</style>=2"),
    Case("text", "@SUM(A1)=1, +cmd=2, -cmd=3"),
    Case("text", '=HYPERLINK("http://x")=1, 2', "has more than one = or :"),
    Case("text", f"{CSV_INJECTION}", "has an empty label"),  # '=' first: no label before it
    Case("text", "=1+1", "has an empty label"),
    Case("text", "&lt;b&gt;=1", "is not a number"),  # ';' separates items
    Case("text", "a=b=1, c:d=2", "Item 1 (“a=b=1”) has more than one = or :"),
    Case("text", "D1==3", "has more than one = or :"),
    Case("text", "3,,2", "Item 2 is empty"),
    Case("text", "3, 2\n, 1", "Item 3 is empty"),
    # right-to-left text, emoji, invisible and control characters
    Case("text", "שלום=3, עולם=1, 2"),
    Case("text", "مرحبا=2, عالم=0"),
    Case("text", "emoji 🎉=1, 👨\u200d👩\u200d👧=2"),
    Case("text", "e\u0301=1, é=2"),  # the same letter, decomposed and composed
    Case("text", "a\u200bb=1"),  # a zero-width space is shown, not refused
    Case("text", "\u202eevil=1", "invisible control character (U+202E"),
    Case("text", "a\u2066b=1, 2", "invisible control character (U+2066"),
    Case("text", "a\x00b=1", "invisible control character (U+0000"),
    Case("text", "a\x1b[31mb=1", "invisible control character (U+001B"),
    Case("text", "a\x7fb=1", "invisible control character (U+007F"),
    Case("text", "\x00", "Item 1 contains an invisible character (U+0000 NULL)"),
    Case("text", "1\x07", "Item 1 contains an invisible character (U+0007 CONTROL CHARACTER)"),
    Case("text", "3\u200b, 2", "Item 1 contains an invisible character (U+200B ZERO WIDTH SPACE)"),
    Case("text", "\u202e3, 2, 1", "invisible character (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    Case("text", "3, 2\u2066", "Item 2 contains an invisible character (U+2066 LEFT-TO-RIGHT"),
    # labels that break the list's own rules
    Case("text", "D1=3, D1=2", "same label “D1”"),
    Case("text", "x" * 41 + "=1", "label is 41 characters; at most 40"),
    Case("text", ":1", "has an empty label"),
    Case("text", "a:", "has a label but no grade"),
    # huge pastes
    Case("text", big("100,000 items", lambda: ", ".join(["1"] * 100_000)), "at most 10,000"),
    Case("text", big("10,001 items", lambda: " ".join(["2"] * 10_001)), "at most 10,000"),
    Case("text", big("10 MB of grades", lambda: "1, " * (10 * MB // 3)), "at most 1,000,000"),
    Case("text", big("10 MB without a separator", lambda: "7" * (10 * MB)), "at most 1,000,000"),
    Case("text", big("1,000,001 spaces", lambda: " " * 1_000_001), "at most 1,000,000"),
    Case("text", big("one 100,000-digit number", lambda: "9" * 100_000), "too large"),
    Case(
        "text",
        big("10,000 labelled items", lambda: ", ".join(f"<b>{i}</b>=1" for i in range(10_000))),
    ),
]

TABLE = [
    # (The editor requires a grade in every row it sends, so a row without one is a second row.)
    Case("table", [], "The table is empty"),
    Case("table", [("a", 1), (None, None)], "Row 2 has no grade"),
    Case("table", [("D1", 1), ("D1", 2)], "same label “D1”"),
    Case("table", [("a,b", 1)], "labels cannot contain , ; = or :"),
    Case("table", [("a;b", 1)], "labels cannot contain , ; = or :"),
    Case("table", [("a\nb", 1)], "labels cannot contain , ; = or :"),
    Case("table", [("a=b", 1)], "labels cannot contain , ; = or :"),
    Case("table", [("a:b", 1)], "labels cannot contain , ; = or :"),
    Case("table", [(CSV_INJECTION, 1)], "labels cannot contain , ; = or :"),
    Case("table", [("x" * 41, 1)], "at most 40"),
    Case("table", [("\u202eabc", 1)], "invisible control character (U+202E"),
    Case("table", [("a\x00", 1)], "invisible control character (U+0000"),
    Case(
        "table",
        big("100,000 rows", lambda: [(f"r{i}", 1) for i in range(100_000)]),
        "100,000 new rows at once is more than the table takes (1,000)",
    ),
    Case("table", big("1,001 rows", lambda: [(None, i % 4) for i in range(1_001)]), "(1,000)"),
    Case("table", big("1,000 rows", lambda: [(f"<i>{i}</i>", i % 4) for i in range(1_000)])),
    Case("table", [(SCRIPT, 3), ("+cmd|' /C calc'!A0", 1)]),
    Case("table", [(IMG_LABEL, 2), ("**b**", 1), ("", 0)]),
    Case("table", [("@SUM(A1)", 1), ("+1", 2), ("-1", 3), ("+1+1", 0)]),
    Case("table", [("שלום", 2), ("مرحبا", 1)]),
    Case("table", [(None, 1e308), (None, -1e308), (None, 5e-324)]),
    Case("table", [("a", -0.0), ("  padded  ", 1)]),
]

UNRETRIEVED = [
    Case("unretrieved", "x", "Item 1 (“x”) is not a number"),
    Case("unretrieved", "3, nan", "a grade must be a finite number"),
    Case("unretrieved", "1e309", "too large"),
    Case("unretrieved", "1e-400", "too small to tell from 0"),
    Case("unretrieved", "٣"),
    Case("unretrieved", "<b>1</b>", "is not a number"),
    Case("unretrieved", "a\u202e=1", "invisible control character"),
    Case("unretrieved", big("100,000 grades", lambda: "3 " * 100_000), "at most 10,000"),
    Case("unretrieved", big("10 MB paste", lambda: "3, " * (10 * MB // 3)), "at most 1,000,000"),
    Case("unretrieved", "3, 3"),
    Case("unretrieved", "-0, \u22121"),
    Case("unretrieved", f"{SCRIPT}=3"),
    Case("unretrieved", "   "),  # empty: every judged document is in the list
    Case("unretrieved", ""),
]

QUERIES = [
    Case("queries", "", "Enter at least one query"),
    Case("queries", "\n \n\t\n", "Enter at least one query"),
    Case("queries", "|", "Line 1 (“q1”): Enter at least one grade"),
    Case("queries", "a: x", "Line 1 (“a”): Item 1 (“x”) is not a number"),
    Case("queries", "a: 1\na: 2", "the query name “a” is used twice"),
    Case("queries", "q: nan", "a grade must be a finite number"),
    Case("queries", "q: 1e309", "too large"),
    Case("queries", "q: 1, 1e-400", "too small to tell from 0"),
    Case("queries", "q: ٣, 1"),
    Case("queries", "q: 1 | x", "Line 1 (“q”): Item 1 (“x”) is not a number"),
    Case("queries", "q: \u202ea=1", "invisible control character"),
    Case("queries", "q: ", "Line 1 (“q”): Enter at least one grade"),
    Case(
        "queries",
        big("201 queries", lambda: "".join(f"q{i}: 1\n" for i in range(201))),
        "at most 200",
    ),
    Case("queries", big("100,000 lines", lambda: "1\n" * 100_000), "at most 200"),
    Case(
        "queries",
        big("a query of 100,000 grades", lambda: "q: " + "1 " * 100_000),
        "at most 10,000",
    ),
    Case(
        "queries",
        big("10 MB on one line", lambda: "q: " + "2, " * (10 * MB // 3)),
        "at most 1,000,000",
    ),
    Case("queries", f"{SCRIPT}: 1, 0\n{IMG}: 2"),
    Case("queries", "**bold**: 3\n_it_: 1\n`c`: 2"),
    Case("queries", "[x](http://e.com): 1"),
    Case("queries", f"{CSV_INJECTION}: 1", "has an empty label"),  # its '|' starts judged grades
    Case("queries", '=HYPERLINK("x"): 1\n@SUM(A1): 2\n+1: 0\n-1: 1'),
    Case("queries", "שאילתה: 3, 1\nاستعلام: 0, 2"),
    Case(
        "queries",
        "q\x00: 1\nq\x1b: 2",
        "the query name contains an invisible control character (U+0000 NULL)",
    ),
    Case("queries", "\u202eq: 1", "invisible control character (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    Case("queries", "-0: -0, \u22121"),
    Case("queries", "q1: 1 | 3, 3\nq2: 0 |"),
    Case("queries", "x" * 1_000 + ": 1", "the query name is 1,000 characters"),
    Case("queries", "x" * 40 + ": 1"),
    Case("queries", "1, 2\n3, 0"),
]

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

URL = [
    # the list and the judged grades
    Case("url", {"g": "x"}, "Its list could not be read"),
    Case("url", {"g": "3, nan"}, "a grade must be a finite number"),
    Case("url", {"g": "1e309"}, "too large"),
    Case("url", {"g": "٣,٢"}, view=("٣,٢", {})),
    Case("url", {"g": SCRIPT}, "is not a number"),
    Case("url", {"g": "a\x00=1"}, "invisible control character"),
    Case("url", {"g": "\u202eevil=1"}, "invisible control character"),
    Case("url", {"g": big("100,000 items", lambda: ",".join(["1"] * 100_000))}, "at most 10,000"),
    Case("url", {"g": big("400,000 characters", lambda: "1 " * 200_000)}, "at most 10,000"),
    Case("url", {"g": "שלום=3, 1"}, view=("שלום=3, 1", {})),
    Case("url", {"g": f"{IMG_LABEL}=2, 1"}, view=(f"{IMG_LABEL}=2, 1", {})),
    Case("url", {"g": "-0"}, view=("-0", {})),
    Case("url", {"g": ""}),  # empty: the seed example
    Case("url", {"ideal": "judged", "u": "x"}, "judged-but-not-retrieved grades could not be read"),
    Case("url", {"ideal": "judged", "u": "nan"}, "finite number"),
    Case(
        "url",
        {"ideal": "judged", "u": "3, 3"},
        view=(DEFAULT_LIST, {"ideal": "judged", "u": "3, 3"}),
    ),
    # settings of the wrong type or out of range
    Case("url", {"k": "-5"}, "cutoff k must be a whole number"),
    Case("url", {"k": "0"}, "at least 1"),
    Case("url", {"k": "1.5"}, "cutoff k must be a whole number"),
    Case("url", {"k": "٣"}, "cutoff k must be a whole number"),
    Case("url", {"k": "1e3"}, "cutoff k must be a whole number"),
    Case("url", {"k": "abc"}, "cutoff k must be a whole number"),
    Case("url", {"k": "99999999999999999999"}, "above the sidebar's 100,000"),
    Case("url", {"k": "1" * 41}, "value is too long"),
    Case("url", {"k": "3"}, view=(DEFAULT_LIST, {"k": "3"})),
    Case("url", {"base": "0.5"}, "greater than 1"),
    Case("url", {"base": "-0"}, "greater than 1"),
    Case("url", {"base": "nan"}, "finite number greater than 1"),
    Case("url", {"base": "inf"}, "finite number greater than 1"),
    Case("url", {"base": "1e309"}, "finite number greater than 1"),
    Case("url", {"base": "true"}, "log base must be a number"),
    Case("url", {"base": "5000"}, "outside the sidebar's 1.01 to 1000"),
    Case("url", {"base": "e"}, view=(DEFAULT_LIST, {"base": "e"})),
    Case("url", {"gain": "cubic"}, "is not one of linear, exponential"),
    Case("url", {"gain": IMG}, "is not one of"),
    Case("url", {"gain": "1"}, "is not one of"),
    Case("url", {"disc": "x"}, "is not one of"),
    Case("url", {"ideal": "x"}, "is not one of"),
    Case("url", {"ties": "x"}, "is not one of"),
    Case("url", {"zero": "x"}, "is not one of"),
    Case("url", {"neg": "x"}, "is not one of"),
    # view mode and exercise sets
    Case("url", {"mode": "<b>x</b>"}, "view mode"),
    Case("url", {"mode": "x" * 10_000}, "view mode"),
    Case("url", {"seed": "x"}, "exercise set"),
    Case("url", {"seed": "-1"}, "exercise set"),
    Case("url", {"seed": "1" * 10}, "exercise set"),
    Case("url", {"level": "impossible"}, "exercise set could not be read"),
    # repeated parameters, unknown ones, and more than Streamlit reads
    Case("url", {"g": ["3, 2", "1, 0, 2"]}, "more than once", view=("1, 0, 2", {})),
    Case("url", {"k": ["x", "2"]}, "more than once", view=(DEFAULT_LIST, {"k": "2"})),
    Case("url", {"k": ["2", "x"]}, "cutoff k must be a whole number"),
    Case(
        "url",
        {"gain": ["exponential"] * 50},
        "more than once",
        view=(DEFAULT_LIST, {"gain": "exponential"}),
    ),
    Case("url", {"foo": "bar", "<script>": SCRIPT}),  # unknown parameters are ignored
    # Over 512 Ki characters or 1,000 parameters, Streamlit itself drops the whole query
    # string (and logs a warning): the app never sees it and shows the seed example.
    Case("url", {"g": big("600,000 characters", lambda: "1," * 300_000)}),
    Case("url", big("1,001 parameters", lambda: {f"p{i}": "1" for i in range(1_001)})),
]

CORPUS: tuple[Case, ...] = (*TEXT, *TABLE, *UNRETRIEVED, *QUERIES, *VIEW, *QRELS, *RUN, *URL)


def case_id(case: Case) -> str:
    """A short, unique test id: the target, the case's number in the corpus, its payload."""
    return f"{CORPUS.index(case):03d} {case}"
