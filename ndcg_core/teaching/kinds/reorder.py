"""Reorder: drag the documents into an order that meets a goal (the highest DCG, or nDCG@k
exactly 1 while nDCG@m is not). An answer is the labels, top first."""

from __future__ import annotations

import random

from ndcg_core.errors import NdcgError
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.kernel import best_first
from ndcg_core.metric.metrics import default_labels, ndcg
from ndcg_core.metric.parsing import format_grades

# A module import: practice_checks imports kinds.base, whose package imports this module.
from ndcg_core.teaching import practice_checks
from ndcg_core.teaching.kinds.base import (
    Answer,
    AnswerInput,
    Asked,
    Exercise,
    Feedback,
    GradeLine,
    Part,
    QuestionKind,
    link_index,
)
from ndcg_core.teaching.kinds.dealing import Level, deal_grades, exercise_key
from ndcg_core.text.quoting import quoted


class Reorder(QuestionKind):
    name = "reorder"
    title = "Drag into the ideal order"
    practice_title = "Reorder"
    answered_with = "the documents dragged into order"
    answer_input = AnswerInput.ORDER

    def deal(self, rng: random.Random, level: Level, seed: int, number: int) -> Exercise:
        if level is Level.EASY or number <= 4:
            grades = deal_grades(rng, level)
            while ndcg(grades) > 0.95:  # far enough from ideal to need some dragging
                grades = deal_grades(rng, level)
                grades = tuple(rng.sample(grades, len(grades)))
            return Exercise(
                key=exercise_key(seed, level, number),
                number=number,
                kind=self,
                prompt="Drag the documents into the order with the highest DCG.",
                convention=Convention(),
                grades=grades,
                labels=default_labels(len(grades)),
            )
        # nDCG@3 = 1 but nDCG@5 < 1: the top three must be right and what follows must not.
        while True:
            grades = deal_grades(rng, level, length=rng.randint(6, 7))
            best = [grades[i] for i in best_first(grades)]
            if len(set(best[3:])) >= 2 and ndcg(grades, Convention(cutoff_k=3)) < 0.99:
                break
        return Exercise(
            key=exercise_key(seed, level, number),
            number=number,
            kind=self,
            prompt=(
                "Drag the documents into an order whose nDCG@3 is exactly 1 but whose nDCG@5 is not."
            ),
            convention=Convention(),
            grades=grades,
            labels=default_labels(len(grades)),
            goal_k=3,
            miss_k=5,
        )

    def parse(self, question: Asked, raw: str) -> str:
        labels = question.exercise.labels
        order = [label.strip() for label in raw.split(",")]
        if sorted(order) != sorted(labels):
            msg = f"Put each of {', '.join(labels)} in the order once; {quoted(raw, 60)} does not."
            raise NdcgError(msg)
        return ", ".join(order)

    def is_right(self, question: Asked, value: str) -> bool:
        return practice_checks.check_reorder(question.exercise, value.split(", ")).correct

    def right_answer(self, question: Asked) -> str:
        return "One order that works: " + ", ".join(
            practice_checks.reorder_answer(question.exercise)
        )

    def right_value(self, question: Asked) -> str:
        return ", ".join(practice_checks.reorder_answer(question.exercise))

    def explanation(self, question: Asked) -> str:
        ex = question.exercise
        return practice_checks.check_reorder(ex, practice_checks.reorder_answer(ex)).message

    def asked(self, question: Asked) -> str:
        ex = question.exercise
        return f"List: {format_grades(ex.grades, ex.labels)}."

    def shown(self, question: Asked) -> tuple[Part, ...]:
        ex = question.exercise
        return (GradeLine(ex.grades, ex.labels),)

    def check(self, exercise: Exercise, answer: Answer) -> Feedback:
        return practice_checks.check_reorder(exercise, answer.order)

    def write_answer(self, exercise: Exercise, answer: Answer) -> str:
        return ".".join(str(exercise.labels.index(label)) for label in answer.order)

    def read_answer(self, exercise: Exercise, text: str, where: str) -> Answer:
        positions = [link_index(part, len(exercise.labels)) for part in text.split(".")]
        known = [i for i in positions if i is not None]
        if len(known) < len(positions) or sorted(known) != list(range(len(exercise.labels))):
            msg = f"{where} is not an order of its {len(exercise.labels)} documents."
            raise NdcgError(msg)
        return Answer(order=tuple(exercise.labels[i] for i in known))


KIND = Reorder()
