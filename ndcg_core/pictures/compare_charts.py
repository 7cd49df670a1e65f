"""Vega-Lite specs for an A-vs-B comparison: both running-DCG curves, and B's gain or loss
at each position.

Specs are plain dicts (Vega-Lite v5), so they can be drawn in the page by Altair/Streamlit
or offline by vl-convert (:func:`comparison_svg`). Only positions and numbers go into a
chart, never a document's title: user text stays out of anything drawn as markup.
Colours are Okabe-Ito; the two curves also differ by dash and point shape.

The rows are the spec's two named datasets (:data:`CURVES`, :data:`CHANGES`), made by
:func:`comparison_rows`: a browser that repaints the chart after a drop swaps in rows it makes
the same way from the orders shown (``components/static/compare_view.js``).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ndcg_core.metric.comparison import Comparison
from ndcg_core.pictures.chart_data import is_dense, plotted_positions
from ndcg_core.pictures.style import with_text_size
from ndcg_core.text.formatting import vega_format_expr

_COLOUR_A, _COLOUR_B = "#0072B2", "#E69F00"  # Okabe-Ito blue and orange
_GAIN_COLOUR, _LOSS_COLOUR = "#009E73", "#D55E00"  # Okabe-Ito bluish green and vermillion
SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"
_LABELS = vega_format_expr("datum.value")  # an axis' labels as the app prints numbers
CURVES, CHANGES = "curves", "changes"  # the datasets: running DCG of each, B - A per position
#: What a position's change does for B: more than 0, less than 0, 0 (the bars' colours).
EFFECTS = ("B gains", "B loses", "no change")


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
    gains, loses, same = EFFECTS
    if change > 0:
        return gains
    return loses if change < 0 else same


def drawn_positions(comparison: Comparison) -> list[int]:
    """The positions the chart draws: all of them, or for a long list evenly spaced ones,
    as the Playground's own charts do (``plotted_positions``).

    >>> from ndcg_core.metric.compare import compare
    >>> drawn_positions(compare({"a": 1, "b": 0}, "ab", "ba"))
    [1, 2]
    """
    n = len(comparison.order_a)
    return [int(p) for p in plotted_positions(n, comparison.convention.cutoff_k)]


def comparison_rows(comparison: Comparison) -> dict[str, list[dict[str, Any]]]:
    """The chart's rows at the positions it draws (:func:`drawn_positions`): each ranking's
    running DCG (:data:`CURVES`: A's rows, then B's) and B's change at each position
    (:data:`CHANGES`), divided by :func:`chart_unit`'s number.

    >>> from ndcg_core.metric.compare import compare
    >>> rows = comparison_rows(compare({"a": 1, "b": 0}, "ab", "ba"))
    >>> [round(row["running_dcg"], 3) for row in rows[CURVES]]
    [1.0, 1.0, 0.0, 0.631]
    >>> [(round(row["change"], 3), row["effect"]) for row in rows[CHANGES]]
    [(-1.0, 'B loses'), (0.631, 'B gains')]
    """
    _, scale = chart_unit(comparison)
    drawn = drawn_positions(comparison)
    curves = []
    for name, evaluation in (("A", comparison.a), ("B", comparison.b)):
        sums = evaluation.table["running_dcg"].tolist()
        curves += [
            {"position": i, "ranking": name, "running_dcg": _scaled(sums[i - 1], scale)}
            for i in drawn
        ]
    changes = [
        {"position": p.position, "change": _scaled(p.change, scale), "effect": _effect(p.change)}
        for p in (comparison.positions[i - 1] for i in drawn)
    ]
    return {CURVES: curves, CHANGES: changes}


def comparison_spec(
    comparison: Comparison,
    *,
    width: int = 250,
    height: int = 150,
    stacked: bool = False,
    font_size: int | None = None,
    rows: bool = True,
) -> dict[str, Any]:
    """Two panels side by side (or ``stacked``, one above the other): running DCG of A and B,
    and each position's change (B - A). ``font_size`` sets every axis and legend text (a
    projector wants at least 16 px); titles are two pixels larger. Without ``rows`` its
    datasets are empty, for a browser to fill (:func:`comparison_rows`).

    >>> from ndcg_core.metric.compare import compare
    >>> spec = comparison_spec(compare({"a": 3, "b": 2, "c": 0}, "abc", "bac"))
    >>> [len(panel["layer"]) for panel in spec["hconcat"]]
    [1, 2]
    >>> [row["change"] for row in spec["datasets"][CHANGES]][2]
    0.0
    >>> order = [str(i) for i in range(10_000)]
    >>> long = comparison_spec(compare(dict.fromkeys(order, 1.0), order, order[::-1]))
    >>> len(long["datasets"][CHANGES])  # PLOTTED_POSITIONS
    500
    """
    unit, _ = chart_unit(comparison)
    n = len(comparison.order_a)
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
                "data": {"name": CURVES},
                # Points would overlap on a long list: a line alone, as the Playground's charts.
                "mark": {"type": "line", "point": not is_dense(n)},
                "encoding": {
                    "x": x_axis,
                    "y": {
                        "field": "running_dcg",
                        "type": "quantitative",
                        "title": f"running {unit}",
                        "axis": {"labelExpr": _LABELS},
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
                "data": {"name": CHANGES},
                "mark": {"type": "bar"},
                "encoding": {
                    "x": {
                        **x_axis,
                        "type": "ordinal",
                        "scale": {},
                        "axis": {"labelAngle": 0, "labelOverlap": "greedy"},
                    },
                    "y": {
                        "field": "change",
                        "type": "quantitative",
                        "title": f"change in {unit}",
                        # By the app's number rule: an all-zero axis read "0.000000" in Vega 6.
                        "axis": {"labelExpr": _LABELS},
                    },
                    "color": {
                        "field": "effect",
                        "type": "nominal",
                        "title": None,
                        "scale": {
                            "domain": list(EFFECTS),
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
    spec: dict[str, Any] = {
        "$schema": SCHEMA,
        ("vconcat" if stacked else "hconcat"): [running, per_position],
        "datasets": comparison_rows(comparison) if rows else {CURVES: [], CHANGES: []},
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
