"""Compare mode in a real Chromium: drags in A and in B redraw their curves, the link follows,
and the stakeholder page downloads, opens offline and shows the page's numbers."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from ndcg_core import format_real
from ndcg_core.metric.compare import compare
from ndcg_core.metric.comparison import Comparison
from ndcg_core.pictures.stakeholder import number_rows
from ndcg_core.text.titles import titles_to_param
from tests.browser.conftest import VIEWPORT, HeldStream, StreamlitServer, click_download, drag_item
from tests.browser.test_classroom_browser import AXE, serious_violations
from tests.hostile.case import SCRIPT

pytestmark = pytest.mark.browser

SEED = {"D1": 3.0, "D2": 2.0, "D3": 3.0, "D4": 0.0, "D5": 1.0, "D6": 2.0}
A = ["D1", "D2", "D3", "D4", "D5", "D6"]
# A curve point's aria-label, as Vega-Lite writes it from the spec's field titles.
POINT = re.compile(r"position i: (\d+); running DCG: ([-0-9.e]+); ranking: ([AB])")


LIVE_ITEMS = ".st-key-lab_live_{} li.lv-item"  # a ranking's documents, in its live view


def ranking_list(page: Page, name: str) -> Locator:
    return page.locator(LIVE_ITEMS.format(name.lower()))


def ranking_card(page: Page, name: str, label: str) -> Locator:
    """The value of ranking ``name``'s card ``label`` (its live view's, above its list)."""
    card = page.locator(f".st-key-lab_live_{name.lower()} .lv-card").filter(
        has=page.locator(".lv-card-label").get_by_text(label, exact=True)
    )
    return card.locator(".lv-card-value")


def order_of(page: Page, name: str) -> list[str]:
    ids: list[str] = ranking_list(page, name).evaluate_all("items => items.map(i => i.dataset.id)")
    return ids


CHART = ".st-key-lab_compare_chart .cv"  # the chart of both rankings, drawn in the browser
PAIR = ".st-key-lab_compare_chart .cv-pair"  # nDCG of A and of B above it, drawn there too
# A bar's aria-label: B's change at a position.
BAR = re.compile(r"position i: (\d+); change in DCG: ([-−0-9.e]+); effect: (.+)$")


def aria_labels(page: Page, marks: str) -> list[str]:
    labels: list[str] = page.locator(f"{CHART} {marks}").evaluate_all(
        "paths => paths.map(p => p.getAttribute('aria-label') || '')"
    )
    return labels


def curves(page: Page) -> dict[str, list[float]]:
    """Each ranking's running DCG, position by position, read from the chart's points."""
    labels = aria_labels(page, "g.mark-symbol.role-mark path")
    points: dict[str, dict[int, float]] = {"A": {}, "B": {}}
    for label in labels:
        match = POINT.search(label)
        if match:
            points[match.group(3)][int(match.group(1))] = float(match.group(2))
    return {name: [values[i] for i in sorted(values)] for name, values in points.items()}


def expect_curves(page: Page, order_a: list[str], order_b: list[str]) -> None:
    """Wait until the chart draws the core's running DCG of A and of B."""
    comparison = compare(SEED, order_a, order_b)
    wanted = {name: comparison.running_dcg(name) for name in ("A", "B")}

    def close() -> bool:
        drawn = curves(page)
        return all(
            len(drawn[name]) == len(wanted[name])
            and all(abs(x - y) < 1e-3 for x, y in zip(drawn[name], wanted[name], strict=True))
            for name in wanted
        )

    for _ in range(100):
        if close():
            return
        page.wait_for_timeout(100)
    assert curves(page) == wanted


def paragraph(page: Page) -> Locator:
    return page.get_by_test_id("stAlert").get_by_test_id("stMarkdownContainer")


def expect_numbers(page: Page, order_a: list[str], order_b: list[str]) -> None:
    comparison = compare(SEED, order_a, order_b)
    name, shown_a, shown_b, _ = number_rows(comparison)[0]
    for ranking, evaluation in (("A", comparison.a), ("B", comparison.b)):  # above each list
        expect(ranking_card(page, ranking, "DCG")).to_have_text(format_real(evaluation.dcg))
    expect(ranking_card(page, "A", name)).to_have_text(shown_a)
    expect(ranking_card(page, "B", name)).to_have_text(shown_b)
    expect_pair(page, comparison)
    expect(paragraph(page)).to_have_text(comparison.paragraph)


def expect_pair(page: Page, comparison: Comparison) -> None:
    """The headline pair above the chart: nDCG of A and of B, and B − A under B's, as
    number_rows writes them (coloured and pointed by the sign)."""
    name, shown_a, shown_b, difference = number_rows(comparison)[0]
    for label, shown in ((f"{name} of A", shown_a), (f"{name} of B", shown_b)):
        card = page.locator(f"{PAIR} .lv-card").filter(
            has=page.locator(".lv-card-label").get_by_text(label, exact=True)
        )
        expect(card.locator(".lv-card-value")).to_have_text(shown)
    delta = page.locator(f"{PAIR} .cv-delta")
    expect(delta).to_have_text(re.compile(rf"^[↑↓]?{re.escape(difference)} against A$"))
    sign = {"+": "up", "-": "down"}.get(difference[0], "same")
    expect(delta).to_have_attribute("data-sign", sign)


def open_compare(page: Page, server: StreamlitServer, query: str = "&b=1~6") -> None:
    page.goto(f"{server.url}/playground?cmp=1{query}")
    expect(ranking_list(page, "B")).to_have_count(6)
    expect(page.locator(f"{CHART} svg.marks")).to_be_visible()


def test_a_drag_in_b_then_in_a_redraws_each_curve(page: Page, app_server: StreamlitServer) -> None:
    open_compare(page, app_server)
    expect_curves(page, A, A)
    b_items = ranking_list(page, "B")
    order_b = ["D3", "D1", "D2", "D4", "D5", "D6"]
    drag_item(page, b_items.nth(2), b_items.nth(0), order_b, items=LIVE_ITEMS.format("b"))
    expect_curves(page, A, order_b)  # B's curve moved, A's did not
    expect_numbers(page, A, order_b)
    expect(page).to_have_url(re.compile(r"[?&]b=3\.1\.2\.4~6(&|$)"))

    a_items = ranking_list(page, "A")
    order_a = ["D2", "D1", "D3", "D4", "D5", "D6"]
    drag_item(page, a_items.nth(1), a_items.nth(0), order_a, items=LIVE_ITEMS.format("a"))
    assert order_of(page, "B") == order_b  # B keeps its order
    expect_curves(page, order_a, order_b)
    expect_numbers(page, order_a, order_b)


def expect_bars(page: Page, order_a: list[str], order_b: list[str]) -> None:
    """The chart's bars are the core's change of B against A at each position."""
    wanted = [(p.position, float(p.change)) for p in compare(SEED, order_a, order_b).positions]
    effects = {"B gains": 1, "B loses": -1, "no change": 0}
    drawn = [BAR.search(label) for label in aria_labels(page, "g.mark-rect.role-mark path")]
    found = sorted(
        (int(m.group(1)), float(m.group(2).replace("−", "-")), m.group(3)) for m in drawn if m
    )  # Vega writes a minus sign, not a hyphen
    assert [(i, round(x, 9)) for i, x, _ in found] == [(i, round(x, 9)) for i, x in wanted]
    assert [effects[effect] for _, _, effect in found] == [(x > 0) - (x < 0) for _, x in wanted]


def test_the_chart_follows_a_drop_before_the_server_hears_of_it(
    page: Page, app_server: StreamlitServer
) -> None:
    """The chart of both rankings is redrawn in the browser from the numbers it was sent: a
    drop in B and Reverse in A redraw its curves and bars, and rewrite nDCG of A and of B
    above it, while the server has heard of neither (its paragraph still explains the old
    orders); once it hears, it agrees."""
    stream = HeldStream(page)
    open_compare(page, app_server)
    expect_numbers(page, A, A)
    expect_curves(page, A, A)
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)  # no run under way
    stream.held = True
    b_items = ranking_list(page, "B")
    order_b = ["D3", "D1", "D2", "D4", "D5", "D6"]
    drag_item(page, b_items.nth(2), b_items.nth(0), order_b, items=LIVE_ITEMS.format("b"))
    expect_curves(page, A, order_b)
    expect_bars(page, A, order_b)
    order_a = list(reversed(A))
    page.locator(".st-key-lab_live_a").get_by_role("button", name="Reverse").click()
    expect_curves(page, order_a, order_b)
    expect_bars(page, order_a, order_b)
    expect_pair(page, compare(SEED, order_a, order_b))
    assert stream.waiting  # both orders were sent, and are held here
    expect(paragraph(page)).to_have_text(compare(SEED, A, A).paragraph)  # the server's: B as A
    stream.release()
    expect_numbers(page, order_a, order_b)
    expect_curves(page, order_a, order_b)
    expect_bars(page, order_a, order_b)


def test_each_rankings_buttons_reorder_it_in_the_browser(
    page: Page, app_server: StreamlitServer
) -> None:
    """A's and B's buttons are in their live views: Up in B and Reverse in A move their
    chips there, and the comparison follows; Ideal order in B asks the server, which keeps
    B's equal grades in the order B showed."""
    open_compare(page, app_server)
    b_view = page.locator(".st-key-lab_live_b")
    b_view.get_by_label("Move in B").select_option("D3")
    b_view.get_by_role("button", name="Up", exact=True).click()
    order_b = ["D1", "D3", "D2", "D4", "D5", "D6"]
    assert order_of(page, "B") == order_b  # moved in the click itself
    expect_numbers(page, A, order_b)
    expect(page).to_have_url(re.compile(r"[?&]b=1\.3\.2\.4~6(&|$)"))
    page.locator(".st-key-lab_live_a").get_by_role("button", name="Reverse").click()
    order_a = list(reversed(A))
    assert order_of(page, "A") == order_a
    expect_numbers(page, order_a, order_b)
    assert order_of(page, "B") == order_b  # B keeps its order
    b_view.get_by_role("button", name="Ideal order").click()
    ideal_b = ["D1", "D3", "D2", "D6", "D5", "D4"]  # 3, 3, 2, 2, 1, 0: D1 before D3 as shown
    expect_numbers(page, order_a, ideal_b)  # the server's answer, which moves B's chips too
    assert order_of(page, "B") == ideal_b


VALUE_UNDER_LABEL = """card => card.querySelector('.lv-card-value').getBoundingClientRect().top
  >= card.querySelector('.lv-card-head').getBoundingClientRect().bottom - 1"""


# Each y axis' labels, top panel first, as the chart draws them (in its component's shadow root).
Y_LABELS = """box => [...box.querySelectorAll('g.role-axis')]
  .filter((axis) => (axis.getAttribute('aria-label') || '').startsWith('Y-axis'))
  .map((axis) => [...axis.querySelectorAll('g.role-axis-label text')].map((t) => t.textContent))"""


@pytest.mark.parametrize("order_b", ["1~6", "3.1.2.4~6"], ids=["B as A", "B moved"])
def test_the_charts_axes_print_numbers_by_the_apps_rule(
    page: Page, app_server: StreamlitServer, order_b: str
) -> None:
    """Every y-axis label is a number as the app prints it (format_real): with B as A every
    change is 0, and Vega's own format labelled that axis "0.000000"."""
    open_compare(page, app_server, f"&b={order_b}")
    box = page.locator(CHART)
    expect(box).to_have_attribute("data-orders", re.compile("D1"))
    axes: list[list[str]] = box.evaluate(Y_LABELS)
    assert len(axes) == 2
    for labels in axes:
        assert labels
        for label in labels:
            text = label.replace("−", "-")  # Vega's minus sign, as format_real writes it
            assert text == format_real(float(text)), axes


def test_a_rankings_cards_are_laid_out_alike(page: Page, app_server: StreamlitServer) -> None:
    """In a ranking's narrow column (compare mode at 1366 px) every card's value is under its
    label, or every one beside it: B's nDCG of "1" stayed beside its label while its DCG's
    "7.141" wrapped under its own, two layouts side by side."""
    open_compare(page, app_server, "")  # B is the ideal order: an nDCG of 1
    expect(ranking_card(page, "B", "nDCG")).to_have_text("1")
    for name in ("a", "b"):
        cards = page.locator(f".st-key-lab_live_{name} .lv-card").all()
        under = [card.evaluate(VALUE_UNDER_LABEL) for card in cards]
        assert len(cards) == 2
        assert len(set(under)) == 1, (name, under)


def test_turning_compare_off_takes_it_out_of_the_link(
    page: Page, app_server: StreamlitServer
) -> None:
    open_compare(page, app_server, "&b=6~1")
    page.get_by_text("Compare two rankings").click()
    expect(ranking_list(page, "B")).to_have_count(0)
    expect(page).not_to_have_url(re.compile(r"[?&](cmp|b)="))
    page.get_by_text("Compare two rankings").click()
    expect(ranking_list(page, "B")).to_have_count(6)
    assert order_of(page, "B") == list(reversed(A))
    expect(page).to_have_url(re.compile(r"[?&]b=6~1(&|$)"))


def test_the_stakeholder_page_downloads_and_opens_offline_with_the_pages_numbers(
    page: Page, app_server: StreamlitServer, browser: Browser, tmp_path: Path
) -> None:
    open_compare(page, app_server, "&b=3.1.2.4~6&k=3")
    # The table may arrive after the chart open_compare waits for: wait for its rows.
    shown_rows = page.get_by_test_id("stTable").first.locator("tbody tr")
    expect(shown_rows).to_have_count(4)
    shown = shown_rows.all_inner_texts()
    path = tmp_path / "a-vs-b.html"
    click_download(page, "Explain to a stakeholder (HTML)").save_as(path)

    context = browser.new_context(viewport=VIEWPORT, offline=True)
    opened = context.new_page()
    requests: list[str] = []
    opened.on("request", lambda request: requests.append(request.url))
    opened.goto(path.as_uri())
    rows = opened.locator("table.numbers tbody tr")
    expect(rows).to_have_count(4)
    assert [" ".join(r.split()) for r in rows.all_inner_texts()] == [
        " ".join(r.split()) for r in shown
    ]
    expect(opened.locator("p.summary")).to_have_text(paragraph(page).inner_text())
    expect(opened.locator("figure svg")).to_be_visible()
    assert "nDCG@3" in opened.locator("p.convention").inner_text()
    assert [url for url in requests if not url.startswith("file:")] == []
    context.close()


# B better than A, worse (in presenter view), and the same: the pair's difference in each of
# its three colours.
VIEWS = {"up": "&b=3.1.2.4~6", "down, presenter": "&b=6.5.4.3.2.1&mode=present", "same": "&b=1~6"}


@pytest.mark.parametrize("view", list(VIEWS))
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_compare_mode_has_no_serious_accessibility_violations(
    browser: Browser, app_server: StreamlitServer, scheme: str, view: str
) -> None:
    assert AXE.is_file(), f"{AXE} is missing: run scripts/ensure_axe.py (make test does)"
    context = browser.new_context(viewport=VIEWPORT, color_scheme=scheme)
    try:
        page = context.new_page()
        open_compare(page, app_server, VIEWS[view])
        expect(page.locator(f"{PAIR} .cv-delta")).to_have_attribute("data-sign", view.split(",")[0])
        expect(paragraph(page)).to_be_visible()
        page.wait_for_load_state("networkidle")
        expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)  # the run has ended
        assert serious_violations(page) == []
    finally:
        context.close()


def test_titled_documents_show_as_title_and_grade_in_both_lists(
    page: Page, app_server: StreamlitServer
) -> None:
    titles = {"D1": "Pizzeria Da Michele", "D3": SCRIPT}
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    query = urlencode({"t": titles_to_param(A, titles)})
    open_compare(page, app_server, f"&b=3.1.2.4~6&{query}")
    for name in ("A", "B"):
        chips = ranking_list(page, name)
        expect(chips.filter(has_text="Pizzeria Da Michele · 3")).to_have_count(1)
        expect(chips.filter(has_text=f"{SCRIPT} · 3")).to_have_count(1)  # as text
        expect(chips.filter(has_text="D2 · 2")).to_have_count(1)  # no title: the label
    expect(paragraph(page)).to_contain_text(f"{SCRIPT} (grade 3) is 1st in B instead of 3rd")
    assert dialogs == []
