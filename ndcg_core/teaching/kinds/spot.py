"""Spot the drawback: which pair of lists of clearly different quality does nDCG score the
same? Picked by its number in class, from the pairs themselves in Practice."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import MappingProxyType

from ndcg_core.errors import NdcgError
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import ndcg
from ndcg_core.metric.parsing import format_grades

# A module import: practice_checks imports kinds.base, whose package imports this module.
from ndcg_core.teaching import practice_checks
from ndcg_core.teaching.kinds.base import (
    Answer,
    AnswerInput,
    Asked,
    Choice,
    Exercise,
    Feedback,
    Numbered,
    Part,
    QuestionKind,
    link_index,
    numbered,
    pick_number,
)
from ndcg_core.teaching.kinds.dealing import SHAPES, Level, deal_grades, exercise_key

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


def _pair_text(exercise: Exercise, separator: str) -> tuple[str, ...]:
    return tuple(f"[{format_grades(a)}]{separator}[{format_grades(b)}]" for a, b in exercise.pairs)


class Spot(QuestionKind):
    name = "spot"
    title = "Spot the drawback"
    practice_title = "Spot the drawback"
    answered_with = "the pair of lists nDCG cannot tell apart"
    answer_input = AnswerInput.CHOICE

    def deal(self, rng: random.Random, level: Level, seed: int, number: int) -> Exercise:
        shape = SHAPES[level]
        template = rng.choice(sorted(_SPOT_WHY))
        n = rng.randint(3, 4)
        if template == "uniform":
            low, high = sorted(rng.sample(range(1, shape.top_grade + 2), 2))
            same = ((float(low),) * n, (float(high),) * n)
        else:
            grades = deal_grades(rng, level, length=n)
            grades = tuple(rng.sample(grades, n))
            while max(grades) == 0:
                grades = deal_grades(rng, level, length=n)
            same = (grades, grades + (0.0,) * rng.randint(1, 3))
        pairs = [same]
        while len(pairs) < 4:
            grades = deal_grades(rng, level, length=rng.randint(3, 5))
            left = tuple(rng.sample(grades, len(grades)))
            right = tuple(rng.sample(grades, len(grades)))
            if abs(ndcg(left) - ndcg(right)) > 0.02 and (left, right) not in pairs:
                pairs.append((left, right))
        rng.shuffle(pairs)
        return Exercise(
            key=exercise_key(seed, level, number),
            number=number,
            kind=self,
            prompt=(
                "One of these pairs holds two lists of clearly different quality that nDCG (ideal "
                "from the list) scores exactly the same. Which pair?"
            ),
            convention=Convention(),
            pairs=tuple(pairs),
            answer_index=pairs.index(same),
            explanation=_SPOT_WHY[template],
        )

    def parse(self, question: Asked, raw: str) -> str:
        return str(pick_number(raw, len(question.exercise.pairs), "Pair"))

    def is_right(self, question: Asked, value: str) -> bool:
        return int(value) - 1 == question.exercise.answer_index

    def right_answer(self, question: Asked) -> str:
        return f"Pair {question.exercise.answer_index + 1}"

    def right_value(self, question: Asked) -> int:
        return question.exercise.answer_index + 1

    def label(self, question: Asked, value: str) -> str:
        return f"Pair {value}"

    def explanation(self, question: Asked) -> str:
        return question.exercise.explanation

    def asked(self, question: Asked) -> str:
        pairs = _pair_text(question.exercise, " and ")
        return " ".join(f"Pair {i}: {text}." for i, text in enumerate(pairs, start=1))

    def shown(self, question: Asked) -> tuple[Part, ...]:
        return (Numbered("", _pair_text(question.exercise, " and ")),)

    def choices(self, question: Asked) -> tuple[Choice, ...]:
        values = numbered(len(question.exercise.pairs))
        shown = tuple(f"Pair {i}" for i in values)
        return (Choice("pair", "Which pair does nDCG score the same?", values, shown, True),)

    def check(self, exercise: Exercise, answer: Answer) -> Feedback:
        return practice_checks.check_spot(exercise, answer.choice)

    def write_answer(self, exercise: Exercise, answer: Answer) -> str:
        return str(answer.choice)

    def read_answer(self, exercise: Exercise, text: str, where: str) -> Answer:
        index = link_index(text, len(exercise.pairs))
        if index is None:
            msg = f"{where} is not one of its {len(exercise.pairs)} pairs."
            raise NdcgError(msg)
        return Answer(choice=index)

    def practice_choices(self, exercise: Exercise) -> tuple[Choice, ...]:
        values = tuple(range(len(exercise.pairs)))
        shown = _pair_text(exercise, "  and  ")
        return (Choice("pair", "Pairs of lists (grades, top first)", values, shown),)


KIND = Spot()
