"""Altair charts of an :class:`~ndcg_core.metric.metrics.Evaluation`, built from its table.

All three panels live in one chart so that hovering a position highlights it in each:
one point selection on ``position`` (:data:`HOVER`), bound to the marks of every panel
that stand for one position (the running-DCG points, the bars, the nDCG@k points), never
to a line, which the ``nearest`` hover cannot pick from. Numbers on axes and in tooltips
follow the app's one format (:func:`~ndcg_core.text.formatting.vega_format_expr`). Colours
come from the Okabe-Ito palette (:mod:`ndcg_core.pictures.style`), which stays
distinguishable with the common colour-vision deficiencies; the two series also differ by
line dash and point shape, so colour never carries the meaning alone.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import altair as alt

from ndcg_core.metric.metrics import Evaluation
from ndcg_core.pictures.chart_data import (
    CUTOFF,
    POSITIONS,
    SERIES_IDEAL,
    SERIES_THIS,
    chart_datasets,
    chart_layout,
    is_dense,
    tooltip_text_expr,
)
from ndcg_core.pictures.contribution_bars import contribution_bars
from ndcg_core.pictures.style import COLOURS, CURVE_COLOUR, CUTOFF_COLOUR
from ndcg_core.text.formatting import vega_format_expr

HOVER = "position_hover"
# The width of a chart drawn for a file (PNG, SVG): the lower panels side by side. A page
# draws its charts to the width it has (fitted_width).
CHART_WIDTH = 440
# Side by side, each lower panel needs this much room for its title: narrower, they stack.
_MIN_PANEL = 150
# A y axis as wide as its longest label can be ("-999999.999"), so the charts' width does
# not depend on the numbers and fits the Playground's column whatever the list.
_Y_AXIS_EXTENT = 72
# What a chart adds around its widest plot: the y axis and Vega's padding (test_chart_spec
# renders charts and checks that fitted_width keeps them inside the room they are given).
_AROUND_PLOTS = _Y_AXIS_EXTENT + 38


def evaluation_chart(
    evaluation: Evaluation, *, width: int = CHART_WIDTH, height: int = 170
) -> alt.VConcatChart:
    """Running DCG against the ideal (``width`` wide) above two half-width panels: each
    position's contribution, and nDCG@k for every k. The data are the named datasets of
    :func:`chart_dataset_frames` (:func:`chart_spec` fills them in).

    Up to :data:`DENSE_POSITIONS` positions, every position is a point or a bar, and
    hovering one picks it out in all three panels. Longer lists are drawn as lines without
    the hover (points would overlap; finding the nearest of thousands on every pointer
    move is what makes the browser slow).

    >>> from ndcg_core import evaluate
    >>> spec = evaluation_chart(evaluate([3, 2, 3, 0, 1, 2])).to_dict()
    >>> len(spec["vconcat"]), len(spec["vconcat"][1]["hconcat"])
    (2, 2)
    """
    n, unit, visible_k = chart_layout(evaluation)
    return _layout_chart(ChartShape.of((n, unit, visible_k)), n, visible_k, width, height)


def _layout_chart(
    shape: ChartShape, n: int, visible_k: int | None, width: int, height: int
) -> alt.VConcatChart:
    """The chart of :func:`evaluation_chart` for any list of this shape, ``n`` positions and
    this visible cutoff: only the x domain and the cutoff's title depend on those two."""
    unit, dense = shape.unit, shape.dense
    stacked = is_stacked(width)
    # The lower row has two y axes where the upper has one: the panels give up that width.
    half = width if stacked else (width - _Y_AXIS_EXTENT - 60) // 2
    hover = alt.selection_point(
        name=HOVER,
        fields=["position"],
        on="pointerover",
        clear="pointerout",
        nearest=True,
    )
    position_axis = alt.X(
        "position:Q",
        title="position i",
        scale=alt.Scale(domain=[0.5, n + 0.5]),
        axis=alt.Axis(tickMinStep=1, format="d"),
    )
    # Colour, dash and shape all tell the two series apart, in one legend: the same legend
    # on each channel (a legend hidden on one of them conflicts with the others).
    # symbolStrokeWidth 0: a legend symbol is the series' filled shape, not outlined in dashes.
    # Drawn as lines only (dense), the symbol is the line itself: a width of 0 hid it.
    legend = alt.Legend(orient="top", title=None, symbolStrokeWidth=2 if dense else 0)
    series_domain = [SERIES_THIS, SERIES_IDEAL]
    series_colour = alt.Color(
        "series:N",
        title=None,
        scale=alt.Scale(domain=series_domain, range=list(COLOURS)),
        legend=legend,
    )
    series_shape = alt.Shape(
        "series:N",
        title=None,
        scale=alt.Scale(domain=series_domain, range=["circle", "diamond"]),
        legend=legend,
    )
    tooltip = [
        alt.Tooltip("position:Q", title="position"),
        alt.Tooltip("series:N", title="ranking"),
        alt.Tooltip("label:N", title="document"),
        alt.Tooltip("grade_text:N", title="grade"),
        alt.Tooltip("contribution_text:N", title="contribution"),
        alt.Tooltip("running_dcg_text:N", title="running DCG"),
    ]
    # Named datasets keep the spec the same when only the numbers change, so a browser can
    # swap the data in place instead of redrawing the charts (see chart_spec).
    base = alt.Chart(alt.NamedData(name=POSITIONS)).transform_calculate(
        grade_text=vega_format_expr("datum.grade"),
        contribution_text=tooltip_text_expr("contribution"),
        running_dcg_text=tooltip_text_expr("running_dcg"),
        ndcg_text=tooltip_text_expr("ndcg_at_i"),
    )
    highlight = alt.condition(hover, alt.value(1.0), alt.value(0.35))

    # The cutoff is named in the axis title, which the app's theme colours for light and dark
    # alike; a text mark would keep one fixed colour, too faint on one of them.
    running_title = (
        f"position i (dashed line: cutoff k = {visible_k})"
        if visible_k is not None
        else "position i"
    )
    running_axis = position_axis.title(running_title)
    running_lines = base.mark_line(interpolate="step-after" if shape.stepped else "linear").encode(
        x=running_axis,
        y=alt.Y("running_dcg:Q", title=f"running {unit}", axis=_value_axis()),
        color=series_colour,
        strokeDash=alt.StrokeDash(
            "series:N",
            title=None,
            scale=alt.Scale(domain=series_domain, range=[[1, 0], [6, 3]]),
            legend=legend,
        ),
    )
    running_points = base.mark_point(filled=True, size=60).encode(
        x=running_axis,
        y="running_dcg:Q",
        color=series_colour,
        shape=series_shape,
        opacity=highlight,
        tooltip=tooltip,
    )
    running_layers = running_lines if dense else running_lines + running_points.add_params(hover)
    if visible_k is not None:
        rule = (
            alt.Chart(alt.NamedData(name=CUTOFF))
            .mark_rule(strokeDash=[4, 3], strokeWidth=1.5, color=CUTOFF_COLOUR)
            .encode(x=alt.X("position:Q", title=running_title))
        )
        running_layers = running_layers + rule
    running = running_layers.properties(
        title="Running DCG against the ideal", width=width, height=height
    )

    contributions_title = "What each position adds"
    if dense:
        contributions = running_lines.encode(
            x=position_axis,
            y=alt.Y("contribution:Q", title="gain / discount", axis=_value_axis()),
        ).properties(title=contributions_title, width=half, height=height * 4 // 5)
    else:
        contributions = contribution_bars(
            base, series_colour, highlight, tooltip, hover, _value_axis()
        ).properties(title=contributions_title, width=half, height=height * 4 // 5)

    curve_base = base.transform_filter(alt.datum.series == SERIES_THIS)
    ndcg_tooltip = [
        alt.Tooltip("position:Q", title="k"),
        alt.Tooltip("ndcg_text:N", title="nDCG@k"),
    ]
    curve_line = curve_base.mark_line(color=CURVE_COLOUR).encode(
        x=position_axis.title("cutoff k"),
        y=alt.Y(
            "ndcg_at_i:Q",
            title="nDCG@k",
            # At least 0 to 1, and wider when negative grades take nDCG outside it (a fixed
            # domain would place such a point millions of pixels away).
            scale=alt.Scale(domain=alt.DomainUnionWith(unionWith=[0, 1])),
            axis=_value_axis(),
        ),
    )
    curve_points = curve_base.mark_point(filled=True, size=60, color=CURVE_COLOUR).encode(
        x=position_axis.title("cutoff k"),
        y="ndcg_at_i:Q",
        opacity=highlight,
        tooltip=ndcg_tooltip,
    )
    curve = (curve_line if dense else curve_line + curve_points.add_params(hover)).properties(
        title="nDCG@k for every cutoff k", width=half, height=height * 4 // 5
    )
    with warnings.catch_warnings():
        # One hover selection shared by the three panels is what we want: Altair merges the
        # identical copies into one parameter and warns that it did.
        warnings.filterwarnings("ignore", message="Automatically deduplicated selection")
        if stacked:  # a phone: three panels under each other, each as wide as the screen
            chart = alt.vconcat(running, contributions, curve)
        else:
            chart = alt.vconcat(running, alt.hconcat(contributions, curve))
    # Panels in a column cannot "fit" a width (Streamlit's theme asks for it, and Vega-Lite
    # warns): each is drawn at its own width, which the page chose to fit (fitted_width).
    chart = chart.resolve_scale(color="shared").properties(autosize=alt.AutoSizeParams(type="pad"))
    return cast(alt.VConcatChart, chart)


def is_stacked(width: int) -> bool:
    """Whether a chart ``width`` px wide puts its two lower panels under each other, each as
    wide as the upper one (side by side they would be under 100 px each).

    >>> is_stacked(CHART_WIDTH), is_stacked(360)
    (False, True)
    """
    return (width - _Y_AXIS_EXTENT - 60) // 2 < _MIN_PANEL


def fitted_width(available: int) -> int:
    """The ``width`` to give :func:`evaluation_chart` so that the whole chart (axes, legend
    and padding around its plots) is at most ``available`` px wide; never under 120.

    >>> fitted_width(471), fitted_width(358)
    (361, 248)
    """
    return max(120, available - _AROUND_PLOTS)


def _value_axis() -> alt.Axis:
    """A y axis of values: labelled by the app's number rule, and always the same width."""
    return alt.Axis(
        labelExpr=vega_format_expr("datum.value"),
        minExtent=_Y_AXIS_EXTENT,
        maxExtent=_Y_AXIS_EXTENT,
    )


@dataclass(frozen=True)
class ChartShape:
    """What a chart's marks depend on: lines only (:func:`is_dense`), stepped lines (over 60
    positions), the DCG unit, and whether a cutoff rule is drawn. Lists of the same shape
    share one chart template (:func:`chart_template`), whatever their length and k."""

    dense: bool
    stepped: bool
    unit: str
    has_cutoff: bool

    @classmethod
    def of(cls, layout: tuple[int, str, int | None]) -> ChartShape:
        """The shape of a :func:`chart_layout`.

        >>> ChartShape.of((6, "DCG", None)) == ChartShape.of((60, "DCG", None))
        True
        >>> ChartShape.of((61, "DCG", 3))
        ChartShape(dense=False, stepped=True, unit='DCG', has_cutoff=True)
        """
        n, unit, visible_k = layout
        return cls(is_dense(n), n > 60, unit, visible_k is not None)


# A template is built with these in place of n and k (no list is that long), then filled.
_N_MARK = 987_654_321
_K_MARK = 987_654_323


def chart_template(
    shape: ChartShape, *, width: int = CHART_WIDTH, height: int = 170
) -> dict[str, Any]:
    """The Vega-Lite layout of every chart of this shape, with marks where n and k go
    (:func:`fill_template`). Building it with Altair takes about 0.1 s, so a page builds
    it once per shape rather than once per list length. Views get stable names, in order
    (Altair names them by a hash of their content, which differs with n)."""
    chart = _layout_chart(
        shape, _N_MARK, _K_MARK if shape.has_cutoff else None, width=width, height=height
    )
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Automatically deduplicated selection")
        spec = chart.to_dict()
    names: dict[str, str] = {}

    def name_view(value: Any) -> Any:
        if isinstance(value, str) and _ALTAIR_VIEW_NAME.fullmatch(value):
            return names.setdefault(value, f"panel_{len(names) + 1}")
        return value

    return cast(dict[str, Any], _map_leaves(spec, name_view))


def _map_leaves(value: Any, change: Callable[[Any], Any]) -> Any:
    """A copy of a JSON-like ``value`` with ``change`` applied to every leaf, in order."""
    if isinstance(value, dict):
        return {key: _map_leaves(item, change) for key, item in value.items()}
    if isinstance(value, list):
        return [_map_leaves(item, change) for item in value]
    return change(value)


_ALTAIR_VIEW_NAME = re.compile(r"view_[0-9a-f]+(?:_[0-9]+)?")


def fill_template(template: dict[str, Any], n: int, visible_k: int | None) -> dict[str, Any]:
    """``template`` (a new dict) with ``n`` positions and the cutoff ``visible_k`` in place.

    >>> from ndcg_core import Convention, evaluate
    >>> layout = chart_layout(evaluate([3, 2, 0, 1], Convention(cutoff_k=2)))
    >>> filled = fill_template(chart_template(ChartShape.of(layout)), 4, 2)
    >>> "cutoff k = 2" in str(filled), str(_N_MARK) in str(filled)
    (True, False)
    """
    n_mark, k_mark = float(_N_MARK) + 0.5, str(_K_MARK)

    def fill(value: Any) -> Any:
        if isinstance(value, float) and value == n_mark:
            return n + 0.5
        if isinstance(value, str) and k_mark in value:
            return value.replace(k_mark, str(visible_k))
        return value

    return cast(dict[str, Any], _map_leaves(template, fill))


def layout_spec_for(
    layout: tuple[int, str, int | None], *, width: int = CHART_WIDTH, height: int = 170
) -> dict[str, Any]:
    """The chart's layout (no data) for a :func:`chart_layout`: its shape's template, filled.

    >>> from ndcg_core import evaluate
    >>> spec = layout_spec_for(chart_layout(evaluate([3, 2, 0])))
    >>> spec["vconcat"][0]["layer"][0]["encoding"]["x"]["scale"]["domain"]
    [0.5, 3.5]
    """
    n, _, visible_k = layout
    template = chart_template(ChartShape.of(layout), width=width, height=height)
    return fill_template(template, n, visible_k)


def chart_spec(
    evaluation: Evaluation,
    *,
    width: int = CHART_WIDTH,
    height: int = 170,
    layout_spec: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The Vega-Lite spec of :func:`evaluation_chart` with its named datasets filled in
    (as lists of rows, for JSON and offline rendering; a page sends Arrow instead).

    ``layout_spec``, a spec made for another evaluation with the same :func:`chart_layout`,
    is reused for everything but the data (building the Altair chart is the slow part).

    >>> from ndcg_core import evaluate
    >>> spec = chart_spec(evaluate([3, 2]))
    >>> sorted(spec["datasets"]), len(spec["datasets"]["positions"])
    (['positions'], 4)
    >>> chart_spec(evaluate([0, 5]), layout_spec=spec) == chart_spec(evaluate([0, 5]))
    True
    """
    if layout_spec is None:
        layout_spec = layout_spec_for(chart_layout(evaluation), width=width, height=height)
    # Every dataset the chart reads is named and belongs to the data, not the layout.
    spec = {key: value for key, value in layout_spec.items() if key != "datasets"}
    spec["datasets"] = chart_datasets(evaluation)
    return spec
