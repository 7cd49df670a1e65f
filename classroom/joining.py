"""Joining a room, inside the store's transaction: one browser is one student.

A browser's student token is derived from the browser's secret name and the room
(:func:`classroom.codes.student_token`), so a browser that joins again (another tab, a
reload, the link opened once more) finds the student it made and gets the same token back,
whatever tab asks. Only a join that makes a new student is counted against the join limit.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom import codes
from classroom.db import rooms, students
from classroom.queries import Row, check_live, next_number
from classroom.records import ClassError, Student
from ndcg_core.text.quoting import quoted


def no_such_code(typed_code: str) -> str:
    return f"No class session has the code {quoted(typed_code)}; check the code your teacher shows."


def room_with_code(connection: Connection, typed_code: str) -> Row | None:
    return connection.execute(sa.select(rooms).where(rooms.c.code == typed_code)).first()


def students_own(connection: Connection, room: Row, client: str) -> Student | None:
    """The student ``client`` made in ``room``, if any (the room must be live)."""
    token = codes.student_token(client, room.id, room.code)
    found = connection.execute(
        sa.select(students.c.number, students.c.nickname).where(
            students.c.room_id == room.id, students.c.token_hash == codes.digest(token)
        )
    ).first()
    return None if found is None else Student(token, found.number, found.nickname, room.code)


def enter(
    connection: Connection,
    room: Row,
    client: str,
    address: str | None,
    nickname: str | None,
    *,
    now: datetime,
    lock: Callable[[Connection, int], None],
) -> Student:
    """``client``'s student in ``room``: the one it made before, else a new one numbered after
    the others (refused past the join limit). ``lock`` bumps the room's stamp."""
    check_live(room, now)
    mine = students_own(connection, room, client)
    if mine is not None:  # nothing changes in the room: no stamp, not counted
        return mine
    lock(connection, room.id)
    # Another tab of this browser may have joined between the read above and the lock.
    mine = students_own(connection, room, client)
    if mine is not None:
        return mine
    refusal = codes.join_refusal(connection, client, address, now)
    if refusal is not None:
        raise ClassError(refusal)
    token = codes.student_token(client, room.id, room.code)
    number = next_number(connection, students, room.id)
    connection.execute(
        students.insert().values(
            room_id=room.id,
            number=number,
            token_hash=codes.digest(token),
            nickname=nickname,
            joined_at=now,
        )
    )
    codes.record_join(connection, client, address, now)
    return Student(token, number, nickname, room.code)
