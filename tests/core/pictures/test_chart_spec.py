"""The Playground's linked charts: one hover for every panel, clean legends, one number format."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest
import vl_convert

from ndcg_core import Convention, evaluate
from ndcg_core.pictures.chart_data import chart_frame
from ndcg_core.pictures.charts import HOVER, chart_spec, fitted_width
from ndcg_core.pictures.score_charts import curves_chart
from ndcg_core.text.formatting import vega_format_expr

SEED = [3.0, 2.0, 3.0, 0.0, 1.0, 2.0]
# The Playground's results column at 1366 px, measured in Chromium (tests/browser checks it).
LISTS = {
    "seed": SEED,
    "all zero": [0.0, 0.0, 0.0],
    "negative": [-1.0, 0.0, 1.0],
    "huge": [1e300, 0.0, 5.0],
    "300 items": [float((i * 7) % 4) for i in range(300)],
}


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


@pytest.mark.parametrize("grades", [SEED, [0.0, 0.0, 0.0]], ids=["seed", "all zero"])
def test_one_legend_for_colour_dash_and_shape(grades: list[float]) -> None:
    # A legend hidden on one channel and shown on another of the same field conflicts.
    spec = chart_spec(evaluate(grades))
    legends = [
        channel.get("legend", "default")
        for unit in _units(spec)
        for name, channel in unit["encoding"].items()
        if name in {"color", "shape", "strokeDash"} and channel.get("field") == "series"
    ]
    assert len(legends) >= 4
    assert all(legend == legends[0] for legend in legends)
    assert legends[0] is not None


def test_value_axes_and_tooltips_follow_the_app_number_format() -> None:
    spec = chart_spec(evaluate([0.0, 0.0, 0.0]))
    y_axes = [
        unit["encoding"]["y"].get("axis")
        for unit in _units(spec)
        if "axis" in unit["encoding"]["y"]
    ]
    assert len(y_axes) == 4  # three panels; the bars' headroom layer repeats its panel's axis
    assert all(axis["labelExpr"] == vega_format_expr("datum.value") for axis in y_axes)
    tooltips = [t for unit in _units(spec) for t in unit["encoding"].get("tooltip", [])]
    assert tooltips
    assert all("format" not in tooltip for tooltip in tooltips)
    svg = vl_convert.vegalite_to_svg(spec)
    assert "0.000000" not in svg
    assert ">0<" in svg


def _svg_width(spec: dict[str, Any]) -> float:
    svg = vl_convert.vegalite_to_svg(spec)
    match = re.search(r'<svg[^>]*\swidth="([\d.]+)"', svg)
    assert match is not None
    return float(match.group(1))


@pytest.mark.parametrize("grades", LISTS.values(), ids=LISTS.keys())
# The quick check (`make check`) draws the narrowest, a phone's and the widest room; each
# case draws an SVG, so the four between are `slow`, left to `make test`.
@pytest.mark.parametrize(
    "available",
    [
        300,
        358,
        *(pytest.param(width, marks=pytest.mark.slow) for width in (376, 471, 536, 617)),
        927,
    ],
)
def test_a_fitted_chart_stays_inside_its_room_whatever_the_numbers(
    grades: list[float], available: int
) -> None:
    """The room of a phone (358 px), a tablet's column, a laptop's and a projector's."""
    assert _svg_width(chart_spec(evaluate(grades), width=fitted_width(available))) <= available


def test_a_narrow_chart_stacks_its_panels_and_a_wide_one_puts_two_side_by_side() -> None:
    narrow = chart_spec(evaluate([3, 2, 1]), width=fitted_width(358))
    wide = chart_spec(evaluate([3, 2, 1]), width=fitted_width(927))
    assert len(narrow["vconcat"]) == 3
    assert len(wide["vconcat"]) == 2
    assert len(wide["vconcat"][1]["hconcat"]) == 2


def test_the_curves_chart_has_one_legend_for_colour_and_dash() -> None:
    frame = pd.DataFrame({"k": [1, 2], "a": [1.0, 0.5], "b": [1.0, 1.0]})
    encoding = curves_chart(frame, x="k", y_title="nDCG@k").to_dict()["encoding"]
    assert encoding["color"]["legend"] == encoding["strokeDash"]["legend"]
    assert encoding["color"]["legend"] is not None


@pytest.mark.parametrize("grades", [[-1e300, 0.0, 5.0], [1e300, 0.0, 5.0], [1e16, 1.0]])
def test_values_too_large_to_draw_are_plotted_as_fractions_of_the_ideal(
    grades: list[float],
) -> None:
    result = evaluate(grades)
    frame, unit = chart_frame(result)
    assert unit == "DCG as a fraction of the size of the ideal DCG"
    plotted = frame[["contribution", "running_dcg"]].abs().to_numpy()
    assert plotted.max() <= 2.0
    ideal = frame[frame["series"] == "ideal ranking"]["running_dcg"].iloc[-1]
    assert ideal == pytest.approx(float(result.ideal_dcg) / abs(float(result.ideal_dcg)))
