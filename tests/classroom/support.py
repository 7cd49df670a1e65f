"""Helpers shared by the class-store tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import sqlalchemy as sa


class Clock:
    """The store's idea of now, moved by the test (rooms expire after a day)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **duration: float) -> None:
        self.now += timedelta(**duration)


def count_rows(store_url: str, table: str) -> int:
    """Rows in a table, read with a connection of its own (what another process sees)."""
    engine = sa.create_engine(store_url, poolclass=sa.pool.NullPool)
    try:
        return RowCounter(engine)(table)
    finally:
        engine.dispose()


class RowCounter:
    """``count_rows`` for a test that counts often: one connection pool of its own."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def __call__(self, table: str) -> int:
        with self.engine.connect() as connection:
            query = sa.select(sa.func.count()).select_from(sa.table(table))
            return int(connection.execute(query).scalar_one())


def emptied(url: str) -> str:
    """The database at ``url`` with nothing in it (an SQLite file is deleted)."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() == "sqlite":
        for suffix in ("", "-wal", "-shm"):
            Path(f"{parsed.database}{suffix}").unlink(missing_ok=True)
        return url
    engine = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.execute(sa.text("DROP SCHEMA public CASCADE"))
            connection.execute(sa.text("CREATE SCHEMA public"))
    finally:
        engine.dispose()
    return url
