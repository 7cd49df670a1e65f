"""Every CSV a person can download keeps their text as text (issue 20): document labels,
titles and query ids that read like spreadsheet formulas come out with a leading ', and
Streamlit's own table toolbars (grade table, a chart's data view, the per-query table) offer
no download of their own, which would write them raw."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from ndcg_core import Convention, format_real
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.scoring import evaluate_run
from tests.browser.conftest import (
    QRELS,
    RUN_A,
    HeldStream,
    StreamlitServer,
    click_download,
    list_order,
    uploader,
)

pytestmark = pytest.mark.browser

# What a spreadsheet reads as a formula (or strips and then reads as one) at a cell's start.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
LABELS = ["+SUM(1+1)", "@A1", "-2+3", "ok"]
TITLES = ['=HYPERLINK("http://evil.example","x")', "+SUM(1+1)", "@A1", "=cmd|' /C calc'!A0"]
QIDS = ["=cmd|' /C calc'!A0", "+SUM(1+1)", "@A1", "-1+2"]


def downloaded_rows(page: Page, button: str) -> list[list[str]]:
    text = Path(click_download(page, button).path()).read_text(encoding="utf-8")
    return list(csv.reader(io.StringIO(text)))


def is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def assert_no_formula_cells(rows: list[list[str]]) -> None:
    """No cell starts like a formula, unless it is a plain number (a negative one is fine)."""
    for row in rows:
        for cell in row:
            assert is_number(cell) or not cell.startswith(FORMULA_STARTS), row


def unguarded(cell: str) -> str:
    """The text a spreadsheet shows for a cell: without the ' that keeps it text."""
    return cell.removeprefix("'")


def toolbar(element: Locator) -> Locator:
    """The toolbar Streamlit shows over ``element`` while the pointer is on it."""
    element.hover()
    container = element.locator("xpath=ancestor::*[@data-testid='stElementContainer'][1]")
    return container.get_by_test_id("stElementToolbar")


def assert_no_raw_download(element: Locator) -> None:
    buttons = toolbar(element)
    expect(buttons.get_by_role("button", name="Search")).to_be_visible()  # the toolbar is up
    expect(buttons.get_by_role("button", name="Download as CSV")).to_have_count(0)


def test_playground_downloads_keep_formula_like_labels_and_titles_as_text(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    view = tmp_path / "formulas.json"
    view.write_text(
        json.dumps(
            {
                "format": "ndcg-lab view",
                "version": 1,
                "labels": LABELS,
                "grades": [3, 2, 1, 0],
                "titles": TITLES,
            }
        ),
        encoding="utf-8",
    )
    page.goto(f"{app_server.url}/playground")
    page.get_by_role("tab", name="Open a saved view").click()
    page.get_by_test_id("stFileUploader").locator("input[type=file]").set_input_files(str(view))
    expect(page.locator("li.lv-item").first).to_have_attribute("data-id", LABELS[0])

    page.get_by_role("tab", name="Table").click()
    grade_table = page.get_by_test_id("stDataFrame").first
    assert_no_raw_download(grade_table)

    # The charts are drawn in the browser by the live view (components/live_view.py), with no
    # toolbar of their own: no "Show data" table, no raw download of the labels beside them.
    expect(page.locator(".lv-chart svg").first).to_be_visible()
    expect(page.get_by_role("button", name="Show data")).to_have_count(0)
    expect(page.get_by_test_id("stVegaLiteChart")).to_have_count(0)

    page.get_by_text("Download, save, reproduce in Python").click()
    rows = downloaded_rows(page, "Table (CSV)")
    assert_no_formula_cells(rows)
    header, body = rows[0], rows[1:]
    assert header[1:3] == ["document", "title"]
    assert [unguarded(row[1]) for row in body] == LABELS
    assert [unguarded(row[2]) for row in body] == TITLES


def test_your_run_downloads_keep_formula_like_query_ids_as_text(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    qrels = tmp_path / "formulas_qrels.csv"
    run = tmp_path / "formulas_run.csv"
    qrels.write_text(
        "qid,docid,grade\n" + "".join(f"{q},d1,2\n{q},d2,1\n" for q in QIDS), encoding="utf-8"
    )
    run.write_text(
        "qid,docid,score\n" + "".join(f"{q},d2,2\n{q},d1,1\n" for q in QIDS), encoding="utf-8"
    )
    scores = evaluate_run(
        read_run(run.read_bytes()), read_qrels(qrels.read_bytes()), Convention(ties="trec_eval")
    )

    page.goto(f"{app_server.url}/runs")
    uploader(page, QRELS).set_input_files(str(qrels))
    # As a person would, once the first file is read.
    expect(page.get_by_text(f"Read {qrels.name}")).to_be_visible()
    uploader(page, RUN_A).set_input_files(str(run))
    # Not "Queries scored" alone: the example run against these qrels scores as many queries
    # (each 0), and a download clicked then holds those 0s.
    expect(page.get_by_text(f"Read {run.name}")).to_be_visible()
    expect(page.get_by_test_id("stMetricValue").first).to_have_text(format_real(scores.mean))
    expect(page.get_by_test_id("stMetricValue").nth(1)).to_have_text(str(len(QIDS)))

    assert_no_raw_download(page.get_by_test_id("stDataFrame").first)

    rows = downloaded_rows(page, "Scores per query (CSV)")
    assert_no_formula_cells(rows)
    header, body = rows[0], rows[1:]
    assert header == ["qid", "DCG", "ideal DCG", "nDCG", "retrieved", "relevant"]
    assert [unguarded(row[0]) for row in body] == scores.per_query["qid"].tolist()
    assert [float(row[3]) for row in body] == scores.per_query["ndcg"].tolist()


def test_a_download_clicked_before_the_page_hears_of_a_run_still_arrives(
    page: Page, app_server: StreamlitServer
) -> None:
    """Each run of the Playground draws its downloads anew. A click on the table before the
    page has heard of the latest run still downloads it: the table is a file whose address
    is its content. Made on click instead, it was asked for by an id that run had dropped,
    and no file came (the server logged "Deferred file ... not found")."""
    stream = HeldStream(page)
    page.goto(f"{app_server.url}/playground")
    page.get_by_text("Download, save, reproduce in Python").click()
    expect(page.get_by_role("button", name="Table (CSV)")).to_be_visible()
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)  # no run under way
    first = list_order(page)
    moved = page.locator(f"li.lv-item[data-id='{first[3]}']")

    stream.deaf = True  # the server's answers to the moves wait: the page keeps its buttons
    moved.focus()
    page.keyboard.press("Alt+ArrowUp")  # a run that redraws the downloads for a new order
    stream.wait_for_runs_unheard(page, 1)
    moved.focus()
    page.keyboard.press("Alt+ArrowDown")  # and one for the order the page's buttons are of
    stream.wait_for_runs_unheard(page, 2)
    assert list_order(page) == first

    rows = downloaded_rows(page, "Table (CSV)")
    assert [row[1] for row in rows[1:]] == first
    stream.hear()
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
    assert [row[1] for row in downloaded_rows(page, "Table (CSV)")[1:]] == first
