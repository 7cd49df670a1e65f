"""The "What each position adds" panel of :func:`~ndcg_core.pictures.charts.evaluation_chart`:
each position's gain / discount, this ranking's bar beside the ideal's."""

from __future__ import annotations

from typing import Any

import altair as alt

from ndcg_core.pictures.chart_data import SERIES_IDEAL, SERIES_THIS

#: Room above the tallest bar (and below the lowest negative one), as a share of its value:
#: a bar that reached the plot's top edge would touch the panel's title and hide its top
#: tick's gridline.
HEADROOM = 0.15


def contribution_bars(
    base: alt.Chart,
    series_colour: alt.Color,
    highlight: Any,
    tooltip: list[alt.Tooltip],
    hover: Any,
    value_axis: alt.Axis,
) -> alt.LayerChart:
    """The bars, over an invisible mark at ``(1 + HEADROOM)`` times each bar's value that
    widens the shared y scale (a data-driven domain the spec cannot name in advance: the
    chart's template serves every list of its shape).

    A bar of 3 gets a scale up to at least 3.45, which Vega rounds to a nice 3.5.
    """
    position = alt.X(
        "position:O", title="position i", axis=alt.Axis(labelAngle=0, labelOverlap="greedy")
    )
    title = "gain / discount"  # on both layers: one axis, not "gain / discount, headroom"
    value = alt.Y("contribution:Q", title=title, axis=value_axis)
    bars = (
        base.mark_bar()
        .encode(
            x=position,
            xOffset=alt.XOffset("series:N", sort=[SERIES_THIS, SERIES_IDEAL]),
            y=value,
            color=series_colour,
            opacity=highlight,
            tooltip=tooltip,
        )
        .add_params(hover)
    )
    room = (
        base.transform_calculate(headroom=f"datum.contribution * {1 + HEADROOM}")
        # A line nobody sees, hidden from screen readers: a point mark added a symbol group
        # whose every point a screen reader announced (and put it before the running DCG's
        # and nDCG@k's own symbol marks); a text mark would draw in a fixed colour.
        .mark_line(opacity=0, strokeWidth=0, aria=False)
        .encode(x=position, y=alt.Y("headroom:Q", title=title, axis=value_axis))
    )
    return alt.LayerChart(layer=[bars, room])
