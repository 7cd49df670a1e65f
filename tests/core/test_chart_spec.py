"""The Playground's linked charts: one hover for every panel."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ndcg_core import Convention, evaluate
from ndcg_core.charts import HOVER, chart_spec

SEED = [3.0, 2.0, 3.0, 0.0, 1.0, 2.0]


def _units(spec: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every single view (one mark) of a layered or concatenated spec."""
    if "mark" in spec:
        yield spec
    for key in ("layer", "vconcat", "hconcat"):
        for child in spec.get(key, []):
            yield from _units(child)


def _mark(unit: dict[str, Any]) -> str:
    mark = unit["mark"]
    return str(mark["type"] if isinstance(mark, dict) else mark)


def _bound_views(spec: dict[str, Any]) -> list[dict[str, Any]]:
    (hover,) = [p for p in spec["params"] if p["name"] == HOVER]
    names = set(hover["views"])
    return [unit for unit in _units(spec) if unit.get("name") in names]


def test_the_hover_is_bound_to_the_position_marks_of_every_panel() -> None:
    spec = chart_spec(evaluate(SEED))
    (hover,) = spec["params"]
    bound = _bound_views(spec)
    assert len(bound) == len(hover["views"]), "every bound view exists in the spec"
    # The running-DCG points, the bars and the nDCG@k points: one view per panel.
    assert sorted(_mark(unit) for unit in bound) == ["bar", "point", "point"]
    fields = {unit["encoding"]["y"]["field"] for unit in bound}
    assert fields == {"running_dcg", "contribution", "ndcg_at_i"}


def test_every_mark_that_the_hover_highlights_can_also_drive_it() -> None:
    spec = chart_spec(evaluate(SEED, Convention(cutoff_k=3)))
    highlighted = [
        unit
        for unit in _units(spec)
        if unit["encoding"].get("opacity", {}).get("condition", {}).get("param") == HOVER
    ]
    bound_names = {unit["name"] for unit in _bound_views(spec)}
    assert len(highlighted) == 3
    assert all(unit.get("name") in bound_names for unit in highlighted)


def test_no_line_carries_the_nearest_hover() -> None:
    # Vega-Lite cannot find the nearest point of a line: it warns and the hover is dead.
    spec = chart_spec(evaluate(SEED))
    assert all(_mark(unit) not in {"line", "area", "rule"} for unit in _bound_views(spec))
