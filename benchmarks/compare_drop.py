"""Compare mode in Chromium: a move in ranking B to its chart of both rankings redrawn, beside
the move to the server's answer drawn, in the same run.

Run: .venv/bin/python benchmarks/compare_drop.py   (needs /usr/bin/chromium)

For lists of 10 and 1,000 documents (B starts as A), an Alt+ArrowDown on B's first document,
repeated: from the key press to the first frame painted once B's cards show the new order's
numbers, once the chart of both rankings has drawn its new rows (its ``data-orders``, set when
Vega has drawn them; the pair above it, nDCG of A and of B, is written just before), and once
the server's table of every measure of A and B has changed (its answer drawn). Before the
chart and the pair were drawn in the browser they waited for that answer, so the last column
is also what they took then. Medians; the ratio is the chart's time over the answer's.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.playground import ALT_DOWN_JS, grades_text, probed
from tests.browser.conftest import StreamlitServer
from tests.conftest import CHROMIUM_ARGS

REPEATS = 15
FIELDS = ("cards", "chart", "server")  # what each move's probe times

# Timestamps: the key press, and the first frame painted after each change is in the page
# (a frame, then a task). B's view and the chart are in their components' shadow roots.
PROBE_JS = """([view, chart]) => {
  const probe = window.__move = {move: null, cards: null, chart: null, server: null};
  const metric = () => [...document.querySelectorAll('[data-testid="stTable"]')]
    .map((m) => m.innerText).join('|');  // the server's table of every measure of A and B
  const cards = () => view.querySelector('.lv-cards').innerText;
  const before = {cards: cards(), chart: chart.dataset.orders, metric: metric()};
  const mark = (field) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => { if (probe[field] === null) probe[field] = performance.now(); };
    channel.port2.postMessage(0);
  });
  window.addEventListener('keydown', () => { probe.move = performance.now(); },
    {capture: true, once: true});
  const watch = (root, field, changed) => new MutationObserver((_, observer) => {
    if (changed()) { observer.disconnect(); mark(field); }
  }).observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
  watch(view, 'cards', () => cards() !== before.cards);
  watch(chart, 'chart', () => chart.dataset.orders !== before.chart);
  watch(document.body, 'server', () => metric() !== before.metric);
}"""


def moves(page: Page, url: str) -> tuple[float, float, float]:
    """Median seconds from an Alt+ArrowDown in B to B's cards, the chart and the server's
    answer drawn."""
    page.goto(url)
    page.locator(".st-key-lab_compare_chart .cv svg.marks").wait_for()
    page.wait_for_load_state("networkidle")
    times: tuple[list[float], list[float], list[float]] = ([], [], [])
    first_b = page.locator(".st-key-lab_live_b li.lv-item").first
    for repeat in range(REPEATS + 2):
        page.get_by_test_id("stStatusWidget").wait_for(state="detached")
        view = page.locator(".st-key-lab_live_b .lv").element_handle()
        chart = page.locator(".st-key-lab_compare_chart .cv").element_handle()
        page.evaluate(PROBE_JS, [view, chart])
        first_b.evaluate(ALT_DOWN_JS)
        probe = probed(page, FIELDS)
        if repeat >= 2:  # two warm-up moves
            for field, kept in zip(FIELDS, times, strict=True):
                kept.append((probe[field] - probe["move"]) / 1000)
    cards, chart, server = (statistics.median(kept) for kept in times)
    return cards, chart, server


def main() -> None:
    log = ROOT / "benchmarks" / ".logs" / "compare.log"
    log.parent.mkdir(exist_ok=True)
    server = StreamlitServer("asgi.py", log)
    print(f"Compare mode, Alt+ArrowDown in B (median of {REPEATS})")
    print("documents  B's cards (ms)  chart (ms)  server's answer (ms)  chart / answer")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            for count in (10, 1_000):
                grades = grades_text(count).replace(" ", "")
                url = f"{server.url}/playground?cmp=1&b=1~{count}&g={grades}"
                cards, chart, answer = moves(page, url)
                print(
                    f"{count:>9,}  {cards * 1000:>14.1f}  {chart * 1000:>10.1f}  "
                    f"{answer * 1000:>20.1f}  {chart / answer:>14.2f}"
                )
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
