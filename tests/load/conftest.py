"""Fixtures of the load tests: the app served as `make run` serves it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.serve import StreamlitProcess


@pytest.fixture
def app_server(tmp_path: Path) -> Iterator[StreamlitProcess]:
    """`streamlit run app.py` on a free loopback port; its log must hold no traceback."""
    server = StreamlitProcess("asgi.py", tmp_path / "app.log")
    try:
        server.wait_until_healthy()
        yield server
    finally:
        server.stop()
    log = server.log_path.read_text(encoding="utf-8")
    assert "Traceback" not in log, log
