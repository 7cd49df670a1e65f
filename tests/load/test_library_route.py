"""The app's own entry (asgi.py, `make run`) sends the live view's library from memory on a
route of its own (components/file_route.py): seen on a real server, with and without a
base URL path, as a browser asks for it."""

from __future__ import annotations

import gzip
import random
import urllib.error
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest

from benchmarks.load_checks import LIBRARY_LOADER, fetched_files
from benchmarks.load_session import Session
from components.browser_library import (
    LIBRARY_JS,
    LOADER_NAME,
    PREFIX,
    VEGA_JS,
    library_file_name,
)
from components.lab_files import IMMUTABLE
from scripts.serve import StreamlitProcess
from tests.load.conftest import serving
from tests.load.support import run_async


def _get(url: str, method: str = "GET") -> tuple[int, Message, bytes]:
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, reply.headers, reply.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def _loader_src(url: str) -> str:
    """The address of the library the Playground has loaded, in a session as a browser's."""

    async def scenario() -> str:
        session = Session(url, "ndcg", random.Random(3), start="playground")
        await session.connect()
        try:
            assert (await session.load()).error == ""  # which fetches it, as a browser does
            for element in session.elements:
                library = [src for src in fetched_files(element) if f"/{PREFIX}" in src]
                if library:
                    return library[0]
        finally:
            await session.close()
        msg = "no library in the Playground's first run"
        raise AssertionError(msg)

    return run_async(scenario)


def test_the_load_client_knows_the_loader_by_the_apps_name() -> None:
    # The client imports none of the app's components: its copy of the name must agree.
    assert LIBRARY_LOADER == LOADER_NAME


def test_the_library_comes_from_the_route_once_for_good(app_server: StreamlitProcess) -> None:
    name = library_file_name()
    assert _loader_src(app_server.url) == f"/lab-files/{name}"
    status, headers, body = _get(f"{app_server.url}/lab-files/{name}")
    assert status == 200
    # The library, then Vega's part for the first chart: two gzip members, one file.
    assert gzip.decompress(body) == (LIBRARY_JS + VEGA_JS).encode()
    assert headers["Cache-Control"] == IMMUTABLE  # the name changes with the content
    assert headers["Content-Type"] == "application/gzip"
    # Another name (an older library, a guess) is not there; nor is any other method.
    assert _get(f"{app_server.url}/lab-files/library-000000000000.js.gz")[0] == 404
    assert _get(f"{app_server.url}/lab-files/{name}", "POST")[0] == 405


@pytest.fixture
def server_under_a_path(tmp_path: Path) -> Iterator[StreamlitProcess]:
    """asgi.py behind a base URL path, as a proxy serving it at /lab/ would have it."""
    env = {"STREAMLIT_SERVER_BASE_URL_PATH": "lab"}
    with serving("asgi.py", tmp_path / "app.log", env, base_path="/lab") as server:
        yield server


def test_under_a_base_path_the_route_is_there_too(server_under_a_path: StreamlitProcess) -> None:
    name = library_file_name()
    status, _, body = _get(f"{server_under_a_path.url}/lab/lab-files/{name}")
    assert status == 200
    assert gzip.decompress(body) == (LIBRARY_JS + VEGA_JS).encode()
