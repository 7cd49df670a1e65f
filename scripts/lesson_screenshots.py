"""Walk the guided lesson and shoot every step, light, dark and presenter view (1366x768).

Each step is shot after its prediction is made and revealed, as a reader would leave it.
Run: .venv/bin/python scripts/lesson_screenshots.py   (writes screenshots/lesson-*.png)
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ndcg_core.teaching.lesson_plan import STEP_TITLES
from tests.browser.conftest import StreamlitServer
from tests.conftest import CHROMIUM_ARGS

OUT = ROOT / "screenshots"
GUESSES = {2: "10", 3: "0.6", 6: "0.9"}  # steps that ask for a number
CHOICES = (4, 7, 8)  # steps that ask "which scores higher?"
VIEWS = {"light": ("light", ""), "dark": ("dark", ""), "present": ("light", "?mode=present")}


def walk(page: Page, url: str, view: str) -> None:
    page.goto(url)
    for step in range(1, len(STEP_TITLES) + 1):
        heading = page.get_by_role("heading", name=f"{step}. {STEP_TITLES[step - 1]}")
        expect(heading).to_be_visible()
        if step in GUESSES:
            page.get_by_placeholder("your guess").fill(GUESSES[step])
            page.get_by_role("button", name="Reveal").click()
            expect(page.get_by_text("You guessed").last).to_be_visible()
        if step in CHOICES:
            page.get_by_test_id("stRadio").locator("label").nth(1).click()
            page.get_by_role("button", name="Reveal").click()
            expect(page.get_by_text(" scores ").last).to_be_visible()
        if step == 2:
            page.get_by_role("button", name="Shuffle the results").click()
            expect(page.get_by_text("Still the same.")).to_be_visible()
        if step == 5:
            page.get_by_text("Sort the results best first").click()
            expect(page.get_by_text("No order of these results")).to_be_visible()
        page.wait_for_load_state("networkidle")
        expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
        heading.scroll_into_view_if_needed()
        page.wait_for_timeout(800)  # let the charts draw
        page.screenshot(path=str(OUT / f"lesson-{view}-step{step}.png"))
        print(f"wrote lesson-{view}-step{step}.png")
        if step < len(STEP_TITLES):
            page.get_by_role("button", name="Next").click()


def main() -> None:
    OUT.mkdir(exist_ok=True)
    server = StreamlitServer("app.py", OUT / "lesson-streamlit.log")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
            )
            for view, (scheme, query) in VIEWS.items():
                page = browser.new_page(
                    viewport={"width": 1366, "height": 768}, color_scheme=scheme
                )
                walk(page, f"{server.url}/{query}", view)
                page.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
