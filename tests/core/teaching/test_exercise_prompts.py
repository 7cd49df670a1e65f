"""Each predict exercise names the whole convention it is computed under (the sidebar does
not apply to exercises), in Practice and in class."""

from __future__ import annotations

import pytest

from ndcg_core.teaching import kinds
from ndcg_core.teaching.practice import Level, exercise_set
from tests.examples import examples


@pytest.mark.parametrize("level", list(Level))
def test_every_predict_exercise_names_its_whole_convention(level: Level) -> None:
    predicts = [
        exercise
        for seed in range(examples(40))
        for exercise in exercise_set(seed, level)
        if exercise.kind is kinds.PREDICT
    ]
    assert predicts
    for exercise in predicts:
        convention = exercise.convention
        assert str(convention) in exercise.prompt  # gain, discount and ideal, not only @k
        assert f"What is {convention.label} of this ranking" in exercise.prompt
