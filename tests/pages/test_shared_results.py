"""The server-wide caches: components.cache.shared and altair_chart (a copy for each
session), shared_view and shared_call (one immutable object for every session).

Each may hand a session only the result of the very input that session gave.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import streamlit as st

from components.cache import _call_key, shared
from ndcg_core.metric.metrics import ndcg
from ndcg_core.metric.view_numbers import repaint
from ndcg_core.pictures.score_charts import histogram_chart
from ndcg_core.teaching.lessons import zero_ideal_policies


def _total(frame: pd.DataFrame) -> float:
    return float(frame["ndcg"].sum())


def test_the_key_tells_apart_frames_that_streamlits_hasher_samples() -> None:
    # Streamlit 1.67 hashes a frame of 50,000 rows or more by a sample of its rows, so
    # st.cache_data alone can hand a session the result of another frame. A frame of one float
    # column at that size (400 kB pickled) is still small enough for us to share: our key
    # must tell it apart where Streamlit's does not.
    rows = 50_000
    frame = pd.DataFrame({"ndcg": np.linspace(0.0, 1.0, rows)})
    streamlit_total = st.cache_data(show_spinner=False)(_total)
    streamlit_total.clear()
    assert streamlit_total(frame) == _total(frame)
    for row in range(0, rows, 101):
        other = frame.copy()
        other.loc[row, "ndcg"] = 7.0
        if streamlit_total(other) != _total(other):  # a stale result: the rows were sampled
            break
    else:
        pytest.fail("Streamlit's cache told every frame apart: its hasher no longer samples")
    key = _call_key(histogram_chart, (frame,), {})
    assert key is not None
    assert key == _call_key(histogram_chart, (frame.copy(),), {})
    assert key != _call_key(histogram_chart, (other,), {})
    assert shared(_total, other) == _total(other)


def test_inputs_too_large_to_share_are_computed_for_the_caller() -> None:
    grades = tuple(float(i % 4) for i in range(100_000))  # about 0.9 MB pickled
    assert _call_key(ndcg, (grades,), {}) is None
    assert shared(ndcg, grades) == ndcg(grades)


def test_the_key_includes_the_function_and_the_keyword_arguments() -> None:
    grades = (3.0, 0.0)
    assert _call_key(zero_ideal_policies, (grades,), {}) != _call_key(
        histogram_chart, (grades,), {}
    )
    assert _call_key(histogram_chart, (grades,), {"title": "a"}) != _call_key(
        histogram_chart, (grades,), {"title": "b"}
    )


@pytest.mark.parametrize("function", [lambda grades: grades, pd.DataFrame().copy])
def test_only_module_level_functions_are_shared(function: object) -> None:
    with pytest.raises(TypeError, match="module-level function"):
        shared(function, (1.0,))  # type: ignore[arg-type]


def test_each_caller_gets_its_own_copy_of_the_core_result() -> None:
    grades = (0.0, 0.0, 2.0)
    first = shared(zero_ideal_policies, grades)
    pd.testing.assert_frame_equal(first, zero_ideal_policies(grades))
    first.iloc[0, 0] = "changed by one session"
    second = shared(zero_ideal_policies, grades)
    pd.testing.assert_frame_equal(second, zero_ideal_policies(grades))
    other = shared(zero_ideal_policies, (0.0, 0.0, 0.0))
    pd.testing.assert_frame_equal(other, zero_ideal_policies((0.0, 0.0, 0.0)))


def test_a_large_frame_is_not_shared() -> None:
    frame = pd.DataFrame({"ndcg": [0.5] * 100_000})  # 800 kB of floats
    assert _call_key(histogram_chart, (frame,), {}) is None
    assert _call_key(histogram_chart, (frame.head(1_000),), {}) is not None


def _evaluations(at: object) -> list[object]:
    store = at.session_state["lab_memo_evaluation"]  # type: ignore[attr-defined]
    return list(store.values())


def test_sessions_on_the_same_view_share_one_evaluation_and_others_get_their_own() -> None:
    # A class opening the Playground: the second session gets the first one's evaluation,
    # chart and table (the very objects, computed once); a session with another list never
    # gets them.
    from tests.pages.conftest import component_data, open_app

    first = open_app(page="pages/playground.py")
    second = open_app(page="pages/playground.py")
    (shared_first,) = _evaluations(first)
    (shared_second,) = _evaluations(second)
    assert shared_first is shared_second
    # The live view's whole payload, the chart spec in it, is made once per server: the
    # second session does not even build the chart (components/live_view.py).
    assert "lab_memo_browser_chart" not in second.session_state
    first_view, second_view = (component_data(at, "lab_live") for at in (first, second))
    assert first_view is not None
    assert second_view is not None
    assert first_view["chart"] == second_view["chart"]
    # The points' rows are not sent: the browser makes them from the numbers, as at a drop
    # (the Python twin of that repaint gives the first point's grade).
    assert "positions" not in first_view["chart"]["datasets"]
    order = [label for label, _ in first_view["items"]]
    assert repaint(first_view["numbers"], order)["series"]["this"][0]["grade"] == 3.0
    other = open_app({"g": "0, 1, 2"}, page="pages/playground.py")
    (own,) = _evaluations(other)
    assert own is not shared_first
    assert own.grades == (0.0, 1.0, 2.0)
    assert shared_first.grades == (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)  # untouched by the others


def test_shared_call_hands_every_caller_the_same_result_of_its_own_input() -> None:
    from components.cache import shared_call
    from ndcg_core.teaching.lesson_steps import step_grades
    from ndcg_core.teaching.stories import load_story

    story = load_story("pizza")
    first = shared_call(step_grades, story, story.shown_order)
    assert shared_call(step_grades, story, story.shown_order) is first
    other_order = tuple(reversed(story.shown_order))
    other = shared_call(step_grades, story, other_order)
    assert other is not first
    assert [row.card.id for row in other.rows] == list(other_order)


def test_the_shared_store_keeps_the_most_recently_used_and_the_first_value_made() -> None:
    from components.cache import _SharedStore

    store = _SharedStore(3)
    made: list[str] = []

    def make(key: str) -> list[str]:
        made.append(key)
        return [key]

    first = store.get("a", lambda: make("a"))
    assert store.get("a", lambda: make("again")) is first  # the very object, made once
    for key in "bcd":
        store.get(key, lambda key=key: make(key))  # type: ignore[misc]
    assert store.get("b", lambda: make("b2")) == ["b"]  # still there
    assert store.get("a", lambda: make("a2")) == ["a2"]  # the least recently used went
    assert made == ["a", "b", "c", "d", "a2"]

    # Two sessions making the same new value at once: both get the one stored first.
    inner: list[object] = []

    def racing() -> list[str]:
        inner.append(store.get("e", lambda: ["e-inner"]))
        return ["e-outer"]

    assert store.get("e", racing) == ["e-inner"]
    assert inner[0] is store.get("e", lambda: ["e-late"])


def test_new_views_do_not_push_a_layouts_template_out() -> None:
    # A class typing new lists makes a view each (the views' store), and all of them use a
    # few charts' templates (the layouts' store): in one store, the views pushed the
    # templates out and they were rebuilt (1.7 ms of a typed list's server time).
    from components.cache import SHARED_ENTRIES, _shared_layout, _shared_resource

    made: list[str] = []

    def make(value: str) -> str:
        made.append(value)
        return value

    template = _shared_layout("test-layout:a", lambda: make("template"))
    for n in range(SHARED_ENTRIES + 10):
        _shared_resource(f"test-view:{n}", lambda n=n: n)  # type: ignore[misc]
    assert _shared_layout("test-layout:a", lambda: make("again")) is template
    assert made == ["template"]
    assert _shared_resource("test-view:0", lambda: "made anew") == "made anew"  # pushed out
