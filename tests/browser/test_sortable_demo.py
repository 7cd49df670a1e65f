"""The drag list in real Chromium: a mouse drag, Alt+Arrow keys, markup shown as text, 1,000 items."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Dialog, Locator, Page, expect

from components.sortable_list import PAGE_SIZE
from tests.browser.conftest import StreamlitServer, drag_item

pytestmark = pytest.mark.browser

SIX = ["D1", "D2", "D3", "D4", "D5", "D6"]
XSS_LABEL = "<img src=x onerror=alert(1)>"
# Starts watching for `text`; records the page clock (ms) in window.seenAt when it shows, and in
# window.releasedAt when the button is let go (a native drag ends in drop/dragend, not mouseup).
WATCH_FOR = """text => {
  window.seenAt = null;
  window.releasedAt = null;
  const release = () => { window.releasedAt ??= performance.now(); };
  for (const type of ["mouseup", "pointerup", "drop", "dragend"]) {
    window.addEventListener(type, release, {capture: true, once: true});
  }
  const watch = new MutationObserver(() => {
    if (document.body.innerText.includes(text)) {
      window.seenAt = performance.now();
      watch.disconnect();
    }
  });
  watch.observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


@pytest.fixture(scope="module")
def demo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    server = StreamlitServer(
        "tests/browser/demo_sortable_app.py", tmp_path_factory.mktemp("demo") / "streamlit.log"
    )
    yield server
    log = server.log()
    server.stop()
    assert "Traceback" not in log, f"the server logged an exception:\n{log}"


@contextlib.contextmanager
def demo_page(
    browser: Browser, url: str, on_dialog: Callable[[Dialog], None] | None = None
) -> Iterator[Page]:
    """``url`` of the demo app in a fresh context (a session of its own), closed after;
    ``on_dialog`` hears every dialog from the first script on."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        if on_dialog is not None:
            page.on("dialog", on_dialog)
        page.goto(url)
        yield page
    finally:
        context.close()


@pytest.fixture
def demo(browser: Browser, demo_server: StreamlitServer) -> Iterator[tuple[Page, list[str]]]:
    """The demo page, fresh session, and the dialogs it opened (there must be none)."""
    dialogs: list[str] = []

    def record(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    with demo_page(browser, demo_server.url, record) as page:
        expect(order_text(page)).to_have_text(order(SIX))
        expect(item(page, "D1")).to_be_visible()
        yield page, dialogs


def order(ids: list[str]) -> str:
    return "order: " + ",".join(ids)


def order_text(page: Page) -> Locator:
    return page.get_by_text("order: ", exact=False)


def item(page: Page, item_id: str) -> Locator:
    return page.locator(f"li.sl-item[data-id='{item_id}']")


def shown_ids(page: Page) -> list[str]:
    ids: list[str] = page.locator("li.sl-item").evaluate_all("els => els.map(e => e.dataset.id)")
    return ids


def test_dragging_d1_after_d4_reports_the_new_order(demo: tuple[Page, list[str]]) -> None:
    page, _ = demo
    expected = order(["D2", "D3", "D4", "D1", "D5", "D6"])
    page.evaluate(WATCH_FOR, expected)
    drag_item(page, item(page, "D1"), item(page, "D4"), ["D2", "D3", "D4", "D1", "D5", "D6"])
    expect(order_text(page)).to_have_text(expected)
    took = page.evaluate("window.seenAt - window.releasedAt")
    print(f"\nmouse.up -> order text updated: {took:.0f} ms")
    assert shown_ids(page) == ["D2", "D3", "D4", "D1", "D5", "D6"]
    expect(item(page, "D1")).to_have_attribute("aria-label", "D1 · grade 2, position 4 of 6")


def test_alt_arrow_keys_move_the_focused_item_and_keep_focus(
    demo: tuple[Page, list[str]],
) -> None:
    page, _ = demo
    d2 = item(page, "D2")
    d2.focus()
    page.keyboard.press("Alt+ArrowDown")
    expect(order_text(page)).to_have_text(order(["D1", "D3", "D2", "D4", "D5", "D6"]))
    expect(d2).to_be_focused()
    page.keyboard.press("Alt+ArrowRight")
    page.keyboard.press("Alt+ArrowRight")
    expect(order_text(page)).to_have_text(order(["D1", "D3", "D4", "D5", "D2", "D6"]))
    page.keyboard.press("Alt+ArrowUp")
    expect(order_text(page)).to_have_text(order(["D1", "D3", "D4", "D2", "D5", "D6"]))
    expect(d2).to_be_focused()
    page.keyboard.press("ArrowLeft")  # without Alt: focus moves, the order does not
    expect(item(page, "D4")).to_be_focused()
    assert shown_ids(page) == ["D1", "D3", "D4", "D2", "D5", "D6"]


def test_markup_in_a_label_shows_as_text_and_never_runs(demo: tuple[Page, list[str]]) -> None:
    page, dialogs = demo
    expect(item(page, "D6")).to_have_text(XSS_LABEL)
    expect(page.locator(".sl-list img")).to_have_count(0)
    item(page, "D6").focus()
    page.keyboard.press("Alt+ArrowUp")  # a rerun re-renders the label
    expect(order_text(page)).to_have_text(order(["D1", "D2", "D3", "D4", "D6", "D5"]))
    expect(item(page, "D6")).to_have_text(XSS_LABEL)
    assert dialogs == []


def test_a_thousand_items_show_in_windows_and_a_key_move_reorders_the_whole_list(
    browser: Browser, demo_server: StreamlitServer
) -> None:
    with demo_page(browser, f"{demo_server.url}/?n=1000") as page:
        chips = page.locator("li.sl-item")
        expect(chips).to_have_count(PAGE_SIZE)  # one window, not 1,000 chips
        box = page.locator(".sl-list").bounding_box()
        assert box is not None
        # A scrolling box about 70% of the window tall (sortable_list.css: max-height 70vh,
        # plus its padding), not a page of 1,000 items: its content is taller than the box.
        viewport = page.viewport_size
        assert viewport is not None
        assert box["height"] < 0.8 * viewport["height"]
        scrolls = page.locator(".sl-list").evaluate("e => e.scrollHeight > e.clientHeight")
        assert scrolls
        for window in range(1, 1000 // PAGE_SIZE):  # as a person does, looking each time
            page.get_by_role("button", name="Next", exact=True).click()
            expect(chips.first).to_have_attribute("data-id", f"D{window * PAGE_SIZE + 1}")
        expect(chips.first).to_have_attribute("data-id", f"D{1000 - PAGE_SIZE + 1}")
        expect(chips.first).to_have_attribute(
            "aria-label",
            f"D{1000 - PAGE_SIZE + 1} · grade 2, position {1000 - PAGE_SIZE + 1} of 1000",
        )
        last = item(page, "D999")
        last.focus()  # scrolls it into view inside the box
        started = time.monotonic()
        page.keyboard.press("Alt+ArrowLeft")
        expect(order_text(page)).to_contain_text("D1,D2,D3,")  # the whole list, not the window
        expect(order_text(page)).to_contain_text("D997,D999,D998,D1000")
        print(
            f"\n1,000 items: key press -> order text {1000 * (time.monotonic() - started):.0f} ms"
        )
        expect(last).to_be_focused()


def test_a_reorder_from_the_server_keeps_the_focused_chip_focused(
    browser: Browser, demo_server: StreamlitServer
) -> None:
    # The list lives in a shadow root; the chip with focus must be found there, not through
    # document.activeElement (its host), or each server reorder drops a keyboard user's place.
    with demo_page(browser, f"{demo_server.url}/?rotate=1") as page:
        expect(item(page, "D2")).to_be_visible()
        item(page, "D2").focus()
        expect(item(page, "D2")).to_be_focused()
        for _ in range(2):  # two reorders in a row, with no key pressed between them
            before = order_text(page).inner_text()
            expect(order_text(page)).not_to_have_text(before)
            expect(item(page, "D2")).to_be_focused()
