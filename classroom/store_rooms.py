"""The class store's rooms, students and questions: making and ending a room, joining it,
and the teacher's questions from draft to revealed (see :mod:`classroom.store`)."""

from __future__ import annotations

from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom import codes, joining
from classroom.db import questions, rooms
from classroom.queries import next_number, question_from, question_in
from classroom.records import (
    ENDED,
    ClassError,
    Question,
    QuestionState,
    Room,
    Student,
    plain_errors,
)
from classroom.store_base import StoreBase
from ndcg_core.errors import NdcgError
from ndcg_core.questions import class_rules

ROOM_LIFETIME = timedelta(days=1)
# An ended room is kept this long so the teacher can still download the summary.
ENDED_ROOM_KEPT = timedelta(hours=1)
CODE_ATTEMPTS = 8


class RoomsAndQuestions(StoreBase):
    """Rooms, students and questions in the class database."""

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

    def _set_state(
        self, connection: Connection, question: Question, state: QuestionState
    ) -> Question:
        connection.execute(
            questions.update().where(questions.c.id == question.id).values(state=state)
        )
        return Question(question.id, question.number, question.kind, question.payload, state)
