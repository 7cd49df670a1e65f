"""The Playground's charts' templates as files the browser fetches from the app's own route
(:mod:`components.file_route`), not in each new session's messages.

A template is the Vega-Lite spec of the live view's three charts without their rows: it
depends on the chart's shape, the list's length and k, the width and the text size
(:func:`components.results.browser_chart_key`), never on a person's list, titles or text,
so one file serves every session that draws that layout. It was 26 KB of the 33 KB a new
Playground session's live view was sent: left out, a new session cost the server 3.0 ms
less (docs/performance.md); fetched from the route it costs about 0.5 ms, once per browser.
Without the route (``streamlit run app.py``), the template goes inline, once per view
(:func:`components.live_view.live_view`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from components.cache import shared_layout, shelve
from components.lab_files import gzipped, hashed_name, route_serving, route_url

PREFIX, SUFFIX = "chart-", ".json.gz"  # a template file's name, its content's hash between


def template_bytes(spec: Mapping[str, Any]) -> bytes:
    """A charts' spec without its rows, as the file holds it (JSON, keys sorted: one layout,
    one file name).

    >>> template_bytes({"width": 300, "datasets": {"points": [1]}, "$schema": "v6"})
    b'{"$schema":"v6","width":300}'
    """
    template = {key: value for key, value in spec.items() if key != "datasets"}
    return json.dumps(template, sort_keys=True, separators=(",", ":")).encode()


def template_file(spec: Mapping[str, Any]) -> tuple[str, bytes]:
    """The template file of ``spec``: its name (its content's hash) and its gzipped bytes.

    >>> template_file({"width": 300})[0]
    'chart-bdda67cf47a0.json.gz'
    """
    content = template_bytes(spec)
    return hashed_name(PREFIX, SUFFIX, content), gzipped(content)


def template_url(chart_key: Hashable, spec: Callable[[], Mapping[str, Any]]) -> str | None:
    """The address of the template of the charts ``chart_key`` names (``spec()`` makes them,
    rows and all) on the entry's route, made once per server and kept for the route by every
    run that sends it; None without the route (the caller sends it inline)."""
    if not route_serving():
        return None
    name, body = shared_layout("chart_file", chart_key, lambda: template_file(spec()))
    shelve(name, body)  # kept while in use: the store drops the least recently used
    return route_url(name)
