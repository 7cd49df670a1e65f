"""A drop shows its DCG and nDCG at once: the browser's dot product equals the core's numbers.

The drag list (a Playground list longer than the live view draws whole, in one ranking or
in compare mode) redoes DCG and nDCG from the gains and weights ndcg_core sent, the moment a
document lands, before the server's update replaces them. These tests open such a list: the
case's grades, then documents graded 0 up to one more than the live view draws, and the
numbers expected are the whole list's (the 0s change the ideal order where a grade is
negative). A MutationObserver records what the list showed between the move and the server's
answer; for seeded random lists and conventions, that first showing must be evaluate()'s
numbers for the new order.
"""

from __future__ import annotations

import math
import random
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Locator, Page, expect

from components.live_view import WHOLE_LIST_UP_TO
from ndcg_core import Convention, evaluate, format_real
from ndcg_core.metric.exact_ratio import shown_ndcg
from tests.browser.conftest import StreamlitServer, drag_item

pytestmark = pytest.mark.browser

RECORD_JS = """sums => {
  window.__sums = [];
  new MutationObserver(() => window.__sums.push({
    source: sums.dataset.source,
    values: [...sums.querySelectorAll('.sl-sum-value')].map(v => v.textContent),
    dcg: sums.dataset.dcg === undefined ? null : Number(sums.dataset.dcg),
    ndcg: sums.dataset.ndcg === undefined ? null : sums.dataset.ndcg,
  })).observe(sums, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def random_case(rng: random.Random) -> tuple[list[float], Convention]:
    convention = Convention(
        gain=rng.choice(["linear", "exponential"]),
        discount=rng.choice(["log", "jk"]),
        log_base=rng.choice([2.0, 10.0, 1.5, math.e]),
        cutoff_k=rng.choice([None, 1, 3, 5, 8]),
        zero_ideal=rng.choice(["zero", "one", "nan"]),
        negative_grades=rng.choice(["keep", "as_zero", "penalise"]),
    )
    size = rng.randint(3, 12)
    grades = [float(rng.choice([-1, 0, 0, 1, 2, 3, 0.5])) for _ in range(size)]
    return grades, convention


def sums(page: Page) -> Locator:
    return page.locator(".sl-sums").first  # ranking A's


def item(page: Page, label: str) -> Locator:
    return page.locator(f"li.sl-item[data-id='{label}']").first  # in ranking A


def padded(grades: list[float]) -> list[float]:
    """``grades``, then 0s up to a list the drag list draws (see the docstring)."""
    return grades + [0.0] * max(0, WHOLE_LIST_UP_TO + 1 - len(grades))


def long_list_text(grades: list[float]) -> str:
    """The padded list as D1=..., D2=..., for the link."""
    return ", ".join(f"D{i}={format_real(grade)}" for i, grade in enumerate(padded(grades), 1))


def open_list(
    page: Page,
    server: StreamlitServer,
    grades: list[float],
    convention: Convention,
    compare: bool = False,
) -> None:
    text = long_list_text(grades)
    query = urlencode({**convention.to_params(), "g": text, **({"cmp": "1"} if compare else {})})
    page.goto(f"{server.url}/playground?{query}")
    expect_server_numbers(page, grades, convention)


def expect_server_numbers(page: Page, grades: list[float], convention: Convention) -> None:
    """The server's numbers for ``grades`` (the case's, in the list's order), padded."""
    result = evaluate(padded(grades), convention)
    values = sums(page).locator(".sl-sum-value")
    expect(values).to_have_text([format_real(result.dcg), format_real(result.ndcg)])
    expect(sums(page)).to_have_attribute("data-source", "server")


def first_shown(page: Page) -> dict[str, object]:
    """What the list showed first after the move (recorded before the server answered)."""
    shown: list[dict[str, object]] = page.evaluate("window.__sums")
    assert shown, "the list showed nothing between the move and the server's answer"
    return shown[0]


def assert_browser_numbers(
    shown: dict[str, object], grades: list[float], convention: Convention
) -> None:
    result = evaluate(padded(grades), convention)
    assert shown["source"] == "browser"
    assert shown["values"] == [format_real(result.dcg), format_real(result.ndcg)]
    # Bit for bit: the browser does the core's operations in its order (String(x) in
    # JavaScript is the shortest text that reads back as x).
    assert float(shown["dcg"]) == float(result.dcg)  # type: ignore[arg-type]
    browser_ndcg = float(shown["ndcg"]) if shown["ndcg"] not in (None, "null") else math.nan  # type: ignore[arg-type]
    if math.isnan(result.ndcg):
        assert math.isnan(browser_ndcg)
    else:
        assert browser_ndcg == result.ndcg


@pytest.mark.parametrize("seed", range(6))
def test_keyboard_moves_show_the_cores_numbers_at_once(
    page: Page, app_server: StreamlitServer, seed: int
) -> None:
    rng = random.Random(seed)
    grades, convention = random_case(rng)
    labels = [f"D{i}" for i in range(1, len(grades) + 1)]
    open_list(page, app_server, grades, convention, compare=seed % 2 == 1)  # A's, half of them
    sums(page).evaluate(RECORD_JS)
    for _ in range(3):
        index = rng.randrange(len(labels) - 1)
        page.evaluate("window.__sums.length = 0")
        item(page, labels[index]).focus()
        page.keyboard.press("Alt+ArrowDown")  # swaps it with the next one
        labels[index], labels[index + 1] = labels[index + 1], labels[index]
        grades[index], grades[index + 1] = grades[index + 1], grades[index]
        expect_server_numbers(page, grades, convention)
        assert_browser_numbers(first_shown(page), grades, convention)


def test_a_mouse_drop_in_a_long_list_shows_the_new_numbers_at_once(
    page: Page, app_server: StreamlitServer
) -> None:
    # 1,200 documents, more than the live view draws whole: the Playground's drag list shows
    # positions 1-200, the rest is the `outside` term.
    rng = random.Random(7)
    grades = [float(rng.choice([0, 1, 2, 3])) for _ in range(1_200)]
    convention = Convention(gain="exponential")
    labels = [f"D{i}" for i in range(1, len(grades) + 1)]
    open_list(page, app_server, grades, convention)
    sums(page).evaluate(RECORD_JS)
    order = [labels[2], labels[0], labels[1], *labels[3:]]
    chip = item(page, "D3")
    drag_item(page, chip, item(page, "D1"), order[:200])
    by_label = dict(zip(labels, grades, strict=True))
    new_grades = [by_label[label] for label in order]
    expect_server_numbers(page, new_grades, convention)
    assert_browser_numbers(first_shown(page), new_grades, convention)


def test_exact_sums_wait_for_the_server(page: Page, app_server: StreamlitServer) -> None:
    grades = [1100.0, 3.0, 0.0]  # 2^1100 - 1 overflows a float: the core sums exactly
    convention = Convention(gain="exponential")
    open_list(page, app_server, grades, convention)
    sums(page).evaluate(RECORD_JS)
    item(page, "D1").focus()
    page.keyboard.press("Alt+ArrowDown")
    expect_server_numbers(page, [3.0, 1100.0, 0.0], convention)
    shown = first_shown(page)
    assert shown["source"] == "waiting"
    assert shown["values"] == ["updating…", "updating…"]


def test_an_ndcg_below_the_smallest_float_reads_as_the_cards_do(
    page: Page, app_server: StreamlitServer
) -> None:
    # 3, 1100, 2 with exponential gain at k=1: nDCG@1 = 7 / (2^1100 - 1), about 5.2e-331,
    # which a float holds as 0; the list said "nDCG@1 0" beside a card saying 5.154e-331.
    convention = Convention(gain="exponential", cutoff_k=1)
    result = evaluate(padded([3, 1100, 2]), convention)
    shown = format_real(shown_ndcg(result))
    assert shown != "0"
    query = urlencode({**convention.to_params(), "g": long_list_text([3, 1100, 2]), "cmp": "1"})
    page.goto(f"{app_server.url}/playground?{query}")
    expect(sums(page).locator(".sl-sum-value")).to_have_text([format_real(result.dcg), shown])


def test_a_drop_at_an_exact_tie_prints_the_cores_digit(
    page: Page, app_server: StreamlitServer
) -> None:
    # DCG 0.125 / log2(4) = 0.0625 lies halfway between 0.062 and 0.063: Python rounds half
    # to even (0.062), JavaScript's toFixed up (0.063), and the list showed 0.063 for a moment
    # beside the card's 0.062.
    convention = Convention()
    grades = [0.0, 0.0, 0.125]
    assert evaluate(grades, convention).dcg == 0.0625
    open_list(page, app_server, grades, convention)
    sums(page).evaluate(RECORD_JS)
    item(page, "D1").focus()
    page.keyboard.press("Alt+ArrowDown")
    expect_server_numbers(page, grades, convention)
    shown = first_shown(page)
    assert shown["values"][0] == "0.062"  # type: ignore[index]
    assert_browser_numbers(shown, grades, convention)
