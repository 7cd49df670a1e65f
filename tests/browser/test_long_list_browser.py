"""10,000 grades (the most a list may hold) on the Playground, in real Chromium.

The drag list draws one window of positions at a time; every document must still be
reachable through it, and a drag inside a window must reorder the whole list.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from components.sortable_list import PAGE_SIZE
from ndcg_core.metric.parsing import MAX_ITEMS
from tests.browser.conftest import StreamlitServer, drag_item, list_order
from tests.browser.test_playground_browser import expect_scores, open_playground

pytestmark = pytest.mark.browser

GRADES = [float(i % 4) for i in range(MAX_ITEMS)]  # D1 = 0, D2 = 1, D3 = 2, D4 = 3, D5 = 0, ...
LABELS = [f"D{i}" for i in range(1, MAX_ITEMS + 1)]


def test_every_document_of_the_longest_list_is_reachable_and_a_drag_recomputes(
    page: Page, app_server: StreamlitServer
) -> None:
    open_playground(page, app_server, "?g=" + ",".join(str(int(g)) for g in GRADES))
    chips = page.locator("li.sl-item")  # inside the component's shadow root: locators only
    expect(chips).to_have_count(PAGE_SIZE)
    following = page.get_by_role("button", name="Next", exact=True)
    windows = MAX_ITEMS // PAGE_SIZE
    seen: list[str] = []
    for window in range(windows):
        first = window * PAGE_SIZE
        expect(chips.first).to_have_attribute("data-id", LABELS[first])
        expect(chips.last).to_have_attribute("data-id", LABELS[first + PAGE_SIZE - 1])
        expect(chips.first).to_have_attribute(
            "aria-label", f"D{first + 1} · {int(GRADES[first])}, position {first + 1} of 10000"
        )
        seen += list_order(page)
        if window < windows - 1:
            following.click()
    assert seen == LABELS
    expect(following).to_be_disabled()

    # A drag inside the window before the last: positions 9,601-9,800.
    page.get_by_role("button", name="Previous", exact=True).click()
    start = MAX_ITEMS - 2 * PAGE_SIZE
    expect(chips.first).to_have_attribute("data-id", LABELS[start])
    window = LABELS[start : start + PAGE_SIZE]
    dragged = [window[2], window[0], window[1], *window[3:]]  # grade 2 before grades 0 and 1
    drag_item(page, chips.nth(2), chips.nth(0), dragged)
    reordered = [*GRADES[:start], GRADES[start + 2], GRADES[start], GRADES[start + 1]]
    reordered += GRADES[start + 3 :]
    expect_scores(page, reordered)
    expect(chips.first).to_have_attribute("data-id", window[2])
    assert list_order(page) == dragged
