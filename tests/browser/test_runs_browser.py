"""Uploading evaluation files in real Chromium: the example pair, then a malformed file."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ndcg_core import Convention, format_real
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.scoring import evaluate_run
from tests.browser.conftest import QRELS, RUN_A, StreamlitServer, metric, uploader

pytestmark = pytest.mark.browser
ASSETS = Path(__file__).resolve().parents[2] / "assets"


def test_upload_a_run_then_a_malformed_one(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    page.goto(f"{app_server.url}/runs")
    mean = page.get_by_test_id("stMetric").first.get_by_test_id("stMetricValue")
    expect(mean).to_be_visible()

    uploader(page, QRELS).set_input_files(str(ASSETS / "example.qrels"))
    # As a person would, once the first file is read.
    expect(page.get_by_text("Read example.qrels")).to_be_visible()
    uploader(page, RUN_A).set_input_files(str(ASSETS / "example_run_neural.txt"))
    qrels = read_qrels((ASSETS / "example.qrels").read_bytes())
    run = read_run((ASSETS / "example_run_neural.txt").read_bytes())
    expected = evaluate_run(run, qrels, Convention(ties="trec_eval")).mean
    expect(mean).to_have_text(format_real(expected))
    # The run, once read, gets a fresh uploader in its place: the next file goes to that one,
    # once the page is idle, as a person's would.
    expect(page.get_by_text("Read example_run_neural.txt", exact=False)).to_be_visible()
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)

    broken = tmp_path / "broken_run.txt"
    broken.write_text("q01 Q0 doc01-01 1 high run\n", encoding="utf-8")
    uploader(page, RUN_A).set_input_files(str(broken))
    expect(page.get_by_test_id("stAlertContentError")).to_contain_text(
        "broken_run.txt: Line 1 of the run file: the score “high” is not a finite number."
    )
    expect(mean).to_have_text(format_real(expected))


def test_open_in_playground_keeps_the_sidebar_and_the_run_pages_number(
    page: Page, app_server: StreamlitServer
) -> None:
    # The log base used to fall to its box's minimum, 1.01, on the switch.
    assets = Path(__file__).resolve().parents[2] / "assets"
    qrels = read_qrels((assets / "example.qrels").read_bytes())
    run = read_run((assets / "example_run_bm25.txt").read_bytes())
    scores = evaluate_run(run, qrels, Convention(cutoff_k=5, ties="trec_eval"))
    first = scores.per_query.iloc[0]
    page.goto(f"{app_server.url}/runs?k=5")
    expect(page.get_by_test_id("stMetric").first).to_be_visible()
    page.get_by_role("button", name="Open in Playground").click()
    expect(page.get_by_role("heading", name="Playground", exact=True)).to_be_visible()
    expect(metric(page, "nDCG@5")).to_have_text(format_real(first["ndcg"]))
    expect(page.get_by_role("spinbutton", name="Log base b")).to_have_value("2")
    expect(page.get_by_role("spinbutton", name="Cutoff k")).to_have_value("5")


def test_a_large_run_shows_a_page_of_queries_and_finds_one(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    # A table and a picker of every query froze Chromium at a million queries (issue 20).
    count = 3_000
    run, qrels = tmp_path / "big_run.txt", tmp_path / "big.qrels"
    run.write_text("".join(f"q{i:05d} Q0 d{i} 1 1.5 x\n" for i in range(count)))
    qrels.write_text("".join(f"q{i:05d} 0 d{i} {i % 3}\n" for i in range(count)))
    page.goto(f"{app_server.url}/runs")
    expect(page.get_by_test_id("stMetric").first).to_be_visible()
    uploader(page, QRELS).set_input_files(str(qrels))
    uploader(page, RUN_A).set_input_files(str(run))
    expect(page.get_by_text(f"Queries 1-50 of {count:,}.", exact=True)).to_be_visible()
    search = page.get_by_label("Find a query")
    search.fill("q02999")
    search.press("Enter")
    expect(
        page.get_by_text(f"Queries 1-1 of 1 whose id contains “q02999” (of {count:,}).")
    ).to_be_visible()
    picker = page.get_by_role("combobox", name="Look at one query in the Playground")
    expect(picker).to_have_value("q02999")  # the page's queries: the one found
