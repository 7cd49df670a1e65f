"""Reads and checks shared by the store's methods, each inside the caller's transaction."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom.db import answers, questions, students
from classroom.records import (
    ENDED,
    EXPIRED,
    NOT_IN_ROOM,
    Answer,
    ClassError,
    Question,
    QuestionState,
)

# A result row (its type's parameters differ between SQLAlchemy 2.0 and 2.1).
Row = Any


def check_live(room: Row, now: datetime, *, allow_ended: bool = False) -> None:
    if room.expires_at <= now:
        raise ClassError(EXPIRED)
    if room.ended and not allow_ended:
        raise ClassError(ENDED)


def next_number(connection: Connection, table: sa.Table, room_id: int) -> int:
    # Safe without a race: the caller holds the room's lock (its stamp was bumped).
    last = connection.execute(
        sa.select(sa.func.max(table.c.number)).where(table.c.room_id == room_id)
    ).scalar()
    return int(last or 0) + 1


def question_in(connection: Connection, room_id: int, question_id: int) -> Question:
    if not isinstance(question_id, int) or isinstance(question_id, bool):
        raise ClassError(NOT_IN_ROOM)
    if not 0 < question_id < 2**31:  # beyond the column's range: no such question
        raise ClassError(NOT_IN_ROOM)
    row = connection.execute(
        sa.select(questions).where(questions.c.id == question_id, questions.c.room_id == room_id)
    ).first()
    if row is None:  # the same words for "no such question" and "another room's question"
        raise ClassError(NOT_IN_ROOM)
    return question_from(row)


def question_from(row: Row) -> Question:
    return Question(
        int(row.id), int(row.number), row.kind, row.payload, cast(QuestionState, row.state)
    )


def answers_to(connection: Connection, question_id: int) -> list[Answer]:
    found = connection.execute(
        sa.select(
            answers.c.question_id,
            students.c.number,
            students.c.nickname,
            answers.c.value,
            answers.c.answered_at,
        )
        .join(students, students.c.id == answers.c.student_id)
        .where(answers.c.question_id == question_id)
        .order_by(answers.c.answered_at, answers.c.id)
    )
    return [Answer(int(r[0]), int(r[1]), r[2], r[3], r[4]) for r in found]
