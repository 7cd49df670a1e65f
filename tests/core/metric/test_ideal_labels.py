"""The ideal ranking's tooltip names the document at each place: a listed document whose
grade is the ideal's there, or a judged document the list did not retrieve."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, evaluate
from ndcg_core.metric.choices import NegativeGrades
from ndcg_core.metric.rules import ideal_pool, used_grades
from ndcg_core.pictures.chart_data import (
    NOT_RETRIEVED,
    POSITIONS,
    SERIES_IDEAL,
    chart_dataset_tables,
    chart_datasets,
)

GRADES = st.lists(st.integers(-1, 3).map(float), min_size=1, max_size=12)


@given(
    GRADES,
    st.lists(st.integers(0, 3).map(float), max_size=4),
    st.booleans(),
    st.sampled_from([NegativeGrades.KEEP, NegativeGrades.PENALISE, NegativeGrades.AS_ZERO]),
)
def test_each_ideal_place_names_a_document_with_that_grade(
    grades: list[float], unretrieved: list[float], judged: bool, policy: NegativeGrades
) -> None:
    convention = Convention(ideal="judged" if judged else "list", negative_grades=policy)
    evaluation = evaluate(
        grades, convention, judged_grades=grades + unretrieved if judged else None
    )
    rows = [r for r in chart_datasets(evaluation)[POSITIONS] if r["series"] == SERIES_IDEAL]
    named = [r["label"] for r in rows]
    assert all(named)  # the tooltip's "document" is never empty
    by_label = dict(zip(evaluation.labels, grades, strict=True))
    used = ideal_pool(used_grades(np.array(grades), policy), policy)
    pool = dict(zip(evaluation.labels, used, strict=True))
    listed = [label for label in named if label != NOT_RETRIEVED]
    assert sorted(listed) == sorted(by_label)  # every listed document once
    for row in rows:
        if row["label"] != NOT_RETRIEVED:
            assert pool[row["label"]] == evaluation.ideal_grades[row["position"] - 1]
    assert named.count(NOT_RETRIEVED) == (len(unretrieved) if judged else 0)
    arrow = chart_dataset_tables(evaluation)[POSITIONS].to_pylist()
    assert [r["label"] for r in arrow if r["series"] == SERIES_IDEAL] == named
