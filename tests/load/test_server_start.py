"""The server's start (asgi.py) freezes what it has imported out of the garbage collector's
full passes (components/server_start.py): checked in a fresh interpreter, as `make run`
starts one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COUNT = "import gc; before = gc.get_freeze_count(); import {module}; print(before, gc.get_freeze_count())"


def _frozen_around_import(module: str) -> tuple[int, int]:
    code = COUNT.format(module=module)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    before, after = done.stdout.split()
    return int(before), int(after)


def test_the_servers_start_freezes_the_modules_it_imported() -> None:
    before, after = _frozen_around_import("asgi")
    assert before == 0
    # Streamlit, pandas and Altair alone make far more than 10,000 objects.
    assert after > 10_000


def test_the_shells_server_starts_as_the_apps_does() -> None:
    assert _frozen_around_import("benchmarks.shell_asgi")[1] > 10_000
