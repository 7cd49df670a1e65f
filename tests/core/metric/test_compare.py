"""Ranking A against ranking B: exact attribution, and a paragraph that names the right documents."""

from __future__ import annotations

import math
import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, evaluate, format_real
from ndcg_core.errors import NdcgError
from ndcg_core.metric.compare import compare, order_from_param, order_to_param
from tests.core.strategies import conventions

SEED = {"D1": 3, "D2": 2, "D3": 3, "D4": 0, "D5": 1, "D6": 2}  # seed 000, shown order D1..D6
A = tuple(SEED)


def _swap(order: tuple[str, ...], i: int, j: int) -> tuple[str, ...]:
    moved = list(order)
    moved[i - 1], moved[j - 1] = moved[j - 1], moved[i - 1]
    return tuple(moved)


def test_identical_rankings_are_called_the_same() -> None:
    comparison = compare(SEED, A, A)
    assert comparison.paragraph == (
        "A and B are the same ranking, so they score the same: nDCG = 0.961."
    )
    assert comparison.dcg_gap == 0
    assert all(p.change == 0 for p in comparison.positions)


def test_a_swap_of_two_names_both_documents_and_their_places() -> None:
    # D2 (grade 2) at position 2 and D3 (grade 3) at position 3 trade places.
    comparison = compare(SEED, A, _swap(A, 2, 3))
    gain_d3 = 3 / math.log2(3) - 3 / math.log2(4)
    loss_d2 = 2 / math.log2(4) - 2 / math.log2(3)
    assert [d.label for d in comparison.documents[:2]] == ["D3", "D2"]
    assert math.isclose(comparison.documents[0].change, gain_d3, rel_tol=1e-12)
    assert math.isclose(comparison.documents[1].change, loss_d2, rel_tol=1e-12)
    assert all(d.change == 0 for d in comparison.documents[2:])
    text = comparison.paragraph
    ndcg_b = (6.8611 + gain_d3 + loss_d2) / 7.1410  # seed 000's DCG and IDCG
    assert text.startswith(f"B scores higher than A: nDCG {ndcg_b:.3f} against 0.961")
    assert f"D3 (grade 3) is 2nd in B instead of 3rd, +{format_real(gain_d3)} DCG" in text
    assert f"D2 (grade 2) is 3rd in B instead of 2nd, -{format_real(-loss_d2)} DCG" in text
    assert text.endswith("Together that is the whole gap.")


def test_a_reversal_names_the_two_largest_moves_and_what_the_rest_add() -> None:
    comparison = compare(SEED, A, tuple(reversed(A)))
    changes = {d.label: d.change for d in comparison.documents}
    largest = sorted(changes, key=lambda label: -abs(changes[label]))[:2]
    assert largest == ["D1", "D6"]
    text = comparison.paragraph
    assert "B scores lower than A" in text
    assert "D1 (grade 3) is 6th in B instead of 1st" in text
    assert "D6 (grade 2) is 1st in B instead of 6th" in text
    rest = comparison.dcg_gap - changes["D1"] - changes["D6"]
    assert f"the other 3 moved documents add {format_real(rest)} DCG" in text


def test_swapping_equal_grades_scores_the_same_and_says_why() -> None:
    comparison = compare(SEED, A, _swap(A, 1, 3))  # D1 and D3 are both grade 3
    assert comparison.paragraph == (
        "A and B score the same: nDCG = 0.961 for both. "
        "Each position holds a document with the same gain in A and in B."
    )


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moves_below_the_cutoff_change_nothing(k: int) -> None:
    comparison = compare(SEED, A, _swap(A, 4, 6), Convention(cutoff_k=k))
    assert comparison.ndcg_gap == 0
    assert f"stays below the cutoff of {k}, where nothing counts" in comparison.paragraph
    assert f"nDCG@{k} = " in comparison.paragraph


def test_a_move_across_the_cutoff_counts_only_inside_it() -> None:
    comparison = compare(SEED, A, _swap(A, 2, 3), Convention(cutoff_k=2))
    # D3 enters the top 2 (3 / log2 3 counted), D2 leaves it (2 / log2 3 no longer counted).
    d3, d2 = comparison.documents[:2]
    assert (d3.label, d2.label) == ("D3", "D2")
    assert math.isclose(d3.change, 3 / math.log2(3), rel_tol=1e-12)
    assert math.isclose(d2.change, -2 / math.log2(3), rel_tol=1e-12)
    assert "D3 (grade 3) is 2nd in B instead of 3rd (below the cutoff), +1.893 DCG@2" in (
        comparison.paragraph
    )
    assert "D2 (grade 2) is 3rd (below the cutoff) in B instead of 2nd" in comparison.paragraph


def test_exponential_gain_weighs_the_grade_3_move_by_seven() -> None:
    convention = Convention(gain="exponential")
    comparison = compare(SEED, A, _swap(A, 1, 2), convention)
    d1 = next(d for d in comparison.documents if d.label == "D1")
    assert math.isclose(d1.change, 7 / math.log2(3) - 7, rel_tol=1e-12)
    share = d1.change / evaluate(list(SEED.values()), convention).ideal_dcg
    assert f"D1 (grade 3) is 2nd in B instead of 1st, {format_real(d1.change)} DCG " in (
        comparison.paragraph
    )
    assert f"({format_real(share)} nDCG)" in comparison.paragraph


def test_jk_discount_weighs_the_first_two_places_the_same() -> None:
    jk = Convention(discount="jk")
    same = compare(SEED, A, _swap(A, 1, 2), jk)
    assert same.ndcg_gap == 0
    assert "the discount weighs its place in A and its place in B the same" in same.paragraph
    different = compare(SEED, A, _swap(A, 2, 3), jk)
    assert "D3 (grade 3) is 2nd in B instead of 3rd" in different.paragraph
    assert math.isclose(different.documents[0].change, 3 - 3 / math.log2(3), rel_tol=1e-12)


@pytest.mark.parametrize(
    ("policy", "said"), [("zero", "0 (this"), ("one", "1 (this"), ("nan", "undefined")]
)
def test_a_zero_ideal_says_so_under_each_policy(policy: str, said: str) -> None:
    grades = {"a": 0, "b": 0, "c": 0}
    comparison = compare(grades, tuple(grades), ("c", "b", "a"), Convention(zero_ideal=policy))
    assert comparison.paragraph.startswith(
        f"The ideal DCG is 0: no document has a positive gain, so nDCG is {said}"
    )
    assert comparison.paragraph.endswith("Their DCG is the same too: 0.")


def test_negative_grades_can_separate_dcg_when_nobody_is_relevant() -> None:
    grades = {"a": -1, "b": -2, "c": 0}
    comparison = compare(grades, tuple(grades), ("c", "b", "a"))
    assert "DCG still tells them apart" in comparison.paragraph
    assert "a (grade -1) is 3rd in B instead of 1st, +0.500 DCG. That is the whole gap." in (
        comparison.paragraph
    )


def test_titles_name_the_documents() -> None:
    titles = {"D1": "Luigi's Pizzeria", "D6": "<b>Napoli</b>"}
    comparison = compare(SEED, A, _swap(A, 1, 6), titles=titles)
    assert "Luigi's Pizzeria (grade 3) is 6th in B instead of 1st" in comparison.paragraph
    assert "<b>Napoli</b> (grade 2) is 1st in B" in comparison.paragraph  # text; escaped when shown


def test_huge_exponential_grades_compare_exactly() -> None:
    grades = {"a": 1100, "b": 1, "c": 0}
    comparison = compare(grades, ("b", "a", "c"), ("a", "b", "c"), Convention(gain="exponential"))
    assert comparison.a.exact
    assert comparison.b.exact
    gap = comparison.dcg_gap
    assert isinstance(gap, Decimal)
    assert abs(sum(p.change for p in comparison.positions) - gap) <= abs(gap) * Decimal("1e-25")
    assert "a (grade 1100) is 1st in B instead of 2nd" in comparison.paragraph
    assert "e+" in comparison.paragraph  # a huge DCG is written in scientific notation


def test_judged_ideal_uses_the_unretrieved_grades() -> None:
    convention = Convention(ideal="judged")
    comparison = compare(SEED, A, _swap(A, 2, 3), convention, unretrieved=[3])
    judged = [*SEED.values(), 3]
    expected = evaluate([SEED[x] for x in _swap(A, 2, 3)], convention, judged_grades=judged)
    assert comparison.b.ndcg == expected.ndcg


@pytest.mark.parametrize(
    ("order_b", "message"),
    [
        (("D1", "D2"), "Ranking B leaves out D3, D4, D5, D6"),
        ((*A[:5], "D1"), "Ranking B has D1 twice \\(again at position 6\\)"),
        ((*A[:5], "D9"), "Ranking B has D9 at position 6, which is not one of the documents"),
    ],
)
def test_bad_rankings_are_refused_in_words(order_b: tuple[str, ...], message: str) -> None:
    with pytest.raises(NdcgError, match=message):
        compare(SEED, A, order_b)


_LABEL = st.text(alphabet="abcdefgh0123456789-", min_size=1, max_size=6)
_GRADES = st.dictionaries(_LABEL, st.integers(-2, 4), min_size=1, max_size=9)


@st.composite
def _cases(draw: st.DrawFn) -> tuple[dict[str, int], tuple[str, ...], tuple[str, ...]]:
    grades = draw(_GRADES)
    order_a = tuple(draw(st.permutations(list(grades))))
    order_b = tuple(draw(st.permutations(list(grades))))
    return grades, order_a, order_b


@given(_cases(), conventions())
def test_per_position_and_per_document_changes_sum_to_the_dcg_gap(
    case: tuple[dict[str, int], tuple[str, ...], tuple[str, ...]], convention: Convention
) -> None:
    grades, order_a, order_b = case
    comparison = compare(grades, order_a, order_b, convention)
    scale = max(abs(float(comparison.a.dcg)), abs(float(comparison.b.dcg)), 1.0)
    gap = float(comparison.dcg_gap)
    assert math.isclose(
        sum(float(p.change) for p in comparison.positions), gap, abs_tol=1e-9 * scale
    )
    assert math.isclose(
        sum(float(d.change) for d in comparison.documents), gap, abs_tol=1e-9 * scale
    )
    judged = list(grades.values()) if convention.ideal == "judged" else None
    direct = evaluate([grades[x] for x in order_b], convention, judged_grades=judged)
    assert comparison.b.ndcg == direct.ndcg or (
        math.isnan(direct.ndcg) and math.isnan(comparison.b.ndcg)
    )
    text = comparison.paragraph
    assert text.endswith(".")
    assert not re.search(r"['\"]|Decimal|nan|inf\b|None", text), text


@given(st.integers(1, 40).flatmap(lambda n: st.permutations(range(n))))
def test_the_url_form_reads_back_to_the_same_ranking(permutation: list[int]) -> None:
    order_a = tuple(f"doc{i}" for i in range(len(permutation)))
    order_b = tuple(order_a[i] for i in permutation)
    text = order_to_param(order_a, order_b)
    assert re.fullmatch(r"[0-9.~]+", text)
    assert order_from_param(text, order_a) == order_b


def test_the_url_form_is_compact_for_runs() -> None:
    order_a = tuple(f"d{i}" for i in range(1000))
    assert order_to_param(order_a, order_a) == "1~1000"
    assert order_to_param(order_a, order_a[::-1]) == "1000~1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1.2", "leaves out position 3: it must name all 3"),
        ("1.2.3.3", "names position 3 twice"),
        ("1~4", "names position 4, but the list has 3 documents"),
        ("0.1.2", "names position 0"),
        ("1,2,3", "not a list of positions such as 3.1.2"),
        ("", "not a list of positions"),
    ],
)
def test_bad_url_forms_are_refused_in_words(text: str, message: str) -> None:
    with pytest.raises(NdcgError, match=message):
        order_from_param(text, ("a", "b", "c"))
