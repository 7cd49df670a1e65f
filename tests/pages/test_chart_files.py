"""The Playground's charts' template as a file on the app's own route
(components/chart_files.py): sent to the view as an address, kept in the server's store for
the route, and never holding a person's list or titles."""

from __future__ import annotations

import gzip
import json
from typing import Any

from components.cache import shelved
from components.chart_files import template_bytes, template_file
from components.lab_files import ROUTE_ENV
from components.results import browser_chart_spec
from ndcg_core import evaluate
from ndcg_core.text.titles import titles_to_param
from tests.pages.conftest import component_data, open_app

PLAYGROUND = "pages/playground.py"
SPEC = {"$schema": "v6", "vconcat": [{"mark": "line"}], "datasets": {"points": [{"x": 1}]}}


def test_a_template_file_is_its_spec_without_the_rows_named_by_its_hash() -> None:
    name, body = template_file(SPEC)
    assert json.loads(gzip.decompress(body)) == {"$schema": "v6", "vconcat": [{"mark": "line"}]}
    assert gzip.decompress(body) == template_bytes(SPEC)
    other_rows = {**SPEC, "datasets": {"points": [{"x": 2}]}}
    assert template_file(other_rows)[0] == name  # the rows are not in it
    assert template_file({**SPEC, "width": 300})[0] != name  # another layout, another file


def test_the_view_is_sent_the_templates_address_and_the_file_holds_no_titles(
    monkeypatch: Any,
) -> None:
    monkeypatch.setenv(ROUTE_ENV, "1")  # asgi.py's route is there
    labels = ("D1", "D2", "D3", "D4", "D5", "D6")
    titles = {"D1": "Pizzeria Da Michele", "D2": "Trattoria Sorbillo"}
    at = open_app({"g": "3, 2, 3, 0, 1, 2", "t": titles_to_param(labels, titles)}, PLAYGROUND)
    data = component_data(at, "lab_live")
    assert data is not None
    src = data["chart_src"]
    assert src.startswith("/lab-files/chart-")
    assert "vconcat" not in data["chart"]  # the template is not in the message
    body = shelved(src.rsplit("/", 1)[1])
    assert body is not None  # in the server's store, for the route to send
    written = gzip.decompress(body).decode()
    # The file is the template the page would have sent inline, without the rows.
    inline = browser_chart_spec(evaluate([3, 2, 3, 0, 1, 2]), room=700, points=False)
    assert set(json.loads(written)) == set(inline) - {"datasets"}
    for title in titles.values():
        assert title not in written
        assert title in json.dumps(data)  # the page did send them, in the view's own data


def test_without_the_route_the_template_goes_inline() -> None:
    at = open_app({"g": "3, 2, 3, 0, 1, 2"}, PLAYGROUND)
    data = component_data(at, "lab_live")
    assert data is not None
    assert data["chart_src"] is None
    assert "vconcat" in data["chart"]
    assert data["chart_reused"] is False
