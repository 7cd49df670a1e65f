"""Every hostile input of tests/hostile/corpus.py, fed to the real page through AppTest.

Each must end in a clear message right under its input (a link's at the top of the page)
with the previous valid state intact, or be accepted and shown as text, never as HTML or
Markdown; never an exception on the page, nor an error in Streamlit's log. One page per
target is reused from case to case (a fresh one after a failure), which keeps the whole
corpus (270-odd cases) to about half a minute.
"""

from __future__ import annotations

import csv
import io
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from ndcg_core import Convention, evaluate, format_real, parse_grades
from ndcg_core.links.view_files import view_from_json
from ndcg_core.metric.parsing import GradeList, grade_list_from_rows
from ndcg_core.pictures.export import table_csv
from ndcg_core.pictures.tables import escape_markdown
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.queries import parse_queries
from ndcg_core.runs.scoring import evaluate_run
from tests.hostile.case import Case
from tests.hostile.corpus import CORPUS, case_id
from tests.pages.conftest import APP, component_data, shown_cards, shown_table, type_grades

ASSETS = Path(__file__).resolve().parents[2] / "assets"
TAB_OF = {"text": "Type", "table": "Table", "view": "Open a saved view"}
INPUT_KEY = {
    "text": "lab_text",
    "unretrieved": "lab_unretrieved_text",
    "queries": "queries_text",
    "view": "lab_view_file",
    "qrels": "runs_qrels",
    "run": "runs_a",
}
# Elements whose text Streamlit renders as Markdown (widget values and code are shown raw).
MARKDOWN_TYPES = {
    "markdown",
    "caption",
    "header",
    "subheader",
    "title",
    "error",
    "warning",
    "info",
    "success",
    "exception",
}
# Markup that must never reach a Markdown renderer unescaped: a tag, or the corpus's
# Markdown (none of which the app writes itself).
# (Escaped, "**bold**" reads "\*\*bold\*\*": only "<" needs a look at what precedes it.)
RAW_MARKUP = re.compile(r"(?<!\\)<[A-Za-z!/?]|\*\*bold\*\*|_it_|`code`|`c`|\[x\]|\$x\^2\$")
# A CSV label cell that a spreadsheet would read as a formula is written with a leading "'".
FORMULA_QUOTED = {"'" + c for c in "=+-@\t\r"}

# --------------------------------------------------------------------------- the page


def _open(
    query: dict[str, Any] | None = None,
    page: str | None = "pages/playground.py",  # not the default page (the lesson)
) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    for key, value in (query or {}).items():
        at.query_params[key] = value
    at.run()
    if page is not None:
        at.switch_page(page).run()
    return at


def _open_target(target: str) -> AppTest:
    if target == "unretrieved":
        return _open({"ideal": "judged"})
    if target == "queries":
        return _open(page="pages/queries.py")
    if target in ("qrels", "run"):
        return _open(page="pages/runs.py")
    return _open()


def _open_tab(at: AppTest, target: str) -> None:
    tab = TAB_OF.get(target)
    if tab is not None and at.session_state["lab_input_tab"] != tab:
        at.session_state["lab_input_tab"] = tab
        at.run()


def _feed(at: AppTest, case: Case, value: Any) -> None:
    target = case.target
    _open_tab(at, target)
    if target == "text":
        type_grades(at, value).run()
    elif target == "queries":
        at.text_area(key=INPUT_KEY[target]).input(value).run()
    elif target == "unretrieved":
        at.text_input(key=INPUT_KEY[target]).input(value).run()
    elif target == "table":
        rows = []
        for label, grade in value:
            row: dict[str, Any] = {}
            if label is not None:
                row["document"] = label
            if grade is not None:
                row["grade"] = grade
            rows.append(row)
        shown = len(at.session_state["lab_list"].grades)
        at.session_state[f"lab_table_{at.session_state['lab_version']}"] = {
            "edited_rows": {},
            "added_rows": rows,
            "deleted_rows": list(range(shown)),
        }
        at.run()
    else:  # an upload
        mime, name = (
            ("application/json", "input.json") if target == "view" else ("text/plain", "input.txt")
        )
        uploader = at.file_uploader(key=_uploader_key(at, INPUT_KEY[target]))
        uploader.set_value((case.name or name, value, mime)).run()


# --------------------------------------------------------------------------- what it shows


def _walk(node: Any) -> Iterator[Any]:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def _metrics(at: AppTest) -> dict[str, str]:
    return shown_cards(at)


def _snapshot(at: AppTest, target: str) -> Any:
    tables = (
        [shown_table(at).to_dict("list")]
        if component_data(at, "lab_live")
        else [t.value.to_dict("list") for t in at.table[:1]]
    )
    frames = [d.value.to_dict("list") for d in at.dataframe[:1]]
    grade_list = at.session_state["lab_list"] if target not in ("qrels", "run") else None
    return _metrics(at), tables, frames, grade_list


def _rendered_markdown(at: AppTest) -> list[str]:
    texts: list[str] = []
    for node in _walk(at._tree):
        kind = getattr(node, "type", "")
        if kind in MARKDOWN_TYPES and isinstance(getattr(node, "value", None), str):
            texts.append(node.value)
        elif kind == "table":
            frame: pd.DataFrame = node.value
            texts += [str(c) for c in frame.columns]
            texts += [str(v) for v in frame.to_numpy().ravel()]
        label = getattr(node, "label", None)
        if isinstance(label, str):
            texts.append(label)
    return texts


def _plain(text: str) -> str:
    """A message as the reader sees it (Markdown escapes removed)."""
    return re.sub(r"\\(.)", r"\1", text)


def _siblings_after(at: AppTest, key: str) -> list[Any]:
    """The elements after the widget ``key`` in the block that holds it."""
    for node in _walk(at._tree):
        children = list(getattr(node, "children", {}).values())
        for index, child in enumerate(children):
            if getattr(child, "key", None) == key:
                return children[index + 1 :]
    pytest.fail(f"no widget with key {key!r} on the page")


def _uploader_key(at: AppTest, key: str) -> str:
    """The key the uploader ``key`` has now: Your run gives an uploader a new key
    (``key_1``, ``key_2``...) once it has read its file (components/run_uploads.py)."""
    keys = [u.key for u in at.get("file_uploader") if u.key == key or u.key.startswith(f"{key}_")]
    return keys[0] if keys else key


def _open_tab_block(at: AppTest) -> list[Any]:
    """The elements of the input tab that is open (the table editor has no key to find)."""
    for node in _walk(at._tree):
        if getattr(node, "key", None) == "lab_input_tab":
            shown = [tab for tab in node.children.values() if tab.children]
            assert len(shown) == 1, "one input tab is drawn at a time"
            return list(shown[0].children.values())
    pytest.fail("no input tabs on the page")


def _expected_metrics(
    grades: tuple[float, ...], convention: Convention, judged: tuple[float, ...] | None = None
) -> dict[str, str]:
    result = evaluate(grades, convention, judged_grades=judged)
    at = "" if convention.cutoff_k is None else f"@{convention.cutoff_k}"
    ndcg = "undefined" if result.ndcg != result.ndcg else format_real(result.ndcg)
    return {
        f"CG{at}": format_real(result.cg),
        f"DCG{at}": format_real(result.dcg),
        f"Ideal DCG{at}": format_real(result.ideal_dcg),
        f"nDCG{at}": ndcg,
    }


def _shows_list(
    at: AppTest,
    grade_list: GradeList,
    convention: Convention,
    judged: tuple[float, ...] | None = None,
) -> None:
    if convention.ideal.value != "judged":
        judged = None
    elif judged is None:
        judged = grade_list.grades
    assert at.session_state["lab_list"] == grade_list
    assert _metrics(at) == _expected_metrics(grade_list.grades, convention, judged)
    shown = shown_table(at)["document"].tolist()  # the first page of the table
    # The live view draws cells as text (textContent); Streamlit's table reads Markdown.
    live = component_data(at, "lab_live") is not None
    labels = [label if live else escape_markdown(label) for label in grade_list.labels]
    assert shown[: len(labels)] == labels[: len(shown)]
    assert set(shown[len(labels) :]) <= {"—"}  # positions of a longer judged ideal
    # The table's CSV download writes each label so that no spreadsheet reads a formula.
    result = evaluate(grade_list.grades, convention, labels=grade_list.labels, judged_grades=judged)
    cells = [row[1] for row in csv.reader(io.StringIO(table_csv(result)))][1:]
    written = [cell for cell in cells if cell]  # (positions past the list have no label)
    assert [c.removeprefix("'") if c[:2] in FORMULA_QUOTED else c for c in written] == list(
        grade_list.labels
    )
    assert not [c for c in written if c.startswith(("=", "+", "-", "@", "\t", "\r"))]


def _accepted(at: AppTest, case: Case, value: Any) -> None:
    target = case.target
    if target == "text":
        _shows_list(at, parse_grades(value), Convention())
    elif target == "table":
        labels = [label for label, _ in value]
        _shows_list(at, grade_list_from_rows(labels, [g for _, g in value]), Convention())
    elif target == "unretrieved":
        grade_list = at.session_state["lab_list"]
        unretrieved = parse_grades(value).grades if value.strip() else ()
        judged = grade_list.grades + unretrieved
        _shows_list(at, grade_list, Convention(ideal="judged"), judged)
    elif target == "queries":
        names = [escape_markdown(q.name) for q in parse_queries(value)]
        assert at.table[0].value["query"].tolist() == names
    elif target == "view":
        view, _ = view_from_json(value)
        judged = view.grade_list.grades + view.unretrieved
        _shows_list(at, view.grade_list, view.convention, judged)
    else:
        qrels = read_qrels((ASSETS / "example.qrels").read_bytes())
        run = read_run((ASSETS / "example_run_bm25.txt").read_bytes())
        if target == "qrels":
            qrels = read_qrels(value)
        else:
            run = read_run(value)
        mean = evaluate_run(run, qrels, Convention(ties="trec_eval")).mean
        assert _metrics(at)["Mean nDCG, run A"] == format_real(mean)


def _message_in_place(at: AppTest, case: Case) -> None:
    if case.target in ("text", "table", "view"):
        around = _open_tab_block(at)
    else:
        around = _siblings_after(at, _uploader_key(at, INPUT_KEY[case.target]))
    errors = [_plain(e.value) for e in around if getattr(e, "type", "") == "error"]
    assert any(case.error in e for e in errors), (case.error, errors, _all_errors(at))


def _all_errors(at: AppTest) -> list[str]:
    return [_plain(e.value) for e in at.error]


# Python's escapes (\u200b, \x00, \n) and repr's quotes ('x', not an apostrophe as in "k's").
PYTHON_ESCAPE = re.compile(r"\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[ntr0'\"])")
REPR_QUOTES = re.compile(r"(?<![\w’])'[^'\n]*'(?!\w)")


def _messages_read_as_words(at: AppTest) -> None:
    """No message shows Python's notation: every character named, user text in “ ”."""
    messages = [_plain(m.value) for m in (*at.error, *at.warning)]
    # (User text shows inside “ ”, as typed: its own quotes are not Python's.)
    outside_quotes = [re.sub(r"“[^”]*”", "“”", m) for m in messages]
    escaped = [m for m in outside_quotes if PYTHON_ESCAPE.search(m) or REPR_QUOTES.search(m)]
    assert not escaped, escaped


# --------------------------------------------------------------------------- the tests


@pytest.fixture(scope="module")
def pages() -> dict[str, AppTest]:
    """One page per target, reused across cases (dropped after a failure)."""
    return {}


@pytest.fixture
def logged() -> Iterator[list[logging.LogRecord]]:
    """Streamlit's log records at ERROR and above (its logger does not propagate)."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    handler = Keep(level=logging.ERROR)
    loggers = [logging.getLogger("streamlit"), logging.getLogger()]
    for logger in loggers:
        logger.addHandler(handler)
    yield records
    for logger in loggers:
        logger.removeHandler(handler)


def _no_failure_anywhere(at: AppTest, logged: list[logging.LogRecord]) -> None:
    assert not at.exception, [(e.message, e.stack_trace) for e in at.exception]
    assert not [r.getMessage() for r in logged]
    texts = _rendered_markdown(at)
    assert not any("Traceback" in text for text in texts)
    raw = [text[:80] for text in texts if RAW_MARKUP.search(text)]
    assert not raw, f"markup reached a Markdown renderer unescaped: {raw}"


def _cases(*, links: bool) -> list[Any]:
    """The corpus's cases for pages (or links); a big one is `slow`, left to `make test`."""
    cases = [case for case in CORPUS if (case.target == "url") is links]
    return [pytest.param(case, marks=pytest.mark.slow) if case.big else case for case in cases]


@pytest.mark.parametrize("case", _cases(links=False), ids=case_id)
def test_hostile_input_in_a_page(
    case: Case,
    pages: dict[str, AppTest],
    logged: list[logging.LogRecord],
) -> None:
    at = pages.get(case.target) or _open_target(case.target)
    pages[case.target] = at
    try:
        assert not at.exception
        _open_tab(at, case.target)
        before = _snapshot(at, case.target)
        value = case.value()
        _feed(at, case, value)
        _no_failure_anywhere(at, logged)
        if case.error is None:
            assert not _all_errors(at), _all_errors(at)
            _accepted(at, case, value)
        else:
            _message_in_place(at, case)
            _messages_read_as_words(at)
            assert _snapshot(at, case.target) == before  # the last valid state stays
    except BaseException:
        pages.pop(case.target, None)  # the next case starts from a fresh page
        raise


@pytest.mark.parametrize("case", _cases(links=True), ids=case_id)
def test_hostile_link(case: Case, logged: list[logging.LogRecord]) -> None:
    at = _open(case.value())
    _no_failure_anywhere(at, logged)
    # A link's messages come first on the page, above the page's own header.
    top = [_plain(w.value) for w in at.main.children.values() if w.type == "warning"]
    if case.error is None:
        assert not top, top
    else:
        assert any(case.error in w for w in top), (case.error, top)
        _messages_read_as_words(at)
        assert all(w.startswith("This link could not be followed in full.") for w in top)
    text, params = case.view
    convention = Convention.from_params(params)
    grade_list = parse_grades(text)
    unretrieved = parse_grades(params["u"]).grades if "u" in params else ()
    judged = grade_list.grades + unretrieved
    _shows_list(at, grade_list, convention, judged)
