"""A choice in the sidebar on the Playground reruns the live view and the picker's notes alone
(tests/load/test_choice_fragment.py): what a person sees must all follow it, the picker's own
notes, the numbers, the line naming the convention and the link, and a drop after it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from ndcg_core import CONVENTION_FIELDS, Convention, evaluate, format_real
from tests.browser.conftest import CHIPS, StreamlitServer, list_order, metric

pytestmark = pytest.mark.browser

FIRST = [3.0, 2.0, 3.0, 0.0, 1.0, 2.0]  # the list a new Playground shows
EXPONENTIAL = next(c for c in CONVENTION_FIELDS["gain"].choices if c.value == "exponential")
UNDEFINED = next(c for c in CONVENTION_FIELDS["zero_ideal"].choices if c.value == "nan")


def test_a_gain_and_a_cutoff_chosen_in_the_sidebar_reach_everything_they_change(
    page: Page, app_server: StreamlitServer
) -> None:
    page.goto(f"{app_server.url}/playground")
    expect(page.locator(CHIPS)).to_have_count(6)
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text(EXPONENTIAL.label, exact=True).click()
    convention = Convention(gain="exponential")
    expect(metric(page, "nDCG")).to_have_text(format_real(evaluate(FIRST, convention).ndcg))
    expect(sidebar.get_by_text(f"Used by: {EXPONENTIAL.used_by}")).to_be_visible()
    expect(sidebar.get_by_text(str(convention), exact=True)).to_be_visible()  # its summary
    expect(page.get_by_text(f"Convention: {convention}", exact=True)).to_be_visible()
    expect(page).to_have_url(re.compile(r"gain=exponential"))
    # A cutoff typed into the sidebar: nDCG@3, and the link names it.
    cutoff = sidebar.get_by_role("spinbutton", name="Cutoff k")
    cutoff.fill("3")
    cutoff.press("Enter")
    convention = Convention(gain="exponential", cutoff_k=3)
    expect(metric(page, "nDCG@3")).to_have_text(format_real(evaluate(FIRST, convention).ndcg))
    expect(page.get_by_text(f"Convention: {convention}", exact=True)).to_be_visible()
    expect(page).to_have_url(re.compile(r"k=3"))
    # An empty ideal's rule, in the picker's expander: its own note and the summary follow.
    sidebar.get_by_text("Advanced: ties, empty ideal, negative grades").click()
    # While the expander opens it sets its height inline, and a click in it opens no menu.
    expect(sidebar.locator("details")).not_to_have_attribute("style", re.compile("height"))
    sidebar.get_by_role("combobox", name=CONVENTION_FIELDS["zero_ideal"].label).click()
    page.get_by_role("option", name=UNDEFINED.label).click()
    convention = Convention(gain="exponential", cutoff_k=3, zero_ideal="nan")
    expect(sidebar.get_by_text(f"Used by: {UNDEFINED.used_by}")).to_be_visible()
    expect(sidebar.get_by_text(str(convention), exact=True)).to_be_visible()
    expect(page.get_by_text(f"Convention: {convention}", exact=True)).to_be_visible()
    expect(sidebar.get_by_role("radio", name=EXPONENTIAL.label)).to_be_checked()  # kept
    # A drop then repaints with the numbers of that convention.
    page.locator(CHIPS).nth(3).focus()
    page.keyboard.press("Alt+ArrowUp")
    order = list_order(page)
    assert order == ["D1", "D2", "D4", "D3", "D5", "D6"]
    grades = [FIRST[int(label[1:]) - 1] for label in order]
    expect(metric(page, "nDCG@3")).to_have_text(format_real(evaluate(grades, convention).ndcg))
