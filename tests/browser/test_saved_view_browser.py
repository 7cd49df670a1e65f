"""A saved view and a seed example bring their convention with them, into the sidebar as well
as the numbers, and the next change is computed under it (issue 21: a saved view showed
nDCG@5 under exponential gain beside a sidebar saying linear gain and the whole list, and
the next drag recomputed under those)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ndcg_core import Convention, Gain, evaluate, format_real, parse_grades
from ndcg_core.links.view import View
from ndcg_core.links.view_files import view_from_json, view_to_json
from ndcg_core.teaching.examples import example_by_id
from tests.browser.conftest import StreamlitServer, click_download, drag_item
from tests.browser.test_playground_browser import chip, expect_chip_order, metric

pytestmark = pytest.mark.browser

SAVED = View(
    "playground",
    parse_grades("A=3, F=2, B=2, C=3, D=0, E=1"),
    convention=Convention(gain=Gain.EXPONENTIAL, cutoff_k=5),
)


def _sidebar(page: Page):
    return page.get_by_test_id("stSidebar")


def _expect_sidebar_shows(page: Page, convention: Convention) -> None:
    gain = "exponential: 2^rel - 1" if convention.gain is Gain.EXPONENTIAL else "linear: rel"
    expect(_sidebar(page).get_by_role("radio", name=gain)).to_be_checked()
    k = "" if convention.cutoff_k is None else str(convention.cutoff_k)
    expect(_sidebar(page).get_by_role("spinbutton", name="Cutoff k")).to_have_value(k)


def test_a_saved_view_sets_the_sidebar_and_the_next_change_keeps_its_convention(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    saved = tmp_path / "view.json"
    saved.write_text(view_to_json(SAVED), encoding="utf-8")
    page.goto(f"{app_server.url}/playground")
    page.get_by_role("tab", name="Open a saved view").click()
    page.get_by_test_id("stFileUploader").locator("input[type=file]").set_input_files(str(saved))
    at_k = evaluate(SAVED.grade_list.grades, SAVED.convention)
    expect(metric(page, "nDCG@5")).to_have_text(format_real(at_k.ndcg))
    _expect_sidebar_shows(page, SAVED.convention)
    page.get_by_role("button", name="Reverse").click()  # the next change to the order
    reversed_grades = tuple(reversed(SAVED.grade_list.grades))
    after = evaluate(reversed_grades, SAVED.convention)
    expect(metric(page, "nDCG@5")).to_have_text(format_real(after.ndcg))
    _expect_sidebar_shows(page, SAVED.convention)


def test_a_seed_example_applies_its_own_convention(page: Page, app_server: StreamlitServer) -> None:
    example = example_by_id("restaurants")
    assert example.convention.cutoff_k == 1  # the note's "At nDCG@1"
    page.goto(f"{app_server.url}/playground")
    page.get_by_role("tab", name="Seed examples").click()
    page.get_by_role("combobox", name="Load a worked example from the seed notes").click()
    page.get_by_role("option", name=re.compile(re.escape(example.title))).first.click()
    _expect_sidebar_shows(page, example.convention)
    expect(metric(page, "nDCG@1")).to_be_visible()


def _save_view(page: Page, saved: Path) -> Path:
    """The view saved from the share menu's JSON button, into ``saved``."""
    page.get_by_role("button", name="Share or present").click()
    click_download(page, "Save this view (JSON)").save_as(saved)
    return saved


def test_a_view_saved_from_the_share_menu_opens_on_its_own_page(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    """Any page saves its whole view from the share menu (here the lesson at step 5, with
    k = 3 in the sidebar), and the Playground's "Open a saved view" brings it back there."""
    page.goto(f"{app_server.url}/?step=5&k=3")
    step_5 = page.get_by_role("heading", name=re.compile(r"^5\. "))
    expect(step_5).to_be_visible()
    saved = _save_view(page, tmp_path / "lesson.json")
    view, problems = view_from_json(saved.read_bytes())
    assert (view.page, view.lesson_step, view.convention.cutoff_k, problems) == ("lesson", 5, 3, ())

    page.goto(f"{app_server.url}/playground")
    page.get_by_role("tab", name="Open a saved view").click()
    page.get_by_test_id("stFileUploader").locator("input[type=file]").set_input_files(str(saved))
    expect(step_5).to_be_visible()
    expect(page).to_have_url(re.compile(r"step=5"))


def test_a_view_saved_after_a_drop_made_in_the_browser_holds_the_new_order(
    page: Page, app_server: StreamlitServer, tmp_path: Path
) -> None:
    """A drop is drawn in the browser and the server only hears of the order: the view saved
    next (the share menu's JSON) holds that order, and opened again it shows its numbers."""
    page.goto(f"{app_server.url}/playground")
    order = ["D4", "D1", "D2", "D3", "D5", "D6"]
    drag_item(page, chip(page, "D4"), chip(page, "D1"), order)
    expect(page).to_have_url(re.compile(r"g=D4%3D0"))  # the drop's run is over
    saved = _save_view(page, tmp_path / "dropped.json")
    view, problems = view_from_json(saved.read_bytes())
    assert problems == ()
    assert list(view.grade_list.labels) == order
    assert view.grade_list.grades == (0, 3, 2, 3, 1, 2)

    other = page.context.browser.new_page()  # a new session opens the file
    try:
        other.goto(f"{app_server.url}/playground")
        expect(metric(other, "nDCG")).to_have_text(format_real(evaluate([3, 2, 3, 0, 1, 2]).ndcg))
        other.get_by_role("tab", name="Open a saved view").click()
        uploader = other.get_by_test_id("stFileUploader").locator("input[type=file]")
        uploader.set_input_files(str(saved))
        expect_chip_order(other, order)
        expect(metric(other, "nDCG")).to_have_text(format_real(evaluate([0, 3, 2, 3, 1, 2]).ndcg))
    finally:
        other.close()
