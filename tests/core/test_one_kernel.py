"""Every path that adds up DCG at k goes through ndcg_core.metric.kernel, so for any list and
convention they give the same floats, to the bit: one list (evaluate and the short ndcg), a
run's batch scoring, the compare page, the stakeholder page and the lesson's chart. A path
that summed its own way (pairwise, or gain times 1/d) or cut at k its own way would differ."""

from __future__ import annotations

import math
import re

import numpy as np
import pandas as pd
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ndcg_core import NdcgError, evaluate, ndcg
from ndcg_core.metric import kernel, rules
from ndcg_core.metric.compare import compare
from ndcg_core.pictures.lesson_charts import contribution_chart
from ndcg_core.pictures.stakeholder import ranking_table
from ndcg_core.runs.scoring import evaluate_run
from ndcg_core.teaching.lesson_steps import TEXTBOOK, step_cutoff
from ndcg_core.teaching.stories import load_story
from tests.core.strategies import conventions
from tests.examples import examples

# Grades with fractions and negatives; lists long enough for NumPy's pairwise sum to differ.
grade = st.integers(-2, 4).map(float) | st.sampled_from([0.5, 1.25, 3.7, -0.5, 0.1])


def _in_order(terms: list[float]) -> float:
    total = 0.0
    for term in terms:
        total += term
    return total


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(grade, min_size=1, max_size=30), conventions(), st.lists(grade, max_size=4))
def test_every_path_gives_the_kernels_floats(grades, convention, unretrieved) -> None:
    judged = [*grades, *unretrieved]
    try:
        evaluation = evaluate(grades, convention, judged_grades=judged)
    except NdcgError:
        return
    assume(not evaluation.exact)
    used = rules.used_grades(np.array(grades), convention.negative_grades)
    expected = kernel.sum_at_k(rules.gain_values(used, convention.gain), convention)
    assert evaluation.dcg == expected
    shown = ndcg(grades, convention, judged_grades=judged)
    assert shown == evaluation.ndcg or (math.isnan(shown) and math.isnan(evaluation.ndcg))

    # A run of one query whose scores give this order, judged as the list is.
    labels = [f"d{i:02d}" for i in range(len(grades))]
    run = pd.DataFrame({"qid": "q", "docid": labels, "score": np.arange(len(grades), 0, -1.0)})
    extra = [f"x{i}" for i in range(len(unretrieved))]
    qrels = pd.DataFrame({"qid": "q", "docid": labels + extra, "grade": judged})
    batch = evaluate_run(run, qrels, convention)
    assert batch.dcg[0] == expected
    assert batch.ideal_dcg[0] == evaluation.ideal_dcg

    # The compare page: A's contributions, cut at k, add up to the same DCG@k.
    by_label = dict(zip(labels, grades, strict=True))
    comparison = compare(by_label, labels, labels[::-1], convention, unretrieved=unretrieved)
    assert not comparison.a.exact
    assert _in_order([float(p.contribution_a) for p in comparison.positions]) == expected
    assert comparison.a.dcg == expected

    # The stakeholder page greys out exactly the positions the kernel does not count.
    html = ranking_table("A", comparison.a, {}, max_rows=len(grades))
    rows = re.findall(r"<tr( class=\"below\")?><td class=\"number\">(\d+)</td>", html)
    greyed = [int(position) for below, position in rows if below]
    counted = kernel.counted(np.arange(1, len(grades) + 1), convention.cutoff_k)
    assert greyed == [i + 1 for i in np.flatnonzero(~counted)]
    assert html.count("not counted") == len(greyed)


STORY = load_story("pizza")


@settings(max_examples=examples(100), deadline=None)
@given(st.permutations(STORY.shown_order).map(tuple), st.integers(1, len(STORY.cards)))
def test_the_lessons_chart_adds_up_to_the_kernels_dcg_at_k(order, k) -> None:
    step = step_cutoff(STORY, order, k)
    values = contribution_chart(step.rows)["data"]["values"]
    counts = [v["value"] for v in values if v["part"] == "kept" and v["counts"] == "counts"]
    gains = rules.gain_values(np.array([STORY.card(c).grade for c in order], float), TEXTBOOK.gain)
    expected = kernel.sum_at_k(gains, TEXTBOOK.with_changes(cutoff_k=k))
    assert _in_order(counts) == expected == step.dcg.result
