"""Write a full-page PNG of every page to screenshots/ (run: make screenshots).

Starts the app on a free loopback port, opens each page in headless Chromium at
1366 px wide, grows the viewport to the content's height (Streamlit scrolls an
inner container), and saves the shot.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import StreamlitServer
from tests.conftest import CHROMIUM_ARGS

PAGES = {
    "lesson": "",
    "lesson-present": "?mode=present",
    "playground": "playground",
    "step_by_step": "step_by_step",
    "drawbacks": "drawbacks",
    "conventions": "conventions",
    "queries": "queries",
    "runs": "runs",
    "practice": "practice",
    "playground-present": "playground?mode=present",
    "playground-embed": "playground?mode=embed&embed=true",
    "practice-present": "practice?mode=present",
    "playground-cutoff": "playground?k=3",
    "playground-compare": "playground?cmp=1&b=3.1.2.4~6",
    "playground-compare-present": "playground?cmp=1&b=3.1.2.4~6&mode=present",
    # A long list: its charts are lines without the hover (chart_data.DENSE_POSITIONS).
    "playground-long": "playground?g=" + ",".join(str((i * 7) % 4) for i in range(300)),
}
DARK = (
    "lesson",
    "playground",
    "practice",
    "conventions",
    "playground-cutoff",
    "playground-compare",
)  # also drawn in the dark theme
OUT = ROOT / "screenshots"


def main() -> None:
    OUT.mkdir(exist_ok=True)
    server = StreamlitServer("app.py", OUT / "streamlit.log")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            for scheme in ("light", "dark"):
                page = browser.new_page(
                    viewport={"width": 1366, "height": 768}, color_scheme=scheme
                )
                for name, path in PAGES.items():
                    if scheme == "dark":
                        if name not in DARK:
                            continue
                        name = f"{name}-dark"
                    shoot(page, server.url, name, path)
                page.close()
            browser.close()
    finally:
        server.stop()


def shoot(page: Page, url: str, name: str, path: str) -> None:
    """A shot of the first screen, and one of the whole page."""
    page.goto(f"{url}/{path}")
    page.locator('[data-testid="stTable"], [data-testid="stMetric"]').first.wait_for()
    page.wait_for_load_state("networkidle")
    # The websocket keeps no request open, so wait until nothing is still a placeholder.
    expect(page.locator('[data-testid="stSkeleton"]')).to_have_count(0, timeout=30_000)
    page.screenshot(path=str(OUT / f"{name}-fold.png"))
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('section, div')].map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": 1366, "height": min(int(height) + 40, 8000)})
    page.wait_for_timeout(500)  # let the charts re-layout at the new size
    page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    print(f"wrote {OUT / name}.png and {name}-fold.png")


if __name__ == "__main__":
    main()
