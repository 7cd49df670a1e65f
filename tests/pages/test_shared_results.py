"""The server-wide cache of lesson results (components.cache.shared and altair_chart).

It may hand a session only the result of the very input that session gave, and only a
copy of it.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import streamlit as st

from components.cache import _call_key, shared
from ndcg_core.charts import histogram_chart
from ndcg_core.lessons import zero_ideal_policies
from ndcg_core.metrics import ndcg


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
