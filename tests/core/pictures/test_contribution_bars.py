"""The "What each position adds" panel leaves room above its tallest bar."""

from __future__ import annotations

from typing import Any

import pytest
import vl_convert

from ndcg_core import evaluate
from ndcg_core.pictures.charts import chart_spec

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
