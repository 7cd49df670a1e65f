"""Shared test settings."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from playwright.sync_api import Browser, sync_playwright

from scripts.pg_throwaway import throwaway_postgres
from tests.examples import QUICK_EXAMPLES, quick_check

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# No per-example deadline: the exact (decimal) path and a loaded CI machine are slow, not wrong.
# CI runs a fixed, reproducible set of examples; a developer's run explores new ones.
settings.register_profile("dev", deadline=None, max_examples=100)
settings.register_profile("ci", deadline=None, max_examples=200, derandomize=True)
# `make check`, the quick check while working (NDCG_QUICK_CHECK=1): a few examples, the same
# ones each time, also for tests with a budget of their own (tests/examples.py).
settings.register_profile("quick", deadline=None, max_examples=QUICK_EXAMPLES, derandomize=True)
settings.load_profile("quick" if quick_check() else "ci" if os.environ.get("CI") else "dev")


# Markers by folder, and `database` by what a test asks for, so a new test cannot forget them:
# `pytest -m "not browser and not load and not packaging and not database and not slow"`
# is the quick run while working (`make check`, docs/development.md; `slow` is set by hand on
# a test of seconds); `make test` and CI run everything.
_FOLDER_MARKERS = {
    "browser": pytest.mark.browser,
    "load": pytest.mark.load,
    "packaging": pytest.mark.packaging,
}


def _needs_postgres(item: pytest.Item) -> bool:
    """A test that runs on the throwaway PostgreSQL server: it asks for the server, or it
    is the "postgresql" case of a test run on both databases (the fixture's parameter)."""
    if "postgres_server" in getattr(item, "fixturenames", ()):
        return True
    callspec = getattr(item, "callspec", None)
    return callspec is not None and "postgresql" in callspec.params.values()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        folder = item.path.parent.name
        if folder in _FOLDER_MARKERS:
            item.add_marker(_FOLDER_MARKERS[folder])
        if _needs_postgres(item):
            item.add_marker(pytest.mark.database)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the whole run (scripts/pg_throwaway.py): its URL.
    A missing PostgreSQL is an error, never a skip (scripts/ensure_postgres.sh installs it)."""
    with throwaway_postgres() as url:
        yield url


# One Chromium for the whole run, for the browser tests and the load tests that drive pages:
# Playwright's sync API keeps one event loop per thread, so a second sync_playwright() while
# this one lives fails ("Sync API inside the asyncio loop").
@pytest.fixture(scope="session")
def chromium_path() -> Path:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium "
            "(scripts/ensure_chromium.sh installs it; make test runs that)."
        )
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium_path: Path) -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(chromium_path), args=CHROMIUM_ARGS, headless=True
        )
        yield launched
        launched.close()
