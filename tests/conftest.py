"""Shared test settings."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# No per-example deadline: the exact (decimal) path and a loaded CI machine are slow, not wrong.
# CI runs a fixed, reproducible set of examples; a developer's run explores new ones.
settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("ci", deadline=None, max_examples=200, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# Markers by folder, so a new test file cannot forget them: `pytest -m "not browser and not load"`
# is the quick run while working (docs/development.md); `make test` and CI run everything.
_FOLDER_MARKERS = {"browser": pytest.mark.browser, "load": pytest.mark.load}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        folder = item.path.parent.name
        if folder in _FOLDER_MARKERS:
            item.add_marker(_FOLDER_MARKERS[folder])
