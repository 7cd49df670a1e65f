"""Charts of scores beside the one-list chart: nDCG@k curves of several lists, a bar per
convention variant, and a run's per-query scores (their spread, and run B minus run A)."""

from __future__ import annotations

from typing import cast

import altair as alt
import numpy as np
import pandas as pd

from ndcg_core.pictures.contribution_bars import HEADROOM
from ndcg_core.pictures.style import COLOURS, CURVE_COLOUR, number_axis
from ndcg_core.text.formatting import vega_format_expr


def _with_headroom(low: float, high: float) -> alt.Scale:
    """A bar chart's value scale from its lowest to its highest bar (0 included), widened on
    each side that has bars by :data:`HEADROOM` of the span, so that no bar reaches the
    plot's edge; Vega then rounds it out to ticks.

    >>> _with_headroom(0, 7).domain, _with_headroom(-0.2, 0.4).domain
    ([0, 8.05], [-0.29, 0.49])
    """
    low, high = min(low, 0), max(high, 0)
    room = HEADROOM * (high - low)
    return alt.Scale(
        domain=[round(low - room, 6) if low < 0 else 0, round(high + room, 6) if high > 0 else 0],
        nice=True,
    )


# The curves' dashes, in the order of their lists: the first solid (and widest, underneath).
DASHES = ((1, 0), (6, 3), (2, 2), (8, 3, 2, 3), (12, 4))


def curves_chart(
    frame: pd.DataFrame, *, x: str, y_title: str, width: int = 420, height: int = 280
) -> alt.LayerChart:
    """One line per column of ``frame`` (besides ``x``), e.g. nDCG@k of two lists.

    >>> frame = pd.DataFrame({"k": [1, 2], "a": [1.0, 0.5], "b": [1.0, 1.0]})
    >>> [layer["mark"]["type"] for layer in curves_chart(frame, x="k", y_title="nDCG@k")
    ...  .to_dict()["layer"]]
    ['line', 'point']
    """
    long = frame.melt(id_vars=[x], var_name="list", value_name="value")
    names = [c for c in frame.columns if c != x]
    # Where the lists score the same, a later line lies on the earlier ones: each earlier line
    # is drawn wider, its points larger, so that it shows around the later ones.
    wider = [2 + 3 * (len(names) - 1 - i) / max(len(names) - 1, 1) for i in range(len(names))]
    # One legend for colour and dash (hiding either conflicts with the other), its symbols
    # short lines in each list's colour and dash.
    legend = alt.Legend(orient="top", title=None, symbolType="stroke", symbolStrokeWidth=3)
    lines = (
        alt.Chart()
        .mark_line()
        .encode(
            strokeWidth=alt.StrokeWidth(
                "list:N", scale=alt.Scale(domain=names, range=wider), legend=None
            )
        )
    )
    points = (
        alt.Chart()
        .mark_point(filled=True, opacity=1)
        .encode(
            size=alt.Size(
                "list:N", scale=alt.Scale(domain=names, range=[w * 30 for w in wider]), legend=None
            )
        )
    )
    chart = (
        alt.layer(lines, points, data=long)
        .encode(
            x=alt.X(f"{x}:O", title=x, axis=alt.Axis(labelAngle=0)),
            y=alt.Y("value:Q", title=y_title, axis=number_axis()),
            color=alt.Color(
                "list:N",
                title=None,
                scale=alt.Scale(domain=names, range=[*COLOURS, CURVE_COLOUR][: len(names)]),
                legend=legend,
            ),
            strokeDash=alt.StrokeDash(
                "list:N",
                title=None,
                scale=alt.Scale(domain=names, range=[list(d) for d in DASHES[: len(names)]]),
                legend=legend,
            ),
            tooltip=[alt.Tooltip(f"{x}:O"), "list:N", alt.Tooltip("value_text:N", title="value")],
        )
        .transform_calculate(value_text=vega_format_expr("datum.value"))
        .properties(width=width, height=height)
    )
    return cast(alt.LayerChart, chart)


VARIANTS_CHART_WIDTH = 640  # the variants chart's width where the page allows it


def variants_chart(
    variants: pd.DataFrame, *, width: int = VARIANTS_CHART_WIDTH, font_size: int = 12
) -> alt.Chart:
    """A bar per convention variant: its nDCG (expects ``choice``, ``ndcg_value`` and the
    text ``nDCG``, as :func:`~ndcg_core.teaching.lessons.convention_variants` gives them).

    Each choice is named above its bar, not beside it: names run to 45 characters, and
    beside the bars they left a phone's bars no room (the chart shrank to fit).

    >>> from ndcg_core.teaching.lessons import convention_variants
    >>> spec = variants_chart(convention_variants([3, 2, 0])).to_dict()
    >>> spec["mark"]["type"], spec["encoding"]["y"]["axis"]["labelAlign"]
    ('bar', 'left')
    """
    row = font_size + 24  # a line of text above a bar
    # The names are the y axis's labels, moved from beside the bars to above them (an axis
    # label takes the theme's text colour, light or dark; a text mark would stay black).
    names_above = alt.Axis(
        labelAlign="left",
        labelPadding=-2,
        labelOffset=-(row // 2 - font_size // 2 - 1),
        labelFontSize=font_size,
        labelLimit=0,
        domain=False,
        ticks=False,
        minExtent=0,
        maxExtent=0,
    )
    bars = (
        alt.Chart(variants)
        .mark_bar(color=COLOURS[0], size=12, yOffset=row / 2 - 8)
        .encode(
            y=alt.Y("choice:N", title=None, sort=None, axis=names_above),
            x=alt.X(
                "ndcg_value:Q",
                title="nDCG",
                scale=alt.Scale(domain=[0, 1]),
                # Five labels: eleven ran into each other on a phone.
                axis=number_axis(labelFontSize=font_size, titleFontSize=font_size, tickCount=5),
            ),
            tooltip=["choice:N", alt.Tooltip("nDCG:N", title="nDCG")],  # the table's text
        )
        .properties(width=width, height=alt.Step(row))
    )
    return cast(alt.Chart, bars)


def histogram_chart(values: np.ndarray, *, title: str, width: int = 380) -> alt.Chart:
    """How per-query scores spread between 0 and 1.

    >>> histogram_chart(np.array([0.1, 0.9]), title="nDCG").to_dict()["mark"]["type"]
    'bar'
    """
    scores = values[~np.isnan(values)]
    frame = pd.DataFrame({"score": scores})
    # The tallest bin's count, as Vega bins them (the last bin holds 1 as well).
    tallest = int(np.histogram(scores, bins=10, range=(0, 1))[0].max(initial=0))
    chart = (
        alt.Chart(frame)
        .mark_bar(color=COLOURS[0])
        .encode(
            x=alt.X("score:Q", bin=alt.Bin(extent=[0, 1], step=0.1), title=title),
            y=alt.Y(
                "count():Q",
                title="queries",
                axis=alt.Axis(tickMinStep=1, format="d"),
                scale=_with_headroom(0, max(tallest, 1)),
            ),
            tooltip=[alt.Tooltip("count():Q", title="queries")],
        )
        .properties(width=width, height=260)
    )
    return cast(alt.Chart, chart)


def difference_chart(paired: pd.DataFrame, *, width: int = 760) -> alt.Chart:
    """One bar per query: run B minus run A, sorted, better and worse told apart by sign
    and by colour (expects ``qid`` and ``difference``).

    >>> frame = pd.DataFrame({"qid": ["a", "b"], "difference": [0.2, -0.1]})
    >>> difference_chart(frame).to_dict()["mark"]["type"]
    'bar'
    """
    frame = paired.assign(change=np.where(paired["difference"] >= 0, "B better", "B worse"))
    differences = paired["difference"].to_numpy(dtype=float)
    differences = differences[~np.isnan(differences)]
    chart = (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("qid:N", sort="-y", title="query", axis=alt.Axis(labelAngle=-45)),
            y=alt.Y(
                "difference:Q",
                title="nDCG of B minus nDCG of A",
                axis=number_axis(),
                scale=_with_headroom(
                    float(np.min(differences, initial=0)), float(np.max(differences, initial=0))
                ),
            ),
            color=alt.Color(
                "change:N",
                title=None,
                scale=alt.Scale(domain=["B better", "B worse"], range=[CURVE_COLOUR, COLOURS[1]]),
            ),
            tooltip=["qid:N", alt.Tooltip("difference_text:N", title="difference")],
        )
        .transform_calculate(difference_text=vega_format_expr("datum.difference"))
        .properties(width=width, height=240)
    )
    return cast(alt.Chart, chart)
