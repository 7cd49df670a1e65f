"""Sessions share no mutable state: not through the pages, nor the modules they import.

Streamlit runs app.py and each page in a fresh module namespace on every run; the modules
they import (ndcg_core, components) live once per server and are shared by every session
(tests/core/test_purity.py keeps those free of mutable globals). Here every page runs in
two sessions with different lists, and each namespace they ran in is inspected: whatever
two sessions both hold must be immutable.
"""

from __future__ import annotations

import dataclasses
import importlib
import types
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from components.navigation import PAGES as DECLARED_PAGES
from tests.pages.conftest import open_app

ROOT = Path(__file__).resolve().parents[2]
PAGES = [page.path for page in DECLARED_PAGES]
MUTABLE = (list, dict, set, bytearray, pd.DataFrame, pd.Series, pd.Index, np.ndarray)
# Where Streamlit makes the module a script runs in (the entry script, then each page).
RUNNERS = ("streamlit.testing.v1.local_script_runner", "streamlit.navigation.page")


def _mutable(value: Any) -> bool:
    if isinstance(value, MUTABLE):
        return True
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return not type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
    return False


def _namespaces(monkeypatch: pytest.MonkeyPatch, query: dict[str, str]) -> dict[str, dict]:
    """Run app.py and every page in one session; each script's globals after its last run."""
    made: list[types.ModuleType] = []

    class Recording:
        def __getattr__(self, name: str) -> Any:
            return getattr(types, name)

        @staticmethod
        def ModuleType(name: str) -> types.ModuleType:  # named as in the types module
            module = types.ModuleType(name)
            made.append(module)
            return module

    for runner in RUNNERS:
        monkeypatch.setattr(importlib.import_module(runner), "types", Recording())
    at = open_app(query)
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, page
    monkeypatch.undo()
    namespaces: dict[str, dict] = {}
    for module in made:  # a later run of the same script replaces an earlier one
        name = str(Path(vars(module).get("__file__", "?")).relative_to(ROOT))
        namespaces[name] = dict(vars(module))
    return namespaces


def test_no_two_sessions_share_a_mutable_object_at_a_scripts_top_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = _namespaces(monkeypatch, {"g": "a=3, b=1", "k": "2"})
    second = _namespaces(monkeypatch, {"g": "0, 2, 2, 1", "gain": "exponential"})
    assert sorted(first) == sorted(second) == sorted(["app.py", *PAGES])
    shared = [
        f"{script}: {name}"
        for script, names in first.items()
        for name, value in names.items()
        if not name.startswith("__")  # the interpreter's own (__builtins__)
        and name in second[script]
        and second[script][name] is value
        and _mutable(value)
    ]
    assert not shared, f"mutable objects shared by two sessions: {shared}"
    # The check can see state: each session's pages hold mutable objects of their own.
    assert any(_mutable(v) for names in first.values() for v in names.values())
