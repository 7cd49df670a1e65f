"""The grade box drawn in the browser (components/grade_box.py): it writes a reordered list as
the core does, follows a drop before the server hears of it, and keeps what is typed after
one; the server's own parts (the table editor, an error's note) follow a drop too."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, WebSocket, expect
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from components.grade_box import box_words
from components.static_files import static_text
from ndcg_core import evaluate, format_real
from ndcg_core.metric.parsing import format_grades, list_words
from tests.browser.conftest import (
    CHIPS,
    HeldStream,
    StreamlitServer,
    click_download,
    drag_item,
    list_order,
    metric,
)

pytestmark = pytest.mark.browser

LISTS = 200  # random lists, each in five random orders
FIRST = ["D1", "D2", "D3", "D4", "D5", "D6"]  # the first list: 3, 2, 3, 0, 1, 2
FIRST_GRADES = dict(zip(FIRST, [3.0, 2.0, 3.0, 0.0, 1.0, 2.0], strict=True))
TEXT_ALL_JS = """(batch) => JSON.stringify(JSON.parse(batch).map(
    ({ words, orders }) => orders.map((order) => window.listText(words, order))))"""


def _cases() -> list[tuple[Any, list[list[str]], list[str]]]:
    """Seeded random lists (default or own labels, titled or not, grades of every kind the box
    writes: whole, decimal, negative, huge), five orders each, and what the core writes."""
    rng = random.Random(25)
    cases = []
    for _ in range(LISTS):
        n = rng.randint(1, 12)
        grades = [rng.choice([0.0, 1.0, 2.0, 3.0, 2.5, -1.0, 1e300, 0.1]) for _ in range(n)]
        own = rng.random() < 0.3
        labels = [f"doc{i}" if own else f"D{i + 1}" for i in range(n)]
        rng.shuffle(labels)  # a list already reordered once
        labelled = rng.random() < 0.2
        orders = [rng.sample(labels, n) for _ in range(4)] + [sorted(labels)]
        grade_of = dict(zip(labels, grades, strict=True))
        expected = [
            format_grades([grade_of[label] for label in order], order, labelled=labelled)
            for order in orders
        ]
        words = box_words(list_words(grades, labels, labelled=labelled))
        cases.append((words, orders, expected))
    return cases


def test_the_box_writes_any_order_of_a_list_as_the_core_does(browser: Browser) -> None:
    cases = _cases()
    page = browser.new_page()
    page.set_content("<html><body></body></html>")
    # The box's own script, its functions made reachable (its default export needs no page).
    script = static_text("grade_box.js").replace("export default function", "function mount")
    page.add_script_tag(content=f"const ORDER_SHOWN = 'x';\n{script}\nwindow.listText = listText;")
    batch = [{"words": words, "orders": orders} for words, orders, _ in cases]
    written = json.loads(page.evaluate(TEXT_ALL_JS, json.dumps(batch)))
    page.close()
    bare = sum(
        text == ", ".join(words["bare"])
        for (words, _, _), texts in zip(cases, written, strict=True)
        for text in texts
    )
    assert bare > 50  # the cases write bare lists as well as named ones
    for (_, orders, expected), texts in zip(cases, written, strict=True):
        assert texts == expected, orders


REDRAW_JS = """() => {
    const parentElement = document.getElementById("box");
    const sent = [];
    const setStateValue = (name, value) => sent.push([name, value.text]);
    const data = { label: "Grades", help: "", hint: "", text: "3, 2", rows: 2, follows: "",
                   words: null };
    mount({ data, parentElement, setStateValue });
    const area = parentElement.querySelector("textarea");
    area.value = "2,0,3";
    area.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", ctrlKey: true }));
    area.value = "2,0,3,1";  // typed since, not applied yet
    mount({ data: { ...data, text: "2,0,3" }, parentElement, setStateValue });
    return { sent, shown: area.value };
}"""


def test_a_redraw_after_a_text_was_applied_keeps_what_was_typed_since(browser: Browser) -> None:
    """The server's text is the text applied, even where its run did not redraw the box (the
    Playground's, which redraws the live view alone): a later redraw with that text must not
    take back what the person has typed since."""
    page = browser.new_page()
    page.set_content("<html><body><div id='box'></div></body></html>")
    script = static_text("grade_box.js").replace("export default function", "function mount")
    preamble = "const ORDER_SHOWN = 'x', LIST_TYPED = 'y';"
    page.add_script_tag(content=f"{preamble}\n{script}\nwindow.mount = mount;")
    seen = page.evaluate(REDRAW_JS)
    page.close()
    assert seen == {"sent": [["typed", "2,0,3"]], "shown": "2,0,3,1"}


def _box(page: Page) -> Locator:
    return page.get_by_role("textbox", name="Grades, top position first")


def _chip(page: Page, label: str) -> Locator:
    return page.locator(CHIPS).and_(page.locator(f"[data-id='{label}']"))


def _open(page: Page, server: StreamlitServer, query: str = "") -> None:
    page.goto(f"{server.url}/playground{query}")
    expect(_box(page)).to_have_value("3, 2, 3, 0, 1, 2")
    expect(page.locator(CHIPS)).to_have_count(6)
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)  # no run under way


def _text_of(order: list[str]) -> str:
    return format_grades([FIRST_GRADES[label] for label in order], order)


def test_the_box_follows_a_drop_before_the_server_hears_of_it(
    page: Page, app_server: StreamlitServer
) -> None:
    """A drag, Alt+Arrow keys and Reverse rewrite the box at once, while the page's messages
    to the server are held; a grade then typed into that order is kept, in that order."""
    stream = HeldStream(page)
    _open(page, app_server)
    stream.held = True
    order = ["D4", "D1", "D2", "D3", "D5", "D6"]
    drag_item(page, _chip(page, "D4"), _chip(page, "D1"), order)
    expect(_box(page)).to_have_value(_text_of(order))
    _chip(page, "D6").focus()
    page.keyboard.press("Alt+ArrowUp")
    order = ["D4", "D1", "D2", "D3", "D6", "D5"]
    expect(_box(page)).to_have_value(_text_of(order))
    page.get_by_role("button", name="Reverse").click()
    order.reverse()
    expect(_box(page)).to_have_value(_text_of(order))
    assert list_order(page) == order
    assert stream.waiting  # every move was sent, and is held here
    stream.release()
    expect(page).to_have_url(re.compile(r"g=D5%3D1%2C(\+|%20)D6%3D2"))  # the server holds it
    # The person now changes a grade in the text the box shows: the order stays theirs.
    typed = _text_of(order).replace("D4=0", "D4=3")
    _box(page).fill(typed)
    _box(page).press("Control+Enter")
    grades = [3.0 if label == "D4" else FIRST_GRADES[label] for label in order]
    expect(metric(page, "nDCG")).to_have_text(format_real(evaluate(grades).ndcg))
    expect(page.locator(CHIPS).first).to_have_attribute("data-id", order[0])
    assert list_order(page) == order
    expect(_box(page)).to_have_value(typed)


def _finished_runs(page: Page) -> list[str]:
    """How each run the server ends from now on ends (script_finished's status, by name)."""
    finished: list[str] = []

    def on_frame(payload: bytes | str) -> None:
        if isinstance(payload, bytes):
            message = ForwardMsg.FromString(payload)
            if message.WhichOneof("type") == "script_finished":
                finished.append(ForwardMsg.ScriptFinishedStatus.Name(message.script_finished))

    def on_websocket(socket: WebSocket) -> None:
        socket.on("framereceived", on_frame)

    page.on("websocket", on_websocket)
    return finished


def test_a_typed_list_stays_as_typed_and_the_box_follows_its_drops(
    page: Page, app_server: StreamlitServer
) -> None:
    """A list typed into the box reruns the live view alone (tests/load/test_list_fragment.py),
    in one run (the view sends it, not the box): the box keeps the text as the person wrote
    it, and the view hands it the new list's words, so that a drop in the new list is written
    into the box at once, as the core writes it."""
    finished = _finished_runs(page)
    _open(page, app_server)
    before = len(finished)
    _box(page).fill("2,0,3")
    _box(page).press("Control+Enter")
    expect(metric(page, "nDCG")).to_have_text(format_real(evaluate([2.0, 0.0, 3.0]).ndcg))
    expect(page.locator(CHIPS)).to_have_count(3)
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)  # the run is over
    assert finished[before:] == ["FINISHED_FRAGMENT_RUN_SUCCESSFULLY"]
    expect(_box(page)).to_have_value("2,0,3")  # the person's spacing stays
    _chip(page, "D3").focus()
    page.keyboard.press("Alt+ArrowUp")
    order = ["D1", "D3", "D2"]
    grade_of = {"D1": 2.0, "D2": 0.0, "D3": 3.0}
    expect(_box(page)).to_have_value(format_grades([grade_of[d] for d in order], order))
    expect(page).to_have_url(re.compile(r"g=D1%3D2%2C(\+|%20)D3%3D3"))  # the server holds it
    # A grade changed in that text is typed into that order.
    _box(page).fill("D1=2, D3=3, D2=1")
    _box(page).press("Control+Enter")
    expect(metric(page, "nDCG")).to_have_text(format_real(evaluate([2.0, 3.0, 1.0]).ndcg))
    assert list_order(page) == order


def _table_cells(page: Page) -> Locator:
    # The data editor draws on a canvas; its cells are also in a table for screen readers.
    return page.get_by_test_id("stDataFrame").locator("table td")


def test_with_the_table_open_a_drop_reorders_the_table(
    page: Page, app_server: StreamlitServer
) -> None:
    _open(page, app_server)
    page.get_by_role("tab", name="Table").click()
    expect(_table_cells(page).first).to_have_text("D1")
    _chip(page, "D1").focus()
    page.keyboard.press("Alt+ArrowDown")
    expect(_table_cells(page).nth(0)).to_have_text("D2")
    expect(_table_cells(page).nth(3)).to_have_text("D1")
    page.get_by_role("tab", name="Type").click()
    expect(_box(page)).to_have_value(_text_of(["D2", "D1", "D3", "D4", "D5", "D6"]))


def test_a_drop_ends_an_error_that_stood_in_the_box(
    page: Page, app_server: StreamlitServer
) -> None:
    """A list that cannot be read keeps the last list's numbers under a note; a drop in that
    list makes a new list, so the error, the note and the unread text give way to it."""
    _open(page, app_server)
    _box(page).fill("3, x")
    _box(page).press("Control+Enter")
    error = page.get_by_text("Item 2 (“x”) is not a number.")
    note = page.get_by_text("These numbers are for the last list that could be read")
    expect(error).to_be_visible()
    expect(note).to_be_visible()
    expect(_box(page)).to_have_value("3, x")  # what was typed stays
    _chip(page, "D2").focus()
    page.keyboard.press("Alt+ArrowUp")
    order = ["D2", "D1", "D3", "D4", "D5", "D6"]
    expect(_box(page)).to_have_value(_text_of(order))
    expect(error).to_have_count(0)
    expect(note).to_have_count(0)
    expect(metric(page, "nDCG")).to_have_text(
        format_real(evaluate([FIRST_GRADES[label] for label in order]).ndcg)
    )


def test_with_the_downloads_open_a_drop_downloads_the_new_order(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    """The downloads are made for the order they were drawn with: open, they are drawn again
    after a drop (closed, a drop's run leaves them be)."""
    _open(page, app_server)
    page.get_by_text("Download, save, reproduce in Python").click()
    expect(page.get_by_role("button", name="Table (CSV)")).to_be_visible()
    _chip(page, "D4").focus()
    page.keyboard.press("Alt+ArrowUp")
    order = ["D1", "D2", "D4", "D3", "D5", "D6"]
    expect(_box(page)).to_have_value(_text_of(order))
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)  # the drop's run is over
    text = Path(click_download(page, "Table (CSV)").path()).read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    assert [row[1] for row in rows[1:]] == order
