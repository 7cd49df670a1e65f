"""Where the app's own entry (``asgi.py``) serves files from memory: the live view's library
and the charts' templates (:mod:`components.chart_files`), which the server's store keeps
(:func:`components.cache.shelve`).

The entry adds a route (:mod:`components.file_route`, through Streamlit's public ``st.App``)
and sets :data:`ROUTE_ENV`, so that pages send the route's addresses. Under ``streamlit run
app.py`` (tests, the demo apps) there is no route: the library is a file in the static
folder and a template goes inline.

A file's name holds its content's hash, so a name is only ever one content and the answer
is marked immutable (:data:`IMMUTABLE`): a browser that has it never asks again.
"""

from __future__ import annotations

import gzip
import hashlib
import os

import streamlit as st

ROUTE = "lab-files"  # the route's path, under the base URL path
ROUTE_ENV = "NDCG_LAB_FILE_ROUTE"  # set to "1" by the entry: the route is there
IMMUTABLE = "public, max-age=31536000, immutable"  # a year: the name changes with the content


def route_serving() -> bool:
    """Whether this server is the app's own entry, whose route serves files from memory."""
    return os.environ.get(ROUTE_ENV) == "1"


def route_url(name: str) -> str:
    """The path of the file ``name`` on the entry's route (under the base URL path).

    >>> route_url("library-x.js.gz")
    '/lab-files/library-x.js.gz'
    """
    base = str(st.get_option("server.baseUrlPath") or "").strip("/")
    return "/".join(["", *([base] if base else []), ROUTE, name])


def hashed_name(prefix: str, suffix: str, content: bytes) -> str:
    """A file's name: ``prefix``, the first 12 hex digits of its content's SHA-256, ``suffix``
    (a new content is a new name, so a browser never takes an old file from its cache).

    >>> hashed_name("library-", ".js.gz", b"x")
    'library-2d711642b726.js.gz'
    """
    return f"{prefix}{hashlib.sha256(content).hexdigest()[:12]}{suffix}"


def gzipped(content: bytes) -> bytes:
    """``content`` as the files are sent: gzipped once, at the smallest size, with no
    timestamp (the same content, the same bytes)."""
    return gzip.compress(content, compresslevel=9, mtime=0)
