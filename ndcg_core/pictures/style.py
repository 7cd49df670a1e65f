"""The charts' shared style: the Okabe-Ito colours (distinguishable with the common
colour-vision deficiencies), an axis labelled by the app's one number rule, and chart text
sized for a projector."""

from __future__ import annotations

from typing import Any

import altair as alt

from ndcg_core.text.formatting import vega_format_expr

COLOURS = ("#0072B2", "#E69F00")  # Okabe-Ito blue and orange
CURVE_COLOUR = "#009E73"  # Okabe-Ito bluish green
CUTOFF_COLOUR = "#8C8C8C"  # over 3:1 against both the light and the dark background


def number_axis(**options: Any) -> alt.Axis:
    """An axis of values labelled by the app's number rule (0.200, never 0.2 or 0.200000),
    with any other axis ``options``."""
    return alt.Axis(labelExpr=vega_format_expr("datum.value"), **options)


#: Chart text on a projector: axis, legend and title text at least this many pixels.
PROJECTOR_FONT_SIZE = 16


def with_text_size(spec: dict[str, Any], font_size: int) -> dict[str, Any]:
    """``spec`` with its axis, legend and header text at ``font_size`` px and titles two
    pixels larger (a copy: the cached spec stays as it was).

    >>> with_text_size({"config": {"axis": {"grid": False}}}, 16)["config"]["axis"]
    {'grid': False, 'labelFontSize': 16, 'titleFontSize': 16}
    """
    text = {"labelFontSize": font_size, "titleFontSize": font_size}
    sizes = {"axis": text, "legend": text, "header": text, "title": {"fontSize": font_size + 2}}
    config = dict(spec.get("config", {}))
    for part, values in sizes.items():
        config[part] = {**config.get(part, {}), **values}
    return {**spec, "config": config}
