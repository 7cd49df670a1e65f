"""Playground rerun time against an empty Streamlit page, measured in the same run.

Run: .venv/bin/python benchmarks/playground.py [--drops]   (needs /usr/bin/chromium for
parts 2 and 3; ``--drops`` runs part 3 alone)

1. AppTest, in process: median time of a rerun after a click that reorders the list
   (Reverse), for 10 and 1,000 items, against a click on the empty page's one button.
2. Chromium against real servers: from a click (Reverse on the Playground, the button on
   the empty page) to the page showing the result, median over several clicks.
3. Chromium, a mouse drop in the drag list (10 and 1,000 items): from the pointer's release
   to the new nDCG painted above the list (the browser's dot product, before the server
   answers; target <= 50 ms), beside the drop to the new table row (the server's rerun).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import StreamlitServer, drag_item
from tests.conftest import CHROMIUM_ARGS
from tests.pages.conftest import _NavigationPagesManager

APP = str(ROOT / "app.py")
EMPTY = str(ROOT / "benchmarks" / "empty_app.py")
SHELL = str(ROOT / "benchmarks" / "shell_app.py")
REPEATS = 15


def grades_text(count: int) -> str:
    return ", ".join(str(i % 4) for i in range(count))


def apptest_reruns(
    script: str, button_key: str, query: dict[str, str], page: str | None = None
) -> float:
    """Median seconds for a click-and-rerun, after two warm-up runs."""
    from streamlit.testing.v1 import app_test

    app_test.PagesManager = _NavigationPagesManager  # see tests/pages/conftest.py
    at = AppTest.from_file(script, default_timeout=120)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    if page is not None:  # the app opens on the lesson
        at.switch_page(page).run()
    at.button(key=button_key).click().run()
    timings = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        at.button(key=button_key).click().run()
        timings.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return statistics.median(timings)


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
  const row = document.querySelector('[data-testid="stTable"] tbody tr');
  const text = [...document.querySelectorAll('[data-testid="stText"]')].map(e => e.innerText);
  return (row ? row.innerText : '') + '|' + text.join('|');
}"""
CHANGED_JS = "(before) => (" + SNAPSHOT_JS + ")() !== before"


# Timestamps in the page: the pointer's release, the first frame painted after the drag
# list's sums changed, and after the table's first row changed (rAF, then a task: painted).
DROP_PROBE_JS = """sums => {
  const probe = window.__drop = {release: null, sums: null, table: null};
  const painted = (field) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { if (probe[field] === null) probe[field] = performance.now(); };
    channel.port2.postMessage(0);
  });
  const release = () => { if (probe.release === null) probe.release = performance.now(); };
  // SortableJS drags natively (HTML5 drag and drop): the release is a drop, not a mouseup.
  for (const name of ['pointerup', 'mouseup', 'drop', 'dragend']) {
    window.addEventListener(name, release, {capture: true, once: true});
  }
  new MutationObserver((_, observer) => { observer.disconnect(); painted('sums'); })
    .observe(sums, {subtree: true, childList: true, characterData: true});
  const row = () => {
    const first = document.querySelector('[data-testid="stTable"] tbody tr');
    return first ? first.innerText : '';
  };
  const before = row();
  const poll = () => { if (row() !== before) { painted('table'); } else { requestAnimationFrame(poll); } };
  requestAnimationFrame(poll);
}"""


def browser_drops(url: str) -> tuple[float, float]:
    """Median seconds from a mouse drop to the new nDCG painted, and to the new table row."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(url)
        sums = page.locator(".sl-sums")
        sums.wait_for()
        page.wait_for_load_state("networkidle")
        to_sums, to_table = [], []
        for repeat in range(REPEATS + 2):
            order = page.locator("li.sl-item").evaluate_all("items => items.map(i => i.dataset.id)")
            first, second = order[0], order[1]
            sums.evaluate(DROP_PROBE_JS)
            drag_item(
                page,
                page.locator(f"li.sl-item[data-id='{second}']"),
                page.locator(f"li.sl-item[data-id='{first}']"),
                [second, first, *order[2:]],
            )
            page.wait_for_function(
                "() => window.__drop.sums !== null && window.__drop.table !== null",
                polling="raf",
                timeout=30_000,
            )
            probe = page.evaluate("window.__drop")
            if repeat >= 2:  # two warm-up drops
                to_sums.append((probe["sums"] - probe["release"]) / 1000)
                to_table.append((probe["table"] - probe["release"]) / 1000)
            page.wait_for_timeout(300)  # let the rerun finish drawing everything
        browser.close()
    return statistics.median(to_sums), statistics.median(to_table)


def drops(app_url: str) -> None:
    print("3. Chromium, a mouse drop in the drag list (median of", REPEATS, "drops)")
    for count in (10, 1_000):
        url = f"{app_url}/playground?g={grades_text(count).replace(' ', '')}"
        to_sums, to_table = browser_drops(url)
        print(
            f"   Playground, {count:>5,} items   drop to new nDCG painted "
            f"{to_sums * 1000:6.1f} ms (target <= 50 ms)   drop to new table row "
            f"{to_table * 1000:6.1f} ms"
        )


def main() -> None:
    if "--drops" in sys.argv[1:]:  # part 3 alone
        server = StreamlitServer("app.py", ROOT / "benchmarks" / ".logs" / "app.log")
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
        seconds = apptest_reruns(
            APP, "lab_reverse", {"g": grades_text(count)}, page="pages/playground.py"
        )
        print(
            f"   Playground, {count:>5,} items   {seconds * 1000:7.1f} ms   "
            f"{seconds / empty:5.2f}x the empty page (target <= {target}x), "
            f"{seconds / shell:5.2f}x the app shell"
        )

    print("2. Chromium, click to updated page (median of", REPEATS, "clicks)")
    log_dir = ROOT / "benchmarks" / ".logs"
    log_dir.mkdir(exist_ok=True)
    empty_server = StreamlitServer("benchmarks/empty_app.py", log_dir / "empty.log")
    app_server = StreamlitServer("app.py", log_dir / "app.log")
    shell_server = StreamlitServer("benchmarks/shell_app.py", log_dir / "shell.log")
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
