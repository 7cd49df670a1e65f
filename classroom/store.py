"""The class-mode store: rooms, students, questions and answers, with the rules that keep
a class safe (who may do what, when). Pages call only this; see docs/class-mode.md.

Every method is one short transaction. A transaction that changes a room first bumps the
room's ``stamp``: on PostgreSQL that row lock puts the room's writes in a queue (so the
teacher closing a question and a student answering it cannot cross), on SQLite the write
lock taken at BEGIN does the same. Refusals raise :class:`ClassError` inside the
transaction, so nothing of a refused call is stored.

The methods live by job: rooms, students and questions in :mod:`classroom.store_rooms`,
answers and the summary in :mod:`classroom.store_answers`, the engine and the checks they
share in :mod:`classroom.store_base`.
"""

from __future__ import annotations

import functools

from classroom.db import database_url
from classroom.records import (
    DATABASE_DOWN,
    ENDED,
    EXPIRED,
    NOT_IN_ROOM,
    UNKNOWN_STUDENT,
    WRONG_TEACHER_KEY,
    Answer,
    ClassError,
    DatabaseDown,
    Question,
    QuestionState,
    Room,
    Student,
)
from classroom.store_answers import AnswersAndSummary
from classroom.store_rooms import ENDED_ROOM_KEPT, ROOM_LIFETIME, RoomsAndQuestions

__all__ = [
    "DATABASE_DOWN",
    "ENDED",
    "ENDED_ROOM_KEPT",
    "EXPIRED",
    "NOT_IN_ROOM",
    "ROOM_LIFETIME",
    "UNKNOWN_STUDENT",
    "WRONG_TEACHER_KEY",
    "Answer",
    "ClassError",
    "ClassStore",
    "DatabaseDown",
    "Question",
    "QuestionState",
    "Room",
    "Student",
]


@functools.lru_cache(maxsize=4)
def _store_for(url: str) -> ClassStore:
    # An engine is a process resource (a connection pool): one per URL per process.
    return ClassStore(url)


class ClassStore(RoomsAndQuestions, AnswersAndSummary):
    """Rooms, students, questions and answers in the class database."""

    @classmethod
    def from_settings(cls) -> ClassStore:
        """The store for ``NDCG_LAB_DATABASE_URL`` (else SQLite in ``NDCG_LAB_DATA_DIR``),
        made once per process."""
        return _store_for(database_url())
