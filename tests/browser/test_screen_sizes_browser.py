"""Every page at a phone's, a tablet's, a laptop's and a projector's size: nothing runs past
the screen's right edge, chart text is readable, and a phone's sidebar gets out of the way.

Streamlit's main area scrolls, so the document's own scrollWidth stays at the screen's width
even when a chart is cut: the check looks at every visible element instead. An element may
reach past the screen only inside a box that scrolls it (a wide table), never the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from components.navigation import PAGES
from ndcg_core import evaluate, format_real
from ndcg_core.teaching.lesson_plan import STEP_TITLES
from tests.browser.conftest import (
    CHIPS,
    VIEWPORT,
    StreamlitServer,
    metric,
    visit_at_known_width,
)
from tests.browser.test_class_browser import (
    EXERCISE,
    RIGHT,
    answer,
    join_by_link,
    new_page,
    open_question,
    start_room,
)

pytestmark = pytest.mark.browser

SIZES = {
    "phone": (390, 844),
    "tablet": (768, 1024),
    "laptop": (1366, 768),
    "projector": (1920, 1080),
}
# Each page (its address after the server's), the lesson's steps, compare mode and presenter view.
VIEWS = (
    *("" if page.default else page.name for page in PAGES),  # every declared page
    "playground?cmp=1",
    "playground?mode=present",
    "playground?cmp=1&mode=present",
    "conventions?mode=present",
    *(f"?step={step}" for step in range(2, len(STEP_TITLES) + 1)),
)
# Visible elements of the main area whose right edge is past the screen, unless a box of
# their own (not the page's scrolling main area) scrolls them sideways.
PAST_THE_EDGE = """() => {
  const screen = window.innerWidth;
  const page = ['stMain', 'stAppViewContainer', 'stApp', 'stMainBlockContainer'];
  // Up from an element, out of a component's shadow root to its host.
  const up = (e) => e.parentElement || (e.getRootNode() instanceof ShadowRoot ? e.getRootNode().host : null);
  const scrolledByItsBox = (element) => {
    for (let box = up(element); box; box = up(box)) {
      if (page.includes(box.getAttribute('data-testid')) || box === document.body) return false;
      const style = getComputedStyle(box);
      if (['auto', 'scroll', 'hidden'].includes(style.overflowX)
          && box.scrollWidth > box.clientWidth + 1
          && box.getBoundingClientRect().right <= screen + 1) return true;
    }
    return false;
  };
  const out = [];
  const all = [];  // the main area's elements, and those in its components' shadow roots
  const walk = (root) => {
    for (const e of root.querySelectorAll('*')) { all.push(e); if (e.shadowRoot) walk(e.shadowRoot); }
  };
  walk(document.querySelector('[data-testid="stMain"]'));
  for (const element of all) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (getComputedStyle(element).visibility === 'hidden') continue;
    if (box.right > screen + 1 && !scrolledByItsBox(element)) {
      const name = element.getAttribute('data-testid') || element.tagName;
      out.push(`${name} reaches ${Math.round(box.right)} px`);
    }
  }
  return out;
}"""
# Each chart text: Streamlit's charts' and the live view's (in its component's shadow root).
CHART_TEXTS = """(() => {
  const out = [];
  const walk = (root) => {
    out.push(...root.querySelectorAll('[data-testid="stVegaLiteChart"] svg text, .lv-chart svg text'));
    for (const e of root.querySelectorAll('*')) if (e.shadowRoot) walk(e.shadowRoot);
  };
  walk(document);
  return out.filter(t => t.textContent.trim());
})()"""
# Each chart text's size as drawn: its font size times any scaling on the way to the screen
# (a chart too wide for its box is shrunk to fit, its text with it).
CHART_TEXT_SIZES = f"""() => {CHART_TEXTS}.map(t => parseFloat(getComputedStyle(t).fontSize)
  * t.getBoundingClientRect().height / t.getBBox().height)"""
SCROLL_THROUGH = """async () => {
  const main = document.querySelector('[data-testid="stMain"]');
  for (let y = 0; y < main.scrollHeight; y += 500) {
    main.scrollTo(0, y);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }
  main.scrollTo(0, 0);
}"""


def _settled(page: Page) -> None:
    """Wait for the page's heading and for the app to stop running (a width report reruns it)."""
    expect(page.locator('[data-testid="stMainBlockContainer"] h2').first).to_be_visible()
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)


def _nothing_past_the_edge(page: Page, where: str) -> None:
    page.evaluate(SCROLL_THROUGH)  # charts further down are drawn once scrolled to
    try:  # a report of the screen's width reruns the page once: wait for what it draws
        page.wait_for_function(f"() => ({PAST_THE_EDGE})().length === 0", timeout=10_000)
    except Exception:  # noqa: BLE001 (Playwright's timeout): name what is cut instead
        pytest.fail(f"{where}: {page.evaluate(PAST_THE_EDGE)[:6]}")


@pytest.mark.parametrize("size", SIZES, ids=SIZES)
def test_no_page_runs_past_the_screen(
    browser: Browser, app_server: StreamlitServer, size: str
) -> None:
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=size == "phone"
    )
    page = context.new_page()
    for view in VIEWS:
        page.goto(f"{app_server.url}/{view}")
        _settled(page)
        _nothing_past_the_edge(page, f"{size} /{view}")
        if "mode=present" in view:  # text a class reads from the back of the room
            page.wait_for_function(f"() => {CHART_TEXTS}.length > 0")
            assert min(page.evaluate(CHART_TEXT_SIZES)) >= 16 - 0.01, f"{size} /{view}"
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_the_charts_fit_stack_and_read_at_12_px(
    browser: Browser, app_server: StreamlitServer, scheme: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page = context.new_page()
    for view in ("playground", "playground?cmp=1", "conventions", "?step=5"):
        page.goto(f"{app_server.url}/{view}")
        _settled(page)
        _nothing_past_the_edge(page, f"phone /{view}")
        page.wait_for_function(f"() => {CHART_TEXTS}.length > 0")
        sizes = page.evaluate(CHART_TEXT_SIZES)
        assert sizes, view
        assert min(sizes) >= 12 - 0.01, f"/{view}: chart text of {min(sizes)} px"
    context.close()


def test_at_a_projectors_width_the_presenter_chart_uses_the_width(
    browser: Browser, app_server: StreamlitServer
) -> None:
    """At 1920 px the results column is about 930 px: the chart fills most of it (it stayed
    445 px wide, a third of the projector empty)."""
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = context.new_page()
    page.goto(f"{app_server.url}/playground?mode=present")
    _settled(page)
    chart = page.locator(".lv-chart svg").or_(page.get_by_test_id("stVegaLiteChart")).first
    expect(chart).to_be_visible()
    # The charts are redrawn once the page's theme is read: ask for the one drawn now.
    page.wait_for_function(
        """() => {
          const find = (root) => {
            const svg = root.querySelector('.lv-chart svg, [data-testid="stVegaLiteChart"] svg');
            if (svg) return svg;
            for (const e of root.querySelectorAll('*')) {
              const inner = e.shadowRoot && find(e.shadowRoot);
              if (inner) return inner;
            }
            return null;
          };
          const svg = find(document);
          return svg !== null && svg.getBoundingClientRect().width > 800;
        }"""
    )
    box = chart.bounding_box()
    assert box is not None
    assert box["x"] + box["width"] <= 1920
    context.close()


def test_on_a_phone_choosing_a_page_closes_the_sidebar(
    browser: Browser, app_server: StreamlitServer
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(app_server.url)
    _settled(page)
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_have_attribute("data-collapsed", "true")
    page.get_by_test_id("stExpandSidebarButton").click()
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    page.get_by_role("link", name="Join a class").click()
    expect(sidebar).to_have_attribute("data-collapsed", "true")
    code = page.get_by_role("textbox", name="Join code")
    code.click()  # a click fails while the sidebar covers the box
    code.fill("ABCDEF")
    context.close()


def _touch_drag(page: Page, source: dict[str, float], target: dict[str, float]) -> None:
    """A finger held on ``source`` for a long press, then moved to ``target`` and lifted
    (Chromium's own touch events, through the DevTools protocol)."""
    session = page.context.new_cdp_session(page)

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    x, y = source["x"] + source["width"] / 2, source["y"] + source["height"] / 2
    to_x, to_y = target["x"] + target["width"] * 0.8, target["y"] + target["height"] / 2
    touch("touchStart", x, y)
    page.wait_for_timeout(400)  # the long press that starts a drag (its delay is 250 ms)
    for step in range(1, 11):
        touch("touchMove", x + (to_x - x) * step / 10, y + (to_y - y) * step / 10)
        page.wait_for_timeout(30)
    touch("touchEnd", to_x, to_y)


def test_a_finger_reorders_the_playgrounds_list_and_the_ndcg_follows(
    browser: Browser, app_server: StreamlitServer
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    # At a width the server knows: a first visit reports it, and the phone's layout (the list
    # under the editor) replaces the one drawn before, with the list in it.
    visit_at_known_width(page, f"{app_server.url}/playground?g=0,3")
    items = page.locator(CHIPS)
    expect(items).to_have_count(2)
    items.first.scroll_into_view_if_needed()  # a finger scrolls to the list first
    first, second = items.nth(0).bounding_box(), items.nth(1).bounding_box()
    assert first is not None
    assert second is not None
    for item in (first, second):  # a finger's target
        assert item["height"] >= 44
    # Every button and select box a finger may aim at (a select box's arrow is part of it).
    small_targets = page.evaluate(
        """() => [...document.querySelectorAll(
            '[data-testid="stMain"] button, [data-testid="stSelectbox"] [data-baseweb="select"]')]
          .filter(e => e.matches('[data-baseweb]') || !e.closest('[data-testid="stSelectbox"]'))
          .map(e => [e.getAttribute('aria-label') || e.textContent, e.getBoundingClientRect()])
          .filter(([, r]) => r.width > 0 && (r.height < 44 || r.width < 44))
          .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small_targets == []
    before = evaluate([0, 3]).ndcg
    after = evaluate([3, 0]).ndcg
    assert before != after
    ndcg = metric(page, "nDCG")
    expect(ndcg).to_have_text(format_real(before))
    _touch_drag(page, first, second)
    expect(items.first).to_contain_text("D2")
    expect(ndcg).to_have_text(format_real(after))
    context.close()


def test_a_class_question_and_its_reveal_fit_every_screen(
    browser: Browser, class_server: StreamlitServer, contexts: list[BrowserContext]
) -> None:
    """The teacher's page and a student's, at each size, with a question open and after the
    reveal (the teacher's on a projector as much as a laptop; students on anything)."""
    teacher = new_page(browser, contexts, VIEWPORT)
    _, link = start_room(teacher, class_server)
    open_question(teacher)
    students = {}
    for size, (width, height) in SIZES.items():
        students[size] = new_page(browser, contexts, {"width": width, "height": height})
        join_by_link(students[size], link, f"S{width}")
        expect(students[size].get_by_text(EXERCISE.prompt)).to_be_visible()
        _nothing_past_the_edge(students[size], f"{size} student, question open")
    answer(students["phone"], format_real(RIGHT, 2))
    teacher.get_by_role("button", name="Reveal the answer").click()
    expect(metric(teacher, "Right")).to_have_text("1 of 1")
    for size, (width, height) in SIZES.items():
        student = students[size]
        label = f"{EXERCISE.convention.label} = {format_real(RIGHT, 4)}"
        expect(student.get_by_text(label)).to_be_visible()
        _nothing_past_the_edge(student, f"{size} student, answer revealed")
        teacher.set_viewport_size({"width": width, "height": height})
        _nothing_past_the_edge(teacher, f"{size} teacher, answer revealed")
