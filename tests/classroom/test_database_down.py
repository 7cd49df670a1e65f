"""When the database cannot answer (locked past the wait, or not there at all), the store
refuses with a plain sentence, never the driver's message (which names hosts and SQL)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from classroom import db
from classroom.store import DATABASE_DOWN, ClassError, ClassStore


def test_a_room_locked_past_the_wait_is_refused_in_plain_words(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(db, "LOCK_WAIT_MS", 300)
    store = ClassStore(database_url)
    room = store.create_room()
    holder = sa.create_engine(database_url)
    with holder.connect() as connection:
        # Another process holding the room's lock (SQLite: the whole file) and not letting go.
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN EXCLUSIVE")
        else:
            connection.execute(
                sa.select(db.rooms.c.id).where(db.rooms.c.code == room.code).with_for_update()
            )
        with pytest.raises(ClassError) as refused:
            store.join(room.code, None, client="c")
        assert str(refused.value) == DATABASE_DOWN
        connection.rollback()
    holder.dispose()
    assert store.join(room.code, None, client="c").number == 1  # and works again after
    store.dispose()


@pytest.mark.parametrize(
    "url",
    [
        "sqlite:////nonexistent-folder-ndcg/class.db",
        "postgresql+psycopg://postgres@/ndcg_lab?host=/nonexistent-folder-ndcg&port=5432",
    ],
)
def test_a_database_that_is_not_there_is_refused_in_plain_words(url: str) -> None:
    with pytest.raises(ClassError) as refused:
        ClassStore(url)
    assert str(refused.value) == DATABASE_DOWN
