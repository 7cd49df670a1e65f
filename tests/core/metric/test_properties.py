"""Properties every nDCG convention must keep, checked with hypothesis."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, Discount, Gain, evaluate
from ndcg_core.metric.metrics import TABLE_COLUMNS
from ndcg_core.metric.view_numbers import view_numbers
from ndcg_core.pictures.tables import display_columns

grade = st.integers(min_value=0, max_value=10).map(float) | st.floats(
    min_value=0, max_value=100, allow_nan=False, allow_infinity=False
)
# DCG itself is compared with float arithmetic below, which subnormal numbers defeat.
normal_grade = st.integers(min_value=0, max_value=10).map(float) | st.floats(
    min_value=0, max_value=100, allow_nan=False, allow_infinity=False, allow_subnormal=False
)
grade_lists = st.lists(grade, min_size=1, max_size=40)
conventions = st.builds(
    Convention,
    gain=st.sampled_from(Gain),
    discount=st.sampled_from(Discount),
    log_base=st.sampled_from([2.0, math.e, 10.0, 1.5, 3.0]),
    cutoff_k=st.none() | st.integers(min_value=1, max_value=50),
)


@given(grade_lists, conventions)
def test_ndcg_is_between_zero_and_one_for_non_negative_grades(grades, convention) -> None:
    score = evaluate(grades, convention).ndcg
    assert 0.0 <= score <= 1.0 + 1e-12


@given(grade_lists, conventions)
def test_the_ideal_order_scores_exactly_one(grades, convention) -> None:
    ideal = sorted(grades, reverse=True)
    result = evaluate(ideal, convention)
    if result.ideal_dcg > 0:
        assert result.ndcg == 1.0


@given(grade_lists, st.randoms(use_true_random=False))
def test_cg_does_not_depend_on_order(grades, rnd) -> None:
    shuffled = list(grades)
    rnd.shuffle(shuffled)
    assert math.isclose(
        float(evaluate(grades).cg), float(evaluate(shuffled).cg), rel_tol=1e-12, abs_tol=1e-12
    )


@given(grade_lists, st.floats(min_value=1.01, max_value=1000), st.sampled_from(Gain))
def test_ndcg_does_not_depend_on_the_log_base(grades, base, gain) -> None:
    base2 = evaluate(grades, Convention(gain=gain))
    other = evaluate(grades, Convention(gain=gain, log_base=base))
    assert math.isclose(base2.ndcg, other.ndcg, rel_tol=1e-9, abs_tol=1e-12)


@given(
    st.lists(normal_grade, min_size=1, max_size=40),
    st.floats(min_value=1.01, max_value=1000),
    st.sampled_from(Gain),
)
def test_dcg_scales_with_the_log_base(grades, base, gain) -> None:
    # log_b(x) = ln(x) / ln(b), so DCG with base b is DCG with base 2 times ln(b) / ln(2)
    base2 = evaluate(grades, Convention(gain=gain))
    other = evaluate(grades, Convention(gain=gain, log_base=base))
    expected = float(base2.dcg) * math.log(base) / math.log(2)
    assert math.isclose(float(other.dcg), expected, rel_tol=1e-9, abs_tol=1e-300)


def test_subnormal_grades_keep_their_ndcg() -> None:
    # 5e-324 / log_1.25(2) underflows to 0 in floats; the exact path keeps it.
    result = evaluate([5e-324], Convention(log_base=1.25))
    assert result.exact
    assert result.ndcg == 1.0


@given(grade_lists, st.data(), conventions)
def test_moving_a_higher_grade_below_a_lower_one_never_raises_dcg(grades, data, convention) -> None:
    if len(grades) < 2:
        return
    i = data.draw(st.integers(0, len(grades) - 2))
    j = data.draw(st.integers(i + 1, len(grades) - 1))
    if grades[i] <= grades[j]:
        return
    swapped = list(grades)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    before = float(evaluate(grades, convention).dcg)
    after = float(evaluate(swapped, convention).dcg)
    assert after <= before + 1e-9 * max(1.0, abs(before))


@given(grade_lists, conventions)
def test_adding_a_zero_at_the_end_never_changes_ndcg_with_the_list_ideal(
    grades, convention
) -> None:
    assert evaluate([*grades, 0.0], convention).ndcg == evaluate(grades, convention).ndcg


@given(grade_lists, conventions)
def test_table_sums_equal_the_metrics(grades, convention) -> None:
    result = evaluate(grades, convention)
    counted = result.table[result.table["counted"]]
    assert math.isclose(
        float(counted["contribution"].sum()), float(result.dcg), rel_tol=1e-9, abs_tol=1e-12
    )
    assert math.isclose(
        float(counted["ideal_contribution"].sum()),
        float(result.ideal_dcg),
        rel_tol=1e-9,
        abs_tol=1e-12,
    )


@given(grade_lists, conventions)
def test_ndcg_at_each_k_ends_at_the_full_list_score(grades, convention) -> None:
    whole = convention.with_changes(cutoff_k=None)
    curve = evaluate(grades, whole).ndcg_at_each_k
    assert len(curve) == len(grades)
    assert curve[-1] == evaluate(grades, whole).ndcg
    for k in (1, len(grades)):
        at_k = evaluate(grades, whole.with_changes(cutoff_k=k)).ndcg
        assert math.isclose(curve[k - 1], at_k, rel_tol=1e-12, abs_tol=1e-12)


@given(grade_lists, st.lists(grade, max_size=10), conventions)
def test_judged_documents_not_retrieved_can_only_lower_ndcg(
    grades, unretrieved, convention
) -> None:
    judged = convention.with_changes(ideal="judged")
    alone = evaluate(grades, judged, judged_grades=grades).ndcg
    with_more = evaluate(grades, judged, judged_grades=[*grades, *unretrieved]).ndcg
    assert with_more <= alone + 1e-12


@given(grade_lists, conventions)
def test_ndcg_at_i_column_is_ndcg_at_cutoff_i_whatever_the_cutoff(grades, convention) -> None:
    column = evaluate(grades, convention).table["ndcg_at_i"]
    for i in range(1, len(grades) + 1):
        at_i = evaluate(grades, convention.with_changes(cutoff_k=i)).ndcg
        assert math.isclose(column.iloc[i - 1], at_i, rel_tol=1e-12, abs_tol=1e-12)


@given(grade_lists, st.lists(grade, max_size=10), conventions)
def test_rows_counts_the_tables_rows_without_making_it(grades, unretrieved, convention) -> None:
    judged = convention.with_changes(ideal="judged")
    evaluation = evaluate(grades, judged, judged_grades=[*grades, *unretrieved])
    rows = evaluation.rows
    assert "table" not in vars(evaluation)  # a drop's run asks for the length only
    assert rows == len(evaluation.table) >= len(grades)


@given(grade_lists, st.lists(grade, max_size=10), conventions, st.integers(0, 12))
def test_a_column_reads_the_tables_rows_without_making_it(
    grades, unretrieved, convention, first
) -> None:
    judged = convention.with_changes(ideal="judged")
    evaluation = evaluate(grades, judged, judged_grades=[*grades, *unretrieved])
    end = first + 5
    read = {name: evaluation.column(name, first, end) for name in TABLE_COLUMNS}
    assert "table" not in vars(evaluation)  # a new list's view reads its columns
    for name, values in read.items():
        expected = evaluation.table[name].iloc[first:end].tolist()
        assert [repr(v) for v in values] == [repr(v) for v in expected], name


@given(grade_lists, conventions)
def test_a_new_lists_view_is_made_without_the_table(grades, convention) -> None:
    evaluation = evaluate(grades, convention)
    view_numbers(evaluation)
    display_columns(evaluation, rows=10, titles={"D1": "a title"})
    assert "table" not in vars(evaluation)
