"""Fixtures of the load tests: the app served as `make run` serves it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.serve import StreamlitProcess, wait_for_health


@contextlib.contextmanager
def serving(
    script: str, log_path: Path, env: dict[str, str] | None = None, base_path: str = ""
) -> Iterator[StreamlitProcess]:
    """`streamlit run <script>` on a free loopback port, healthy (under ``base_path``, if
    the server is given one), stopped by its pid; its log must hold no traceback."""
    server = StreamlitProcess(script, log_path, env)
    try:
        wait_for_health(server, f"{server.url}{base_path}")
        yield server
    finally:
        server.stop()
    log = server.log_path.read_text(encoding="utf-8")
    assert "Traceback" not in log, log


@pytest.fixture
def app_server(tmp_path: Path) -> Iterator[StreamlitProcess]:
    """`streamlit run asgi.py`, as `make run` starts it."""
    with serving("asgi.py", tmp_path / "app.log") as server:
        yield server
