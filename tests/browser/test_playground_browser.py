"""What a person sees and does on the Playground, in real Chromium against a real server."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from components.live_view import CHARTS_SCROLL
from ndcg_core import evaluate, format_real
from ndcg_core.metric.lists import ideal_order, reordered
from ndcg_core.metric.parsing import GradeList
from tests.browser.conftest import CHIPS, StreamlitServer, drag_item, metric, position_table

pytestmark = pytest.mark.browser


def expect_table_column(page: Page, header: str, values: list[str]) -> None:
    """Wait until the position table's column ``header`` reads ``values``, top to bottom."""
    table = position_table(page)
    expect(table.locator("thead")).to_contain_text(header)
    headers = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    index = headers.index(header)
    expect(table.locator(f"tbody tr > :nth-child({index + 1})")).to_have_text(values)


def open_playground(page: Page, server: StreamlitServer, query: str = "") -> None:
    page.goto(f"{server.url}/playground{query}")  # the lesson is the default page
    expect(metric(page, "nDCG")).to_be_visible()


def grades_box(page: Page) -> Locator:
    return page.get_by_role("textbox", name="Grades, top position first")


def expect_chip_order(page: Page, labels: list[str]) -> None:
    """Wait until the drag list shows ``labels`` in this order."""
    items = page.locator(CHIPS)  # inside the component's shadow root: locators only
    expect(items).to_have_count(len(labels))
    for index, label in enumerate(labels):
        expect(items.nth(index)).to_have_attribute("data-id", label)
    assert [item.get_attribute("data-id") for item in items.all()] == labels


def chip(page: Page, label: str) -> Locator:
    return page.locator(", ".join(f"{kind}[data-id='{label}']" for kind in CHIPS.split(", ")))


def expect_scores(page: Page, grades: list[float]) -> None:
    result = evaluate(grades)
    expect(metric(page, "DCG")).to_have_text(format_real(result.dcg))
    expect(metric(page, "nDCG")).to_have_text(format_real(result.ndcg))


def test_default_view_shows_the_seed_figures(page: Page, app_server: StreamlitServer) -> None:
    open_playground(page, app_server)
    expect(metric(page, "CG")).to_have_text("11")
    expect(metric(page, "DCG")).to_have_text("6.861")
    expect(metric(page, "Ideal DCG")).to_have_text("7.141")
    expect(metric(page, "nDCG")).to_have_text("0.961")
    expect_table_column(page, "log2(i+1)", ["1", "1.585", "2", "2.322", "2.585", "2.807"])


def test_dragging_a_document_recomputes_everything(page: Page, app_server: StreamlitServer) -> None:
    open_playground(page, app_server)
    drag_item(page, chip(page, "D4"), chip(page, "D1"), ["D4", "D1", "D2", "D3", "D5", "D6"])
    expect_scores(page, [0, 3, 2, 3, 1, 2])
    expect(position_table(page).locator("tbody tr").first).to_contain_text("D4")
    expect_table_column(page, "grade", ["0", "3", "2", "3", "1", "2"])
    expect(metric(page, "CG")).to_have_text("11")  # CG ignores order
    expect_chip_order(page, ["D4", "D1", "D2", "D3", "D5", "D6"])
    # The run a drop starts only acknowledges it, and keeps the view: the grade box and the
    # link follow the new order.
    expect(grades_box(page)).to_have_value("D4=0, D1=3, D2=2, D3=3, D5=1, D6=2")
    expect(page).to_have_url(re.compile(r"g=D4%3D0%2C\+D1%3D3|g=D4%3D0%2C%20D1%3D3"))
    page.reload()  # the link holds the drop
    expect_scores(page, [0, 3, 2, 3, 1, 2])
    expect_chip_order(page, ["D4", "D1", "D2", "D3", "D5", "D6"])


def test_keyboard_alternatives_move_documents(page: Page, app_server: StreamlitServer) -> None:
    open_playground(page, app_server)
    chip(page, "D1").focus()
    page.keyboard.press("Alt+ArrowDown")
    expect_scores(page, [2, 3, 3, 0, 1, 2])
    expect(chip(page, "D1")).to_be_focused()
    page.get_by_role("button", name="Ideal order").click()
    expect(metric(page, "nDCG")).to_have_text("1")
    page.get_by_role("button", name="Reverse").click()
    expect_scores(page, [0, 1, 2, 2, 3, 3])


GRADES = {"D1": 3, "D2": 2, "D3": 3, "D4": 0, "D5": 1, "D6": 2}  # the list a new page shows


def expect_order_everywhere(page: Page, labels: list[str]) -> None:
    """The chips in this order, the cards the core's for it, and the server holding it: the
    grade box (redrawn by the run the order started) names it."""
    expect_chip_order(page, labels)
    expect_scores(page, [GRADES[label] for label in labels])
    text = ", ".join(f"{label}={GRADES[label]}" for label in labels)
    expect(grades_box(page)).to_have_value(text)


def test_reordering_buttons_move_the_chips_in_the_browser(
    page: Page, app_server: StreamlitServer
) -> None:
    """Up, Down, Reverse and Shuffle, under the list, reorder it in the browser as a drop
    does: the server's answer is an acknowledgement, not the view again. Ideal order asks
    the server, which keeps equal grades in the order shown."""
    received: list[bytes] = []

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda f: received.append(f if isinstance(f, bytes) else b""))

    page.on("websocket", on_socket)
    open_playground(page, app_server)
    page.get_by_label("Move a document").select_option("D4")
    received.clear()
    page.get_by_role("button", name="Up", exact=True).click()
    expect_order_everywhere(page, ["D1", "D2", "D4", "D3", "D5", "D6"])
    assert any(b'"ack"' in frame for frame in received)
    assert not any(b"Position by position" in frame for frame in received)  # no new view
    page.get_by_role("button", name="Down", exact=True).click()
    page.get_by_role("button", name="Down", exact=True).click()
    expect_order_everywhere(page, ["D1", "D2", "D3", "D5", "D4", "D6"])
    page.get_by_role("button", name="Reverse").click()
    expect_order_everywhere(page, ["D6", "D4", "D5", "D3", "D2", "D1"])
    page.get_by_role("button", name="Shuffle").click()  # the chips move in the click itself
    shuffled = [item.get_attribute("data-id") or "" for item in page.locator(CHIPS).all()]
    assert sorted(shuffled) == sorted(GRADES)
    expect_order_everywhere(page, shuffled)
    # Ideal order: the core's, with D1 and D3 (both 3) and D2 and D6 (both 2) as shown.
    shown = GradeList(tuple(float(GRADES[label]) for label in GRADES), tuple(GRADES))
    ideal = list(ideal_order(reordered(shown, shuffled)).labels)
    page.get_by_role("button", name="Ideal order").click()
    expect_order_everywhere(page, ideal)
    expect(metric(page, "nDCG")).to_have_text("1")
    page.reload()  # the link holds the last order
    expect_chip_order(page, ideal)


def test_a_bad_list_shows_an_error_and_keeps_the_results(
    page: Page, app_server: StreamlitServer
) -> None:
    open_playground(page, app_server)
    box = grades_box(page)
    box.fill("3, 2, banana, 1")
    box.press("Control+Enter")
    expect(page.get_by_test_id("stAlertContentError")).to_contain_text(
        "Item 3 (“banana”) is not a number."
    )
    expect(metric(page, "nDCG")).to_have_text("0.961")
    expect(box).to_have_value("3, 2, banana, 1")


def test_typing_then_reloading_keeps_the_state(page: Page, app_server: StreamlitServer) -> None:
    open_playground(page, app_server)
    box = grades_box(page)
    box.fill("3, 2, 0, 0, 1")
    box.press("Control+Enter")
    expect_scores(page, [3, 2, 0, 0, 1])
    expect(page).to_have_url(re.compile(r"g=3%2C\+2%2C\+0%2C\+0%2C\+1|g=3%2C%202"))
    page.reload()
    expect_scores(page, [3, 2, 0, 0, 1])


def test_a_hostile_label_shows_as_text_and_runs_nothing(
    page: Page, app_server: StreamlitServer
) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_playground(page, app_server)
    hostile = "<img src onerror>"  # a label cannot hold = (it would read as label=grade)
    box = grades_box(page)
    box.fill(f"{hostile}=3, D2=1")
    box.press("Control+Enter")
    expect(position_table(page)).to_contain_text(hostile)
    expect(chip(page, hostile)).to_contain_text(hostile)
    assert page.locator("img[onerror]").count() == 0
    assert dialogs == []


def test_charts_wider_than_their_box_are_reachable_by_keyboard(
    page: Page, app_server: StreamlitServer
) -> None:
    """Charts drawn for a wider screen than the box they land in (a phone's first run, before
    it said its width; a window narrowed) scroll sideways: the box then takes the keyboard's
    focus and says what it holds (axe's scrollable-region-focusable), and stops once they fit."""
    open_playground(page, app_server)
    charts = page.locator(".lv-charts")
    expect(charts.locator("svg").first).to_be_visible()
    expect(charts).not_to_have_attribute("tabindex", "0")  # they fit a laptop's column
    charts.evaluate("box => { box.style.width = '160px'; }")
    expect(charts).to_have_attribute("tabindex", "0")
    expect(charts).to_have_attribute("role", "region")
    expect(charts).to_have_attribute("aria-label", CHARTS_SCROLL)
    charts.evaluate("box => { box.style.width = ''; }")
    expect(charts).not_to_have_attribute("tabindex", "0")
    expect(charts).not_to_have_attribute("role", "region")
