"""The stakeholder page in a real Chromium: opened from disk, it shows the core's numbers and
prints on one A4 page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from ndcg_core import Convention, format_real
from ndcg_core.metric.compare import compare
from ndcg_core.metric.compare_words import format_pair
from ndcg_core.pictures.stakeholder import stakeholder_html
from ndcg_core.teaching.stories import load_story
from tests.browser.conftest import VIEWPORT
from tests.hostile.case import SCRIPT

pytestmark = pytest.mark.browser

_PAGE_OBJECT = re.compile(rb"/Type\s*/Page(?![a-zA-Z])")


def _story_page(tmp_path: Path, cutoff_k: int | None) -> tuple[Path, object]:
    story = load_story("pizza")
    grades = {card.id: card.grade for card in story.cards}
    titles = {card.id: card.title for card in story.cards}
    titles["dough-recipe"] = SCRIPT  # must show as text, and must not run
    comparison = compare(
        grades, story.shown_order, story.ideal_order, Convention(cutoff_k=cutoff_k), titles=titles
    )
    path = tmp_path / "a-vs-b.html"
    path.write_text(stakeholder_html(comparison, titles=titles), encoding="utf-8")
    return path, comparison


@pytest.mark.parametrize("cutoff_k", [None, 3])
def test_the_page_opens_offline_shows_the_numbers_and_prints_on_one_a4_page(
    browser: Browser, tmp_path: Path, cutoff_k: int | None
) -> None:
    path, comparison = _story_page(tmp_path, cutoff_k)
    context = browser.new_context(viewport=VIEWPORT, offline=True)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(path.as_uri())

    label = comparison.convention.label  # type: ignore[attr-defined]
    row = page.locator(
        "table.numbers tr", has=page.locator("th", has_text=re.compile(f"^{label}$"))
    )
    a, b = comparison.a, comparison.b  # type: ignore[attr-defined]
    shown_a, shown_b = format_pair(a.ndcg, b.ndcg)
    expect(row.locator("td")).to_have_text([shown_a, shown_b, "+" + format_real(b.ndcg - a.ndcg)])
    expect(page.locator("p.summary")).to_have_text(comparison.paragraph)  # type: ignore[attr-defined]
    expect(page.locator("figure svg")).to_be_visible()
    expect(page.get_by_text(SCRIPT).first).to_be_visible()
    assert dialogs == []
    assert requests == [path.as_uri()]  # nothing loaded but the file itself

    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert len(_PAGE_OBJECT.findall(pdf)) == 1
    context.close()


def test_on_a_phone_the_page_fits_the_screen(browser: Browser, tmp_path: Path) -> None:
    """At 390 px nothing runs past the screen's edge: the rankings' tables side by side did."""
    path, _ = _story_page(tmp_path, None)
    context = browser.new_context(viewport={"width": 390, "height": 844}, offline=True)
    page = context.new_page()
    page.goto(path.as_uri())
    expect(page.locator("figure svg")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
