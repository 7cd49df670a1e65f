"""The live view's charts' template: on the app's own entry (asgi.py), a file the browser
fetches from its route, the view's messages holding its address and the rows
(components/chart_files.py); under `streamlit run app.py`, sent to a view once, then only the
rows (components/live_view.py). Seen on a real server through the load client
(benchmarks/load_session.py), which sends what a browser sends."""

from __future__ import annotations

import gzip
import json
import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks.load_checks import component_data
from benchmarks.load_session import Session
from components.lab_files import IMMUTABLE
from scripts.serve import StreamlitProcess
from tests.load.conftest import serving
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
                "src": data["chart_src"],
                "template": "vconcat" in chart,
                "datasets": sorted(chart["datasets"]),
                "bytes": len(json.dumps(data)),
            }
    msg = "no live view in this run"
    raise AssertionError(msg)


def _views(url: str) -> list[dict[str, Any]]:
    """The view as opened, after a list of the same shape, after asking for everything, and
    after a shorter list."""

    async def scenario() -> list[dict[str, Any]]:
        session = Session(url, "ndcg", random.Random(5), start="playground")
        await session.connect()
        try:
            assert (await session.load()).error == ""  # fetching what a browser fetches
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

    return run_async(scenario)


def _fetched(url: str) -> dict[str, Any]:
    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.status == 200
        assert response.headers.get("Cache-Control") == IMMUTABLE
        loaded: dict[str, Any] = json.loads(gzip.decompress(response.read()))
        return loaded


def test_the_template_is_a_file_each_layout_its_own(app_server: StreamlitProcess) -> None:
    opened, typed, refreshed, shorter = _views(app_server.url)
    # Opened: the template's address and the rows; the template is not in the message.
    assert opened["src"].startswith("/lab-files/chart-")
    assert (opened["template"], opened["reused"]) == (False, True)
    template = _fetched(app_server.url + opened["src"])
    assert "vconcat" in template
    assert "datasets" not in template  # the rows are the session's, never in the file
    assert opened["bytes"] < 12_000  # it was 33,800 with the template in it
    # The same shape, or everything asked for again: the same file.
    assert typed["src"] == refreshed["src"] == opened["src"]
    assert not typed["template"]
    assert not refreshed["template"]
    # Another shape: another file, and it is there.
    assert shorter["src"] != opened["src"]
    assert "vconcat" in _fetched(app_server.url + shorter["src"])


@pytest.fixture
def server_without_files(tmp_path: Path) -> Iterator[StreamlitProcess]:
    """`streamlit run app.py`: the app without its entry's route."""
    with serving("app.py", tmp_path / "app.log") as server:
        yield server


def test_without_the_route_the_template_goes_once_then_the_rows(
    server_without_files: StreamlitProcess,
) -> None:
    opened, typed, refreshed, shorter = _views(server_without_files.url)
    assert (opened["template"], opened["reused"], opened["src"]) == (True, False, None)
    # The same shape: only the rows of the order-free datasets (none without a cutoff) and
    # the template's name, a seventh of the bytes.
    assert (typed["template"], typed["reused"], typed["id"]) == (False, True, opened["id"])
    assert typed["datasets"] == []
    assert typed["bytes"] < opened["bytes"] / 4
    # A view that asks for everything (it was drawn anew) gets the template again.
    assert (refreshed["template"], refreshed["reused"]) == (True, False)
    assert (shorter["template"], shorter["reused"]) == (True, False)
    assert shorter["id"] != opened["id"]
