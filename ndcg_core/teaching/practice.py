"""Exercises with immediate feedback, generated from a seed so a whole class gets the same set.

Four kinds: *predict* a number, *reorder* documents to reach a goal, *compare* two rankings
(and find the change of convention that flips the verdict), and *spot* the pair of lists
that nDCG cannot tell apart. :func:`exercise_set` is deterministic in ``(seed, level)``;
every answer is checked by the core's own :func:`~ndcg_core.metric.metrics.evaluate`.

Each kind's check of an answer is :mod:`ndcg_core.teaching.practice_checks`; scoring a set
(only the first check of an exercise counts) is :mod:`ndcg_core.teaching.practice_scoring`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choices import Discount, Gain
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.kernel import best_first
from ndcg_core.metric.metrics import Evaluation, default_labels, ndcg
from ndcg_core.teaching.exercise_prompts import predict_prompt
from ndcg_core.text.quoting import quoted

SET_SIZE = 8
_MARGIN = 0.005  # two rankings "differ" only by more than this much nDCG


class Level(StrEnum):
    """How hard a set is: list length, grade range, and which conventions appear."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


class Kind(StrEnum):
    """What an exercise asks for."""

    PREDICT = "predict"
    REORDER = "reorder"
    COMPARE = "compare"
    SPOT = "spot"


@dataclass(frozen=True)
class Exercise:
    """One question. Which fields matter depends on ``kind``:

    - predict: ``grades`` under ``convention``; the answer is its nDCG (within ``tolerance``);
    - reorder: ``grades`` to be put in an order where ``goal_k`` (if set) scores nDCG 1 and
      ``miss_k`` (if set) does not, or, with neither, the order of highest DCG;
    - compare: ``grades`` (ranking A) and ``other`` (ranking B), and ``options`` of changes to
      the convention; ``answer`` is "A" or "B" and ``flip`` the index of the option that flips;
    - spot: ``pairs`` of lists; ``answer_index`` is the pair nDCG cannot tell apart.
    """

    key: str
    number: int
    kind: Kind
    prompt: str
    convention: Convention
    grades: tuple[float, ...] = ()
    labels: tuple[str, ...] = ()
    other: tuple[float, ...] = ()
    tolerance: float = 0.0
    goal_k: int | None = None
    miss_k: int | None = None
    options: tuple[str, ...] = ()
    option_conventions: tuple[Convention, ...] = ()
    pairs: tuple[tuple[tuple[float, ...], tuple[float, ...]], ...] = ()
    answer: str = ""
    answer_index: int = -1
    explanation: str = ""


@dataclass(frozen=True)
class Feedback:
    """Whether an answer is right, what to say, and the worked evaluation to show."""

    correct: bool
    message: str
    worked: Evaluation | None = None


@dataclass(frozen=True)
class _Shape:
    lengths: tuple[int, int]
    top_grade: int
    tolerance: float


_SHAPES: Mapping[Level, _Shape] = MappingProxyType(
    {
        Level.EASY: _Shape((4, 5), 2, 0.01),
        Level.MEDIUM: _Shape((5, 6), 3, 0.005),
        Level.HARD: _Shape((6, 8), 4, 0.002),
    }
)


def exercise_set(seed: int, level: Level | str = Level.EASY) -> tuple[Exercise, ...]:
    """The set for ``(seed, level)``: the same exercises for everyone with that link.

    >>> [e.kind.value for e in exercise_set(7)][:4]
    ['predict', 'reorder', 'compare', 'spot']
    >>> exercise_set(7) == exercise_set(7)
    True
    """
    level = Level(level)
    rng = random.Random(f"ndcg-lab/{seed}/{level.value}")
    makers = (_predict, _reorder, _compare, _spot)
    return tuple(
        makers[(number - 1) % len(makers)](rng, level, seed, number)
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


# --------------------------------------------------------------------------- generators


def _key(seed: int, level: Level, number: int) -> str:
    return f"{seed}-{level.value}-{number}"


def _grades(rng: random.Random, level: Level, *, length: int | None = None) -> tuple[float, ...]:
    shape = _SHAPES[level]
    n = length or rng.randint(*shape.lengths)
    while True:
        grades = tuple(float(rng.randint(0, shape.top_grade)) for _ in range(n))
        if len(set(grades)) >= 3 or (level is Level.EASY and len(set(grades)) >= 2):
            return grades


def _convention(rng: random.Random, level: Level, length: int) -> Convention:
    if level is Level.EASY:
        return Convention()
    k = rng.choice([None, 3, length - 1])
    gain = Gain.EXPONENTIAL if level is Level.HARD and rng.random() < 0.5 else Gain.LINEAR
    return Convention(gain=gain, cutoff_k=k)


def _predict(rng: random.Random, level: Level, seed: int, number: int) -> Exercise:
    while True:
        grades = _grades(rng, level)
        convention = _convention(rng, level, len(grades))
        value = ndcg(grades, convention)
        if 0.05 < value < 0.999:  # not a giveaway
            break
    tolerance = _SHAPES[level].tolerance
    return Exercise(
        key=_key(seed, level, number),
        number=number,
        kind=Kind.PREDICT,
        prompt=predict_prompt(convention, tolerance),
        convention=convention,
        grades=grades,
        labels=default_labels(len(grades)),
        tolerance=tolerance,
    )


def _reorder(rng: random.Random, level: Level, seed: int, number: int) -> Exercise:
    if level is Level.EASY or number <= 4:
        grades = _grades(rng, level)
        while ndcg(grades) > 0.95:  # far enough from ideal to need some dragging
            grades = _grades(rng, level)
            grades = tuple(rng.sample(grades, len(grades)))
        return Exercise(
            key=_key(seed, level, number),
            number=number,
            kind=Kind.REORDER,
            prompt="Drag the documents into the order with the highest DCG.",
            convention=Convention(),
            grades=grades,
            labels=default_labels(len(grades)),
        )
    # nDCG@3 = 1 but nDCG@5 < 1: the top three must be right and what follows must not.
    while True:
        grades = _grades(rng, level, length=rng.randint(6, 7))
        best = [grades[i] for i in best_first(grades)]
        if len(set(best[3:])) >= 2 and ndcg(grades, Convention(cutoff_k=3)) < 0.99:
            break
    return Exercise(
        key=_key(seed, level, number),
        number=number,
        kind=Kind.REORDER,
        prompt=(
            "Drag the documents into an order whose nDCG@3 is exactly 1 but whose nDCG@5 is not."
        ),
        convention=Convention(),
        grades=grades,
        labels=default_labels(len(grades)),
        goal_k=3,
        miss_k=5,
    )


def _changes(level: Level, length: int) -> list[tuple[str, Convention]]:
    changes = [
        ("exponential gain 2^rel - 1 instead of the grade", Convention(gain=Gain.EXPONENTIAL)),
        ("log base 10 instead of 2", Convention(log_base=10.0)),
        ("a cutoff: nDCG@2 instead of the whole list", Convention(cutoff_k=2)),
    ]
    if level is not Level.EASY:
        changes.append(
            (
                "Järvelin-Kekäläinen's discount with b = 2 (no discount at ranks 1 and 2)",
                Convention(discount=Discount.JARVELIN_KEKALAINEN),
            )
        )
    if level is Level.HARD:
        changes.append(("a cutoff: nDCG@3 instead of the whole list", Convention(cutoff_k=3)))
    return [(text, c) for text, c in changes if c.cutoff_k is None or c.cutoff_k < length]


def _compare(rng: random.Random, level: Level, seed: int, number: int) -> Exercise:
    while True:
        grades = _grades(rng, level)
        a = tuple(rng.sample(grades, len(grades)))
        b = tuple(rng.sample(grades, len(grades)))
        base = ndcg(a) - ndcg(b)
        if abs(base) <= _MARGIN:
            continue
        changes = _changes(level, len(grades))
        margins = [(ndcg(a, c) - ndcg(b, c)) * (1 if base > 0 else -1) for _, c in changes]
        flips = [i for i, m in enumerate(margins) if m < -_MARGIN]
        # Exactly one clear flip, and every other change keeps the verdict (no near-ties).
        if len(flips) == 1 and all(m > 0 for i, m in enumerate(margins) if i != flips[0]):
            break
    order = list(range(len(changes)))
    rng.shuffle(order)
    changes = [changes[i] for i in order]
    flip = order.index(flips[0])
    return Exercise(
        key=_key(seed, level, number),
        number=number,
        kind=Kind.COMPARE,
        prompt=(
            "Ranking A and ranking B show the same documents in different orders. Which "
            "scores the higher nDCG in the textbook form (linear gain, log2(i+1))? And which "
            "one change of convention makes the other one win?"
        ),
        convention=Convention(),
        grades=a,
        other=b,
        options=tuple(text for text, _ in changes),
        option_conventions=tuple(c for _, c in changes),
        answer="A" if base > 0 else "B",
        answer_index=flip,
    )


_SPOT_WHY: Mapping[str, str] = MappingProxyType(
    {
        "uniform": (
            "Every document in both lists has the same grade, so each list is already in its own "
            "ideal order and scores 1, although one list is far more relevant than the other: "
            "nDCG measures order against the list's own best, not how good the documents are."
        ),
        "padding": (
            "The second list only adds irrelevant documents at the end. With the ideal taken from "
            "the list, those zeros add nothing to DCG or to the ideal, so the two score the same."
        ),
    }
)


def _spot(rng: random.Random, level: Level, seed: int, number: int) -> Exercise:
    shape = _SHAPES[level]
    template = rng.choice(sorted(_SPOT_WHY))
    n = rng.randint(3, 4)
    if template == "uniform":
        low, high = sorted(rng.sample(range(1, shape.top_grade + 2), 2))
        same = ((float(low),) * n, (float(high),) * n)
    else:
        grades = _grades(rng, level, length=n)
        grades = tuple(rng.sample(grades, n))
        while max(grades) == 0:
            grades = _grades(rng, level, length=n)
        same = (grades, grades + (0.0,) * rng.randint(1, 3))
    pairs = [same]
    while len(pairs) < 4:
        grades = _grades(rng, level, length=rng.randint(3, 5))
        left = tuple(rng.sample(grades, len(grades)))
        right = tuple(rng.sample(grades, len(grades)))
        if abs(ndcg(left) - ndcg(right)) > 0.02 and (left, right) not in pairs:
            pairs.append((left, right))
    rng.shuffle(pairs)
    return Exercise(
        key=_key(seed, level, number),
        number=number,
        kind=Kind.SPOT,
        prompt=(
            "One of these pairs holds two lists of clearly different quality that nDCG (ideal "
            "from the list) scores exactly the same. Which pair?"
        ),
        convention=Convention(),
        pairs=tuple(pairs),
        answer_index=pairs.index(same),
        explanation=_SPOT_WHY[template],
    )
