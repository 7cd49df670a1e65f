"""The Playground's number cards show every value whole, at 1366 px, in presenter view and on
a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from components.live_view import WHOLE_LIST_UP_TO
from ndcg_core import Convention, evaluate, format_real
from tests.browser.conftest import StreamlitServer, visit_at_known_width

pytestmark = pytest.mark.browser

# Extremes the core can return: a huge exact value, undefined, negatives, and a 10,000-item
# list of large grades (typed into the box: a link that long is not what people share).
LONG_LIST = [float((i * 7919) % 999_983) + 0.5 for i in range(10_000)]
CASES = {
    "huge exact": ([1100.0, 0.0, 5.0], Convention(gain="exponential", cutoff_k=5)),
    "long decimals": ([1100.0, 0.0, 5.0], Convention()),
    "undefined": ([0.0, 0.0, 0.0], Convention(zero_ideal="nan")),
    "negative": ([-1.0, 0.0, 1.0], Convention()),
    "10,000 large grades": (LONG_LIST, Convention(cutoff_k=10_000)),
}
VIEWS = {"normal": {}, "presenter": {"mode": "present"}, "phone": {}}
PHONE = {"width": 390, "height": 844}

# Each element of a card whose text is cut: its content is wider than its box.
CUT = """card => [...card.querySelectorAll('*')]
    .filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth)
    .map(e => `${e.tagName} ${e.scrollWidth} > ${e.clientWidth}: ${e.textContent}`)"""


def open_list(page: Page, server: StreamlitServer, grades: list[float], params: dict) -> None:
    text = ", ".join(format(g, "g") for g in grades)
    # At a width the server knows: a first visit's width report reruns the page, and a
    # rerun while the grades are typed drops them (the phone view, once in a CI run); while
    # it redraws a phone's layout, the old cards and the new are both on the page.
    if len(grades) <= 10:
        query = "&".join(f"{k}={v}" for k, v in {"g": text.replace(" ", ""), **params}.items())
        visit_at_known_width(page, f"{server.url}/playground?{query}")
        return
    query = "&".join(f"{k}={v}" for k, v in params.items())
    visit_at_known_width(page, f"{server.url}/playground?{query}")
    box = page.get_by_role("textbox", name="Grades, top position first")
    box.fill(text)
    box.press("Control+Enter")
    if len(grades) > WHOLE_LIST_UP_TO:  # the server's view replaces the live view's
        expect(page.locator(".lv")).to_have_count(0)


def card(page: Page, label: str) -> Locator:
    """The card named ``label``: the live view's (components/live_view.py) or a st.metric."""
    live = page.locator(".lv-card").filter(
        has=page.locator(".lv-card-label").get_by_text(label, exact=True)
    )
    streamlit = page.get_by_test_id("stMetric").filter(
        has=page.get_by_test_id("stMetricLabel").get_by_text(label, exact=True)
    )
    return live.or_(streamlit)


@pytest.mark.parametrize("view", VIEWS, ids=VIEWS.keys())
@pytest.mark.parametrize("case", CASES, ids=CASES.keys())
def test_number_cards_show_every_value_and_label_whole(
    page: Page, app_server: StreamlitServer, case: str, view: str
) -> None:
    grades, convention = CASES[case]
    if view == "phone":
        page.set_viewport_size(PHONE)
    open_list(page, app_server, grades, {**convention.to_params(), **VIEWS[view]})
    result = evaluate(grades, convention)
    at = "" if convention.cutoff_k is None else f"@{convention.cutoff_k}"
    expected = {
        f"CG{at}": format_real(result.cg),
        f"DCG{at}": format_real(result.dcg),
        f"Ideal DCG{at}": format_real(result.ideal_dcg),
        f"nDCG{at}": format_real(result.ndcg),
    }
    for label, value in expected.items():
        box = card(page, label)
        expect(box.locator(".lv-card-value, [data-testid='stMetricValue']")).to_have_text(value)
        assert box.evaluate(CUT) == [], f"{label} = {value} is cut in the {view} view"
