"""The class store's answers: a student's one answer to an open question, the class's
answers once revealed, and the teacher's counts and summary (see :mod:`classroom.store`)."""

from __future__ import annotations

from typing import cast

import sqlalchemy as sa

from classroom.db import answers, questions, students
from classroom.queries import answers_to, question_in
from classroom.records import Answer, ClassError, plain_errors
from classroom.store_base import StoreBase
from ndcg_core.errors import NdcgError
from ndcg_core.questions import class_rules
from ndcg_core.questions.class_questions import check_stored_answer


class AnswersAndSummary(StoreBase):
    """Answers in the class database, and what the teacher reads of them."""

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
