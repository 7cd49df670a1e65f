"""Write a full-page PNG of every page to screenshots/ (run: make screenshots).

Starts the app on a free loopback port, opens each page in headless Chromium at
1366 px wide, grows the viewport to the content's height (Streamlit scrolls an
inner container), and saves the shot.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM_ARGS, StreamlitServer

PAGES = {
    "playground": "",
    "step_by_step": "step_by_step",
    "drawbacks": "drawbacks",
    "conventions": "conventions",
    "queries": "queries",
    "runs": "runs",
}
OUT = ROOT / "screenshots"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    server = StreamlitServer("app.py", OUT / "streamlit.log")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1366, "height": 768})
            for name, path in PAGES.items():
                page.goto(f"{server.url}/{path}")
                page.locator('[data-testid="stTable"], [data-testid="stMetric"]').first.wait_for()
                page.wait_for_load_state("networkidle")
                page.screenshot(path=str(OUT / f"{name}-fold.png"))
                height = page.evaluate(
                    "() => Math.max(...[...document.querySelectorAll('section, div')]"
                    ".map(e => e.scrollHeight))"
                )
                page.set_viewport_size({"width": 1366, "height": min(int(height) + 40, 8000)})
                page.wait_for_timeout(500)  # let the charts re-layout at the new size
                page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)
                page.set_viewport_size({"width": 1366, "height": 768})
                print(f"wrote {OUT / name}.png and {name}-fold.png")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
