"""The answers given on a Practice set, as one URL parameter, so a reload or a shared link
brings them back (and with them the score: a wrong first answer stays wrong after a reload).

Format, version 1 (only letters, digits and ``._-~``, so a link carries it unescaped)::

    answers = "1" *("~" entry)                      one entry per checked exercise
    entry   = number "_" checks ["h" rung] "_" first ["_" latest]
              latest only when it differs; rung, the help asked for before the first
              check (1 a hint, 2 one position worked, 3 the worked answer), only when any
    answer  = as the exercise's kind writes it (QuestionKind.write_answer):
              predict: the number, as Python writes it ("e+" as "e"), read by read_number
              reorder: each document's position in the exercise's list (from 0), top first,
                       joined by "."
              compare: the winner ("A" or "B") "." the index of the change that flips it
              spot:    the index of the pair

The link carries answers, never verdicts: the page works those out again with the
exercise's own check (:func:`ndcg_core.teaching.practice_scoring.attempts_of`), and an answer that
could not have been given on the page (a document twice, a pair that is not there) makes
the whole parameter unreadable.

>>> from ndcg_core.teaching.practice import exercise_set
>>> from ndcg_core.teaching.help_ladder import Rung
>>> from ndcg_core.teaching.practice_scoring import Answer, Answered, record_answer
>>> ex = exercise_set(1)
>>> given = {
...     ex[0].key: Answered(Answer(number=0.5), Answer(number=0.86), checks=2),
...     ex[1].key: record_answer(None, Answer(order=("D2", "D1", "D3", "D4", "D5"))),
...     ex[2].key: record_answer(None, Answer(winner="B", choice=2)),
...     ex[4].key: record_answer(None, Answer(number=0.7), Rung.HINT),
... }
>>> text = answers_to_param(ex, given)
>>> text
'1~1_2_0.5_0.86~2_1_1.0.2.3.4~3_1_B.2~5_1h1_0.7'
>>> answers_from_param(text, ex) == given
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from ndcg_core.errors import NdcgError
from ndcg_core.teaching.help_ladder import Rung
from ndcg_core.teaching.kinds.base import Answer, Exercise
from ndcg_core.teaching.practice_scoring import Answered
from ndcg_core.text.quoting import quoted

ANSWERS_PARAM = "answers"
VERSION = "1"
_ENTRY = re.compile(r"([0-9]{1,3})_([0-9]{1,9})(?:h([1-3]))?_([^_]+)(?:_([^_]+))?")


def answers_to_param(exercises: Sequence[Exercise], answered: Mapping[str, Answered]) -> str | None:
    """The ``answers`` parameter for the checked exercises of ``exercises`` (answers to
    other sets are left out); ``None`` when none is checked, so the link stays as it was.

    >>> from ndcg_core.teaching.practice import exercise_set
    >>> answers_to_param(exercise_set(1), {}) is None
    True
    """
    entries = []
    for exercise in exercises:
        record = answered.get(exercise.key)
        if record is None:
            continue
        checks = str(record.checks) + (f"h{record.help.value}" if record.help else "")
        fields = [str(exercise.number), checks, _write(exercise, record.first)]
        if record.latest != record.first:
            fields.append(_write(exercise, record.latest))
        entries.append("_".join(fields))
    return "~".join([VERSION, *entries]) if entries else None


def answers_from_param(text: str, exercises: Sequence[Exercise]) -> dict[str, Answered]:
    """The answers ``text`` gives, by exercise key; raise :class:`NdcgError` saying what is
    wrong when it is not version 1 or gives an answer the set's exercises cannot take.

    >>> from ndcg_core.teaching.practice import exercise_set
    >>> answers_from_param("1~9_1_0.5", exercise_set(1))
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The set has no exercise 9.
    """
    version, *entries = text.split("~")
    if version != VERSION:
        msg = f"They are not written in a form this app reads (version {quoted(version, 10)})."
        raise NdcgError(msg)
    by_number = {exercise.number: exercise for exercise in exercises}
    answered: dict[str, Answered] = {}
    for entry in entries:
        match = _ENTRY.fullmatch(entry)
        if match is None:
            msg = f"The part {quoted(entry, 30)} is not an exercise's answers."
            raise NdcgError(msg)
        number, checks, rung, first, latest = match.groups()
        exercise = by_number.get(int(number))
        if exercise is None:
            msg = f"The set has no exercise {int(number)}."
            raise NdcgError(msg)
        if exercise.key in answered:
            msg = f"They give exercise {exercise.number} twice."
            raise NdcgError(msg)
        record = Answered(
            first=_read(exercise, first),
            latest=_read(exercise, first if latest is None else latest),
            checks=int(checks),
            help=Rung.NONE if rung is None else Rung(int(rung)),
        )
        if record.checks < 1 or (record.checks == 1 and record.latest != record.first):
            msg = f"Exercise {exercise.number} has two answers from {record.checks} checks."
            raise NdcgError(msg)
        answered[exercise.key] = record
    return answered


def _write(exercise: Exercise, answer: Answer) -> str:
    return exercise.kind.write_answer(exercise, answer)


def _read(exercise: Exercise, text: str) -> Answer:
    """One answer to ``exercise``, only if the page could have given it."""
    where = f"Exercise {exercise.number}'s answer {quoted(text, 30)}"
    return exercise.kind.read_answer(exercise, text, where)
