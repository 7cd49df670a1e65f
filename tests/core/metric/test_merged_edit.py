"""An edit made on an editor that still showed an older order of the list (a drop in the
browser-drawn list reorders the list without redrawing the editor): merged_edit."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ndcg_core.metric.lists import merged_edit, reordered
from ndcg_core.metric.parsing import GradeList

GRADES = st.lists(st.integers(0, 3).map(float), min_size=2, max_size=12)


def _labelled(grades: list[float]) -> GradeList:
    return GradeList(tuple(grades), tuple(f"D{i}" for i in range(1, len(grades) + 1)))


@given(GRADES, st.randoms(use_true_random=False), st.data())
def test_a_grade_edit_on_an_older_order_keeps_the_drop(
    grades: list[float], rng: object, data: st.DataObject
) -> None:
    shown = _labelled(grades)
    order = list(shown.labels)
    rng.shuffle(order)  # type: ignore[attr-defined]
    dropped = reordered(shown, order)
    new_grades = data.draw(
        st.lists(st.integers(0, 3).map(float), min_size=len(grades), max_size=len(grades))
    )
    edited = GradeList(tuple(new_grades), shown.labels)  # the same documents, grades changed
    merged = merged_edit(shown, edited, dropped)
    assert merged.labels == dropped.labels  # the order dropped stays
    edited_grade = dict(zip(edited.labels, edited.grades, strict=True))
    assert merged.grades == tuple(edited_grade[label] for label in dropped.labels)


@given(GRADES, GRADES)
def test_an_edit_on_the_current_list_is_taken_as_made(
    grades: list[float], other: list[float]
) -> None:
    shown = _labelled(grades)
    edited = _labelled(other)
    assert merged_edit(shown, edited, shown) == edited


@given(GRADES, st.integers(0, 3).map(float))
def test_an_edit_that_adds_a_document_is_taken_as_made(grades: list[float], grade: float) -> None:
    shown = _labelled(grades)
    dropped = reordered(shown, list(reversed(shown.labels)))
    edited = _labelled([*grades, grade])
    assert merged_edit(shown, edited, dropped) == edited


def test_a_list_whose_grades_changed_elsewhere_takes_the_edit_as_made() -> None:
    shown = _labelled([3.0, 2.0, 1.0])
    elsewhere = GradeList((1.0, 3.0, 0.0), ("D3", "D1", "D2"))  # D2's grade changed too
    edited = _labelled([3.0, 2.0, 2.0])
    assert merged_edit(shown, edited, elsewhere) == edited
