"""The Playground with 10,000 grades in Chromium, before and after a change, in one run.

Run: .venv/bin/python benchmarks/long_list.py [--before REV]   (needs /usr/bin/chromium)

Serves this tree ("after") and, with ``--before``, the app as it was at commit REV (exported
with ``git archive`` to a temporary folder) side by side. For each server and each list length
(10 grades, the baseline, and 10,000, the accepted maximum) it times, median of 5:

- Reverse, Ideal order, Shuffle: from the click until the numbers and the drag list show the
  new order and nothing on the page is stale;
- Reopen: from opening the link in a fresh tab until the numbers and the drag list show.

It prints seconds and the ratio to the same action at 10 grades on the same server.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import StreamlitServer
from tests.conftest import CHROMIUM_ARGS

REPEATS = 5
COUNTS = (10, 10_000)
BUTTONS = ("Shuffle", "Ideal order", "Reverse")  # in this order each click changes the list

# The drag list's first three chips (they live in its component's shadow root).
CHIPS_JS = """[...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')]
  .flatMap(host => host.shadowRoot
    ? [...host.shadowRoot.querySelectorAll('li.sl-item:nth-child(-n+3)')] : [])"""
# What a person reads: the number cards, the table's first row, and the first chips.
SNAPSHOT_JS = """() => {
  const cards = [...document.querySelectorAll('[data-testid="stMetricValue"]')]
    .map(e => e.innerText).join('|');
  const row = document.querySelector('[data-testid="stTable"] tbody tr');
  const chips = CHIPS.map(e => e.dataset.id).join(',');
  return cards + '#' + (row ? row.innerText : '') + '#' + chips;
}""".replace("CHIPS", CHIPS_JS)
SETTLED_JS = """() => CHIPS.length > 0
  && document.querySelectorAll('[data-testid="stMetricValue"]').length > 0
  && document.querySelector('[data-stale="true"]') === null""".replace("CHIPS", CHIPS_JS)
CHANGED_JS = "(before) => (" + SNAPSHOT_JS + ")() !== before && (" + SETTLED_JS + ")()"


def grades_text(count: int) -> str:
    return ",".join(str(i % 4) for i in range(count))


def _timed(action: Callable[[], None]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def reopen(browser: Browser, url: str) -> float:
    """Median seconds from opening ``url`` in a fresh tab to the page showing its numbers."""
    timings = []
    for _ in range(REPEATS):
        page = browser.new_page(viewport={"width": 1366, "height": 768})

        def load(page: Page = page) -> None:
            page.goto(url, wait_until="commit")
            page.wait_for_function(SETTLED_JS, polling="raf", timeout=60_000)

        timings.append(_timed(load))
        page.close()
    return statistics.median(timings)


def clicks(browser: Browser, url: str) -> dict[str, float]:
    """Median seconds from each order button's click to the page showing the new order."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(url)
    page.wait_for_function(SETTLED_JS, polling="raf", timeout=60_000)
    page.wait_for_load_state("networkidle")
    timings: dict[str, list[float]] = {name: [] for name in BUTTONS}
    for _ in range(REPEATS):
        for name in BUTTONS:
            before = page.evaluate(SNAPSHOT_JS)
            button = page.get_by_role("button", name=name, exact=True)

            def click(button: Locator = button, before: str = before) -> None:
                button.click()
                page.wait_for_function(CHANGED_JS, arg=before, polling="raf", timeout=60_000)

            timings[name].append(_timed(click))
            page.wait_for_timeout(300)  # let the rerun finish before the next click
    page.close()
    return {name: statistics.median(values) for name, values in timings.items()}


def measure(browser: Browser, server: StreamlitServer) -> dict[int, dict[str, float]]:
    figures = {}
    for count in COUNTS:
        url = f"{server.url}/playground?g={grades_text(count)}"  # not the lesson
        figures[count] = {**clicks(browser, url), "Reopen": reopen(browser, url)}
    return figures


def export(revision: str, folder: Path) -> Path:
    """The app as it was at ``revision``, unpacked into ``folder``; returns its app.py."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder / "app.py"


def report(name: str, figures: dict[int, dict[str, float]]) -> None:
    print(f"{name}: seconds, median of {REPEATS}; ratio to the same action at {COUNTS[0]} grades")
    for action in (*BUTTONS, "Reopen"):
        base = figures[COUNTS[0]][action]
        long = figures[COUNTS[-1]][action]
        print(
            f"   {action:<12} {COUNTS[0]} grades {base:6.2f} s   "
            f"{COUNTS[-1]:,} grades {long:6.2f} s   {long / base:5.1f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="a commit to measure beside this tree, e.g. main")
    args = parser.parse_args()
    log_dir = ROOT / "benchmarks" / ".logs"
    log_dir.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ndcg-before-") as folder:
        scripts = {}
        if args.before:
            scripts[f"before ({args.before})"] = str(export(args.before, Path(folder)))
        scripts["after (this tree)"] = "app.py"
        servers = {
            name: StreamlitServer(script, log_dir / f"long_list_{i}.log")
            for i, (name, script) in enumerate(scripts.items())
        }
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
                )
                results = {name: measure(browser, server) for name, server in servers.items()}
                browser.close()
        finally:
            for server in servers.values():
                server.stop()
    for name, figures in results.items():
        report(name, figures)


if __name__ == "__main__":
    main()
