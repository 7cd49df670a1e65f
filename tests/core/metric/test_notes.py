"""Numbers a reader would not expect come with the reason, from the core."""

from __future__ import annotations

import pytest

from ndcg_core import Convention, evaluate, format_real
from ndcg_core.metric.notes import evaluation_notes


def test_a_negative_ndcg_says_negative_grades_are_kept() -> None:
    evaluation = evaluate([-1, 0, 1])
    assert evaluation.ndcg == -1.0  # DCG -1 + 1/log2(3)... against the ideal 1, 0, -1
    (note,) = evaluation_notes(evaluation)
    assert note.startswith("nDCG is below 0 because negative grades are kept")
    assert "“count as 0”" in note


def test_a_negative_ideal_says_the_empty_ideal_rule_gave_the_number() -> None:
    evaluation = evaluate([-5, -3])
    assert evaluation.ndcg == 0.0
    (note,) = evaluation_notes(evaluation)
    assert f"The ideal DCG is {format_real(evaluation.ideal_dcg)}" in note
    assert note.endswith("the rule for an empty ideal (“score 0”) gives nDCG 0.")


@pytest.mark.parametrize(
    ("policy", "shown"),
    [("zero", "0"), ("one", "1"), ("nan", "undefined"), ("exclude", "undefined")],
)
def test_an_all_zero_list_names_the_rule_and_its_answer(policy, shown) -> None:
    (note,) = evaluation_notes(evaluate([0, 0], Convention(zero_ideal=policy)))
    assert "ideal DCG is 0" in note
    assert note.endswith(f"gives nDCG {shown}.")


@pytest.mark.parametrize("grades", [[3, 2, 1], [0, 3], [-1, 2, 3]])
def test_an_ordinary_number_needs_no_note(grades) -> None:
    assert evaluation_notes(evaluate(grades)) == ()


def test_negatives_counted_as_zero_are_said_to_be() -> None:
    notes = evaluation_notes(evaluate([-1, 2], Convention(negative_grades="as_zero")))
    assert notes == ("Negative grades count as 0 under this convention: they add nothing.",)
