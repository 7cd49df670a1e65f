"""The class-mode store: rooms, students, questions and answers, with the rules that keep
a class safe (who may do what, when). Pages call only this; see docs/class-mode.md.

Every method is one short transaction. A transaction that changes a room first bumps the
room's ``stamp``: on PostgreSQL that row lock puts the room's writes in a queue (so the
teacher closing a question and a student answering it cannot cross), on SQLite the write
lock taken at BEGIN does the same. Refusals raise :class:`ClassError` inside the
transaction, so nothing of a refused call is stored.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom import codes, joining
from classroom.db import (
    WRITE_OPTIONS,
    answers,
    database_url,
    make_engine,
    migrate,
    questions,
    rooms,
    students,
)
from classroom.queries import (
    Row,
    answers_to,
    check_live,
    next_number,
    question_from,
    question_in,
)
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
    plain_errors,
)
from ndcg_core.errors import NdcgError
from ndcg_core.questions import class_rules
from ndcg_core.questions.class_questions import check_stored_answer

__all__ = [
    "DATABASE_DOWN",
    "ENDED",
    "EXPIRED",
    "NOT_IN_ROOM",
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

ROOM_LIFETIME = timedelta(days=1)
# An ended room is kept this long so the teacher can still download the summary.
ENDED_ROOM_KEPT = timedelta(hours=1)
CODE_ATTEMPTS = 8


@functools.lru_cache(maxsize=4)
def _store_for(url: str) -> ClassStore:
    # An engine is a process resource (a connection pool): one per URL per process.
    return ClassStore(url)


class ClassStore:
    """Rooms, students, questions and answers in the class database."""

    @classmethod
    def from_settings(cls) -> ClassStore:
        """The store for ``NDCG_LAB_DATABASE_URL`` (else SQLite in ``NDCG_LAB_DATA_DIR``),
        made once per process."""
        return _store_for(database_url())

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

    # Rooms ------------------------------------------------------------------------------

    @plain_errors
    def create_room(self) -> Room:
        """A new room with a fresh random join code and teacher key."""
        now = self._clock()
        self.purge_expired(now)
        teacher_key = codes.new_secret()
        for _ in range(CODE_ATTEMPTS):
            code = codes.new_join_code()
            try:
                with self._writer.begin() as connection:
                    connection.execute(
                        rooms.insert().values(
                            code=code,
                            teacher_key_hash=codes.digest(teacher_key),
                            created_at=now,
                            expires_at=now + ROOM_LIFETIME,
                            ended=False,
                            stamp=1,
                        )
                    )
            except sa.exc.IntegrityError:
                continue  # that code is in use by a live room: draw another
            return Room(code, teacher_key, now, now + ROOM_LIFETIME, ended=False)
        msg = "No free join code could be found; try again in a moment."
        raise ClassError(msg)

    @plain_errors
    def room_for_teacher(self, teacher_key: str) -> Room:
        """The teacher's room; ClassError if the key is wrong or the room ended or expired."""
        with self._engine.connect() as connection:
            room = self._teacher_room(connection, teacher_key)
        return Room(room.code, teacher_key, room.created_at, room.expires_at, room.ended)

    @plain_errors
    def end_room(self, teacher_key: str) -> None:
        """End the session now: students are refused from here on; the teacher can still read
        answers and the summary for ``ENDED_ROOM_KEPT``, then the room is purged."""
        now = self._clock()
        with self._writer.begin() as connection:
            room = self._teacher_room(connection, teacher_key, lock=True)
            connection.execute(
                rooms.update()
                .where(rooms.c.id == room.id)
                .values(ended=True, expires_at=min(room.expires_at, now + ENDED_ROOM_KEPT))
            )

    @plain_errors
    def purge_expired(self, now: datetime | None = None) -> int:
        """Delete rooms past their expiry (with their students, questions and answers) and
        forgotten wrong-code attempts; returns the number of rooms deleted."""
        now = now or self._clock()
        with self._writer.begin() as connection:
            # Students, questions and answers go with their room (ON DELETE CASCADE).
            deleted = connection.execute(rooms.delete().where(rooms.c.expires_at <= now))
            codes.forget_old_attempts(connection, now)
        return int(deleted.rowcount or 0)

    @plain_errors
    def change_stamp(self, room_code: str) -> int:
        """A number that grows on every change in the room (question opened, closed or
        revealed, answer stored, student joined, room ended): one indexed read, so pages can
        poll it every second or two and do nothing more while it stays the same."""
        with self._engine.connect() as connection:
            stamp = connection.execute(
                sa.select(rooms.c.stamp).where(rooms.c.code == room_code)
            ).scalar()
        if stamp is None:
            raise ClassError(ENDED)
        return int(stamp)

    # Students ---------------------------------------------------------------------------

    @plain_errors
    def join(
        self, code: str, nickname: str | None, client: str, *, address: str | None = None
    ) -> Student:
        """Join the room with join code ``code`` (as typed). ``client`` is the browser's secret
        random name (the page's cookie): the same client joining the room again gets its own
        student back (same number, same token). It and ``address`` (the network address, if
        known) are counted for the limits on wrong codes and on joins (``classroom.codes``)."""
        try:
            typed_code = class_rules.join_code(code)
            clean_nickname = class_rules.nickname(nickname)
        except NdcgError as error:
            raise ClassError(str(error)) from None
        now = self._clock()
        with self._writer.begin() as connection:
            refusal = codes.wrong_code_refusal(connection, client, address, now)
            if refusal is not None:
                raise ClassError(refusal)
            room = joining.room_with_code(connection, typed_code)
            if room is not None:
                return joining.enter(
                    connection, room, client, address, clean_nickname, now=now, lock=self._lock
                )
            codes.record_wrong_code(connection, client, address, now)
        # Raised after the commit, so the wrong code is counted.
        raise ClassError(joining.no_such_code(typed_code))

    @plain_errors
    def students_own(self, code: str, client: str) -> Student | None:
        """The student ``client`` (a browser's secret name) made in the room with join code
        ``code``, if any and the room is live: a read, nothing counted or changed."""
        try:
            typed_code = class_rules.join_code(code)
        except NdcgError:
            return None
        with self._engine.connect() as connection:
            room = joining.room_with_code(connection, typed_code)
            if room is None or room.ended or room.expires_at <= self._clock():
                return None
            return joining.students_own(connection, room, client)

    @plain_errors
    def student(self, token: str) -> Student:
        """The student holding ``token``; ClassError if unknown or the room is over."""
        with self._engine.connect() as connection:
            found = self._student_row(connection, token)
        return Student(token, found.number, found.nickname, found.code)

    # Questions ----------------------------------------------------------------------------

    @plain_errors
    def add_question(self, teacher_key: str, kind: str, payload: str) -> Question:
        """A new question in state ``draft``, numbered after the room's others."""
        try:
            kind, payload = class_rules.question_text(kind, payload)
        except NdcgError as error:
            raise ClassError(str(error)) from None
        with self._writer.begin() as connection:
            room = self._teacher_room(connection, teacher_key, lock=True)
            number = next_number(connection, questions, room.id)
            inserted = connection.execute(
                questions.insert()
                .values(
                    room_id=room.id,
                    number=number,
                    kind=kind,
                    payload=payload,
                    state="draft",
                    created_at=self._clock(),
                )
                .returning(questions.c.id)
            ).scalar_one()
        return Question(int(inserted), number, kind, payload, "draft")

    @plain_errors
    def open_question(self, teacher_key: str, question_id: int) -> Question:
        """Open a draft or closed question for answers; any other open question closes."""
        with self._writer.begin() as connection:
            room = self._teacher_room(connection, teacher_key, lock=True)
            question = question_in(connection, room.id, question_id)
            if question.state == "revealed":
                msg = "This question has been revealed; add it again to ask it once more."
                raise ClassError(msg)
            connection.execute(
                questions.update()
                .where(questions.c.room_id == room.id, questions.c.state == "open")
                .values(state="closed")
            )
            return self._set_state(connection, question, "open")

    @plain_errors
    def close_question(self, teacher_key: str, question_id: int) -> Question:
        """Stop taking answers to an open question."""
        with self._writer.begin() as connection:
            room = self._teacher_room(connection, teacher_key, lock=True)
            question = question_in(connection, room.id, question_id)
            if question.state != "open":
                msg = f"Only an open question can be closed; this one is {question.state}."
                raise ClassError(msg)
            return self._set_state(connection, question, "closed")

    @plain_errors
    def reveal_question(self, teacher_key: str, question_id: int) -> Question:
        """Show the right answer and the spread to students (closing the question first)."""
        with self._writer.begin() as connection:
            room = self._teacher_room(connection, teacher_key, lock=True)
            question = question_in(connection, room.id, question_id)
            if question.state == "draft":
                msg = "This question has not been asked yet: open it before revealing it."
                raise ClassError(msg)
            return self._set_state(connection, question, "revealed")

    @plain_errors
    def questions(self, teacher_key: str) -> list[Question]:
        """The room's questions in order (the teacher's list)."""
        with self._engine.connect() as connection:
            room = self._teacher_room(connection, teacher_key, allow_ended=True)
            found = connection.execute(
                sa.select(questions)
                .where(questions.c.room_id == room.id)
                .order_by(questions.c.number)
            )
            return [question_from(row) for row in found]

    @plain_errors
    def current_question(self, student_token: str) -> Question | None:
        """The latest question the teacher has opened (open, closed or revealed), if any."""
        with self._engine.connect() as connection:
            found = self._student_row(connection, student_token)
            row = connection.execute(
                sa.select(questions)
                .where(questions.c.room_id == found.room_id, questions.c.state != "draft")
                .order_by(questions.c.number.desc())
                .limit(1)
            ).first()
        return None if row is None else question_from(row)

    # Answers ------------------------------------------------------------------------------

    @plain_errors
    def submit_answer(self, student_token: str, question_id: int, value: str) -> bool:
        """Store the student's answer: True if stored, False if they had already answered
        (the first answer counts). ClassError if the question is not open, belongs to
        another room, or the room is over, or ``value`` is not the canonical text the page
        makes of an answer (``check_stored_answer``); nothing is stored then."""
        try:
            clean_value = class_rules.answer_value(value)
        except NdcgError as error:
            raise ClassError(str(error)) from None
        try:
            with self._writer.begin() as connection:
                found = self._student_row(connection, student_token)
                self._lock(connection, found.room_id)
                question = question_in(connection, found.room_id, question_id)
                if question.state == "draft":
                    msg = "This question is not open yet: wait for your teacher to open it."
                    raise ClassError(msg)
                if question.state != "open":
                    msg = "This question is closed: answers are no longer taken."
                    raise ClassError(msg)
                try:  # only the page's canonical text, so every stored answer reads back
                    check_stored_answer(question.kind, question.payload, clean_value)
                except NdcgError as error:
                    raise ClassError(str(error)) from None
                connection.execute(
                    answers.insert().values(
                        question_id=question.id,
                        student_id=found.id,
                        value=clean_value,
                        answered_at=self._clock(),
                    )
                )
        except sa.exc.IntegrityError:
            # The unique constraint answers_once: another request of this student won.
            if self.my_answer(student_token, question_id) is None:
                raise
            return False
        return True

    @plain_errors
    def my_answer(self, student_token: str, question_id: int) -> str | None:
        """The student's own stored answer to the question, if any."""
        with self._engine.connect() as connection:
            found = self._student_row(connection, student_token)
            question = question_in(connection, found.room_id, question_id)
            return cast(
                str | None,
                connection.execute(
                    sa.select(answers.c.value).where(
                        answers.c.question_id == question.id, answers.c.student_id == found.id
                    )
                ).scalar(),
            )

    @plain_errors
    def answers(self, teacher_key: str, question_id: int) -> list[Answer]:
        """Every answer to the question, first answered first (the teacher, any time)."""
        with self._engine.connect() as connection:
            room = self._teacher_room(connection, teacher_key, allow_ended=True)
            question = question_in(connection, room.id, question_id)
            return answers_to(connection, question.id)

    @plain_errors
    def revealed_answers(self, student_token: str, question_id: int) -> list[Answer]:
        """Every answer to the question, for a student: only once the teacher revealed it."""
        with self._engine.connect() as connection:
            found = self._student_row(connection, student_token)
            question = question_in(connection, found.room_id, question_id)
            if question.state != "revealed":
                msg = "The class's answers are shown once your teacher reveals them."
                raise ClassError(msg)
            return answers_to(connection, question.id)

    @plain_errors
    def answer_count(self, teacher_key: str, question_id: int) -> int:
        """How many students have answered the question."""
        with self._engine.connect() as connection:
            room = self._teacher_room(connection, teacher_key, allow_ended=True)
            question = question_in(connection, room.id, question_id)
            count = connection.execute(
                sa.select(sa.func.count()).where(answers.c.question_id == question.id)
            ).scalar_one()
        return int(count)

    @plain_errors
    def summary_rows(self, teacher_key: str) -> list[dict[str, object]]:
        """One row per answer (and one per question nobody answered) for the CSV download:
        question number, kind, student number (anonymous: no nickname), answer, time."""
        with self._engine.connect() as connection:
            room = self._teacher_room(connection, teacher_key, allow_ended=True)
            found = connection.execute(
                sa.select(
                    questions.c.number.label("question"),
                    questions.c.kind,
                    students.c.number.label("student"),
                    answers.c.value.label("answer"),
                    answers.c.answered_at,
                )
                .select_from(
                    questions.outerjoin(answers, answers.c.question_id == questions.c.id).outerjoin(
                        students, students.c.id == answers.c.student_id
                    )
                )
                .where(questions.c.room_id == room.id)
                .order_by(questions.c.number, students.c.number)
            )
            return [dict(row._mapping) for row in found]

    # Checks shared by the methods above ---------------------------------------------------

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

    def _set_state(
        self, connection: Connection, question: Question, state: QuestionState
    ) -> Question:
        connection.execute(
            questions.update().where(questions.c.id == question.id).values(state=state)
        )
        return Question(question.id, question.number, question.kind, question.payload, state)
