"""Exercises with immediate feedback, generated from a seed so a whole class gets the same set.

Four kinds: *predict* a number, *reorder* documents to reach a goal, *compare* two rankings
(and find the change of convention that flips the verdict), and *spot* the pair of lists
that nDCG cannot tell apart. :func:`exercise_set` is deterministic in ``(seed, level)``;
every answer is checked by the core's own :func:`~ndcg_core.metric.metrics.evaluate`.

Each kind (:mod:`ndcg_core.teaching.kinds`) deals its own exercises (from
:mod:`ndcg_core.teaching.kinds.dealing`) and checks its answers with
:mod:`ndcg_core.teaching.practice_checks`; scoring a set
(only the first check of an exercise counts) is :mod:`ndcg_core.teaching.practice_scoring`.
"""

from __future__ import annotations

import random

from ndcg_core.errors import NdcgError
from ndcg_core.teaching.kinds import COMPARE, PREDICT, REORDER, SPOT
from ndcg_core.teaching.kinds.base import Exercise, QuestionKind
from ndcg_core.teaching.kinds.dealing import Level
from ndcg_core.text.quoting import quoted

__all__ = ["DEALT", "SET_SIZE", "Exercise", "Level", "exercise_set", "set_from_link"]

SET_SIZE = 8


DEALT: tuple[QuestionKind, ...] = (PREDICT, REORDER, COMPARE, SPOT)
"""The kinds a set deals, in turn: exercise 1 is the first, 5 the first again. Each kind
deals its own exercise (:meth:`~ndcg_core.teaching.kinds.base.QuestionKind.deal`); a kind
added here changes every set, and so every Practice link's answers."""


def exercise_set(seed: int, level: Level | str = Level.EASY) -> tuple[Exercise, ...]:
    """The set for ``(seed, level)``: the same exercises for everyone with that link.

    >>> [e.kind.name for e in exercise_set(7)][:4]
    ['predict', 'reorder', 'compare', 'spot']
    >>> exercise_set(7) == exercise_set(7)
    True
    """
    level = Level(level)
    rng = random.Random(f"ndcg-lab/{seed}/{level.value}")
    return tuple(
        DEALT[(number - 1) % len(DEALT)].deal(rng, level, seed, number)
        for number in range(1, SET_SIZE + 1)
    )


def set_from_link(seed_text: str | None, level_text: str | None) -> tuple[int, Level]:
    """The ``(seed, level)`` a link asks for; raise :class:`NdcgError` if it is not one.

    >>> set_from_link("12", "hard")
    (12, <Level.HARD: 'hard'>)
    >>> set_from_link(None, None)
    (1, <Level.EASY: 'easy'>)
    """
    seed = 1
    if seed_text:
        if not (seed_text.isascii() and seed_text.isdigit() and len(seed_text) <= 9):
            msg = f"The exercise set {quoted(seed_text, 20)} is not a whole number below 10^9."
            raise NdcgError(msg)
        seed = int(seed_text)
    level = Level.EASY
    if level_text:
        try:
            level = Level(level_text)
        except ValueError:
            levels = ", ".join(member.value for member in Level)
            msg = f"The level {quoted(level_text, 20)} is not one of {levels}."
            raise NdcgError(msg) from None
    return seed, level
