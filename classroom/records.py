"""What the class store hands out and how it refuses: the records (frozen dataclasses), the
one error type and its sentences. ``classroom.store`` re-exports all of it."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, ParamSpec, TypeVar

import sqlalchemy as sa


class ClassError(Exception):
    """A refusal, with ``str(e)`` a sentence for a person: no repr, no SQL."""


class DatabaseDown(ClassError):
    """The database did not answer: nothing was refused, and the same call may work in a
    moment. Pages keep the key or token and try again; they offer no way to start over."""


@dataclass(frozen=True)
class Room:
    code: str  # short join code, 6 characters from class_rules.JOIN_CODE_ALPHABET
    teacher_key: str  # long random secret; the database keeps only its hash
    created_at: datetime
    expires_at: datetime  # created + ROOM_LIFETIME (or soon after ending)
    ended: bool


@dataclass(frozen=True)
class Student:
    token: str  # secret per student, kept by Join a class (session state, address bar)
    number: int  # 1, 2, 3... within the room: the anonymous id shown in summaries
    nickname: str | None
    room_code: str


QuestionState = Literal["draft", "open", "closed", "revealed"]


@dataclass(frozen=True)
class Question:
    id: int
    number: int  # 1, 2, 3... within the room
    kind: str  # opaque to the store; ndcg_core.questions.class_questions defines kinds
    payload: str  # JSON text made by the core; opaque to the store (length-capped)
    state: QuestionState


@dataclass(frozen=True)
class Answer:
    question_id: int
    student_number: int
    nickname: str | None
    value: str  # canonical text made by the core's parse; opaque to the store (length-capped)
    answered_at: datetime


WRONG_TEACHER_KEY = (
    "This teacher link is not valid: copy the whole link again, or start a new class session."
)
UNKNOWN_STUDENT = (
    "This browser is not in a class session (or the session is over): "
    "join with the code your teacher shows."
)
NOT_IN_ROOM = "That question is not part of this class session."
ENDED = "This class session has ended."
EXPIRED = "This class session has expired (a session lasts a day); start a new one."


DATABASE_DOWN = "The class database is not answering; try again in a moment."
_logger = logging.getLogger("classroom.store")
_P = ParamSpec("_P")
_T = TypeVar("_T")


def plain_errors(method: Callable[_P, _T]) -> Callable[_P, _T]:
    """A database that is down, locked past the busy timeout or out of connections becomes a
    ClassError with a plain sentence; the details (which name hosts and SQL) go to the log."""

    @functools.wraps(method)
    def wrapped(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        try:
            return method(*args, **kwargs)
        except (sa.exc.OperationalError, sa.exc.InterfaceError, sa.exc.TimeoutError) as error:
            _logger.warning("class database error in %s: %s", method.__name__, error)
            raise DatabaseDown(DATABASE_DOWN) from error

    return wrapped
