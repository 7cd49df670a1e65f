"""Every class-store test runs twice: on an SQLite file and on a real PostgreSQL server (the
throwaway cluster of tests/conftest.py, started once per run by scripts/pg_throwaway.py; a
missing PostgreSQL is an error, never a skip)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from classroom.store import ClassStore
from tests.classroom.support import Clock, emptied

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.db'}"
    return emptied(request.getfixturevalue("postgres_server"))


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(database_url: str, clock: Clock) -> Iterator[ClassStore]:
    made = ClassStore(database_url, clock=clock)
    yield made
    made.dispose()
