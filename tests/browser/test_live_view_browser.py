"""The live view (list, cards, table) in real Chromium: a move repaints at once, the core's digits.

A MutationObserver records every state the component shows, with the server's caption beside
it. After an Alt+Arrow move, the first state the browser repainted, and at a mouse drop the
last, must be evaluate()'s numbers for the new order (cards as the page prints them, every
table cell as display_columns prints it) while the caption still shows the old order's
nDCG, and the server's answer must show the same. While a drag goes on, the view shows the
numbers of the order under the pointer and sends nothing. Also: the order reaches Python, a
finger's long press reorders, exact sums wait for the server, a long table draws 200 rows
and says so, markup in a title is text, and axe-core finds nothing serious.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Dialog, Locator, Page, expect

from components.live_table import PAGE_ROWS, table_rows
from components.live_view import NEXT, WAITING
from components.results import metric_cards
from ndcg_core import format_real
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.pictures.tables import display_columns
from tests.browser.conftest import HeldStream, StreamlitServer, drag_item, list_order
from tests.browser.demo_live_view_app import LISTS, XSS_TITLE, evaluate_order, labels_of
from tests.browser.test_classroom_browser import AXE, serious_violations
from tests.browser.test_screen_sizes_browser import _touch_drag

pytestmark = pytest.mark.browser

ITEMS = "li.lv-item"
# Records each state the view shows (and the server's caption, outside it) in window.__views.
RECORD_JS = """root => {
  window.__views = [];
  const snap = () => window.__views.push({
    source: root.dataset.source,
    caption: document.querySelector('[data-testid="stCaptionContainer"]').innerText,
    order: [...root.querySelectorAll('li.lv-item')].map(li => li.dataset.id),
    cards: [...root.querySelectorAll('.lv-card-value')].map(v => v.textContent),
    rows: [...root.querySelectorAll('tbody tr')].map(tr => [...tr.children].map(c => c.textContent)),
    status: root.querySelector('.lv-status').hidden ? '' : root.querySelector('.lv-status').textContent,
  });
  const watch = new MutationObserver(snap);
  const what = {subtree: true, childList: true, characterData: true, attributes: true};
  watch.observe(root, what);
  watch.observe(document.body, what);
}"""


@pytest.fixture(scope="module")
def demo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StreamlitServer]:
    server = StreamlitServer(
        "tests/browser/demo_live_view_app.py", tmp_path_factory.mktemp("live") / "streamlit.log"
    )
    yield server
    log = server.log()
    server.stop()
    assert "Traceback" not in log, f"the server logged an exception:\n{log}"


@contextlib.contextmanager
def demo_page(browser: Browser, **options: Any) -> Iterator[tuple[Page, list[str]]]:
    """A fresh context (a session of its own) and the dialogs its page opened."""
    context = browser.new_context(**{"viewport": {"width": 1100, "height": 800}, **options})
    dialogs: list[str] = []

    def record(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.on("dialog", record)
        yield page, dialogs
    finally:
        context.close()


def view(page: Page) -> Locator:
    return page.locator("div.lv")


def item(page: Page, label: str) -> Locator:
    return page.locator(f"{ITEMS}[data-id='{label}']")


def expected(name: str, order: list[str]) -> tuple[Evaluation, list[str], list[list[str]]]:
    """evaluate() of ``order``: the evaluation, the cards' texts and the table's cells."""
    evaluation = evaluate_order(LISTS[name], order)
    cards = [value for _, _, value, _ in metric_cards(evaluation)]
    titles = LISTS[name].titles or None
    columns = display_columns(evaluation, rows=table_rows(evaluation), titles=titles)
    return evaluation, cards, [list(row) for row in zip(*columns.values(), strict=True)]


def open_demo(page: Page, server: StreamlitServer, name: str) -> None:
    page.goto(f"{server.url}/?list={name}")
    expect_server_view(page, name, labels_of(LISTS[name]))


def shown(page: Page) -> dict[str, Any]:
    """What the view shows now: its source, order, card values and table cells."""
    state: dict[str, Any] = view(page).evaluate(
        """root => ({
          source: root.dataset.source,
          order: [...root.querySelectorAll('li.lv-item')].map(li => li.dataset.id),
          cards: [...root.querySelectorAll('.lv-card-value')].map(v => v.textContent),
          rows: [...root.querySelectorAll('tbody tr')].map(
            tr => [...tr.children].map(c => c.textContent)),
        })"""
    )
    return state


def expect_server_view(page: Page, name: str, order: list[str]) -> None:
    """The server has answered for ``order``: its caption, and the view shows its numbers."""
    evaluation, cards, rows = expected(name, order)
    expect(page.get_by_text("order: ", exact=False)).to_have_text("order: " + ",".join(order))
    expect(page.get_by_text("server nDCG: ")).to_have_text(
        f"server nDCG: {format_real(evaluation.ndcg)}"
    )
    expect(view(page)).to_have_attribute("data-source", "server")
    now = shown(page)
    assert now["order"] == order
    assert now["cards"] == cards
    assert now["rows"] == rows


def first_repaint(page: Page) -> dict[str, Any]:
    """The first state the browser repainted by itself after the move."""
    views: list[dict[str, Any]] = page.evaluate("window.__views")
    painted = [state for state in views if state["source"] != "server"]
    assert painted, "the view never repainted before the server's answer"
    return painted[0]


def assert_repainted_before_the_server(
    page: Page, name: str, before: list[str], after: list[str]
) -> None:
    old, _, _ = expected(name, before)
    new, cards, rows = expected(name, after)
    assert format_real(old.ndcg) != format_real(new.ndcg), "pick a move that changes nDCG"
    expect_server_view(page, name, after)
    state = first_repaint(page)
    assert state["source"] == "browser"
    assert state["caption"] == f"server nDCG: {format_real(old.ndcg)}"  # not answered yet
    assert state["order"] == after
    assert state["cards"] == cards
    assert state["rows"] == rows


@pytest.mark.parametrize("name", ["small", "cutoff", "judged"])
def test_a_key_move_repaints_cards_and_table_before_the_server(
    browser: Browser, demo_server: StreamlitServer, name: str
) -> None:
    with demo_page(browser) as (page, _):
        open_demo(page, demo_server, name)
        order = labels_of(LISTS[name])
        view(page).evaluate(RECORD_JS)
        item(page, "D1").focus()
        page.keyboard.press("Alt+ArrowDown")
        moved = [order[1], order[0], *order[2:]]
        assert_repainted_before_the_server(page, name, order, moved)
        expect(item(page, "D1")).to_be_focused()
        # The screen reader hears the new nDCG (an aria-live region).
        ndcg = expected(name, moved)[1][3]
        live = page.locator(".lv-live")
        expect(live).to_have_attribute("aria-live", "polite")
        expect(live).to_contain_text(f"is now {ndcg}.")


def test_a_mouse_drop_repaints_cards_and_table_before_the_server(
    browser: Browser, demo_server: StreamlitServer
) -> None:
    """What the view shows at the drop, before the server's answer, is the core's numbers for
    the new order. (While the drag went on, the view followed each order the document passed
    through, a frame behind it: see the next test.)"""
    with demo_page(browser) as (page, _):
        open_demo(page, demo_server, "small")
        order = labels_of(LISTS["small"])
        old, _, _ = expected("small", order)
        view(page).evaluate(RECORD_JS)
        moved = ["D2", "D3", "D4", "D1", "D5", "D6"]
        drag_item(page, item(page, "D1"), item(page, "D4"), moved, items=ITEMS)
        _, cards, rows = expected("small", moved)
        expect_server_view(page, "small", moved)
        views: list[dict[str, Any]] = page.evaluate("window.__views")
        answered = next(
            i
            for i, state in enumerate(views)
            if state["caption"] != f"server nDCG: {format_real(old.ndcg)}"
        )
        last = [state for state in views[:answered] if state["source"] == "browser"][-1]
        assert last["caption"] == f"server nDCG: {format_real(old.ndcg)}"  # not answered yet
        assert (last["order"], last["cards"], last["rows"]) == (moved, cards, rows)


def test_a_drag_shows_the_numbers_of_the_order_under_the_pointer(
    browser: Browser, demo_server: StreamlitServer
) -> None:
    """Before the drop: the document held over a new place, the cards and table show the
    core's numbers for that order, and the server has heard nothing; the drop sends it."""
    with demo_page(browser) as (page, _):
        stream = HeldStream(page)
        open_demo(page, demo_server, "small")
        stream.held = True
        source, target = item(page, "D1").bounding_box(), item(page, "D3").bounding_box()
        assert source is not None
        assert target is not None
        x0, y0 = source["x"] + source["width"] / 2, source["y"] + source["height"] / 2
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x0 + 10, y0 + 4, steps=4)
        held = ["D2", "D3", "D1", "D4", "D5", "D6"]
        for attempt in range(60):  # SortableJS animates each swap: hold on until it lands
            if list_order(page, ITEMS) == held:
                break
            x, y = target["x"] + target["width"] * 0.8, target["y"] + target["height"] / 2
            page.mouse.move(x + (attempt % 2) * 2 - 1, y, steps=2)
        # Held still where the neighbour was, the browser's repeated dragover events could
        # move it back: once the swap's animation is over, the pointer goes onto the held
        # document itself, where SortableJS moves nothing.
        expect(page.locator(f"{ITEMS}[style*='transform']")).to_have_count(0)
        ghost = item(page, "D1").bounding_box()
        assert ghost is not None
        page.mouse.move(ghost["x"] + ghost["width"] / 2, ghost["y"] + ghost["height"] / 2)
        assert list_order(page, ITEMS) == held
        _, cards, rows = expected("small", held)
        expect(view(page)).to_have_attribute("data-source", "browser")
        expect(page.locator(".lv-card-value").nth(3)).to_have_text(cards[3])
        assert shown(page)["cards"] == cards
        assert shown(page)["rows"] == rows
        assert stream.waiting == []  # nothing sent while the drag goes on
        page.mouse.up()
        stream.release()  # what the drop sends from now on goes straight to the server
        expect_server_view(page, "small", held)


def test_a_long_press_drag_by_finger_reorders(
    browser: Browser, demo_server: StreamlitServer
) -> None:
    phone = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
    with demo_page(browser, **phone) as (page, _):
        open_demo(page, demo_server, "small")
        first, second = item(page, "D1").bounding_box(), item(page, "D2").bounding_box()
        assert first is not None
        assert second is not None
        assert first["height"] >= 44  # a finger's target
        _touch_drag(page, first, second)
        expect_server_view(page, "small", ["D2", "D1", "D3", "D4", "D5", "D6"])


def test_exact_sums_wait_for_the_server(browser: Browser, demo_server: StreamlitServer) -> None:
    with demo_page(browser) as (page, _):
        open_demo(page, demo_server, "exact")
        view(page).evaluate(RECORD_JS)
        item(page, "D1").focus()
        page.keyboard.press("Alt+ArrowDown")
        expect_server_view(page, "exact", ["D2", "D1", "D3"])
        state = first_repaint(page)
        assert state["source"] == "waiting"
        _, old_cards, _ = expected("exact", ["D1", "D2", "D3"])
        assert state["cards"] == old_cards  # the server's numbers, not a guess
        assert state["status"] == WAITING
        expect(page.locator(".lv-status")).to_be_hidden()


def test_a_long_table_turns_its_pages_and_a_move_repaints_them(
    browser: Browser, demo_server: StreamlitServer
) -> None:
    with demo_page(browser) as (page, _):
        open_demo(page, demo_server, "long")
        expect(page.locator("tbody tr")).to_have_count(PAGE_ROWS)
        expect(page.locator(".lv-page-of")).to_have_text("of 12: positions 1-50 of 600")
        order = labels_of(LISTS["long"])
        view(page).evaluate(RECORD_JS)
        item(page, "D1").focus()
        page.keyboard.press("Alt+ArrowDown")
        moved = [order[1], order[0], *order[2:]]
        assert_repainted_before_the_server(page, "long", order, moved)
        # Another page of the new order: the browser's repaint, as the core prints it.
        evaluation = evaluate_order(LISTS["long"], moved)
        columns = display_columns(evaluation, first=550, rows=PAGE_ROWS)
        last_page = [list(row) for row in zip(*columns.values(), strict=True)]
        page.locator(".lv-page-input").fill("12")
        page.locator(".lv-page-input").press("Enter")
        expect(page.locator(".lv-page-of")).to_have_text("of 12: positions 551-600 of 600")
        assert shown(page)["rows"] == last_page
        expect(page.get_by_role("button", name=NEXT)).to_be_disabled()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_markup_is_text_and_axe_finds_nothing_serious(
    browser: Browser, demo_server: StreamlitServer, scheme: str
) -> None:
    assert AXE.is_file(), f"{AXE} is missing: run scripts/ensure_axe.py (make test does)"
    with demo_page(browser, color_scheme=scheme) as (page, dialogs):
        page.goto(f"{demo_server.url}/?list=titles")
        expect(view(page)).to_have_attribute("data-source", "server")
        expect(item(page, "D2")).to_have_text(f"{XSS_TITLE} · 3")
        expect(page.locator("tbody tr").nth(1).locator("td").nth(1)).to_have_text(XSS_TITLE)
        expect(page.locator("div.lv img")).to_have_count(0)
        expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
        assert serious_violations(page) == []
        assert dialogs == []


def test_each_cards_meaning_opens_from_the_keyboard(
    browser: Browser, demo_server: StreamlitServer
) -> None:
    with demo_page(browser) as (page, _):
        open_demo(page, demo_server, "small")
        evaluation = evaluate_order(LISTS["small"], labels_of(LISTS["small"]))
        for _, label, _, meaning in metric_cards(evaluation):
            about = page.get_by_role("button", name=f"What {label} means")
            help_text = page.locator(".lv-card").filter(has_text=meaning).locator(".lv-card-help")
            expect(help_text).to_be_hidden()
            about.focus()
            page.keyboard.press("Enter")
            expect(about).to_have_attribute("aria-expanded", "true")
            expect(help_text).to_be_visible()
            expect(help_text).to_have_text(meaning)
            page.keyboard.press("Space")  # and closes again
            expect(help_text).to_be_hidden()
