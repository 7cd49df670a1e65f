"""Uploading evaluation files in real Chromium: the example pair, then a malformed file."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ndcg_core import Convention, format_real
from ndcg_core.run_files import read_qrels, read_run
from ndcg_core.runs import evaluate_run
from tests.browser.conftest import StreamlitServer

pytestmark = pytest.mark.browser
ASSETS = Path(__file__).resolve().parents[2] / "assets"


def uploader(page: Page, index: int):
    return page.get_by_test_id("stFileUploader").nth(index).locator("input[type=file]")


def test_upload_a_run_then_a_malformed_one(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    page.goto(f"{app_server.url}/runs")
    mean = page.get_by_test_id("stMetric").first.get_by_test_id("stMetricValue")
    expect(mean).to_be_visible()

    uploader(page, 0).set_input_files(str(ASSETS / "example.qrels"))
    uploader(page, 1).set_input_files(str(ASSETS / "example_run_neural.txt"))
    qrels = read_qrels((ASSETS / "example.qrels").read_bytes())
    run = read_run((ASSETS / "example_run_neural.txt").read_bytes())
    expected = evaluate_run(run, qrels, Convention(ties="trec_eval")).mean
    expect(mean).to_have_text(format_real(expected))

    broken = tmp_path / "broken_run.txt"
    broken.write_text("q01 Q0 doc01-01 1 high run\n", encoding="utf-8")
    uploader(page, 1).set_input_files(str(broken))
    expect(page.get_by_test_id("stAlertContentError")).to_contain_text(
        "broken_run.txt: Line 1 of the run file: the score “high” is not a finite number."
    )
    expect(mean).to_have_text(format_real(expected))
