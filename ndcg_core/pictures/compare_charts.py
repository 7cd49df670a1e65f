"""Vega-Lite specs for an A-vs-B comparison: both running-DCG curves, and B's gain or loss
at each position.

Specs are plain dicts (Vega-Lite v5), so they can be drawn in the page by Altair/Streamlit
or offline by vl-convert (:func:`comparison_svg`). Only positions and numbers go into a
chart, never a document's title: user text stays out of anything drawn as markup.
Colours are Okabe-Ito; the two curves also differ by dash and point shape.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ndcg_core.metric.comparison import Comparison
from ndcg_core.pictures.chart_data import is_dense, plotted_positions
from ndcg_core.pictures.style import with_text_size

_COLOUR_A, _COLOUR_B = "#0072B2", "#E69F00"  # Okabe-Ito blue and orange
_GAIN_COLOUR, _LOSS_COLOUR = "#009E73", "#D55E00"  # Okabe-Ito bluish green and vermillion
SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"


def chart_unit(comparison: Comparison) -> tuple[str, Decimal]:
    """The unit of the y axes and the number DCG values are divided by to get there.

    DCG values that needed exact arithmetic do not fit a float, so they are plotted as
    shares of the ideal DCG instead.

    >>> from ndcg_core.metric.compare import compare
    >>> chart_unit(compare({"a": 1, "b": 0}, "ab", "ba"))
    ('DCG', Decimal('1'))
    """
    if comparison.a.exact and comparison.a.ideal_dcg != 0:
        return "share of the ideal DCG", Decimal(comparison.a.ideal_dcg)
    return "DCG", Decimal(1)


def _scaled(value: Any, scale: Decimal) -> float:
    return float(Decimal(value) / scale) if scale != 1 else float(value)


def _effect(change: Any) -> str:
    if change > 0:
        return "B gains"
    return "B loses" if change < 0 else "no change"


def comparison_spec(
    comparison: Comparison,
    *,
    width: int = 250,
    height: int = 150,
    stacked: bool = False,
    font_size: int | None = None,
) -> dict[str, Any]:
    """Two panels side by side (or ``stacked``, one above the other): running DCG of A and B,
    and each position's change (B - A). ``font_size`` sets every axis and legend text (a
    projector wants at least 16 px); titles are two pixels larger.

    >>> from ndcg_core.metric.compare import compare
    >>> spec = comparison_spec(compare({"a": 3, "b": 2, "c": 0}, "abc", "bac"))
    >>> [len(panel["layer"]) for panel in spec["hconcat"]]
    [1, 2]
    >>> [row["change"] for row in spec["hconcat"][1]["layer"][0]["data"]["values"]][2]
    0.0
    >>> order = [str(i) for i in range(10_000)]
    >>> long = comparison_spec(compare(dict.fromkeys(order, 1.0), order, order[::-1]))
    >>> len(long["hconcat"][1]["layer"][0]["data"]["values"])  # PLOTTED_POSITIONS
    500
    """
    unit, scale = chart_unit(comparison)
    a_table, b_table = comparison.a.table, comparison.b.table
    n = len(comparison.order_a)
    # A long list draws evenly spaced positions, as the Playground's own charts do.
    drawn = plotted_positions(n, comparison.convention.cutoff_k).tolist()
    curves = []
    for name, table in (("A", a_table), ("B", b_table)):
        sums = table["running_dcg"].tolist()
        curves += [
            {"position": i, "ranking": name, "running_dcg": _scaled(sums[i - 1], scale)}
            for i in drawn
        ]
    bars = [
        {
            "position": p.position,
            "change": _scaled(p.change, scale),
            "effect": _effect(p.change),
        }
        for p in (comparison.positions[i - 1] for i in drawn)
    ]
    x_axis = {
        "field": "position",
        "type": "quantitative",
        "title": "position i",
        "scale": {"domain": [0.5, n + 0.5]},
        "axis": {"tickMinStep": 1, "format": "d"},
    }
    cutoff_rules: list[dict[str, Any]] = []
    k = comparison.convention.cutoff_k
    if k is not None and k < n:
        cutoff_rules.append(
            {
                "data": {"values": [{"cutoff": k + 0.5}]},
                "mark": {"type": "rule", "strokeDash": [2, 2], "color": "#8C8C8C"},
                "encoding": {"x": {"field": "cutoff", "type": "quantitative"}},
            }
        )
    running = {
        "title": f"Running {unit}",
        "width": width,
        "height": height,
        "layer": [
            {
                "data": {"values": curves},
                # Points would overlap on a long list: a line alone, as the Playground's charts.
                "mark": {"type": "line", "point": not is_dense(n)},
                "encoding": {
                    "x": x_axis,
                    "y": {
                        "field": "running_dcg",
                        "type": "quantitative",
                        "title": f"running {unit}",
                    },
                    "color": {
                        "field": "ranking",
                        "type": "nominal",
                        "title": "ranking",
                        "scale": {"domain": ["A", "B"], "range": [_COLOUR_A, _COLOUR_B]},
                        "legend": {"orient": "top"},
                    },
                    "strokeDash": {
                        "field": "ranking",
                        "type": "nominal",
                        "scale": {"domain": ["A", "B"], "range": [[1, 0], [6, 3]]},
                        "legend": None,
                    },
                    "shape": {
                        "field": "ranking",
                        "type": "nominal",
                        "scale": {"domain": ["A", "B"], "range": ["circle", "square"]},
                        "legend": None,
                    },
                },
            },
            *cutoff_rules,
        ],
    }
    per_position = {
        "title": f"B minus A at each position ({unit})",
        "width": width,
        "height": height,
        "layer": [
            {
                "data": {"values": bars},
                "mark": {"type": "bar"},
                "encoding": {
                    "x": {
                        **x_axis,
                        "type": "ordinal",
                        "scale": {},
                        "axis": {"labelAngle": 0, "labelOverlap": "greedy"},
                    },
                    "y": {"field": "change", "type": "quantitative", "title": f"change in {unit}"},
                    "color": {
                        "field": "effect",
                        "type": "nominal",
                        "title": None,
                        "scale": {
                            "domain": ["B gains", "B loses", "no change"],
                            "range": [_GAIN_COLOUR, _LOSS_COLOUR, "#8C8C8C"],
                        },
                        "legend": {"orient": "top"},
                    },
                },
            },
            {
                "data": {"values": [{"zero": 0}]},
                "mark": {"type": "rule", "color": "#555555"},
                "encoding": {"y": {"field": "zero", "type": "quantitative"}},
            },
        ],
    }
    spec = {
        "$schema": SCHEMA,
        ("vconcat" if stacked else "hconcat"): [running, per_position],
        "autosize": {"type": "pad"},  # panels side by side or in a column cannot "fit"
        # Each panel keeps its own colours and legend (A/B versus gains/losses).
        "resolve": {"scale": {"color": "independent"}, "legend": {"color": "independent"}},
        # The page's own font on a page (Streamlit's theme), vl-convert's in a file.
        "config": {"view": {"stroke": None}},
    }
    return spec if font_size is None else with_text_size(spec, font_size)


# What the stacked chart adds around its plots: the y axis, its title and Vega's padding
# (measured in Chromium, whose text is wider than vl-convert's).
_AROUND_PLOTS = 80


def fitted_comparison_width(available: int) -> int:
    """The ``width`` to give :func:`comparison_spec` (stacked) so that the chart is at most
    ``available`` px wide; never under 120.

    >>> fitted_comparison_width(358)
    278
    """
    return max(120, available - _AROUND_PLOTS)


def comparison_svg(comparison: Comparison) -> str:
    """Both panels drawn offline by vl-convert, as SVG markup to place inside HTML.

    The namespace declarations are dropped: inside an HTML document the parser puts
    ``<svg>`` in the SVG namespace itself, and the page then names no URL at all.
    """
    from ndcg_core.pictures.export import chart_image

    svg = chart_image(comparison_spec(comparison), "svg").decode("utf-8")
    for declaration in (
        ' xmlns="http://www.w3.org/2000/svg"',
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
    ):
        svg = svg.replace(declaration, "", 1)
    return svg
