"""Helpers shared by the class-store tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

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
    engine = sa.create_engine(store_url)
    try:
        with engine.connect() as connection:
            return int(
                connection.execute(
                    sa.select(sa.func.count()).select_from(sa.table(table))
                ).scalar_one()
            )
    finally:
        engine.dispose()
