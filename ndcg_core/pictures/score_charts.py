"""Charts of scores beside the one-list chart: nDCG@k curves of several lists, a bar per
convention variant, and a run's per-query scores (their spread, and run B minus run A)."""

from __future__ import annotations

from typing import cast

import altair as alt
import numpy as np
import pandas as pd

from ndcg_core.pictures.style import COLOURS, CURVE_COLOUR, number_axis
from ndcg_core.text.formatting import vega_format_expr


def curves_chart(
    frame: pd.DataFrame, *, x: str, y_title: str, width: int = 420, height: int = 280
) -> alt.Chart:
    """One line per column of ``frame`` (besides ``x``), e.g. nDCG@k of two lists.

    >>> frame = pd.DataFrame({"k": [1, 2], "a": [1.0, 0.5], "b": [1.0, 1.0]})
    >>> curves_chart(frame, x="k", y_title="nDCG@k").to_dict()["mark"]["type"]
    'line'
    """
    long = frame.melt(id_vars=[x], var_name="list", value_name="value")
    names = [c for c in frame.columns if c != x]
    chart = (
        alt.Chart(long)
        .mark_line(point=alt.OverlayMarkDef(filled=True, size=60))
        .encode(
            x=alt.X(f"{x}:O", title=x, axis=alt.Axis(labelAngle=0)),
            y=alt.Y("value:Q", title=y_title, axis=number_axis()),
            # One legend for colour and dash (hiding either conflicts with the other).
            color=alt.Color(
                "list:N",
                title=None,
                scale=alt.Scale(domain=names, range=[*COLOURS, CURVE_COLOUR][: len(names)]),
                legend=alt.Legend(orient="top", title=None),
            ),
            strokeDash=alt.StrokeDash(
                "list:N", title=None, legend=alt.Legend(orient="top", title=None)
            ),
            tooltip=[alt.Tooltip(f"{x}:O"), "list:N", alt.Tooltip("value_text:N", title="value")],
        )
        .transform_calculate(value_text=vega_format_expr("datum.value"))
        .properties(width=width, height=height)
    )
    return cast(alt.Chart, chart)


VARIANTS_CHART_WIDTH = 420  # the variants chart's width where the page allows it


def variants_chart(
    variants: pd.DataFrame, *, width: int = VARIANTS_CHART_WIDTH, font_size: int = 12
) -> alt.LayerChart:
    """A bar per convention variant: its nDCG (expects ``choice``, ``ndcg_value`` and the
    text ``nDCG``, as :func:`~ndcg_core.teaching.lessons.convention_variants` gives them).

    Each choice is named above its bar, not beside it: names run to 45 characters, and
    beside the bars they left a phone's bars no room (the chart shrank to fit).

    >>> from ndcg_core.teaching.lessons import convention_variants
    >>> spec = variants_chart(convention_variants([3, 2, 0])).to_dict()
    >>> [layer["mark"]["type"] for layer in spec["layer"]]
    ['bar', 'text']
    """
    row = font_size + 24  # a line of text above a bar
    base = alt.Chart(variants).encode(
        y=alt.Y("choice:N", title=None, sort=None, axis=None),
        tooltip=["choice:N", alt.Tooltip("nDCG:N", title="nDCG")],  # the table's text
    )
    bars = base.mark_bar(color=COLOURS[0], size=12, yOffset=row / 2 - 8).encode(
        x=alt.X(
            "ndcg_value:Q",
            title="nDCG",
            scale=alt.Scale(domain=[0, 1]),
            # Five labels: eleven ran into each other on a phone.
            axis=number_axis(labelFontSize=font_size, titleFontSize=font_size, tickCount=5),
        ),
    )
    names = base.mark_text(
        align="left", baseline="middle", fontSize=font_size, yOffset=-row / 2 + font_size
    ).encode(x=alt.datum(0), text="choice:N")
    chart = alt.layer(bars, names).properties(width=width, height=alt.Step(row))
    return cast(alt.LayerChart, chart)


def histogram_chart(values: np.ndarray, *, title: str, width: int = 380) -> alt.Chart:
    """How per-query scores spread between 0 and 1.

    >>> histogram_chart(np.array([0.1, 0.9]), title="nDCG").to_dict()["mark"]["type"]
    'bar'
    """
    frame = pd.DataFrame({"score": values[~np.isnan(values)]})
    chart = (
        alt.Chart(frame)
        .mark_bar(color=COLOURS[0])
        .encode(
            x=alt.X("score:Q", bin=alt.Bin(extent=[0, 1], step=0.1), title=title),
            y=alt.Y("count():Q", title="queries", axis=alt.Axis(tickMinStep=1, format="d")),
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
    chart = (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("qid:N", sort="-y", title="query", axis=alt.Axis(labelAngle=-45)),
            y=alt.Y("difference:Q", title="nDCG of B minus nDCG of A", axis=number_axis()),
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
