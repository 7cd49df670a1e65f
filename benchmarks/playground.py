"""Playground rerun time against an empty Streamlit page, measured in the same run.

Run: .venv/bin/python benchmarks/playground.py   (needs /usr/bin/chromium for part 2)

1. AppTest, in process: median time of a rerun after a click that reorders the list
   (Reverse), for 10 and 1,000 items, against a click on the empty page's one button.
2. Chromium against real servers: from a click (Reverse on the Playground, the button on
   the empty page) to the page showing the result, median over several clicks.
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

from tests.browser.conftest import CHROMIUM_ARGS, StreamlitServer
from tests.pages.conftest import _NavigationPagesManager

APP = str(ROOT / "app.py")
EMPTY = str(ROOT / "benchmarks" / "empty_app.py")
SHELL = str(ROOT / "benchmarks" / "shell_app.py")
REPEATS = 15


def grades_text(count: int) -> str:
    return ", ".join(str(i % 4) for i in range(count))


def apptest_reruns(script: str, button_key: str, query: dict[str, str]) -> float:
    """Median seconds for a click-and-rerun, after two warm-up runs."""
    from streamlit.testing.v1 import app_test

    app_test.PagesManager = _NavigationPagesManager  # see tests/pages/conftest.py
    at = AppTest.from_file(script, default_timeout=120)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
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


def main() -> None:
    print("1. AppTest rerun after a click (median of", REPEATS, "runs)")
    empty = apptest_reruns(EMPTY, "bench_click", {})
    print(f"   empty page                 {empty * 1000:7.1f} ms")
    shell = apptest_reruns(SHELL, "bench_click", {})
    print(
        f"   app shell, blank page      {shell * 1000:7.1f} ms   {shell / empty:5.2f}x the empty page"
    )
    for count, target in ((10, 1.5), (1_000, 3.0)):
        seconds = apptest_reruns(APP, "lab_reverse", {"g": grades_text(count)})
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
            url = f"{app_server.url}/?g={grades_text(count).replace(' ', '')}"
            reverse = browser_clicks(url, "Reverse", CHANGED_JS)
            print(
                f"   Playground, {count:>5,} items   {reverse * 1000:7.1f} ms   "
                f"{reverse / empty_click:5.2f}x the empty page (target <= 1.5x), "
                f"{reverse / shell_click:5.2f}x the app shell"
            )
    finally:
        empty_server.stop()
        app_server.stop()
        shell_server.stop()


if __name__ == "__main__":
    main()
