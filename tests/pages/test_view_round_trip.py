"""Every page, opened from a view's link and from the same view saved as a file, shows the
same numbers and the same controls, and writes the same view back to its address.

The views are drawn by hypothesis, page by page, as the page itself makes them: the shared
list, titles, unretrieved grades, convention and mode, and the page's own part (the
lesson's step, the Playground's ranking B, a practice set with answers given...).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from components.navigation import PAGES, page_named
from components.state import CONVENTION_KEYS
from ndcg_core.links.length import fit_link
from ndcg_core.links.view import LONG_PARAMS, READ_AGAINST_THE_LIST, View, view_to_params
from ndcg_core.links.view_files import view_to_json
from ndcg_core.teaching.lesson_plan import STEP_TITLES
from tests.core.view_strategies import practice_sets, shared_parts
from tests.pages.conftest import APP

INPUT_TAB_KEY = "lab_input_tab"
# Widgets that say how the view was opened, not what it shows.
HOW_OPENED = {INPUT_TAB_KEY, "lab_view_file"}
DRAWBACK_SWITCHES = ("fix1", "fix2a", "fix2b", "fix3")


@st.composite
def page_views(draw: st.DrawFn, page: str) -> View:
    """A view as ``page`` makes it: the shared parts, and the page's own part."""
    view = draw(shared_parts(page, max_size=6))
    part: dict[str, Any] = {}
    if page == "lesson":
        part["lesson_step"] = draw(st.integers(1, len(STEP_TITLES)))
    elif page == "playground" and draw(st.booleans()):
        part["compare"] = True
        part["ranking_b"] = tuple(draw(st.permutations(view.grade_list.labels)))
    elif page == "step_by_step":
        part["switches"] = frozenset(draw(st.lists(st.just("reveal"), max_size=1)))
    elif page == "drawbacks":
        part["switches"] = frozenset(draw(st.lists(st.sampled_from(DRAWBACK_SWITCHES))))
    elif page == "queries" and draw(st.booleans()):
        part["queries"] = draw(st.sampled_from(["q1: 3, 0, 2 | 1", "a: 1, 0\nb: 0, 2", "x: 3, y"]))
    elif page == "practice":
        part["practice"] = draw(practice_sets())
    elif page == "class_join" and draw(st.booleans()):
        part["join_code"] = draw(st.text("ABCDEFGHJK23456789", min_size=1, max_size=6))
    return replace(view, **part)


def _app() -> AppTest:
    return AppTest.from_file(APP, default_timeout=60)


def by_link(view: View) -> AppTest:
    """A new session opened on the view's link."""
    at = _app()
    for name, value in view_to_params(view).items():
        at.query_params[name] = value
    page = page_named(view.page)
    assert page is not None
    at.switch_page(page.path)
    at.run()
    assert not at.exception, at.exception
    return at


def by_file(view: View) -> AppTest:
    """A new session on the Playground that opens the view's saved file (the app goes to
    the view's page), then shows the list's Type tab again (the tab is how the file was
    opened, not part of the view)."""
    at = _app()
    at.switch_page("pages/playground.py")
    at.session_state[INPUT_TAB_KEY] = "Open a saved view"
    at.run()
    at.file_uploader(key="lab_view_file").upload(
        "view.json", view_to_json(view).encode("utf-8"), "application/json"
    ).run()
    assert not at.exception, at.exception
    assert address(at) == view_to_params(view)  # the app went to the view's page
    # AppTest's next run() would run the page it was last told to (the Playground), where
    # a browser stays on the page the app switched to: follow the app.
    page = page_named(view.page)
    assert page is not None
    at.switch_page(page.path)
    at.session_state[INPUT_TAB_KEY] = "Type"
    at.run()
    assert not at.exception, at.exception
    return at


def address(at: AppTest) -> dict[str, str]:
    return {name: at.query_params[name] for name in at.query_params}


def shown(at: AppTest) -> dict[str, Any]:
    """What a person reads on the page: its numbers, headings, messages and the value of
    every control."""
    controls: dict[str, Any] = {}
    for kind in ("text_input", "text_area", "toggle", "radio", "number_input", "selectbox"):
        for widget in getattr(at, kind):
            if widget.key is not None and widget.key not in HOW_OPENED:
                controls[widget.key] = widget.value
    return {
        "numbers": [(metric.label, metric.value) for metric in at.metric],
        "headings": [h.value for h in (*at.title, *at.header, *at.subheader)],
        "warnings": [w.value for w in (*at.warning, *at.error)],
        "controls": controls,
    }


@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@pytest.mark.parametrize("page", [page.name for page in PAGES])
@given(data=st.data())
def test_every_page_comes_back_the_same_from_its_link_and_from_its_file(
    page: str, data: Any
) -> None:
    view = data.draw(page_views(page), label="view")
    params = view_to_params(view)
    assume(not fit_link(params, optional=LONG_PARAMS, needs=READ_AGAINST_THE_LIST)[1])

    linked, opened = by_link(view), by_file(view)
    assert address(linked) == params  # view -> link -> page -> the same link
    assert address(opened) == params  # view -> file -> page -> the same link
    assert shown(linked) == shown(opened)
    controls = shown(linked)["controls"]
    for name, key in CONVENTION_KEYS.items():
        if key in controls:  # the sidebar shows the view's convention
            value = getattr(view.convention, name)
            assert controls[key] == getattr(value, "value", value), name
