"""Scoring a Practice set: only the first check of an exercise counts.

A wrong first answer reveals the answer, so the exercise is then done; checks after the first
are practice and are never scored. The exercises and their checks are in
:mod:`ndcg_core.teaching.practice`; the answers given travel in the page's link
(:mod:`ndcg_core.links.practice_link`), and their verdicts are always worked out again here by
those checks (:func:`attempts_of`), never taken from the link.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ndcg_core.teaching.help_ladder import Rung
from ndcg_core.teaching.kinds.base import Answer, Exercise, Feedback


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
    help: Rung = Rung.NONE  # the help asked for before the first check

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
        if self.scored and self.help is Rung.NONE:
            return "Done: right first time, 1 point."
        if self.scored:
            return f"Done: right at the first check, {self.help.words}, 1 point."
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


def check_answer(exercise: Exercise, answer: Answer) -> Feedback:
    """The verdict on ``answer`` by the exercise kind's own check
    (:meth:`~ndcg_core.teaching.kinds.base.QuestionKind.check`).

    >>> from ndcg_core.teaching.practice import exercise_set
    >>> spot = exercise_set(1)[3]
    >>> check_answer(spot, Answer(choice=spot.answer_index)).correct
    True
    """
    return exercise.kind.check(exercise, answer)


@dataclass(frozen=True)
class Answered:
    """The answers given to one exercise: the ``first`` (scored), the ``latest``, and how
    many ``checks`` there were (``latest`` is ``first`` when there was one)."""

    first: Answer
    latest: Answer
    checks: int = 1
    help: Rung = Rung.NONE  # the help asked for before the first check


def record_answer(answered: Answered | None, answer: Answer, help: Rung = Rung.NONE) -> Answered:
    """Add one checked ``answer`` to an exercise's ``answered`` (``None`` before the first);
    ``help`` is the rung of help reached, kept from the first check only (later ones are
    practice).

    >>> once = record_answer(None, Answer(number=0.5), Rung.HINT)
    >>> twice = record_answer(once, Answer(number=0.86), Rung.WHOLE)
    >>> twice.first.number, twice.latest.number, twice.checks, twice.help.words
    (0.5, 0.86, 2, 'after a hint')
    """
    if answered is None:
        return Answered(first=answer, latest=answer, help=help)
    return Answered(
        first=answered.first, latest=answer, checks=answered.checks + 1, help=answered.help
    )


def attempts_of(exercise: Exercise, answered: Answered) -> Attempts:
    """The verdicts on an exercise's answers, worked out by its check (so a link that
    carries the answers can never carry a verdict of its own).

    >>> from ndcg_core.teaching.practice import exercise_set
    >>> spot = exercise_set(1)[3]
    >>> wrong, right = Answer(choice=(spot.answer_index + 1) % 4), Answer(choice=spot.answer_index)
    >>> again = attempts_of(spot, Answered(first=wrong, latest=right, checks=2))
    >>> again.scored, again.latest.correct, again.practice
    (False, True, True)
    """
    return Attempts(
        first=check_answer(exercise, answered.first),
        latest=check_answer(exercise, answered.latest),
        checks=answered.checks,
        help=answered.help,
    )


@dataclass(frozen=True)
class Score:
    """A set's score: ``right`` first answers, ``done`` exercises checked, out of ``total``."""

    right: int
    done: int
    total: int
    helped: int = 0  # of the ``right``, those that took help first

    def __str__(self) -> str:
        return f"{self.right} of {self.total}"

    @property
    def help_note(self) -> str:
        """How many of the points took help, or nothing when none did.

        >>> Score(right=5, done=6, total=8, helped=2).help_note
        '2 of the 5 after help'
        """
        if not self.helped:
            return ""
        return f"{self.helped} of the {self.right} after help"


def score(exercises: Sequence[Exercise], record: Mapping[str, Attempts]) -> Score:
    """Count the exercises of a set that were right at the first check, and those done.

    Checks of exercises outside ``exercises`` (another set) are ignored.

    >>> from ndcg_core.teaching.practice import exercise_set
    >>> ex = exercise_set(1)
    >>> first = record_check(None, Feedback(True, "Right"))
    >>> retried = record_check(record_check(None, Feedback(False, "No")), Feedback(True, "Right"))
    >>> str(score(ex, {ex[0].key: first, ex[1].key: retried, "other-set": first}))
    '1 of 8'
    >>> score(ex, {ex[0].key: first, ex[1].key: retried}).done
    2
    """
    checked = [record[e.key] for e in exercises if e.key in record]
    return Score(
        right=sum(a.scored for a in checked),
        done=len(checked),
        total=len(exercises),
        helped=sum(a.scored and a.help is not Rung.NONE for a in checked),
    )
