"""Each core module imports on its own, whatever was imported before: a cycle between two
modules can hide while every caller happens to import them in the order that works
(``practice_checks`` imported first failed on a cycle through ``kinds``)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import pytest

import ndcg_core

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(ndcg_core.__path__, prefix="ndcg_core.")
    if not info.name.rsplit(".", 1)[-1].startswith("__")
)


@pytest.mark.parametrize("name", MODULES)
def test_the_module_imports_first(name: str) -> None:
    kept = {key: value for key, value in sys.modules.items() if key.startswith("ndcg_core")}
    for key in kept:
        del sys.modules[key]
    try:
        importlib.import_module(name)  # first, as a script importing only it would
    finally:
        for key in [key for key in sys.modules if key.startswith("ndcg_core")]:
            del sys.modules[key]
        sys.modules.update(kept)  # the other tests keep the classes they already hold
