"""A sample of the hostile corpus in real Chromium against a real server.

For each: the message shows next to its input (in the same tab or column; a link's at the
top of the page), the previous figures stay, no traceback or exception box is on the page,
no dialog opens, nothing from the input runs as HTML, and the server logs no error.
"""

from __future__ import annotations

import csv
import io
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Locator, Page, expect

from ndcg_core import Convention, evaluate, format_real, parse_grades
from tests.browser.conftest import CARD_VALUES, QRELS, StreamlitServer, click_download, uploader
from tests.browser.test_playground_browser import (
    expect_chip_order,
    expect_table_column,
    metric,
    position_table,
)
from tests.hostile.case import IMG, IMG_LABEL, SCRIPT, Case
from tests.hostile.typed_inputs import TEXT
from tests.hostile.uploads import PNG

pytestmark = pytest.mark.browser
SEED_NDCG = "0.961"
LOG_PROBLEM = re.compile(r"Traceback|Error|Exception|CRITICAL")


# --------------------------------------------------------------------------- helpers


@pytest.fixture
def watched(page: Page, app_server: StreamlitServer) -> Iterator[Page]:
    """The page, failing the test if a dialog opens or the server logs a problem meanwhile."""
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    logged_before = len(app_server.log())
    yield page
    assert dialogs == [], f"a dialog opened: {dialogs}"
    new_lines = app_server.log()[logged_before:].splitlines()
    assert not [line for line in new_lines if LOG_PROBLEM.search(line)], new_lines


# The page's text outside the input boxes (a 10 MB box is too much for a text search).
_SHOWN_TEXT = """() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.parentElement.closest("textarea, input")) parts.push(node.data);
    }
    return parts.join(" ");
}"""


def no_failure_on_the_page(page: Page) -> None:
    expect(page.get_by_test_id("stException")).to_have_count(0)
    assert "Traceback" not in page.evaluate(_SHOWN_TEXT)
    assert page.locator("script:not([src])", has_text="alert(1)").count() == 0
    assert page.locator("img[src='x']").count() == 0


def open_playground(page: Page, server: StreamlitServer, query: str = "") -> None:
    page.goto(f"{server.url}/playground{query}")  # the lesson is the default page
    expect(page.locator(CARD_VALUES).first).to_be_visible()


def open_tab(page: Page, name: str) -> Locator:
    page.get_by_role("tab", name=name).click()
    panel = page.get_by_role("tabpanel", name=name)
    expect(panel).to_be_visible()
    return panel


def type_grades(page: Page, text: str) -> Locator:
    """Type into the grade box and apply; returns the tab the box is in."""
    panel = open_tab(page, "Type")
    box = panel.get_by_role("textbox", name="Grades, top position first")
    box.fill(text)
    box.press("Control+Enter")
    return panel


def uploader_column(page: Page, label: str) -> tuple[Locator, Locator]:
    """The column holding the uploader named ``label``, and the uploader's file input."""
    file_input = uploader(page, label)
    column = page.get_by_test_id("stColumn").filter(has=file_input).last
    return column, file_input


def upload(file_input: Locator, name: str, data: bytes, mime: str = "text/plain") -> None:
    file_input.set_input_files(files=[{"name": name, "mimeType": mime, "buffer": data}])


# --------------------------------------------------------------------------- the grade box

SAMPLED = {"10 MB of grades", "\u202eevil=1", "1e309", "3²", "1, NaN"}
REFUSED_TEXT = [
    case
    for case in TEXT
    if (case.payload.__doc__ if callable(case.payload) else case.payload) in SAMPLED
]


def test_the_sample_is_in_the_corpus() -> None:
    assert len(REFUSED_TEXT) == len(SAMPLED)


@pytest.mark.parametrize("case", REFUSED_TEXT, ids=str)
def test_refused_grades_are_named_in_the_tab_and_the_figures_stay(
    watched: Page, app_server: StreamlitServer, case: Case
) -> None:
    page = watched
    open_playground(page, app_server)
    panel = type_grades(page, case.value())
    assert case.error is not None
    expect(panel.get_by_test_id("stAlertContentError")).to_contain_text(case.error)
    expect(metric(page, "nDCG")).to_have_text(SEED_NDCG)
    expect_table_column(page, "document", ["D1", "D2", "D3", "D4", "D5", "D6"])
    no_failure_on_the_page(page)


ACCEPTED_LABELS = [
    f"{SCRIPT}=3, {IMG_LABEL}=1, <b>bold</b>=2",
    "שלום=3, مرحبا=1, **bold**=2",
]


@pytest.mark.parametrize("text", ACCEPTED_LABELS, ids=["script-and-html", "rtl-and-markdown"])
def test_accepted_labels_show_as_text_and_run_nothing(
    watched: Page, app_server: StreamlitServer, text: str
) -> None:
    page = watched
    open_playground(page, app_server)
    type_grades(page, text)
    grade_list = parse_grades(text)
    expect(metric(page, "nDCG")).to_have_text(format_real(evaluate(grade_list.grades).ndcg))
    rows = position_table(page).locator("tbody tr")
    expect(rows).to_have_count(len(grade_list.labels))
    expect_table_column(page, "document", list(grade_list.labels))
    expect_chip_order(page, list(grade_list.labels))
    assert page.locator("b", has_text="bold").count() == 0  # neither HTML nor Markdown bold
    assert page.locator("strong", has_text="bold").count() == 0
    no_failure_on_the_page(page)


def test_the_csv_download_quotes_labels_a_spreadsheet_would_run(
    watched: Page, app_server: StreamlitServer
) -> None:
    page = watched
    open_playground(page, app_server)
    type_grades(page, '@SUM(A1)=3, +cmd=1, -cmd=2, -HYPERLINK("x")=0')
    expect(metric(page, "CG")).to_have_text("6")
    page.get_by_test_id("stExpander").filter(has_text="Download, save, reproduce").click()
    text = Path(click_download(page, "Table (CSV)").path()).read_text(encoding="utf-8")
    labels = [row[1] for row in csv.reader(io.StringIO(text))][1:]
    assert labels == ["'@SUM(A1)", "'+cmd", "'-cmd", '\'-HYPERLINK("x")']
    no_failure_on_the_page(page)


def test_query_names_show_as_text_and_a_bad_line_is_named_under_the_box(
    watched: Page, app_server: StreamlitServer
) -> None:
    page = watched
    page.goto(f"{app_server.url}/queries")
    box = page.get_by_role("textbox", name=re.compile("^Queries, one a line"))
    box.fill(f"**bold**: 3, 1\n{IMG}: 1, 0\nשאילתה: 2")
    box.press("Control+Enter")
    names = page.get_by_test_id("stTable").first.locator("tbody tr td:first-child")
    expect(names).to_have_text(["**bold**", IMG, "שאילתה"])
    assert page.locator("strong", has_text="bold").count() == 0
    box.fill("a: 1\nb: 3, x")
    box.press("Control+Enter")
    column = page.get_by_test_id("stColumn").filter(has=box).last
    expect(column.get_by_test_id("stAlertContentError")).to_contain_text(
        "Line 2 (“b”): Item 2 (“x”) is not a number."
    )
    expect(names).to_have_text(["**bold**", IMG, "שאילתה"])  # the last good ones
    no_failure_on_the_page(page)


# --------------------------------------------------------------------------- files


def test_a_broken_saved_view_is_named_under_its_uploader(
    watched: Page, app_server: StreamlitServer
) -> None:
    page = watched
    open_playground(page, app_server)
    panel = open_tab(page, "Open a saved view")
    file_input = panel.locator("input[type=file]")
    upload(file_input, "nested.json", b"[" * 100_000 + b"]" * 100_000, "application/json")
    expect(panel.get_by_test_id("stAlertContentError")).to_contain_text(
        "nested.json: The file is not a saved view: its JSON is nested too deeply."
    )
    upload(file_input, "chart.png.json", PNG, "application/json")
    expect(panel.get_by_test_id("stAlertContentError")).to_contain_text(
        "chart.png.json: The file is not UTF-8 text"
    )
    expect(metric(page, "nDCG")).to_have_text(SEED_NDCG)
    no_failure_on_the_page(page)


def test_binary_and_hostile_evaluation_files(watched: Page, app_server: StreamlitServer) -> None:
    page = watched
    page.goto(f"{app_server.url}/runs")
    mean = page.get_by_test_id("stMetric").first.get_by_test_id("stMetricValue")
    expect(mean).to_be_visible()
    before = mean.inner_text()
    column, file_input = uploader_column(page, QRELS)
    upload(file_input, f"{IMG}.png", PNG, "image/png")
    expect(column.get_by_test_id("stAlertContentError")).to_contain_text(
        f"{IMG}.png: The qrels file looks binary (it holds NUL bytes); expected plain text."
    )
    expect(mean).to_have_text(before)
    upload(file_input, "q.txt", f"{SCRIPT} 0 d1 2\n**bold** 0 d2 1\n".encode())
    expect(column.get_by_test_id("stAlertContentError")).to_have_count(0)
    lowest = page.get_by_text(re.compile(r"^Lowest: "))
    expect(lowest).to_have_text(f"Lowest: **bold** (0), {SCRIPT} (0)")
    no_failure_on_the_page(page)


# --------------------------------------------------------------------------- links

HOSTILE_LINKS = [
    ({"gain": IMG}, "is not one of linear, exponential"),
    ({"g": SCRIPT}, "Its list could not be read"),
    ({"k": "99999999999999999999"}, "above the sidebar's 100,000"),
    ({"g": " ".join(["1"] * 10_001)}, "at most 10,000"),  # 20 kB; over ~128 kB the server refuses
]


@pytest.mark.parametrize("query", HOSTILE_LINKS, ids=["gain-img", "g-script", "k-huge", "g-10001"])
def test_a_hostile_link_is_named_at_the_top_and_the_seed_example_shows(
    watched: Page, app_server: StreamlitServer, query: tuple[dict[str, str], str]
) -> None:
    page = watched
    params, message = query
    open_playground(page, app_server, "?" + urlencode(params))
    warning = page.get_by_test_id("stAlertContentWarning")
    expect(warning).to_contain_text("This link could not be followed in full.")
    expect(warning).to_contain_text(message)
    header = page.get_by_role("heading", name="Playground")
    warning_box, header_box = warning.bounding_box(), header.bounding_box()
    assert warning_box is not None
    assert header_box is not None
    assert warning_box["y"] < header_box["y"]  # above the page itself
    expect(metric(page, "nDCG")).to_have_text(SEED_NDCG)
    no_failure_on_the_page(page)


def test_a_repeated_link_parameter_is_named_and_the_link_rewritten(
    watched: Page, app_server: StreamlitServer
) -> None:
    page = watched
    open_playground(page, app_server, "?g=3,2&g=1,0,2&k=9&k=2")
    expect(page.get_by_test_id("stAlertContentWarning")).to_contain_text(
        "It gives “g”, “k” more than once; the last one is used."
    )
    ndcg = evaluate([1, 0, 2], Convention(cutoff_k=2)).ndcg
    expect(metric(page, "nDCG@2")).to_have_text(format_real(ndcg))
    # The address now holds each parameter once: the values shown.
    once = r"^(?!.*[?&]g=.*[?&]g=)(?!.*[?&]k=.*[?&]k=).*[?&]g=1%2C(\+|%20)0%2C(\+|%20)2"
    expect(page).to_have_url(re.compile(once))
    no_failure_on_the_page(page)


# --------------------------------------------------------------------------- the upload cap


@pytest.fixture(scope="module")
def capped_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    """The app with a 1 MB upload cap, so that going over it is cheap."""
    log = tmp_path_factory.mktemp("capped") / "streamlit.log"
    server = StreamlitServer("app.py", log, "--server.maxUploadSize", "1")
    yield server
    text = server.log()
    server.stop()
    assert not LOG_PROBLEM.search(text), text


def test_a_file_over_the_upload_cap_is_refused_with_the_cap_named(
    page: Page, capped_server: StreamlitServer
) -> None:
    page.goto(f"{capped_server.url}/runs")
    mean = page.get_by_test_id("stMetric").first.get_by_test_id("stMetricValue")
    expect(mean).to_be_visible()
    # The page's first run over: until the mean is drawn, the number of queries scored is
    # the first metric (this read 20, not the mean, once).
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
    before = mean.inner_text()
    uploader = page.get_by_test_id("stFileUploader").filter(has_text="Judgements (qrels)")
    expect(uploader).to_contain_text("1MB")  # the cap, stated in the drop zone
    upload(uploader.locator("input[type=file]"), "big.qrels", b"q1 0 d1 1\n" * 200_000)
    expect(uploader).to_contain_text("File must be 1.0MB or smaller")
    expect(mean).to_have_text(before)
    uploader.get_by_test_id("stTooltipIcon").hover()  # the help says it too, and what to send
    expect(page.get_by_test_id("stTooltipContent")).to_contain_text(
        "plain text (UTF-8), at most 1 MB."
    )
    no_failure_on_the_page(page)


# --------------------------------------------------------------------------- the server


def _fetch(url: str, method: str = "GET", data: bytes | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, data=data, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status, reply.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


@pytest.mark.parametrize(
    "path",
    [
        "/app/static/",
        "/app/static/app.py",
        "/app.py",
        "/pages/",
        "/.streamlit/config.toml",
        "/lab-files/",  # the route of files from memory (components/file_route.py): its own alone
        "/lab-files/asgi.py",
        "/lab-files/..%2Fasgi.py",
        "/static/lab-files/app.py",
    ],
)
def test_the_server_shows_no_files_or_listings(app_server: StreamlitServer, path: str) -> None:
    status, body = _fetch(app_server.url + path)
    assert status in (200, 400, 404), status  # 400: a path that climbs out is refused
    assert "import streamlit" not in body  # no source,
    assert "maxUploadSize" not in body  # no settings,
    assert "Index of" not in body  # and no directory listing
    if status == 200:
        assert body.lstrip().startswith("<!")  # only the app's own page


def test_an_upload_without_the_sessions_xsrf_token_is_refused(app_server: StreamlitServer) -> None:
    status, body = _fetch(f"{app_server.url}/_stcore/upload_file/a/b", "PUT", b"q1 0 d1 1\n")
    assert status == 403
    assert "XSRF" in body
