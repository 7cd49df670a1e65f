"""What a Practice set deals its exercises from: its level's shape (list lengths, the top
grade, the tolerance of a typed answer) and the random lists and conventions every kind's
:meth:`~ndcg_core.teaching.kinds.base.QuestionKind.deal` draws. One random generator per
set (:func:`ndcg_core.teaching.practice.exercise_set`), so a seed and a level give
everyone the same set.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from ndcg_core.metric.choices import Gain
from ndcg_core.metric.conventions import Convention


class Level(StrEnum):
    """How hard a set is: list length, grade range, and which conventions appear."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


@dataclass(frozen=True)
class Shape:
    """A level's lists: their ``lengths`` (lowest, highest), ``top_grade``, and the
    ``tolerance`` of a typed answer."""

    lengths: tuple[int, int]
    top_grade: int
    tolerance: float


SHAPES: Mapping[Level, Shape] = MappingProxyType(
    {
        Level.EASY: Shape((4, 5), 2, 0.01),
        Level.MEDIUM: Shape((5, 6), 3, 0.005),
        Level.HARD: Shape((6, 8), 4, 0.002),
    }
)


def exercise_key(seed: int, level: Level, number: int) -> str:
    """An exercise's key, unique across sets.

    >>> exercise_key(7, Level.HARD, 3)
    '7-hard-3'
    """
    return f"{seed}-{level.value}-{number}"


def deal_grades(
    rng: random.Random, level: Level, *, length: int | None = None
) -> tuple[float, ...]:
    """A list of grades for ``level`` (three grades at least, two at the easy level)."""
    shape = SHAPES[level]
    n = length or rng.randint(*shape.lengths)
    while True:
        grades = tuple(float(rng.randint(0, shape.top_grade)) for _ in range(n))
        if len(set(grades)) >= 3 or (level is Level.EASY and len(set(grades)) >= 2):
            return grades


def deal_convention(rng: random.Random, level: Level, length: int) -> Convention:
    """The convention of a list of ``length``: the textbook form at the easy level, a cutoff
    above it, and exponential gain sometimes at the hard level."""
    if level is Level.EASY:
        return Convention()
    k = rng.choice([None, 3, length - 1])
    gain = Gain.EXPONENTIAL if level is Level.HARD and rng.random() < 0.5 else Gain.LINEAR
    return Convention(gain=gain, cutoff_k=k)
