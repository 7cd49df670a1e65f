"""The guided lesson's pictures, as Vega-Lite specifications (plain dicts).

Each function takes the records of :mod:`ndcg_core.teaching.lesson_steps` and returns a spec for
``st.vega_lite_chart``; no number is computed here that the step records do not carry.
Colours are the Okabe-Ito palette used by :mod:`ndcg_core.pictures.charts`; a counted result and one
past the cutoff also differ in opacity, so colour never carries the meaning alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ndcg_core.teaching.lesson_steps import CardRow

BLUE, ORANGE, GREEN = "#0072B2", "#E69F00", "#009E73"
GREY = "#8C8C8C"  # over 3:1 against both the light and the dark background
_FONT = 16  # at least 16 px, for a projector too
_HEIGHT = 220


def short_title(title: str, limit: int = 18) -> str:
    """A card's title cut at its first comma, then to ``limit`` characters.

    >>> short_title("Forno Rosso, wood-fired pizza")
    'Forno Rosso'
    >>> short_title("How to make pizza dough at home")
    'How to make pizza…'
    """
    head = title.split(",", 1)[0].strip() or title
    return head if len(head) <= limit else head[: limit - 1].rstrip() + "…"


def _axis_label(row: CardRow) -> str:
    return f"{row.position}. {short_title(row.card.title)}"


def _config() -> dict[str, Any]:
    return {
        "axis": {"labelFontSize": _FONT, "titleFontSize": _FONT, "labelLimit": 220},
        "legend": {"labelFontSize": _FONT, "titleFontSize": _FONT, "labelLimit": 260},
        "view": {"stroke": None},
    }


def cg_chart(orders: Sequence[tuple[str, Sequence[CardRow]]]) -> dict[str, Any]:
    """CG as a stacked bar per order: each card adds its gain, whatever its place.

    ``orders`` pairs a name ("shown order") with that order's rows. Every bar has the same
    length, CG, because a sum does not depend on the order of its terms.

    >>> from ndcg_core.teaching.lesson_steps import step_grades
    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> rows = step_grades(story, story.shown_order).rows
    >>> spec = cg_chart([("shown", rows), ("reversed", rows[::-1])])
    >>> sum(v["gain"] for v in spec["data"]["values"] if v["order"] == "reversed")
    11.0
    """
    values = [
        {
            "order": name,
            "position": row.position,
            "card": f"{row.position}. {row.card.title}",
            "short": short_title(row.card.title, 12),
            "gain": row.gain,
        }
        for name, rows in orders
        for row in rows
    ]
    y = {"field": "order", "type": "nominal", "title": None, "sort": None}
    tooltip = [{"field": "card", "title": "result"}, {"field": "gain", "title": "gain"}]
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "data": {"values": values},
        "height": {"step": 44},
        "transform": [
            {
                "stack": "gain",
                "groupby": ["order"],
                "sort": [{"field": "position"}],
                "as": ["start", "end"],
            },
            {"calculate": "(datum.start + datum.end) / 2", "as": "middle"},
        ],
        "layer": [
            {
                # White edges show the cards each bar is made of; equal lengths, CG unmoved.
                "mark": {"type": "bar", "color": BLUE, "stroke": "white", "strokeWidth": 2},
                "encoding": {
                    "y": y,
                    "x": {"field": "start", "type": "quantitative", "title": "CG"},
                    "x2": {"field": "end"},
                    "tooltip": tooltip,
                },
            },
            {
                "transform": [{"filter": "datum.gain > 0"}],
                "mark": {"type": "text", "color": "white", "fontSize": _FONT, "fontWeight": "bold"},
                "encoding": {
                    "y": y,
                    "x": {"field": "middle", "type": "quantitative"},
                    "text": {"field": "gain", "format": "~g"},
                    "tooltip": tooltip,
                },
            },
        ],
        "config": _config(),
    }


def discount_chart(curve: Sequence[tuple[int, float]], rows: Sequence[CardRow]) -> dict[str, Any]:
    """The kept share 1/log2(i+1) against the position, each card marked where it stands.

    >>> from ndcg_core.teaching.lesson_steps import step_discount
    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> step = step_discount(story, story.shown_order)
    >>> spec = discount_chart(step.curve, step.rows)
    >>> [(v["result"], round(v["kept"], 3)) for v in spec["data"]["values"]][:2]
    [('1. Forno Rosso', 1.0), ('2. Slice Corner', 0.631)]
    """
    kept_at = dict(curve)
    points = [
        {
            "position": row.position,
            "result": _axis_label(row),
            "kept": kept_at[row.position],
            "share": f"{kept_at[row.position]:.0%}",
        }
        for row in rows
    ]
    # The x axis names each result at its place: the reader's own results on the curve.
    x = {
        "field": "result",
        "type": "ordinal",
        "sort": {"field": "position"},
        "title": "position i",
        "axis": {"labelAngle": -35, "labelOverlap": False, "labelLimit": 160},
    }
    y = {
        "field": "kept",
        "type": "quantitative",
        "title": "gain kept",
        "axis": {"format": ".0%", "tickCount": 5},
        "scale": {"domain": [0, 1.15], "nice": False},
    }
    tooltip = [{"field": "result"}, {"field": "share", "title": "keeps"}]
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "data": {"values": points},
        "height": _HEIGHT,
        "layer": [
            {
                "mark": {"type": "line", "color": GREEN, "strokeWidth": 3},
                "encoding": {"x": x, "y": y},
            },
            {
                "mark": {"type": "point", "filled": True, "size": 140, "color": GREEN},
                "encoding": {"x": x, "y": y, "tooltip": tooltip},
            },
            {
                # Up and to the right of each point: the falling curve comes in from the
                # upper left and leaves to the lower right, so it never crosses that corner.
                "mark": {
                    "type": "text",
                    "align": "left",
                    "baseline": "bottom",
                    "dx": 6,
                    "dy": -6,
                    "fontSize": _FONT,
                    "color": GREY,
                },
                "encoding": {"x": x, "y": y, "text": {"field": "share"}},
            },
        ],
        "config": _config(),
    }


def contribution_chart(rows: Sequence[CardRow]) -> dict[str, Any]:
    """Each card's gain (pale) and what it keeps at its position (solid): DCG term by term.

    Cards past the cutoff k (``row.counted`` false, rows at k: ``step_cutoff``) are grey:
    they add nothing to DCG@k.

    >>> from ndcg_core.teaching.lesson_steps import step_cutoff
    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> spec = contribution_chart(step_cutoff(story, story.shown_order, 3).rows)
    >>> [v["part"] for v in spec["data"]["values"]][:2]
    ['kept', 'kept']
    >>> [v["counts"] for v in spec["data"]["values"] if v["part"] == "kept"]
    ['counts', 'counts', 'counts', 'past k', 'past k', 'past k']
    """
    values: list[dict[str, Any]] = []
    for part in ("kept", "lost to the discount"):
        for row in rows:
            values.append(
                {
                    "result": _axis_label(row),
                    "position": row.position,
                    "part": part,
                    "value": row.contribution if part == "kept" else row.gain - row.contribution,
                    "gain": row.gain,
                    "kept": round(row.contribution, 3),
                    "counts": "counts" if row.counted else "past k",
                }
            )
    colour: dict[str, Any] = {
        "field": "part",
        "type": "nominal",
        "title": None,
        "scale": {"domain": ["kept", "lost to the discount"], "range": [BLUE, ORANGE]},
        # One entry a line: side by side, the two ran past a phone's edge ("lost to the").
        "legend": {"orient": "top", "direction": "vertical"},
    }
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "data": {"values": values},
        "height": {"step": 30},
        "mark": {"type": "bar"},
        "encoding": {
            "y": {
                "field": "result",
                "type": "nominal",
                "sort": {"field": "position"},
                "title": None,
            },
            "x": {
                "field": "value",
                "type": "quantitative",
                "stack": "zero",
                "title": "gain",
                "axis": {"tickMinStep": 1},
            },
            "color": colour,
            "order": {"field": "part", "sort": "ascending"},
            "opacity": {
                "field": "counts",
                "type": "nominal",
                "scale": {"domain": ["counts", "past k"], "range": [1, 0.25]},
                "legend": None,  # the page's caption says what pale means
            },
            "tooltip": [
                {"field": "result"},
                {"field": "gain"},
                {"field": "kept", "title": "kept"},
            ],
        },
        "config": _config(),
    }


def ndcg_bar(ndcg: float, *, label: str = "nDCG") -> dict[str, Any]:
    """nDCG as one bar: the share of the best possible DCG this order reaches.

    >>> spec = ndcg_bar(0.961)
    >>> [v["share"] for v in spec["data"]["values"]]
    [1.0, 0.961]
    """
    values = [
        {"what": "best possible (IDCG)", "share": 1.0},
        {"what": f"your order ({label})", "share": ndcg},
    ]
    return {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
        "data": {"values": values},
        "height": 110,
        "layer": [
            {
                "transform": [{"filter": "datum.share == 1"}],
                "mark": {"type": "bar", "color": GREY, "opacity": 0.3, "height": 36},
                "encoding": {"x": {"field": "share", "type": "quantitative"}},
            },
            {
                "transform": [{"filter": "datum.what != 'best possible (IDCG)'"}],
                "mark": {"type": "bar", "color": BLUE, "height": 36},
                "encoding": {
                    "x": {
                        "field": "share",
                        "type": "quantitative",
                        "title": "share of the best possible DCG",
                        "axis": {"format": ".0%", "values": [0, 0.25, 0.5, 0.75, 1]},
                        "scale": {"domain": [0, 1]},
                    },
                    "tooltip": [
                        {"field": "what", "title": "bar"},
                        {"field": "share", "format": ".1%"},
                    ],
                },
            },
        ],
        "config": _config(),
    }
