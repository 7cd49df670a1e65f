"""Playground rerun time against an empty Streamlit page, measured in the same run.

Run: .venv/bin/python benchmarks/playground.py [--drops]   (needs /usr/bin/chromium for
parts 2 and 3; ``--drops`` runs part 3 alone)

1. AppTest, in process: median time of a rerun after the list is reversed (as the live
   view's Reverse stores it), for 10 and 1,000 items, against a click on the empty page's
   one button.
2. Chromium against real servers: from a click (Reverse on the Playground, which the live
   view repaints in the browser; the button on the empty page) to the page showing the
   result, median over several clicks.
3. Chromium, a mouse drop and an Alt+ArrowDown in the live view (10 and 1,000 items): from
   the move to the cards, table and charts repainted in the browser (targets 16 ms at 10
   items, 50 ms at 1,000), beside the move to the server's answer drawn. A drag's preview
   draws the order under the pointer once a frame while the drag goes on, so the drop's
   figure is mostly the frame that shows it; the Alt+ArrowDown's is the whole repaint.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from components.state import LIST_KEY, VERSION_KEY
from ndcg_core.metric.lists import reversed_order
from tests.browser.conftest import StreamlitServer, drag_item
from tests.conftest import CHROMIUM_ARGS
from tests.pages.conftest import _NavigationPagesManager

APP = str(ROOT / "app.py")
EMPTY = str(ROOT / "benchmarks" / "empty_app.py")
SHELL = str(ROOT / "benchmarks" / "shell_app.py")
REPEATS = 15


def grades_text(count: int) -> str:
    return ", ".join(str(i % 4) for i in range(count))


def _opened(script: str, query: dict[str, str]) -> AppTest:
    """``script`` run once in AppTest with the link's ``query``."""
    from streamlit.testing.v1 import app_test

    app_test.PagesManager = _NavigationPagesManager  # see tests/pages/conftest.py
    at = AppTest.from_file(script, default_timeout=120)
    for key, value in query.items():
        at.query_params[key] = value
    return at.run()


def apptest_reruns(script: str, button_key: str, query: dict[str, str]) -> float:
    """Median seconds for a click-and-rerun, after two warm-up runs."""
    at = _opened(script, query)
    at.button(key=button_key).click().run()
    timings = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        at.button(key=button_key).click().run()
        timings.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return statistics.median(timings)


def apptest_reversals(query: dict[str, str]) -> float:
    """Median seconds for the Playground's rerun after its list is reversed, stored as the
    live view's Reverse stores it (its buttons are the browser's: no Streamlit button to
    click), after two warm-up runs."""
    at = _opened(APP, query)
    at.switch_page("pages/playground.py").run()  # the app opens on the lesson
    timings = []
    for _ in range(REPEATS + 2):
        at.session_state[LIST_KEY] = reversed_order(at.session_state[LIST_KEY])
        at.session_state[VERSION_KEY] += 1
        start = time.perf_counter()
        at.run()
        timings.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return statistics.median(timings[2:])


def browser_clicks(url: str, button: str, changed_js: str) -> float:
    """Median seconds from a click to `changed_js` (given the text before) turning true."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(url)
        page.get_by_role("button", name=button).wait_for()
        page.wait_for_load_state("networkidle")
        timings = []
        for _ in range(REPEATS + 2):
            snapshot = page.evaluate(SNAPSHOT_JS)
            start = time.perf_counter()
            page.get_by_role("button", name=button).click()
            page.wait_for_function(changed_js, arg=snapshot, polling="raf", timeout=30_000)
            timings.append(time.perf_counter() - start)
            page.wait_for_timeout(300)  # let the rerun finish drawing everything
        browser.close()
    return statistics.median(timings[2:])


# What the person looks at: the table's first row on the Playground, the text on the empty page.
SNAPSHOT_JS = """() => {
  // The live view's table is in its component's shadow root; the empty page has none.
  const live = () => [...document.querySelectorAll('*')]
    .map(e => e.shadowRoot && e.shadowRoot.querySelector('.lv tbody tr')).find(Boolean);
  const row = document.querySelector('[data-testid="stTable"] tbody tr') || live();
  const text = [...document.querySelectorAll('[data-testid="stText"]')].map(e => e.innerText);
  return (row ? row.innerText : '') + '|' + text.join('|');
}"""
CHANGED_JS = "(before) => (" + SNAPSHOT_JS + ")() !== before"


# Timestamps in the live view (components/live_view.py; its root is passed in, inside the
# component's shadow root): the move (a pointer release or a key press), the first frame
# painted once the cards, the table's first row and the charts all show the list's new order
# (the charts' data-order, set when Vega has drawn the rows, is the order the list shows),
# and the server's answer (the view's data-source back to "server"). Painted = a frame, then
# a task (rAF, then a message). A drag's preview may have drawn the order before the release:
# the move's own frame then counts.
MOVE_PROBE_JS = """(root) => {
  const probe = window.__move = {move: null, painted: null, server: null};
  const card = () => root.querySelector('.lv-cards').innerText;
  const row = () => { const tr = root.querySelector('tbody tr'); return tr ? tr.innerText : ''; };
  const ids = () => [...root.querySelectorAll('li.lv-item')].map((li) => li.dataset.id).join(' ');
  const charts = root.querySelector('.lv-charts');
  const before = {card: card(), row: row(), order: charts.dataset.order};
  const mark = (field) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { if (probe[field] === null) probe[field] = performance.now(); };
    channel.port2.postMessage(0);
  });
  let repainted = false;
  const check = () => {
    if (!repainted && probe.move !== null && card() !== before.card && row() !== before.row
        && charts.dataset.order !== before.order && charts.dataset.order === ids()
        && root.dataset.source === 'browser') {
      repainted = true;
      mark('painted');
    }
  };
  const moved = () => { if (probe.move === null) { probe.move = performance.now(); check(); } };
  // SortableJS drags natively (HTML5 drag and drop): the release is a drop, not a mouseup.
  for (const name of ['pointerup', 'mouseup', 'drop', 'dragend', 'keydown']) {
    window.addEventListener(name, moved, {capture: true, once: true});
  }
  new MutationObserver((_, observer) => {
    check();
    if (repainted && root.dataset.source === 'server') { observer.disconnect(); mark('server'); }
  }).observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
}"""

ALT_DOWN_JS = """(li) => { li.focus();
  li.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowDown', altKey: true, bubbles: true, composed: true})); }"""


def browser_moves(url: str) -> dict[str, tuple[float, float]]:
    """Median seconds from a mouse drop, and from an Alt+ArrowDown, to the cards, table and
    charts repainted in the browser, and to the server's answer drawn."""
    timings: dict[str, tuple[list[float], list[float]]] = {
        "drop": ([], []),
        "alt+arrow": ([], []),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(url)
        root = page.locator(".lv")
        page.locator(".lv-chart svg").wait_for()
        page.wait_for_load_state("networkidle")
        for kind, (to_paint, to_server) in timings.items():
            for repeat in range(REPEATS + 2):
                expect_server(page)
                order = page.locator("li.lv-item").evaluate_all(
                    "items => items.map(i => i.dataset.id)"
                )
                first, second = order[0], order[1]
                root.evaluate(MOVE_PROBE_JS)
                if kind == "drop":
                    drag_item(
                        page,
                        page.locator(f"li.lv-item[data-id='{second}']"),
                        page.locator(f"li.lv-item[data-id='{first}']"),
                        [second, first, *order[2:]],
                        items="li.lv-item",
                    )
                else:
                    page.locator(f"li.lv-item[data-id='{first}']").evaluate(ALT_DOWN_JS)
                probe = probed(page, ("painted", "server"))
                if repeat >= 2:  # two warm-up moves
                    to_paint.append((probe["painted"] - probe["move"]) / 1000)
                    to_server.append((probe["server"] - probe["move"]) / 1000)
        browser.close()
    return {
        kind: (statistics.median(paint), statistics.median(server))
        for kind, (paint, server) in timings.items()
    }


def probed(page: Page, fields: Sequence[str]) -> dict[str, float]:
    """The page's ``window.__move`` (a probe's ``performance.now()`` times, in ms) once each
    of ``fields`` holds its time."""
    page.wait_for_function(
        "(fields) => fields.every((field) => window.__move[field] !== null)",
        arg=list(fields),
        polling="raf",
        timeout=30_000,
    )
    times: dict[str, float] = page.evaluate("window.__move")
    return times


def expect_server(page: Page) -> None:
    """Wait until the live view shows the server's numbers (no move of its own pending)."""
    page.wait_for_function(
        "(root) => root.dataset.source === 'server'",
        arg=page.locator(".lv").element_handle(),
        polling="raf",
        timeout=30_000,
    )


def drops(app_url: str) -> None:
    print("3. Chromium, a move in the Playground's live view (median of", REPEATS, "each)")
    for count in (10, 1_000):
        url = f"{app_url}/playground?g={grades_text(count).replace(' ', '')}"
        for kind, (to_paint, to_server) in browser_moves(url).items():
            target = 16 if count == 10 else 50
            print(
                f"   {count:>5,} items, {kind:<9}  cards, table and charts repainted "
                f"{to_paint * 1000:6.1f} ms (target <= {target} ms)   server's answer drawn "
                f"{to_server * 1000:6.1f} ms"
            )


def main() -> None:
    if "--drops" in sys.argv[1:]:  # part 3 alone
        server = StreamlitServer("asgi.py", ROOT / "benchmarks" / ".logs" / "app.log")
        try:
            drops(server.url)
        finally:
            server.stop()
        return
    print("1. AppTest rerun after a click (median of", REPEATS, "runs)")
    empty = apptest_reruns(EMPTY, "bench_click", {})
    print(f"   empty page                 {empty * 1000:7.1f} ms")
    shell = apptest_reruns(SHELL, "bench_click", {})
    print(
        f"   app shell, blank page      {shell * 1000:7.1f} ms   {shell / empty:5.2f}x the empty page"
    )
    for count, target in ((10, 1.5), (1_000, 3.0)):
        seconds = apptest_reversals({"g": grades_text(count)})
        print(
            f"   Playground, {count:>5,} items   {seconds * 1000:7.1f} ms   "
            f"{seconds / empty:5.2f}x the empty page (target <= {target}x), "
            f"{seconds / shell:5.2f}x the app shell"
        )

    print("2. Chromium, click to updated page (median of", REPEATS, "clicks)")
    log_dir = ROOT / "benchmarks" / ".logs"
    log_dir.mkdir(exist_ok=True)
    empty_server = StreamlitServer("benchmarks/empty_app.py", log_dir / "empty.log")
    app_server = StreamlitServer("asgi.py", log_dir / "app.log")
    shell_server = StreamlitServer("benchmarks/shell_asgi.py", log_dir / "shell.log")
    try:
        empty_click = browser_clicks(empty_server.url, "Click", CHANGED_JS)
        print(f"   empty page, button         {empty_click * 1000:7.1f} ms")
        shell_click = browser_clicks(shell_server.url, "Click", CHANGED_JS)
        print(f"   app shell, button          {shell_click * 1000:7.1f} ms")
        for count in (10, 1_000):
            url = f"{app_server.url}/playground?g={grades_text(count).replace(' ', '')}"
            reverse = browser_clicks(url, "Reverse", CHANGED_JS)
            print(
                f"   Playground, {count:>5,} items   {reverse * 1000:7.1f} ms   "
                f"{reverse / empty_click:5.2f}x the empty page (target <= 1.5x), "
                f"{reverse / shell_click:5.2f}x the app shell"
            )
        drops(app_server.url)
    finally:
        empty_server.stop()
        app_server.stop()
        shell_server.stop()


if __name__ == "__main__":
    main()
