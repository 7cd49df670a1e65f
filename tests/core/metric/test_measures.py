"""Every measure of the registry agrees with trec_eval (pytrec_eval) under the name it
declares, on generated queries; and pages read the registry's labels."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import PRESETS, Convention
from ndcg_core.metric.measures import MEASURES
from ndcg_core.runs.queries import Query, queries_table, query_means
from tests.core.trec import trec_eval
from tests.examples import examples

grade = st.integers(0, 3)
# A query: grades in ranked order (the run's scores strictly fall: no tie to break) and the
# grades of judged documents it never retrieved.
one_query = st.tuples(st.lists(grade, min_size=1, max_size=12), st.lists(grade, max_size=4))


@settings(max_examples=examples(150), deadline=None)
@given(
    st.lists(one_query, min_size=1, max_size=4), st.none() | st.integers(1, 6), st.integers(1, 2)
)
def test_every_measure_agrees_with_trec_eval(queries, k, threshold) -> None:
    # trec_eval's nDCG convention (linear gain, log2(i+1), ideal from the qrels); the binary
    # measures use only its cutoff.
    convention = PRESETS["trec_eval_ndcg"].convention.with_changes(cutoff_k=k)
    judged, scored = {}, {}
    for q, (shown, unretrieved) in enumerate(queries):
        judged[f"q{q}"] = {f"d{i}": g for i, g in enumerate(shown)}
        judged[f"q{q}"] |= {f"x{i}": g for i, g in enumerate(unretrieved)}
        scored[f"q{q}"] = {f"d{i}": float(len(shown) - i) for i in range(len(shown))}
    for measure in MEASURES.values():
        theirs = trec_eval(judged, scored, measure.trec_eval_name(k), relevance_level=threshold)
        assert theirs.keys() == judged.keys()
        for q, (shown, unretrieved) in enumerate(queries):
            everything = [float(g) for g in (*shown, *unretrieved)]
            ours = measure.compute([float(g) for g in shown], everything, convention, threshold)
            if math.isnan(ours):  # undefined without a relevant document; trec_eval says 0
                assert not any(g >= threshold for g in everything)
                assert theirs[f"q{q}"] == 0.0
            else:
                assert ours == pytest.approx(theirs[f"q{q}"], abs=1e-12), measure.key


def test_a_measure_has_one_line_and_every_name() -> None:
    assert list(MEASURES) == ["nDCG", "P", "R", "AP", "RR"]
    assert [m.label(None) for m in MEASURES.values()] == ["nDCG", "P", "R", "AP", "RR"]
    assert [m.mean_label(3) for m in MEASURES.values()] == [
        "mean nDCG@3",
        "mean P@3",
        "mean R@3",
        "MAP",
        "MRR",
    ]
    assert [m.ir_measures_name(10) for m in MEASURES.values()] == [
        "nDCG@10",
        "P@10",
        "R@10",
        "AP",
        "RR",
    ]
    assert MEASURES["P"].trec_eval_name(None) == "set_P"
    with pytest.raises(TypeError):
        MEASURES["X"] = MEASURES["P"]  # type: ignore[index]  # read-only


def test_the_several_queries_tables_are_the_registrys_measures() -> None:
    queries = [Query((3, 0, 1), (3, 0, 1, 2), "a"), Query((0, 2), name="b")]
    convention = Convention(cutoff_k=2)
    table = queries_table(queries, convention)
    assert table.columns.tolist()[2:] == [m.label(2) for m in MEASURES.values()]
    means = query_means(queries, convention)
    assert means["mean"].tolist() == [m.mean_label(2) for m in MEASURES.values()]
