"""Two curves that score the same (Drawbacks, case 3) both show: the earlier one wider,
underneath, the later one dashed on top (the later line hid the earlier one entirely)."""

from __future__ import annotations

from typing import Any

import pandas as pd
import vl_convert

from ndcg_core.pictures.score_charts import curves_chart


def _marks(node: Any, kind: str, role: str) -> list[dict[str, Any]]:
    """The items of every ``kind`` mark with this role in a Vega scene graph, in order."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if node.get("marktype") == kind and node.get("role") == role:
            found.extend(node.get("items", []))
        for value in node.values():
            found.extend(_marks(value, kind, role))
    elif isinstance(node, list):
        for value in node:
            found.extend(_marks(value, kind, role))
    return found


def test_equal_curves_both_show_and_share_one_legend() -> None:
    frame = pd.DataFrame({"k": [1, 2, 3], "one": [1.0, 1.0, 1.0], "five": [1.0, 1.0, 1.0]})
    scene = vl_convert.vegalite_to_scenegraph(
        curves_chart(frame, x="k", y_title="nDCG@k").to_dict()
    )["scenegraph"]
    lines = _marks(scene, "line", "mark")
    by_colour = {item["stroke"]: item for item in lines}
    assert len(by_colour) == 2
    under, over = by_colour.values()  # drawn in this order: the first list underneath
    assert under["strokeWidth"] > over["strokeWidth"]
    assert not under.get("strokeDash") or under["strokeDash"] == [1, 0]
    assert over.get("strokeDash") not in (None, [1, 0])  # dashed: the one under shows through
    sizes = {item["fill"]: item["size"] for item in _marks(scene, "symbol", "mark")}
    assert sizes[under["stroke"]] > sizes[over["stroke"]]
    labels = [item["text"] for item in _marks(scene, "text", "legend-label")]
    assert labels == ["one", "five"]  # one legend for colour and dash, in the frame's order
