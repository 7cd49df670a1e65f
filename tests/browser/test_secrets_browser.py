"""The teacher's key in a real browser: from a teacher's session, every page and every export
is walked, and the key is found nowhere but the Class page's own address bar.

"Nowhere" is read deeply: every text node, attribute and input value of the document,
inside shadow roots (the drag list, the share menu) and same-origin frames, the address of
every other page, the share menu's link, and the bytes of every file the pages offer.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from components.navigation import PAGES
from ndcg_core.links.secret_params import TEACHER_KEY_PARAM
from tests.browser.conftest import VIEWPORT, StreamlitServer, click_download

pytestmark = pytest.mark.browser

DEEP_TEXT = """() => {
  const found = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { found.push(node.textContent); return; }
    if (node.attributes) for (const attribute of node.attributes) found.push(attribute.value);
    if (typeof node.value === "string") found.push(node.value);
    if (node.shadowRoot) walk(node.shadowRoot);
    if (node.tagName === "IFRAME") {
      try { walk(node.contentDocument.documentElement); } catch (error) { /* other origin */ }
    }
    for (const child of node.childNodes || []) walk(child);
  };
  walk(document.documentElement);
  return found.join("\\n");
}"""


def _address_key(page: Page) -> str | None:
    values = parse_qs(urlsplit(page.url).query).get(TEACHER_KEY_PARAM)
    return values[0] if values else None


def _assert_not_drawn(page: Page, key: str, where: str) -> None:
    assert key not in page.evaluate(DEEP_TEXT), f"the teacher key is drawn on {where}"


def _download(page: Page, name: str, tmp_path: Path) -> bytes:
    downloaded = click_download(page, name)
    target = tmp_path / downloaded.suggested_filename
    downloaded.save_as(target)
    return target.read_bytes()


def _go(page: Page, title: str) -> None:
    page.get_by_test_id("stSidebarNav").get_by_role("link", name=title, exact=True).click()
    expect(
        page.get_by_role("heading", name=re.compile(re.escape(title.split(":")[0])))
    ).to_be_visible()


def test_the_teacher_key_is_nowhere_but_the_class_page_address(
    browser: Browser, class_server: StreamlitServer, tmp_path: Path
) -> None:
    starting = browser.new_context(viewport=VIEWPORT)
    first = starting.new_page()
    first.goto(f"{class_server.url}/class_teacher")
    first.get_by_role("button", name="Start a class session").click()
    expect(first.get_by_test_id("stMetricLabel").get_by_text("Join code")).to_be_visible()
    expect(first).to_have_url(re.compile(f"{TEACHER_KEY_PARAM}="))
    key = _address_key(first)
    assert key is not None
    assert len(key) >= 40
    _assert_not_drawn(first, key, "the Class page")
    starting.close()

    # The private link, opened in another browser, as a teacher's bookmark is.
    context = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(f"{class_server.url}/class_teacher?{TEACHER_KEY_PARAM}={key}")
        expect(page.get_by_test_id("stMetricLabel").get_by_text("Join code")).to_be_visible()
        _assert_not_drawn(page, key, "the reopened Class page")
        for declared in PAGES:
            if declared.path.endswith("class_teacher.py"):
                continue
            _go(page, declared.title)
            assert key not in page.url, f"the key is in the address of {declared.title}"
            _assert_not_drawn(page, key, declared.title)

        _go(page, "Playground")
        page.get_by_text("Download, save, reproduce in Python").click()
        for button in ("Table (CSV)", "Charts (SVG)", "This view (JSON)"):
            assert key.encode() not in _download(page, button, tmp_path), button
        page.get_by_text("Compare two rankings").click()
        stakeholder = _download(page, "Explain to a stakeholder (HTML)", tmp_path)
        assert key.encode() not in stakeholder
        page.get_by_role("button", name="Share or present").click()
        link_box = page.locator("input.sh-url")
        expect(link_box).to_have_value(re.compile("/playground"))
        assert key not in link_box.input_value()
        page.keyboard.press("Escape")  # close the menu
        expect(link_box).to_be_hidden()

        _go(page, "Class")  # back on its own page, the key is in the address again
        expect(page.get_by_test_id("stMetricLabel").get_by_text("Join code")).to_be_visible()
        expect(page).to_have_url(re.compile(f"{TEACHER_KEY_PARAM}={re.escape(key)}"))
        _assert_not_drawn(page, key, "the Class page, reached from the menu")
    finally:
        context.close()
