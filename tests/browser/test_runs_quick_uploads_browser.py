"""Your run with both files given at once: a person drops the qrels and, before it is read,
the run. Whatever the order the server hears of them in, the page ends up scoring the two
uploads, and the per-query download holds what the page shows (not the example run's
nDCG 0 for every query against the uploaded qrels)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ndcg_core import Convention, format_real
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.scoring import evaluate_run
from tests.browser.conftest import QRELS, RUN_A, StreamlitServer, uploader

pytestmark = pytest.mark.browser

QIDS = [f"q{n}" for n in range(1, 7)]


def test_run_uploaded_before_the_qrels_is_read_is_scored_and_downloaded(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    qrels = tmp_path / "quick_qrels.csv"
    run = tmp_path / "quick_run.csv"
    qrels.write_text(
        "qid,docid,grade\n"
        + "".join(f"{q},d1,{1 + n % 3}\n{q},d2,1\n" for n, q in enumerate(QIDS)),
        encoding="utf-8",
    )
    run.write_text(
        "qid,docid,score\n" + "".join(f"{q},d2,2\n{q},d1,1\n" for q in QIDS), encoding="utf-8"
    )
    scores = evaluate_run(
        read_run(run.read_bytes()), read_qrels(qrels.read_bytes()), Convention(ties="trec_eval")
    )
    assert 0 < scores.mean < 1  # neither the example run's 0s nor a perfect run

    page.goto(f"{app_server.url}/runs")
    expect(page.get_by_text("Queries scored")).to_be_visible()  # the examples are scored
    uploader(page, QRELS).set_input_files(str(qrels))
    uploader(page, RUN_A).set_input_files(str(run))  # no waiting

    expect(page.get_by_text(f"Read {qrels.name}")).to_be_visible()
    expect(page.get_by_text(f"Read {run.name}")).to_be_visible()
    expect(page.get_by_test_id("stMetricValue").first).to_have_text(format_real(scores.mean))

    with page.expect_download() as caught:
        page.get_by_role("button", name="Scores per query (CSV)").click()
    text = Path(caught.value.path()).read_text(encoding="utf-8")
    body = list(csv.reader(io.StringIO(text)))[1:]
    assert [row[0] for row in body] == scores.per_query["qid"].tolist()
    assert [float(row[3]) for row in body] == scores.per_query["ndcg"].tolist()
