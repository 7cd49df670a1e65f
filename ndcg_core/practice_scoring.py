"""Scoring a Practice set: only the first check of an exercise counts.

A wrong first answer reveals the answer, so the exercise is then done; checks after the first
are practice and are never scored. The exercises and their checks are in
:mod:`ndcg_core.practice`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ndcg_core.practice import Exercise, Feedback


@dataclass(frozen=True)
class Attempts:
    """The checks of one exercise: the first is scored, every later one is practice.

    ``first`` is the feedback on the first check, ``latest`` on the most recent, and
    ``checks`` how many there were. Once checked, an exercise is done: a wrong first answer
    reveals the answer, so typing it back in proves nothing.
    """

    first: Feedback
    latest: Feedback
    checks: int = 1

    @property
    def scored(self) -> bool:
        """Whether this exercise adds a point: its first answer was right."""
        return self.first.correct

    @property
    def practice(self) -> bool:
        """Whether ``latest`` came after the scored check (so it did not count)."""
        return self.checks > 1

    @property
    def message(self) -> str:
        """What to say about the latest check: its feedback, marked when it was practice."""
        if self.practice:
            return f"{self.latest.message} (Practice: not scored.)"
        return self.latest.message

    @property
    def status(self) -> str:
        """One line for the exercise once it is done, e.g. ``Done: right first time.``"""
        if self.scored:
            return "Done: right first time, 1 point."
        return "Done: the first answer was not right, so no point. Another try is practice."


def record_check(attempts: Attempts | None, feedback: Feedback) -> Attempts:
    """Add one check's ``feedback`` to an exercise's ``attempts`` (``None`` before the first).

    >>> wrong, right = Feedback(False, "Not quite"), Feedback(True, "Right")
    >>> record = record_check(record_check(None, wrong), right)
    >>> record.scored, record.practice, record.latest.message
    (False, True, 'Right')
    """
    if attempts is None:
        return Attempts(first=feedback, latest=feedback)
    return Attempts(first=attempts.first, latest=feedback, checks=attempts.checks + 1)


@dataclass(frozen=True)
class Score:
    """A set's score: ``right`` first answers, ``done`` exercises checked, out of ``total``."""

    right: int
    done: int
    total: int

    def __str__(self) -> str:
        return f"{self.right} of {self.total}"


def score(exercises: Sequence[Exercise], record: Mapping[str, Attempts]) -> Score:
    """Count the exercises of a set that were right at the first check, and those done.

    Checks of exercises outside ``exercises`` (another set) are ignored.

    >>> from ndcg_core.practice import exercise_set
    >>> ex = exercise_set(1)
    >>> first = record_check(None, Feedback(True, "Right"))
    >>> retried = record_check(record_check(None, Feedback(False, "No")), Feedback(True, "Right"))
    >>> str(score(ex, {ex[0].key: first, ex[1].key: retried, "other-set": first}))
    '1 of 8'
    >>> score(ex, {ex[0].key: first, ex[1].key: retried}).done
    2
    """
    checked = [record[e.key] for e in exercises if e.key in record]
    return Score(right=sum(a.scored for a in checked), done=len(checked), total=len(exercises))
