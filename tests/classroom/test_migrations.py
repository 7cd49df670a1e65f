"""The schema is made on start, recorded in schema_version, and brought up from any older
version by the numbered migrations; on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa

from classroom import codes, db
from classroom.store import ClassError, ClassStore
from tests.classroom.support import emptied


def _versions(url: str) -> list[int]:
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        found = list(connection.execute(sa.select(db.schema_version.c.version)).scalars())
    engine.dispose()
    return sorted(found)


def test_a_new_database_gets_every_migration_once(database_url: str) -> None:
    ClassStore(database_url).dispose()
    ClassStore(database_url).dispose()  # a second start changes nothing
    assert _versions(database_url) == list(range(1, db.CURRENT_VERSION + 1))
    assert db.CURRENT_VERSION >= 2


def test_a_version_1_database_with_a_class_in_it_is_brought_up_to_date(
    database_url: str,
) -> None:
    engine = db.make_engine(database_url)
    assert db.migrate(engine, target=1) == 1
    assert not sa.inspect(engine).has_table("join_attempts")
    now = datetime.now(UTC)
    teacher_key = codes.new_secret()
    with engine.begin() as connection:  # a class running when the app was upgraded
        room_id = connection.execute(
            db.rooms.insert()
            .values(
                code="K7M2QX",
                teacher_key_hash=codes.digest(teacher_key),
                created_at=now,
                expires_at=now + timedelta(hours=2),
                ended=False,
                stamp=1,
            )
            .returning(db.rooms.c.id)
        ).scalar_one()
        connection.execute(
            db.questions.insert().values(
                room_id=room_id,
                number=1,
                kind="predict",
                payload="{}",
                state="open",
                created_at=now,
            )
        )
    engine.dispose()

    store = ClassStore(database_url)
    assert _versions(database_url) == list(range(1, db.CURRENT_VERSION + 1))
    (question,) = store.questions(teacher_key)
    student = store.join("k7m2qx", "Ada", client="c")
    assert store.submit_answer(student.token, question.id, "0.5")
    # Version 2's table, the wrong-code count, works on the upgraded database.
    for _ in range(codes.WRONG_CODES_ALLOWED):
        with pytest.raises(ClassError, match="No class session"):
            store.join("ABCDEF", None, client="guesser")
    with pytest.raises(ClassError, match="try again in"):
        store.join("K7M2QX", None, client="guesser")
    store.dispose()


def _start_together(url: str, starts: int) -> list[str]:
    """Open ``starts`` stores on ``url`` at the same moment; the database errors raised."""
    barrier = threading.Barrier(starts)
    failures: list[str] = []

    def start() -> None:
        barrier.wait()
        try:
            ClassStore(url).dispose()
        except sa.exc.DBAPIError as error:
            failures.append(str(error.orig))

    threads = [threading.Thread(target=start) for _ in range(starts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failures


@pytest.mark.slow  # starts processes
def test_processes_starting_together_on_an_empty_database_migrate_it_once(
    database_url: str,
) -> None:
    # The race is short: try it on several new databases (an SQLite file is cheap to make).
    rounds = 60 if database_url.startswith("sqlite") else 8
    for _ in range(rounds):
        assert _start_together(emptied(database_url), starts=6) == []
        assert _versions(database_url) == list(range(1, db.CURRENT_VERSION + 1))
