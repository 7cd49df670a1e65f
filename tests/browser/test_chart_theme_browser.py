"""The browser-drawn charts in the page's theme, with their tooltips, in Chromium.

``drawViewCharts`` (components/static/view_charts.js, chart_theme.js) must draw in the theme
of the page around it: Streamlit's font and text colour, light or dark, read from its CSS
variables (here set on a bare page to the values Streamlit 1.67 gives this app, and once on
the real Playground); the spec's own text sizes must still win; hovering a mark must show its
tooltip fields, as the core prints them, as text in a box inside the viewport; and axe-core
must find nothing in the drawn charts.
"""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from components.view_charts import view_chart_spec, view_charts_js
from ndcg_core import Convention, Evaluation, evaluate, format_real
from ndcg_core.pictures.style import with_text_size
from tests.browser.conftest import StreamlitServer
from tests.browser.test_classroom_browser import AXE
from tests.browser.test_view_charts_browser import _tooltip

pytestmark = pytest.mark.browser

# Streamlit 1.67's theme variables for this app (.streamlit/config.toml), as its page gives
# them to a component, light and dark.
THEMES = {
    "light": {
        "--st-font": '"Source Sans", sans-serif',
        "--st-base-font-size": "16px",
        "--st-text-color": "#0A0C10",
        "--st-border-color": "rgba(10, 12, 16, 0.2)",
        "--st-border-color-light": "rgba(10, 12, 16, 0.1)",
        "--st-background-color": "#FFFFFF",
    },
    "dark": {
        "--st-font": '"Source Sans", sans-serif',
        "--st-base-font-size": "16px",
        "--st-text-color": "#E8EAED",
        "--st-border-color": "rgba(232, 234, 237, 0.2)",
        "--st-border-color-light": "rgba(232, 234, 237, 0.1)",
        "--st-background-color": "#0E1117",
    },
}
XSS_LABEL = "<img src=x onerror=alert(1)>"
GRADES = [3.0, 2.0, 0.0, 1.0, 2.0]
LABELS = [XSS_LABEL, "D2", "D3", "D4", "D5"]

# Every text the SVG draws: its text, computed fill, font family, size and Vega role.
TEXTS_JS = """() => [...document.querySelectorAll('#charts svg text')].map((text) => {
  const style = getComputedStyle(text);
  const role = [...text.closest('g.mark-text').classList].find((c) => c.startsWith('role-'));
  return {text: text.textContent, fill: style.fill, font: style.fontFamily,
          size: style.fontSize, role};
})"""
BACKGROUND_JS = "() => getComputedStyle(document.getElementById('host')).backgroundColor"
DRAW_JS = """async (spec) => {
  window.charts = await drawViewCharts(document.getElementById('charts'), spec);
}"""
TOOLTIP = ".view-chart-tooltip"


def _style(scheme: str) -> str:
    variables = "".join(f"{name}: {value}; " for name, value in THEMES[scheme].items())
    return (
        f"{variables}background: var(--st-background-color); color: var(--st-text-color); "
        "padding: 8px"
    )


def _open(browser: Browser, scheme: str, width: int = 1000) -> Page:
    """A bare page (a context of its own) whose host div carries the theme's variables."""
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    page.set_content(
        '<html lang="en"><head><title>Charts</title></head><body style="margin: 0">'
        f'<main id="host" style=\'{_style(scheme)}\'><h1>Charts</h1><div id="charts"></div>'
        "</main></body></html>"
    )
    page.add_script_tag(content=view_charts_js())
    return page


def _rgb(text: str) -> tuple[float, ...]:
    """'rgb(1, 2, 3)' or '#0A0C10' as (r, g, b) in 0..255."""
    if text.startswith("#"):
        return tuple(float(int(text[i : i + 2], 16)) for i in (1, 3, 5))
    found = re.fullmatch(r"rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, [\d.]+)?\)", text)
    assert found, text
    return tuple(float(part) for part in found.groups())


def _luminance(colour: tuple[float, ...]) -> float:
    """WCAG 2 relative luminance."""
    linear = [
        c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
        for c in colour
    ]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: tuple[float, ...], two: tuple[float, ...]) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    light, dark = sorted((_luminance(one), _luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def check_texts(page: Page, scheme: str) -> list[dict[str, Any]]:
    """Every drawn text in the theme's colour and font, readable on its background (4.5:1)."""
    texts = page.evaluate(TEXTS_JS)
    assert len(texts) > 30  # three charts' axes, titles and the legend
    background = _rgb(page.evaluate(BACKGROUND_JS))
    for text in texts:
        assert _rgb(text["fill"]) == _rgb(THEMES[scheme]["--st-text-color"]), (scheme, text)
        assert text["font"].startswith('"Source Sans"'), text
        assert contrast(_rgb(text["fill"]), background) >= 4.5, (scheme, text)
    return texts


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_chart_text_follows_the_page_theme_and_its_switch(browser: Browser, scheme: str) -> None:
    spec = view_chart_spec(evaluate(GRADES, Convention(cutoff_k=3)))
    page = _open(browser, scheme)
    page.evaluate(DRAW_JS, spec)
    check_texts(page, scheme)
    if scheme == "dark":  # light text on the dark page, not Vega's black
        fill = page.evaluate(TEXTS_JS)[0]["fill"]
        assert _luminance(_rgb(fill)) > 0.7, fill
    grid = page.locator("#charts svg g.role-axis-grid line").first
    expect(grid).to_have_attribute("stroke", THEMES[scheme]["--st-border-color-light"])

    # Streamlit switches light and dark in the page alone, and need not run the component
    # again: the charts see the new theme themselves and are drawn anew in it, rows and all.
    other = "light" if scheme == "dark" else "dark"
    page.evaluate(
        "(style) => document.getElementById('host').setAttribute('style', style)", _style(other)
    )
    label = page.locator("#charts svg g.role-axis-label text").first
    expect(label).to_have_attribute("fill", THEMES[other]["--st-text-color"])
    check_texts(page, other)
    drawn = page.evaluate("() => charts.view.data('positions').map((row) => row.label)")
    assert drawn == [row["label"] for row in spec["datasets"]["positions"]]
    page.context.close()


def test_the_specs_own_text_sizes_win_over_the_theme(browser: Browser) -> None:
    spec = view_chart_spec(evaluate(GRADES, Convention(cutoff_k=3)))
    page = _open(browser, "dark")
    page.evaluate(DRAW_JS, spec)
    sizes = {(text["role"], text["size"]) for text in check_texts(page, "dark")}
    # The theme's, as Streamlit's chart theme: labels 0.75 of 16 px, axis titles 0.875.
    assert {
        ("role-axis-label", "12px"),
        ("role-axis-title", "14px"),
        ("role-title-text", "16px"),
    } <= sizes
    page.evaluate(DRAW_JS, with_text_size(spec, 20))  # the projector's sizes, set by the spec
    sizes = {(text["role"], text["size"]) for text in check_texts(page, "dark")}
    assert {size for role, size in sizes if role.startswith("role-axis")} == {"20px"}, sizes
    assert {size for role, size in sizes if role == "role-title-text"} == {"22px"}, sizes
    page.context.close()


def _hover(page: Page, mark: str, index: int) -> tuple[float, float]:
    path = page.locator(f"#charts svg g.role-mark.{mark} > path").nth(index)
    path.evaluate("e => e.scrollIntoView({block: 'center'})")
    box = path.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    return x, y


def _shown(page: Page, where: tuple[float, float]) -> str:
    """The tooltip box's lines joined as an aria-label joins them, after checking that the box
    is visible, near the pointer and inside the viewport."""
    tooltip = page.locator(TOOLTIP)
    expect(tooltip).to_be_visible()
    box = tooltip.bounding_box()
    viewport = page.viewport_size
    assert box is not None
    assert viewport is not None
    assert min(box["x"], box["y"]) >= 0, box
    assert box["x"] + box["width"] <= viewport["width"], (box, viewport)
    assert box["y"] + box["height"] <= viewport["height"], (box, viewport)
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    reach = math.hypot(box["width"], box["height"]) / 2 + 20
    assert math.dist(centre, where) <= reach, (box, where)
    lines = tooltip.locator(":scope > div").all_inner_texts()
    return "; ".join(lines)


def _ndcg_tooltip(evaluation: Evaluation, k: int) -> str:
    return f"k: {k}; nDCG@k: {format_real(evaluation.table['ndcg_at_i'].iloc[k - 1])}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_hovering_a_mark_shows_its_tooltip_fields_as_text(browser: Browser, scheme: str) -> None:
    evaluation = evaluate(GRADES, Convention(cutoff_k=3), labels=LABELS)
    # 560 px: the charts fill the width, so a box beside a right-hand point must turn back.
    page = _open(browser, scheme, width=560)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.evaluate(DRAW_JS, view_chart_spec(evaluation))
    n = len(GRADES)
    # Positions where this ranking's point and the ideal's are apart (at 1 and 2 they meet,
    # and the pointer picks one of the two).
    for position in (3, n):
        where = _hover(page, "panel_1_marks", position - 1)
        assert _shown(page, where) == _tooltip(position, "this ranking", evaluation)
        where = _hover(page, "panel_1_marks", n + position - 1)
        assert _shown(page, where) == _tooltip(position, "ideal ranking", evaluation, ideal=True)
    where = _hover(page, "panel_3_marks", n - 1)
    assert _shown(page, where) == _ndcg_tooltip(evaluation, n)
    _hover(page, "panel_1_marks", 0)
    expect(page.locator(TOOLTIP)).to_contain_text(f"document: {XSS_LABEL}")
    # The label is text: no element made of it, nothing run.
    assert page.evaluate("() => document.querySelectorAll('img').length") == 0
    assert dialogs == []
    # Themed as the charts: the theme's text colour on its background.
    colours = page.locator(TOOLTIP).evaluate(
        "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
    )
    assert [_rgb(c) for c in colours] == [
        _rgb(THEMES[scheme]["--st-text-color"]),
        _rgb(THEMES[scheme]["--st-background-color"]),
    ]
    page.keyboard.press("Escape")
    expect(page.locator(TOOLTIP)).to_be_hidden()
    _hover(page, "panel_1_marks", 1)
    expect(page.locator(TOOLTIP)).to_be_visible()
    page.mouse.move(2, 2)  # off the charts
    expect(page.locator(TOOLTIP)).to_be_hidden()
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_nothing_in_the_drawn_charts(browser: Browser, scheme: str) -> None:
    assert AXE.is_file(), f"{AXE} is missing: run scripts/ensure_axe.py (make test does)"
    page = _open(browser, scheme)
    page.evaluate(DRAW_JS, view_chart_spec(evaluate(GRADES, Convention(cutoff_k=3), labels=LABELS)))
    _hover(page, "panel_1_marks", 0)
    expect(page.locator(TOOLTIP)).to_be_visible()
    # Vega's drawing (its graphics-document) is named by the charts' titles, not by
    # "Vega visualization".
    expect(page.locator("#charts > .view-chart-drawing")).to_have_attribute(
        "aria-label",
        "Charts: Running DCG against the ideal; What each position adds; nDCG@k for every cutoff k",
    )
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => {
          const result = await axe.run('#host', {resultTypes: ['violations']});
          return result.violations.map((v) => `${v.impact} ${v.id}: ${v.help} -- ` +
            v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '));
        }"""
    )
    assert found == []
    page.context.close()


def _hover_first_point(page: Page, tries: int = 3) -> None:
    """Hover the first chart's first point until its tooltip shows. A drawing replaced
    under a still pointer (a theme's later step, or the server's late answer to a move,
    under load) shows none until the pointer moves again, as a person's would."""
    for attempt in range(tries):
        point = page.locator(".lv-charts g.role-mark.panel_1_marks > path").first
        point.evaluate("e => e.scrollIntoView({block: 'center'})")
        box = point.bounding_box()
        assert box is not None
        page.mouse.move(0, 0)
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        try:
            expect(page.locator(TOOLTIP)).to_be_visible(timeout=5_000)
            return
        except AssertionError:
            if attempt == tries - 1:
                raise


def test_the_playground_charts_follow_streamlits_theme(
    browser: Browser, app_server: StreamlitServer
) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, color_scheme="light")
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{app_server.url}/playground")
    label = page.locator(".lv-charts svg g.role-axis-label text").first
    expect(label).to_have_attribute("fill", THEMES["light"]["--st-text-color"])
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
    # A move first: the server answers it with an acknowledgement, which draws no chart.
    page.locator("li.lv-item[data-id='D1']").focus()
    page.keyboard.press("Alt+ArrowDown")
    expect(page.locator(".lv-charts")).to_have_attribute("data-order", "D2 D1 D3 D4 D5 D6")
    expect(page.get_by_test_id("stStatusWidget")).to_have_count(0)
    # The system's scheme turns dark: Streamlit changes its theme in the page alone.
    page.emulate_media(color_scheme="dark")
    expect(label).to_have_attribute("fill", THEMES["dark"]["--st-text-color"])
    expect(label).to_have_attribute("font-family", re.compile('^"Source Sans"'))
    grid = page.locator(".lv-charts svg .role-axis-grid line").first
    expect(grid).to_have_attribute("stroke", THEMES["dark"]["--st-border-color-light"])
    _hover_first_point(page)
    expect(page.locator(TOOLTIP)).to_contain_text("position: 1")
    # And back by the app's menu, as a person switches (Streamlit 1.67: System, Light, Dark).
    page.get_by_test_id("stMainMenu").click()
    page.get_by_role("menuitemradio", name="Light").click()
    expect(label).to_have_attribute("fill", THEMES["light"]["--st-text-color"])
    context.close()
