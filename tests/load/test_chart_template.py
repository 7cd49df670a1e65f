"""The live view's charts' template goes to a view once, then only their rows
(components/live_view.py): seen on a real server through the load client
(benchmarks/load_session.py), which sends what a browser sends."""

from __future__ import annotations

import json
import random
from typing import Any

from benchmarks.load_session import Session, component_data
from scripts.serve import StreamlitProcess
from tests.load.support import run_async

LIVE = "lab_live"


def _view(session: Session) -> dict[str, Any]:
    """What this run sent the live view, and how many bytes."""
    for element in session.elements:
        if element.WhichOneof("type") == "bidi_component" and element.bidi_component.id.endswith(
            f"-{LIVE}"
        ):
            data = component_data(element)
            assert isinstance(data, dict)
            chart = data["chart"]
            return {
                "id": data["chart_id"],
                "reused": data["chart_reused"],
                "template": "vconcat" in chart,
                "datasets": sorted(chart["datasets"]),
                "bytes": len(json.dumps(data)),
            }
    msg = "no live view in this run"
    raise AssertionError(msg)


def test_the_template_goes_once_then_the_rows(app_server: StreamlitProcess) -> None:
    async def scenario() -> list[dict[str, Any]]:
        session = Session(app_server.url, "ndcg", random.Random(5), start="playground")
        await session.connect()
        try:
            await session.load()
            seen = [_view(session)]
            await session.type_grades([1, 0, 3, 2, 2, 1])  # six again: the same charts' shape
            seen.append(_view(session))
            assert (await session.ask_for_everything()).error == ""
            seen.append(_view(session))
            await session.type_grades([1, 0, 3, 2, 2])  # five: another shape
            seen.append(_view(session))
        finally:
            await session.close()
        return seen

    opened, typed, refreshed, shorter = run_async(scenario)
    assert (opened["template"], opened["reused"]) == (True, False)
    # The same shape: only the rows of the order-free datasets (none without a cutoff) and
    # the template's name, a seventh of the bytes.
    assert (typed["template"], typed["reused"], typed["id"]) == (False, True, opened["id"])
    assert typed["datasets"] == []
    assert typed["bytes"] < opened["bytes"] / 4
    # A view that asks for everything (it was drawn anew) gets the template again.
    assert (refreshed["template"], refreshed["reused"]) == (True, False)
    assert (shorter["template"], shorter["reused"]) == (True, False)
    assert shorter["id"] != opened["id"]
