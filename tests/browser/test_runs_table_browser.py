"""Your run's per-query table is as tall as its rows: st.dataframe draws on a canvas, and a
fixed height taller than the rows draws empty rows (issue 21: two queries in a 300 px table
showed six empty rows under them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import QRELS, RUN_A, StreamlitServer, uploader

pytestmark = pytest.mark.browser

# Streamlit's default row height, header included, and the table's 1 px border above and below.
ROW_PX = 35
BORDER_PX = 2


def wait_for_rows_tall(page: Page, table: Locator, rows: int) -> None:
    """Wait until the table is as tall as its header and `rows` rows, no taller: a taller
    canvas draws empty rows. Fails (times out) while it stays taller or shorter."""
    expected = ROW_PX * (rows + 1) + BORDER_PX
    page.wait_for_function(
        "([el, px]) => Math.abs(el.getBoundingClientRect().height - px) <= 1",
        arg=[table.element_handle(), expected],
        timeout=15_000,
    )


@pytest.mark.parametrize("viewport", [(390, 844), (1366, 768)])
def test_two_queries_draw_two_rows(
    page: Page, app_server: StreamlitServer, tmp_path: Path, viewport: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    qrels = tmp_path / "two.qrels"
    qrels.write_text("q1 0 d1 2\nq1 0 d2 1\nq2 0 d3 1\nq2 0 d4 0\n", encoding="utf-8")
    run = tmp_path / "two.run"
    run.write_text(
        "q1 Q0 d1 1 3.0 r\nq1 Q0 d2 2 2.0 r\nq2 Q0 d4 1 3.0 r\nq2 Q0 d3 2 2.0 r\n",
        encoding="utf-8",
    )
    page.goto(f"{app_server.url}/runs")
    queries = page.get_by_test_id("stMetric").nth(1).get_by_test_id("stMetricValue")
    expect(queries).to_have_text("20")  # the example run, before the uploads
    uploader(page, QRELS).set_input_files(str(qrels))
    # The run once the qrels is read, as a person would. (Two files given at once are
    # test_runs_quick_uploads_browser's: here a CI run once lost the second, its uploader
    # left empty; see docs/development.md, "Your run: two uploads at once".)
    expect(page.get_by_text("Read two.qrels: 4 lines")).to_be_visible()
    uploader(page, RUN_A).set_input_files(str(run))
    # Both files read (the qrels alone, against the example run, also scores two queries).
    expect(page.get_by_text("Read two.run: 4 lines")).to_be_visible()
    expect(queries).to_have_text("2")

    table = page.get_by_test_id("stDataFrame").first
    expect(table).to_be_visible()
    wait_for_rows_tall(page, table, 2)

    # A search that finds one query: one row, no empty ones under it.
    page.get_by_role("textbox", name="Find a query").fill("q2")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Queries 1-1 of 1")).to_be_visible()
    wait_for_rows_tall(page, table, 1)
