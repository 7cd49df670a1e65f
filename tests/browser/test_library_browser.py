"""The live view's library reaches a new browser as one gzipped file over HTTP, not inside
the websocket (components/browser_library.py), sent from memory by the app's own route
(components/file_route.py), and the Playground works from it."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Response, Route, WebSocket, expect

from components.browser_library import (
    LIBRARY_JS,
    NOT_LOADED,
    VEGA_JS,
    library_body,
    library_file,
    library_file_name,
)
from components.lab_files import IMMUTABLE
from components.live_view import CHARTS_FAILED
from components.static_files import static_text
from tests.browser.conftest import DEEP_FIND, StreamlitServer, metric

pytestmark = pytest.mark.browser

LIBRARY_URL = re.compile(r"/lab-files/library-[0-9a-f]{12}\.js\.gz$")


def test_a_new_browser_fetches_the_library_once_and_the_websocket_stays_small(
    page: Page, app_server: StreamlitServer
) -> None:
    received: list[int] = []
    fetched: list[Response] = []

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: received.append(len(payload)))

    page.on("websocket", on_socket)
    page.on("response", lambda r: fetched.append(r) if LIBRARY_URL.search(r.url) else None)
    page.goto(f"{app_server.url}/playground")
    expect(metric(page, "nDCG")).to_have_text("0.961")  # the live view drew its cards
    expect(page.locator("li.lv-item")).to_have_count(6)
    assert [r.status for r in fetched] == [200]
    name = library_file_name()
    assert fetched[0].url.endswith(f"/lab-files/{name}")
    # The bytes held in memory, sent as they are (not zipped again), and never to be asked
    # for again by this browser: the name changes with the content.
    body = fetched[0].body()
    assert body == library_body()[1]
    assert fetched[0].headers["cache-control"] == IMMUTABLE
    assert len(body) < len(LIBRARY_JS + VEGA_JS) / 2
    # The page's whole first run: well under the library's 800 KB, which it carried before.
    assert 0 < sum(received) < len(LIBRARY_JS + VEGA_JS) / 2


# Records, at every frame, when the live view's nDCG card and its first chart appear.
WATCH_FIRST_FRAMES = f"""() => {{
  const deep = {DEEP_FIND};
  window.firstFrames = {{}};
  const look = () => {{
    const now = performance.now();
    for (const [name, selector] of [["card", ".lv-card-value"], ["chart", ".lv-charts svg"]]) {{
      if (!(name in window.firstFrames) && deep(document, selector)) window.firstFrames[name] = now;
    }}
    if (!("chart" in window.firstFrames)) requestAnimationFrame(look);
  }};
  requestAnimationFrame(look);
}}"""


def test_the_numbers_are_painted_before_the_charts_first_drawing(
    page: Page, app_server: StreamlitServer
) -> None:
    # Vega's first drawing takes about 100 ms; the list, cards and table do not wait for it.
    page.add_init_script(f"({WATCH_FIRST_FRAMES})()")
    page.goto(f"{app_server.url}/playground")
    expect(metric(page, "nDCG")).to_have_text("0.961")
    page.wait_for_function("() => 'chart' in (window.firstFrames || {})")
    frames = page.evaluate("window.firstFrames")
    assert frames["card"] < frames["chart"]


def test_a_library_that_does_not_arrive_is_said_where_the_list_would_be(
    page: Page, app_server: StreamlitServer
) -> None:
    page.route(LIBRARY_URL, lambda route: route.fulfill(status=404, body="gone"))
    page.goto(f"{app_server.url}/playground")
    note = page.get_by_role("alert").filter(has_text=NOT_LOADED)
    expect(note).to_be_visible()
    expect(page.locator("li.lv-item")).to_have_count(0)
    # As the note says: reloading the page fetches it again.
    page.unroute(LIBRARY_URL)
    page.reload()
    expect(page.locator("li.lv-item")).to_have_count(6)
    expect(note).to_have_count(0)


def test_a_library_that_did_not_arrive_is_said_by_views_drawn_after_and_not_fetched_again(
    page: Page, app_server: StreamlitServer
) -> None:
    asked: list[str] = []

    def gone(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=404, body="gone")

    page.route(LIBRARY_URL, gone)
    page.goto(f"{app_server.url}/playground")
    notes = page.get_by_role("alert").filter(has_text=NOT_LOADED)
    expect(notes).to_have_count(1)
    # Compare mode's views mount long after the file failed, in runs that ask for it again:
    # each says so where it would be, and the page does not fetch the file again.
    page.get_by_text("Compare two rankings").click()
    expect(page.get_by_text("Ranking B", exact=True).first).to_be_visible()
    expect(notes).to_have_count(3)  # ranking A's view, ranking B's, the chart of both
    expect(page.locator("li.lv-item")).to_have_count(0)
    assert len(asked) == 1


# The live view's list as the page styles it, and whether its shadow root adopted the sheet.
LIST_STYLE = f"""() => {{
  const list = ({DEEP_FIND})(document, "ol.lv-list, ul.lv-list");
  const root = list.getRootNode();
  return {{
    display: getComputedStyle(list).display,
    marker: getComputedStyle(list).listStyleType,
    adopted: root.adoptedStyleSheets.length,
  }};
}}"""


def _bytes(payload: bytes | str) -> bytes:
    return payload if isinstance(payload, bytes) else payload.encode()


def test_the_view_is_styled_from_the_library_and_a_drops_answer_carries_no_sheet(
    page: Page, app_server: StreamlitServer
) -> None:
    sockets: list[WebSocket] = []
    page.on("websocket", lambda socket: sockets.append(socket))
    page.goto(f"{app_server.url}/playground")
    chips = page.locator("li.lv-item")
    expect(chips).to_have_count(6)
    styled = {"display": "flex", "marker": "none", "adopted": 1}
    assert page.evaluate(LIST_STYLE) == styled
    first = chips.first.inner_text()
    chips.first.focus()
    with sockets[-1].expect_event(
        "framereceived", predicate=lambda payload: b'"ack"' in _bytes(payload)
    ) as caught:
        page.keyboard.press("Alt+ArrowDown")  # the browser repaints; the server acknowledges
    expect(chips.nth(1)).to_have_text(first)
    sheet = static_text("live_view.css")
    # The acknowledgement carries the order, not the style sheet again (it did: 10.7 KB).
    assert len(_bytes(caught.value)) < len(sheet) / 2
    assert page.evaluate(LIST_STYLE) == styled


TEMPLATE_URL = re.compile(r"/lab-files/chart-[0-9a-f]{12}\.json\.gz$")


def test_the_charts_template_is_fetched_from_the_route(
    page: Page, app_server: StreamlitServer
) -> None:
    fetched: list[Response] = []
    page.on("response", lambda r: fetched.append(r) if TEMPLATE_URL.search(r.url) else None)
    page.goto(f"{app_server.url}/playground")
    expect(page.locator(".lv-charts svg").first).to_be_visible()
    assert [r.status for r in fetched] == [200]
    assert fetched[0].headers["cache-control"] == IMMUTABLE


def _library_without_vega(route: Route) -> None:
    """The library's file cut short where Vega's part starts (a connection that dropped)."""
    body, split = library_file()
    route.fulfill(status=200, body=body[:split], content_type="application/gzip")


def _gone(route: Route) -> None:
    route.fulfill(status=404, body="gone")


@pytest.mark.parametrize(
    ("missing", "answer"),
    [(TEMPLATE_URL, _gone), (LIBRARY_URL, _library_without_vega)],
    ids=["template", "Vega"],
)
def test_a_chart_file_that_does_not_arrive_is_said_where_the_charts_would_be(
    page: Page,
    app_server: StreamlitServer,
    missing: re.Pattern[str],
    answer: Callable[[Route], None],
) -> None:
    page.route(missing, answer)
    page.goto(f"{app_server.url}/playground")
    expect(metric(page, "nDCG")).to_have_text("0.961")  # the list and its numbers are there
    expect(page.get_by_role("alert").filter(has_text=CHARTS_FAILED)).to_be_visible()
    expect(page.locator(".lv-charts svg")).to_have_count(0)
    expect(page.get_by_text("Hover a position")).to_be_hidden()  # no charts to hover
    page.unroute(missing)
    page.reload()  # as the note says
    expect(page.locator(".lv-charts svg").first).to_be_visible()
    expect(page.get_by_role("alert").filter(has_text=CHARTS_FAILED)).to_have_count(0)
