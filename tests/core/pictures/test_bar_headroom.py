"""Bar charts leave room beyond their tallest bar: "What each position adds", a run's
histogram and its run B minus run A (drawn by Vega, through vl-convert's scene graph)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
import vl_convert

from ndcg_core import evaluate
from ndcg_core.pictures.charts import chart_spec
from ndcg_core.pictures.score_charts import difference_chart, histogram_chart

PANEL = "What each position adds"


def _groups(node: Any) -> list[dict[str, Any]]:
    """Every group item of a Vega scenegraph, depth first."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if node.get("marktype") == "group":
            found.extend(node.get("items", []))
        for value in node.values():
            found.extend(_groups(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_groups(value))
    return found


def _bar_tops(grades: list[float]) -> tuple[float, float]:
    """The contributions panel's top bar edge, in px below the plot's top, and its height."""
    scene = vl_convert.vegalite_to_scenegraph(chart_spec(evaluate(grades)))
    for group in _groups(scene["scenegraph"]):
        marks = group.get("items", [])
        titles = [m for m in marks if m.get("role") == "title"]
        if not any(PANEL in str(t) for t in titles):
            continue
        bars = [
            item
            for mark in marks
            if mark.get("marktype") == "rect" and mark.get("role") == "mark"
            for item in mark.get("items", [])
        ]
        if bars:
            return min(bar["y"] for bar in bars), group["height"]
    msg = f"no panel titled {PANEL!r}"
    raise AssertionError(msg)


@pytest.mark.parametrize("grades", [[3, 2, 3, 0, 1, 2], [1, 1, 1], [4, 0, 0, 4]])
def test_the_tallest_bar_stays_clear_of_the_panels_top(grades: list[float]) -> None:
    # A bar reaching the top edge touched the panel's title and hid the top gridline.
    top, height = _bar_tops(grades)
    assert top >= 0.08 * height, f"{grades}: the tallest bar's top is {top:.1f} px from the edge"


def _bars_and_plot(spec: dict[str, Any]) -> tuple[list[dict[str, Any]], float]:
    """The bars of a one-panel chart, and its plot's height."""
    scene = vl_convert.vegalite_to_scenegraph(spec)["scenegraph"]
    plot = next(g for g in _groups(scene) if "height" in g and g.get("height", 0) > 0)
    bars = [
        item
        for mark in plot.get("items", [])
        if mark.get("marktype") == "rect" and mark.get("role") == "mark"
        for item in mark.get("items", [])
    ]
    return bars, plot["height"]


def test_a_runs_histogram_leaves_room_above_its_tallest_bin() -> None:
    scores = np.array([0.55] * 5 + [0.65] * 7 + [0.75, 0.85, 0.95, np.nan])
    bars, height = _bars_and_plot(histogram_chart(scores, title="nDCG").to_dict())
    assert len(bars) == 5
    assert min(bar["y"] for bar in bars) >= 0.08 * height


def test_run_b_minus_run_a_leaves_room_beyond_its_longest_bars() -> None:
    paired = pd.DataFrame({"qid": ["a", "b", "c"], "difference": [0.39, 0.1, -0.19]})
    bars, height = _bars_and_plot(difference_chart(paired).to_dict())
    assert len(bars) == 3
    assert min(bar["y"] for bar in bars) >= 0.08 * height  # the tallest, up
    assert max(bar["y"] + bar["height"] for bar in bars) <= 0.92 * height  # the longest, down


def test_the_headroom_layer_is_not_a_mark_anyone_reads() -> None:
    """The invisible layer that makes the room is a line with no stroke, out of the
    accessibility tree: a point layer added a symbol per position that a screen reader
    announced and that came before the running DCG's own points."""

    def marks(node: Any) -> list[dict[str, Any]]:
        found = [node["mark"]] if isinstance(node, dict) and "mark" in node else []
        for child in node.get("layer", []) + node.get("vconcat", []) + node.get("hconcat", []):
            found += marks(child)
        return found

    spec = chart_spec(evaluate([3, 2, 3, 0, 1, 2]))
    hidden = [m for m in marks(spec) if isinstance(m, dict) and m.get("opacity") == 0]
    assert hidden
    assert all(m["type"] == "line" and m.get("aria") is False for m in hidden)
