"""Predict: type nDCG of a list under the convention the prompt names (Practice's first
kind, and a class question from it)."""

from __future__ import annotations

import random

from ndcg_core.metric.metrics import default_labels, ndcg
from ndcg_core.teaching.exercise_prompts import predict_prompt
from ndcg_core.teaching.kinds.base import Exercise
from ndcg_core.teaching.kinds.dealing import (
    SHAPES,
    Level,
    deal_convention,
    deal_grades,
    exercise_key,
)
from ndcg_core.teaching.kinds.number import NumberKind


class Predict(NumberKind):
    name = "predict"
    title = "Predict nDCG"
    practice_title = "Predict"
    answered_with = "a number (nDCG to two decimals)"

    def deal(self, rng: random.Random, level: Level, seed: int, number: int) -> Exercise:
        while True:
            grades = deal_grades(rng, level)
            convention = deal_convention(rng, level, len(grades))
            value = ndcg(grades, convention)
            if 0.05 < value < 0.999:  # not a giveaway
                break
        tolerance = SHAPES[level].tolerance
        return Exercise(
            key=exercise_key(seed, level, number),
            number=number,
            kind=self,
            prompt=predict_prompt(convention, tolerance),
            convention=convention,
            grades=grades,
            labels=default_labels(len(grades)),
            tolerance=tolerance,
        )


KIND = Predict()
