"""Every worked number in the seed notes, at the note's own precision."""

from __future__ import annotations

import math

import pytest

from ndcg_core import Convention, evaluate, evaluate_scores
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.teaching.examples import example_by_id, load_examples

SCALARS = ("cg", "dcg", "ideal_dcg", "ndcg")


def _evaluate(example_id: str) -> Evaluation:
    example = example_by_id(example_id)
    if example.scores is not None:
        return evaluate_scores(example.grades, example.scores, example.convention)
    return evaluate(example.grades, example.convention, labels=example.labels)


def _figures():
    for example in load_examples():
        for name in example.stated:
            yield pytest.param(example.id, name, id=f"{example.id}-{name}")


@pytest.mark.parametrize(("example_id", "figure"), list(_figures()))
def test_every_stated_figure_matches_at_the_seeds_precision(example_id: str, figure: str) -> None:
    example = example_by_id(example_id)
    stated = example.stated[figure]
    result = _evaluate(example_id)
    if figure in SCALARS:
        computed = float(getattr(result, figure))
        expected = (
            example.errata[figure].correct if figure in example.errata else float(stated.value)
        )
        assert round(computed, stated.decimals) == pytest.approx(expected, abs=1e-12)
    else:
        column = result.table[figure].iloc[: len(example.grades)]
        computed_column = [round(float(v), stated.decimals) for v in column]
        assert computed_column == pytest.approx(list(stated.value), abs=1e-12)


def test_seed000_terms_written_out() -> None:
    # rel = 3, 2, 3, 0, 1, 2
    expected = (
        3 / 1 + 2 / math.log2(3) + 3 / 2 + 0 / math.log2(5) + 1 / math.log2(6) + 2 / math.log2(7)
    )
    # ideal rel = 3, 3, 2, 2, 1, 0
    ideal = 3 + 3 / math.log2(3) + 2 / 2 + 2 / math.log2(5) + 1 / math.log2(6)
    result = evaluate([3, 2, 3, 0, 1, 2])
    assert result.dcg == pytest.approx(expected, rel=1e-15)
    assert result.ideal_dcg == pytest.approx(ideal, rel=1e-15)
    assert result.ndcg == pytest.approx(expected / ideal, rel=1e-15)


def test_seed000_swapping_d3_and_d4_lowers_dcg_but_not_cg() -> None:
    before = evaluate([3, 2, 3, 0, 1, 2])
    after = _evaluate("seed000-swap-d3-d4")
    assert after.cg == before.cg == 11
    assert after.dcg < before.dcg


def test_seed004_text_dcg_is_4_65_not_4_67() -> None:
    # The note's terms are 3 + 2/1.585 + 0 + 0 + 1/2.585; its printed 4.67 is the
    # library's output for another ranking (see seed004-library-output).
    result = evaluate([3, 2, 0, 0, 1])
    assert result.dcg == pytest.approx(3 + 2 / math.log2(3) + 1 / math.log2(6), rel=1e-15)
    assert round(result.dcg, 2) == 4.65
    assert round(result.dcg, 2) != example_by_id("seed004-five-docs").stated["dcg"].value


def test_seed004_library_output_comes_from_averaging_a_tie() -> None:
    # Ranked by scores [3, 2, 0, 0, 1]: grades 3, 2, 0 (D5), then D3 (1) and D4 (0) tied at 0.
    averaged = 3 + 2 / math.log2(3) + 0 / 2 + 0.5 / math.log2(5) + 0.5 / math.log2(6)
    result = evaluate_scores([3, 2, 1, 0, 0], [3, 2, 0, 0, 1])
    assert result.dcg == pytest.approx(averaged, rel=1e-15)
    pessimistic = evaluate_scores([3, 2, 1, 0, 0], [3, 2, 0, 0, 1], Convention(ties="pessimistic"))
    optimistic = evaluate_scores([3, 2, 1, 0, 0], [3, 2, 0, 0, 1], Convention(ties="optimistic"))
    assert pessimistic.dcg < result.dcg < optimistic.dcg
    assert result.dcg == pytest.approx((pessimistic.dcg + optimistic.dcg) / 2, rel=1e-15)


@pytest.mark.parametrize(
    ("shorter", "longer", "cutoff_k"),
    [
        ([3], [3, 0, 0], None),
        ([1, 1, 1], [1, 1, 1, 0], None),
        ([3, 3, 3], [3, 3, 3, 3], None),
        ([1, 1, 1], [1, 1, 1, 1, 1], None),
        ([1, 0, 0, 0, 0], [1, 1, 1, 1, 1], 1),
    ],
)
def test_seed_drawback_pairs_score_the_same(shorter, longer, cutoff_k) -> None:
    convention = Convention(cutoff_k=cutoff_k)
    assert evaluate(shorter, convention).ndcg == evaluate(longer, convention).ndcg == 1.0


def test_padding_alone_does_not_separate_missing_documents_but_a_judged_ideal_does() -> None:
    at_5 = Convention(cutoff_k=5)
    assert evaluate([1, 1, 1, 0, 0], at_5).ndcg == 1.0  # ideal from the padded list itself
    judged = Convention(cutoff_k=5, ideal="judged")
    all_judged = [1, 1, 1, 1, 1]
    padded = evaluate([1, 1, 1, 0, 0], judged, judged_grades=all_judged).ndcg
    full = evaluate([1, 1, 1, 1, 1], judged, judged_grades=all_judged).ndcg
    assert full == 1.0
    # rel = 1, 1, 1 against an ideal of five 1s
    assert padded == pytest.approx(
        sum(1 / math.log2(i + 1) for i in range(1, 4))
        / sum(1 / math.log2(i + 1) for i in range(1, 6))
    )


def test_good_fair_bad_as_one_zero_minus_one_penalises_bad_documents() -> None:
    # seed 000: grade Good/Fair/Bad as 1/0/-1 instead of 2/1/0.
    assert evaluate([2, 2, 2, 0]).ndcg == evaluate([2, 2, 2]).ndcg == 1.0
    # Kept literally in the ideal too, the -1 sits at the end of the ideal as well: still 1.
    assert evaluate([1, 1, 1, -1]).ndcg == 1.0
    # The fix works when the ideal may leave the place empty (counts the -1 as 0).
    penalise = Convention(negative_grades="penalise")
    with_bad = evaluate([1, 1, 1, -1], penalise)
    ideal = sum(1 / math.log2(i + 1) for i in range(1, 4))
    assert with_bad.ndcg == pytest.approx((ideal - 1 / math.log2(5)) / ideal)
    assert with_bad.ndcg < evaluate([1, 1, 1], penalise).ndcg == 1.0


def test_linear_and_exponential_gain_agree_on_binary_grades() -> None:
    grades = [1, 0, 1, 1, 0, 0, 1]
    linear = evaluate(grades)
    exponential = evaluate(grades, Convention(gain="exponential"))
    assert linear.dcg == exponential.dcg
    assert linear.ndcg == exponential.ndcg
