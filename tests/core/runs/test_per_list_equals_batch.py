"""One query scored per list (the Playground's path) and in a batch (the run page's path)
gives the same floats, to the last bit, under every convention: both call the same rules."""

from __future__ import annotations

import math

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import (
    Convention,
    Discount,
    Gain,
    IdealSource,
    NdcgError,
    NegativeGrades,
    TiePolicy,
    ZeroIdeal,
    evaluate_scores,
    ndcg,
    rank_by_scores,
)
from ndcg_core.runs.scoring import evaluate_run, evaluate_run_files
from tests.examples import examples

# Log bases of every kind: 2 (log2), e, 10, and odd ones whose logarithm is not exact.
LOG_BASES = [2.0, math.e, 10.0, 1.5, 3.0, 7.3, 1.01]
DOC_IDS = ["d1", "d10", "d9", "D3", "a", "ab", "Z", "é", "doc-7"]


@st.composite
def one_query(draw):
    """A query's retrieved documents (scores with ties) and its judgements (some documents
    retrieved and unjudged, some judged and never retrieved), with grades of every kind."""
    grade = st.integers(-2, 4).map(float) | st.sampled_from([0.5, 1.25, 3.7, -0.5])
    docs = draw(st.lists(st.sampled_from(DOC_IDS), min_size=1, max_size=9, unique=True))
    scores = [float(draw(st.integers(0, 3))) for _ in docs]  # few values: many ties
    judged = {d: draw(grade) for d in docs if draw(st.booleans())}
    for extra in range(draw(st.integers(0, 3))):
        judged[f"x{extra}"] = draw(grade)
    if not judged:  # a query with no judgement is skipped by the batch path
        judged["x"] = draw(grade)
    return docs, scores, judged


conventions = st.builds(
    Convention,
    gain=st.sampled_from(list(Gain)),
    discount=st.sampled_from(list(Discount)),
    log_base=st.sampled_from(LOG_BASES),
    cutoff_k=st.none() | st.integers(1, 10),
    ideal=st.sampled_from(list(IdealSource)),
    ties=st.sampled_from(list(TiePolicy)),
    zero_ideal=st.sampled_from(list(ZeroIdeal)),
    negative_grades=st.sampled_from(list(NegativeGrades)),
)


def _outcome(score):
    try:
        return score()
    except NdcgError:
        return "refused"


def _same(first: float | str, second: float | str) -> bool:
    if isinstance(first, float) and isinstance(second, float) and math.isnan(first):
        return math.isnan(second)
    return first == second


@settings(max_examples=examples(400), deadline=None)
@given(one_query(), conventions)
def test_a_query_scores_to_the_bit_alike_per_list_and_in_a_batch(case, convention) -> None:
    docs, scores, judged = case
    grades = [judged.get(d, 0.0) for d in docs]
    judged_grades = list(judged.values())

    def per_list():
        evaluation = evaluate_scores(
            grades, scores, convention, doc_ids=docs, judged_grades=judged_grades
        )
        assert not evaluation.exact  # these grades never need the decimal fallback
        return evaluation

    evaluation = _outcome(per_list)
    run = pd.DataFrame({"qid": "q", "docid": docs, "score": scores})
    qrels = pd.DataFrame({"qid": "q", "docid": list(judged), "grade": judged_grades})
    batch = _outcome(lambda: evaluate_run(run, qrels, convention))
    if evaluation == "refused":
        assert batch == "refused"
        return
    assert batch != "refused"
    assert batch.dcg[0] == evaluation.dcg
    assert batch.ideal_dcg[0] == evaluation.ideal_dcg
    assert _same(float(batch.ndcg[0]), evaluation.ndcg)

    # The same query read from files (Arrow's path), and the short per-list function.
    rows = enumerate(zip(docs, scores, strict=True), start=1)
    run_bytes = "".join(f"q Q0 {d} {i} {s:g} t\n" for i, (d, s) in rows)
    qrels_bytes = "".join(f"q 0 {d} {g!r}\n" for d, g in judged.items())
    from_files = evaluate_run_files(run_bytes.encode(), qrels_bytes.encode(), convention)
    assert _same(float(from_files.ndcg[0]), evaluation.ndcg)
    assert from_files.dcg[0] == evaluation.dcg
    ranking = rank_by_scores(grades, scores, ties=convention.ties, doc_ids=docs)
    if ranking.tie_groups is None:  # ndcg() takes grades in ranked order, without ties
        short = ndcg(ranking.grades, convention, judged_grades=judged_grades)
        assert _same(short, evaluation.ndcg)
