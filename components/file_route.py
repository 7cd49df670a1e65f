"""The route of the app's own entry (``asgi.py``) that sends files from memory: the live
view's library (:mod:`components.browser_library`) and the charts' templates the server's
store keeps (:mod:`components.chart_files`, :func:`components.cache.shelve`).

Streamlit's static route stats a file and reads it in a worker thread, a chunk at a time:
the library (286 KB gzipped) cost the server 3.3 ms of CPU per request there, this route
0.5-0.65 ms, as Streamlit's own ``/_stcore/health`` does (docs/performance.md, "Files from
memory on a route of our own"). Every answer is marked immutable: the name changes with
the content.
"""

from __future__ import annotations

import os

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from components.browser_library import library_body
from components.cache import shelved
from components.lab_files import IMMUTABLE, ROUTE, ROUTE_ENV


async def _file(request: Request) -> Response:
    name = request.path_params["name"]
    library, library_bytes = library_body()
    body = library_bytes if name == library else shelved(name)
    if body is None:  # an older library, a template this process never made, a guess
        return Response("Not found", status_code=404, media_type="text/plain")
    headers = {"Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff"}
    return Response(body, media_type="application/gzip", headers=headers)


def file_routes() -> list[BaseRoute]:
    """The routes for ``st.App(routes=...)``: a file's path, with or without a base URL path
    before it. Says to the pages of this process that they are there."""
    os.environ[ROUTE_ENV] = "1"
    return [
        Route(f"/{ROUTE}/{{name}}", _file, methods=["GET"]),
        Route(f"/{{base:path}}/{ROUTE}/{{name}}", _file, methods=["GET"]),
    ]
