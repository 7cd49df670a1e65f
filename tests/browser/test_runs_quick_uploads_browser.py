"""Your run with both files given at once: a person drops the qrels and, before it is read,
the run. Whichever upload the server hears of first, the page ends up scoring the two
uploads, and the per-query download holds what the page shows (not the example run's
nDCG 0 for every query against the uploaded qrels).

The test holds both files' uploads (their HTTP PUTs) until each has its upload URL, then lets
them through in the order given, so that the second's rerun reaches the server while the
first's run reads its file. It does not let a file ask for its URL while a run starts:
Streamlit 1.67 then drops the answer (``AppSession`` clears its outgoing queue when a run
starts, keeping only lifecycle messages, and ``file_urls_response`` is not one). The browser
waits for it forever and the file never uploads: nothing shows in its uploader, and a person
gives it again. That is Streamlit's, the app cannot reach it (docs/development.md, "Known
limits"), and it made this test fail about 1 run in 15 under load when it gave the files
with no hold (the uploader stayed empty; the websocket showed the request and no answer).
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from ndcg_core import Convention, format_real
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.scoring import evaluate_run
from tests.browser.conftest import QRELS, RUN_A, StreamlitServer, click_download, uploader

pytestmark = pytest.mark.browser

QIDS = [f"q{n}" for n in range(1, 7)]
UPLOADS = "**/_stcore/upload_file/**"


def _until(page: Page, done: Callable[[], bool], what: str, seconds: float = 20) -> None:
    """Let the page's events run until ``done()`` (route handlers run only while Playwright
    is called)."""
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            msg = f"waited {seconds:g} s for {what}"
            raise AssertionError(msg)
        page.wait_for_timeout(20)


@pytest.mark.parametrize("first", ["run", "qrels"])
def test_files_given_at_once_are_both_scored_and_downloaded(
    page: Page, app_server: StreamlitServer, tmp_path: Path, first: str
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

    held: dict[str, Route] = {}

    def hold(route: Route) -> None:  # the form names the file it carries
        body = route.request.post_data_buffer or b""
        held["run" if f'filename="{run.name}"'.encode() in body else "qrels"] = route

    page.goto(f"{app_server.url}/runs")
    expect(page.get_by_text("Queries scored")).to_be_visible()  # the examples are scored
    page.route(UPLOADS, hold)
    uploader(page, QRELS).set_input_files(str(qrels))
    uploader(page, RUN_A).set_input_files(str(run))
    _until(page, lambda: len(held) == 2, "both uploads")
    later = "qrels" if first == "run" else "run"
    held[first].continue_()
    held[later].continue_()  # no waiting: its rerun comes while the first file is read
    page.unroute(UPLOADS)

    expect(page.get_by_text(f"Read {qrels.name}")).to_be_visible()
    expect(page.get_by_text(f"Read {run.name}")).to_be_visible()
    expect(page.get_by_test_id("stMetricValue").first).to_have_text(format_real(scores.mean))

    text = Path(click_download(page, "Scores per query (CSV)").path()).read_text(encoding="utf-8")
    body = list(csv.reader(io.StringIO(text)))[1:]
    assert [row[0] for row in body] == scores.per_query["qid"].tolist()
    assert [float(row[3]) for row in body] == scores.per_query["ndcg"].tolist()
