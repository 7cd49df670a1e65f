"""Two people on the same server at once, each editing a list of their own.

Two browser contexts (separate cookies and storage, as two computers) edit different lists
with interleaved, overlapping edits; each must only ever see its own list and figures,
during the edits, at the end, and after reloading.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from ndcg_core import evaluate, format_real, parse_grades
from tests.browser.conftest import CHIPS, VIEWPORT, StreamlitServer, metric, position_table
from tests.browser.test_playground_browser import expect_chip_order

pytestmark = pytest.mark.browser
ALICE = "alpha=3, beta=1, gamma=2, delta=0"
BOB = "omega=0, psi=5, chi=1"


@pytest.fixture
def two_people(browser: Browser) -> Iterator[tuple[Page, Page]]:
    contexts = [browser.new_context(viewport=VIEWPORT) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.set_default_timeout(20_000)
    yield pages[0], pages[1]
    for context in contexts:
        context.close()


def ndcg(page: Page) -> Locator:
    return metric(page, "nDCG")


def grades_box(page: Page) -> Locator:
    return page.get_by_role("textbox", name="Grades, top position first")


def shown_labels(page: Page) -> set[str]:
    """Every document label the page shows: the table, the drag list and the text box."""
    table = position_table(page).locator("tbody tr th, tbody tr td")
    cells = {text.strip() for text in table.all_inner_texts()}
    chips = {c.get_attribute("data-id") or "" for c in page.locator(CHIPS).all()}
    typed = grades_box(page).input_value()
    return cells | chips | {part.split("=")[0].strip() for part in typed.split(",")}


def expect_only(page: Page, mine: str, theirs: str, order: list[str] | None = None) -> None:
    own = parse_grades(mine)
    grades = dict(zip(own.labels, own.grades, strict=True))
    labels = order or list(own.labels)
    expect(ndcg(page)).to_have_text(format_real(evaluate([grades[x] for x in labels]).ndcg))
    expect_chip_order(page, labels)
    shown = shown_labels(page)
    assert set(own.labels) <= shown
    assert not set(parse_grades(theirs).labels) & shown, shown
    # Done only when this session's run has finished.
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning")


def test_two_sessions_editing_at_once_never_see_each_others_list(
    two_people: tuple[Page, Page], app_server: StreamlitServer
) -> None:
    alice, bob = two_people
    for page in (alice, bob):
        page.goto(f"{app_server.url}/playground")
    for page in (alice, bob):
        expect(ndcg(page)).to_have_text("0.961")  # both start from the seed example

    # Both type, then both apply at once: two reruns on the server at the same time.
    grades_box(alice).fill(ALICE)
    grades_box(bob).fill(BOB)
    grades_box(alice).press("Control+Enter")
    grades_box(bob).press("Control+Enter")
    expect_only(alice, ALICE, BOB)
    expect_only(bob, BOB, ALICE)

    # Interleaved reorders: each clicks while the other's run is under way. (One person's
    # next click waits until their own run has finished: Streamlit 1.67 can drop a click
    # that arrives while the same session is still running, which is not isolation.)
    alice.get_by_role("button", name="Reverse").click()
    bob.get_by_role("button", name="Ideal order").click()
    expect_only(alice, ALICE, BOB, ["delta", "gamma", "beta", "alpha"])
    expect_only(bob, BOB, ALICE, ["psi", "chi", "omega"])
    bob.get_by_role("button", name="Reverse").click()
    alice.get_by_role("button", name="Ideal order").click()
    alice_order = ["alpha", "gamma", "beta", "delta"]
    bob_order = ["omega", "chi", "psi"]
    expect_only(alice, ALICE, BOB, alice_order)
    expect_only(bob, BOB, ALICE, bob_order)

    # A reload keeps each one's own list (it lives in each one's own link).
    alice.reload()
    bob.reload()
    expect_only(alice, ALICE, BOB, alice_order)
    expect_only(bob, BOB, ALICE, bob_order)
    assert "alpha" in alice.url
    assert "omega" in bob.url
    assert "omega" not in alice.url
    assert "alpha" not in bob.url
