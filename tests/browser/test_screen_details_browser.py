"""Details a phone or a projector showed cramped, cut or covered (issue 23's review): each
test looks at one of them as a person would see it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ndcg_core import format_real
from tests.browser.conftest import WIDTH_KEPT, StreamlitServer
from tests.browser.conftest import settled as _settled
from tests.browser.conftest import visit_at_known_width as _visit
from tests.browser.test_class_browser import (
    RIGHT,
    answer,
    join_by_link,
    metric,
    new_page,
    open_question,
    start_room,
)
from tests.browser.test_screen_sizes_browser import SCROLL_THROUGH

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def _phone(browser: Browser) -> Page:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def test_on_a_phone_the_lessons_drag_list_shows_every_card(
    browser: Browser, app_server: StreamlitServer
) -> None:
    """Step 4's six results fit their list (a 20rem list hid the sixth, 54 px of it, behind a
    scroll inside the list that nothing showed)."""
    page = _phone(browser)
    _visit(page, f"{app_server.url}/?step=4")
    page.get_by_role("button", name="Reveal").click()
    items = page.locator(".lv-item")
    expect(items).to_have_count(6)
    _settled(page)
    hidden = page.locator(".lv-list").first.evaluate("l => l.scrollHeight - l.clientHeight")
    assert hidden <= 1, f"the list hides {hidden} px of its cards"
    page.context.close()


# A phone's browser as Chromium on Android names itself: "Mobile" in its User-Agent.
PHONE_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Mobile Safari/537.36"
)


def test_a_phone_that_says_so_is_drawn_as_a_phone_from_its_first_run(
    browser: Browser, app_server: StreamlitServer
) -> None:
    """A first visit with no width known yet: drawn for a laptop, a phone showed the buttons
    between the grade box and the list, then reported its width and was redrawn in its own
    order a second later, under a finger about to tap. A phone's User-Agent now gets a
    phone's order from the first run, and at a phone's width no report (no rerun) at all."""
    context = browser.new_context(viewport=PHONE, has_touch=True, user_agent=PHONE_AGENT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    sent: list[bytes] = []
    page.on(
        "websocket",
        lambda socket: socket.on(
            "framesent", lambda frame: sent.append(frame if isinstance(frame, bytes) else b"")
        ),
    )
    page.goto(f"{app_server.url}/playground")
    chips = page.locator("li.lv-item")
    expect(chips.first).to_be_visible()
    ideal = page.get_by_role("button", name="Ideal order").first
    list_box, button_box = chips.first.bounding_box(), ideal.bounding_box()
    assert list_box is not None
    assert button_box is not None
    assert list_box["y"] < button_box["y"], "the buttons came before the list"
    # screen.js keeps the width in its cookie, then reports it if it differs from the assumed
    # one, in the same call: once the cookie holds it, a report would have gone.
    page.wait_for_function(WIDTH_KEPT)
    _settled(page)
    assert not any(b"lab_screen" in frame for frame in sent), "the phone reported its width"
    expect(chips.first).to_be_visible()
    context.close()


# How far the toolbar of an element (table, chart) reaches over the element above it, in px.
TOOLBAR_OVER_THE_ELEMENT_ABOVE = """frame => {
  const toolbar = frame.querySelector('[data-testid="stElementToolbar"]').getBoundingClientRect();
  let above = frame.closest('[data-testid="stElementContainer"]').previousElementSibling;
  while (above && above.getBoundingClientRect().height === 0) above = above.previousElementSibling;
  if (!above) return 0;
  const box = above.getBoundingClientRect();
  const across = Math.min(toolbar.right, box.right) - Math.max(toolbar.left, box.left);
  return across > 0 ? Math.max(0, box.bottom - toolbar.top) : 0;
}"""


# (The Playground's list, cards, charts and table, and compare mode's chart, are drawn in the
# browser, with no Streamlit toolbar; compare mode's table is a static one, without one too.)
@pytest.mark.parametrize("view", ["runs", "conventions"])
def test_on_a_phone_a_toolbar_leaves_the_element_above_free(
    browser: Browser, app_server: StreamlitServer, view: str
) -> None:
    """A touch screen shows a table's or a chart's toolbar (search, full screen) 44 px above
    it: it lay 28 px over Your run's "Order" box (the charts' toolbars stay clear of what
    is above them: checked so that they stay so)."""
    page = _phone(browser)
    _visit(page, f"{app_server.url}/{view}")
    page.evaluate(SCROLL_THROUGH)  # charts further down are drawn once scrolled to
    frames = page.get_by_test_id("stFullScreenFrame")
    expect(frames.first).to_be_visible()
    covered = {}
    for index in range(frames.count()):
        frame = frames.nth(index)
        frame.scroll_into_view_if_needed()
        frame.tap()
        expect(frame.get_by_test_id("stElementToolbar")).to_be_visible()
        covered[index] = frame.evaluate(TOOLBAR_OVER_THE_ELEMENT_ABOVE)
    assert covered
    assert all(px <= 0.5 for px in covered.values()), covered
    page.context.close()


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)], ids=["1920", "1366"])
def test_on_a_projector_the_revealed_answer_and_its_spread_fit_the_first_screen(
    browser: Browser,
    class_server: StreamlitServer,
    contexts: list[BrowserContext],
    size: tuple[int, int],
) -> None:
    """Presenter view on a projector: the question beside the reveal, so the right count and
    the whole spread, axis included, are seen without scrolling (under the question, the
    chart's foot was below the fold at 1920; at 1366x768 its axis was, by 60 px)."""
    width, height = size
    teacher = new_page(browser, contexts, {"width": width, "height": height})
    _visit(teacher, f"{class_server.url}/class_teacher")
    _, link = start_room(teacher, class_server)
    open_question(teacher)
    student = new_page(browser, contexts, PHONE)
    join_by_link(student, link, "Ada")
    answer(student, format_real(RIGHT, 2))
    _visit(teacher, f"{teacher.url}&mode=present")
    teacher.get_by_role("button", name="Reveal the answer").click()
    expect(metric(teacher, "Right")).to_have_text("1 of 1")
    _settled(teacher)
    chart = teacher.get_by_test_id("stVegaLiteChart").first
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= height, f"the spread ends at {box['y'] + box['height']} px"


def test_on_a_phone_the_teachers_join_link_shows_whole(
    browser: Browser, class_server: StreamlitServer, contexts: list[BrowserContext]
) -> None:
    """The join link breaks across lines at 390 px (it ran on past the box's edge, to be
    scrolled sideways with no sign that it went on)."""
    teacher = new_page(browser, contexts, PHONE)
    _visit(teacher, f"{class_server.url}/class_teacher")
    _, link = start_room(teacher, class_server)
    code = teacher.get_by_test_id("stCode").filter(has_text="class_join?code=").locator("pre")
    hidden = code.evaluate("e => e.scrollWidth - e.clientWidth")
    assert hidden <= 1, f"{hidden} px of {link} are out of sight"


# Presses the page (as a thumb does, scrolling or about to tap) every 100 ms from its first
# moment until the test sets window.ndcgLabStopPressing.
KEEP_PRESSING = """
const pressing = setInterval(() => {
  if (window.ndcgLabStopPressing) { clearInterval(pressing); return; }
  document.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
}, 100);
"""


def test_a_phones_width_report_waits_while_the_person_presses(
    browser: Browser, app_server: StreamlitServer
) -> None:
    """A first visit at a width the server did not assume reports it, and the report is a
    rerun: sent while a tap's run was under way it cut that run short (CI lost a Join tap and
    10,000 typed grades that way). So the report waits for a pause in the person's actions."""
    page = _phone(browser)
    page.add_init_script(KEEP_PRESSING)
    page.goto(f"{app_server.url}/")
    _settled(page)
    # Long enough for the report (300 ms after the page's run ends) to have gone without
    # the wait; the property under test is what does not happen meanwhile.
    page.wait_for_timeout(1500)
    assert "ndcg_lab_screen" not in page.evaluate("document.cookie"), "reported while pressed"
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)  # no rerun either
    page.evaluate("window.ndcgLabStopPressing = true")
    page.wait_for_function("document.cookie.includes('ndcg_lab_screen=')")  # then it reports
    page.context.close()
