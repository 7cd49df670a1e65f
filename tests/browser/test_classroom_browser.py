"""Classroom features in real Chromium: presenter view, copied links, downloads, accessibility."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ndcg_core import Convention, evaluate, format_grades, format_real
from ndcg_core.links.view_files import view_from_json
from ndcg_core.teaching.practice import Level, exercise_set
from tests.browser.conftest import VIEWPORT, StreamlitServer, click_download
from tests.browser.test_playground_browser import grades_box, metric, open_playground

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
# A table wider than the screen scrolls in its box, which the page makes focusable as it is
# drawn (components/static/screen.js): wait until every such box has been.
SCROLLING_TABLES_MARKED = """() => [...document.querySelectorAll('.stTable > div')]
  .every(box => box.scrollWidth <= box.clientWidth + 1 || box.hasAttribute('tabindex'))"""
AXE = Path(__file__).parent / ".axe" / "4.14.1" / "axe.min.js"
PAGES = [
    "",
    "playground",
    "step_by_step",
    "drawbacks",
    "conventions",
    "queries",
    "runs",
    "practice",
]


@pytest.fixture
def clipboard_context(browser: Browser, app_server: StreamlitServer) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_server.url)
    yield context
    context.close()


def type_grades(page: Page, text: str) -> None:
    box = grades_box(page)
    box.fill(text)
    box.press("Control+Enter")


# --------------------------------------------------------------------------- presenter view


def test_presenter_view_hides_the_sidebar_and_enlarges_the_numbers(
    page: Page, app_server: StreamlitServer
) -> None:
    open_playground(page, app_server)
    expect(page.get_by_test_id("stSidebar")).to_be_visible()
    normal = metric(page, "nDCG").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")

    open_playground(page, app_server, "?mode=present")
    expect(page.get_by_role("button", name="Leave presenter view")).to_be_visible()
    expect(page.get_by_test_id("stSidebar")).to_be_hidden()
    presented = metric(page, "nDCG").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert presented > normal * 1.3
    expect(metric(page, "nDCG")).to_have_text("0.961")  # readable, not cut short
    assert metric(page, "nDCG").evaluate("e => e.scrollWidth <= e.clientWidth + 1")

    page.get_by_role("button", name="Leave presenter view").click()
    expect(page.get_by_test_id("stSidebar")).to_be_visible()
    expect(page).not_to_have_url(re.compile("mode="))


# --------------------------------------------------------------------------- copy link


def copy_link(page: Page, button: str) -> str:
    copy = page.get_by_role("button", name=button, exact=True)
    if not copy.is_visible():
        page.get_by_role("button", name="Share or present").click()
    page.evaluate("navigator.clipboard.writeText('')")
    copy.click()
    expect(page.get_by_role("status").filter(has_text="Copied")).to_have_text(
        "Copied to the clipboard."
    )
    link: str = page.evaluate("navigator.clipboard.readText()")
    return link


def test_a_copied_link_opens_the_same_view_in_a_new_session(
    clipboard_context: BrowserContext, browser: Browser, app_server: StreamlitServer
) -> None:
    page = clipboard_context.new_page()
    page.goto(f"{app_server.url}/playground?k=3")
    expect(metric(page, "nDCG@3")).to_be_visible()
    type_grades(page, "a=0, b=3, c=1, d=2")
    expected = format_real(evaluate([0, 3, 1, 2], Convention(cutoff_k=3)).ndcg)
    expect(metric(page, "nDCG@3")).to_have_text(expected)
    expect(page).to_have_url(re.compile("g=a%3D0"))  # the run has written the view to the URL
    link = copy_link(page, "Copy link")
    assert link.startswith(app_server.url)
    assert "k=3" in link

    other = browser.new_context(viewport=VIEWPORT)  # a different person: a new session
    try:
        theirs = other.new_page()
        theirs.goto(link)
        expect(metric(theirs, "nDCG@3")).to_have_text(expected)
        expect(grades_box(theirs)).to_have_value("a=0, b=3, c=1, d=2")

        presenter = copy_link(page, "Copy presenter link")
        assert "mode=present" in presenter
        theirs.goto(presenter)
        expect(theirs.get_by_role("button", name="Leave presenter view")).to_be_visible()
        expect(metric(theirs, "nDCG@3")).to_have_text(expected)

        embed = copy_link(page, "Copy embed link")
        theirs.goto(embed)
        expect(metric(theirs, "nDCG@3")).to_have_text(expected)
        expect(theirs.get_by_role("heading", name="Playground")).to_have_count(0)
        expect(grades_box(theirs)).to_have_count(0)
    finally:
        other.close()


def test_a_practice_link_gives_the_same_exercises(
    clipboard_context: BrowserContext, browser: Browser, app_server: StreamlitServer
) -> None:
    # The first exercise's list, as the core generates set 41 at the hard level.
    first_list = format_grades(exercise_set(41, Level.HARD)[0].grades)
    first_code = ".st-key-exercise_1 [data-testid='stCode']"
    page = clipboard_context.new_page()
    page.goto(f"{app_server.url}/practice?seed=41&level=hard")
    expect(page.locator(first_code)).to_have_text(first_list)
    link = copy_link(page, "Copy link")
    assert "seed=41" in link
    assert "level=hard" in link
    other = browser.new_context(viewport=VIEWPORT)
    try:
        theirs = other.new_page()
        theirs.goto(link)
        expect(theirs.locator(first_code)).to_have_text(first_list)
    finally:
        other.close()


# --------------------------------------------------------------------------- downloads


def download(page: Page, label: str, folder: Path) -> Path:
    downloaded = click_download(page, label)
    path = folder / downloaded.suggested_filename
    downloaded.save_as(path)
    return path


def test_downloads_are_valid_and_a_saved_view_reopens(
    clipboard_context: BrowserContext, app_server: StreamlitServer, tmp_path: Path
) -> None:
    page = clipboard_context.new_page()
    open_playground(page, app_server, "?gain=exponential")
    type_grades(page, "+cmd|x=2, b=0, c=3")
    grades = [2, 0, 3]
    result = evaluate(grades, Convention(gain="exponential"))
    expect(metric(page, "nDCG")).to_have_text(format_real(result.ndcg))
    page.get_by_text("Download, save, reproduce in Python").click()

    rows = list(csv.reader(io.StringIO(download(page, "Table (CSV)", tmp_path).read_text())))
    assert rows[0][:4] == ["i", "document", "grade", "gain 2^rel-1"]
    assert [r[1] for r in rows[1:]] == ["'+cmd|x", "b", "c"]  # never a live formula
    assert float(rows[-1][rows[0].index("nDCG@i")]) == pytest.approx(result.ndcg)

    with Image.open(download(page, "Charts (PNG)", tmp_path)) as image:
        assert image.format == "PNG"
        assert image.width > 400
    svg = ElementTree.parse(download(page, "Charts (SVG)", tmp_path)).getroot()
    assert svg.tag.endswith("svg")

    saved = download(page, "This view (JSON)", tmp_path)
    view, problems = view_from_json(saved.read_bytes())
    assert (view.grade_list.grades, view.convention, problems) == (
        tuple(map(float, grades)),
        Convention(gain="exponential"),
        (),
    )

    type_grades(page, "1, 1, 0")  # change everything, then reopen the saved view
    expect(metric(page, "nDCG")).to_have_text("1")
    page.get_by_role("tab", name="Open a saved view").click()
    page.locator("input[type='file']").set_input_files(str(saved))
    expect(metric(page, "nDCG")).to_have_text(format_real(result.ndcg))
    page.get_by_role("tab", name="Type").click()
    expect(grades_box(page)).to_have_value("+cmd|x=2, b=0, c=3")


# --------------------------------------------------------------------------- accessibility


def serious_violations(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations
              .filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => `${v.impact} ${v.id}: ${v.help} -- ` +
                        v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
        }"""
    )
    return list(found)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("screen", [VIEWPORT, PHONE], ids=["laptop", "phone"])
def test_no_serious_accessibility_violations(
    browser: Browser, app_server: StreamlitServer, path: str, scheme: str, screen: dict[str, int]
) -> None:
    assert AXE.is_file(), f"{AXE} is missing: run scripts/ensure_axe.py (make test does)"
    context = browser.new_context(viewport=screen, color_scheme=scheme, has_touch=screen is PHONE)
    try:
        page = context.new_page()
        page.goto(f"{app_server.url}/{path}")
        expect(page.locator("h2").first).to_be_visible()
        page.wait_for_load_state("networkidle")
        expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)  # the run has ended
        page.wait_for_function(SCROLLING_TABLES_MARKED)
        assert serious_violations(page) == []
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_opened_panels_have_no_serious_accessibility_violations(
    browser: Browser, app_server: StreamlitServer, scheme: str
) -> None:
    context = browser.new_context(viewport=VIEWPORT, color_scheme=scheme)
    try:
        page = context.new_page()
        open_playground(page, app_server)
        page.get_by_text("Download, save, reproduce in Python").click()
        expect(page.get_by_role("button", name="Table (CSV)")).to_be_visible()
        page.get_by_role("tab", name="Table").click()
        expect(page.get_by_test_id("stDataFrame")).to_be_visible()
        page.get_by_role("button", name="Share or present").click()
        expect(page.get_by_role("button", name="Copy link", exact=True)).to_be_visible()
        page.wait_for_load_state("networkidle")
        assert serious_violations(page) == []
    finally:
        context.close()


# --------------------------------------------------------------------------- keyboard


def tab_to(page: Page, name: str, *, back: bool = False, limit: int = 60) -> None:
    """Press Tab (or Shift+Tab) until the focused element's text or label is `name`."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        focused = page.evaluate(
            "() => { let e = document.activeElement;"  # into components' shadow roots
            " while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;"
            " return (e.getAttribute('aria-label') || e.innerText || '').trim(); }"
        )
        if name in focused.splitlines():  # icons add lines of their own
            return
    pytest.fail(f"Tab never reached {name!r}")


def test_the_playground_works_from_the_keyboard_alone(
    clipboard_context: BrowserContext, app_server: StreamlitServer
) -> None:
    page = clipboard_context.new_page()
    open_playground(page, app_server, "?g=3,0,2")
    grades_box(page).focus()
    tab_to(page, "Reverse")
    page.keyboard.press("Enter")
    expect(metric(page, "nDCG")).to_have_text(format_real(evaluate([2, 0, 3]).ndcg))
    expect(grades_box(page)).to_have_value("D3=2, D2=0, D1=3")  # the run has finished
    grades_box(page).focus()
    tab_to(page, "Share or present", back=True)
    page.keyboard.press("Enter")
    tab_to(page, "Copy link")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status").filter(has_text="Copied")).to_have_text(
        "Copied to the clipboard."
    )
    assert "g=D3%3D2%2C+D2%3D0%2C+D1%3D3" in page.evaluate("navigator.clipboard.readText()")
