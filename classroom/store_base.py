"""The class store's base: its engine, its clock, and the checks most store methods begin
with (the teacher's key, the student's token, the room's lock), each inside the caller's
transaction. The methods themselves, by job: :mod:`classroom.store_rooms` (rooms, students,
questions) and :mod:`classroom.store_answers` (answers and the summary); :mod:`classroom.store`
puts them together as ``ClassStore``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom import codes
from classroom.db import WRITE_OPTIONS, make_engine, migrate, rooms, students
from classroom.queries import Row, check_live
from classroom.records import UNKNOWN_STUDENT, WRONG_TEACHER_KEY, ClassError, plain_errors


class StoreBase:
    """A connection to the class database, and the checks its methods share."""

    @plain_errors
    def __init__(self, url: str, *, clock: Callable[[], datetime] | None = None) -> None:
        """Connect to ``url`` and bring its schema up to date. ``clock`` (tests only) gives
        the current time."""
        self._engine = make_engine(url)
        self._writer = self._engine.execution_options(**WRITE_OPTIONS)
        self._clock = clock or (lambda: datetime.now(UTC))
        migrate(self._engine)

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self._engine.dialect.name

    def dispose(self) -> None:
        """Close the pool's connections (tests, and before a process exits)."""
        self._engine.dispose()

    def _teacher_room(
        self,
        connection: Connection,
        teacher_key: str,
        *,
        lock: bool = False,
        allow_ended: bool = False,
    ) -> Row:
        if not isinstance(teacher_key, str) or not teacher_key.isascii():
            raise ClassError(WRONG_TEACHER_KEY)
        wanted = codes.digest(teacher_key)
        room = connection.execute(
            sa.select(rooms).where(rooms.c.teacher_key_hash == wanted)
        ).first()
        # The lookup is by hash (an index cannot compare in constant time); the key itself
        # is then checked with compare_digest.
        if room is None or not codes.same_digest(room.teacher_key_hash, teacher_key):
            raise ClassError(WRONG_TEACHER_KEY)
        if lock:
            self._lock(connection, room.id)
            room = connection.execute(sa.select(rooms).where(rooms.c.id == room.id)).one()
        check_live(room, self._clock(), allow_ended=allow_ended)
        return room

    def _student_row(self, connection: Connection, token: str) -> Row:
        if not isinstance(token, str) or not token.isascii():
            raise ClassError(UNKNOWN_STUDENT)
        found = connection.execute(
            sa.select(
                students.c.id,
                students.c.number,
                students.c.nickname,
                students.c.room_id,
                students.c.token_hash,
                rooms.c.code,
                rooms.c.ended,
                rooms.c.expires_at,
            )
            .join(rooms, rooms.c.id == students.c.room_id)
            .where(students.c.token_hash == codes.digest(token))
        ).first()
        if found is None or not codes.same_digest(found.token_hash, token):
            raise ClassError(UNKNOWN_STUDENT)
        check_live(found, self._clock())
        return found

    def _lock(self, connection: Connection, room_id: int) -> None:
        """Bump the room's stamp: the first write of every transaction that changes a room."""
        connection.execute(
            rooms.update().where(rooms.c.id == room_id).values(stamp=rooms.c.stamp + 1)
        )
