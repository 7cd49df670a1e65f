"""The Several queries page through AppTest."""

from __future__ import annotations

import math

from ndcg_core import Convention, format_real
from ndcg_core.metric.binary import binary_scores
from ndcg_core.runs.queries import mean_ndcg, parse_queries
from tests.pages.conftest import open_app

PAGE = "pages/queries.py"


def test_default_queries_and_their_mean() -> None:
    at = open_app(page=PAGE)
    table = at.table[0].value
    assert table["query"].tolist()[-1] == "nothing relevant"
    assert at.table[1].value["mean"].tolist()[0] == "mean nDCG"
    assert table.loc[0, "nDCG"] == "0.961"  # seed 000's list
    assert table.loc[1, "nDCG"] == "0.976"  # seed 004's list


def test_a_cutoff_and_exponential_gain_follow_the_sidebar() -> None:
    at = open_app({"k": "3", "gain": "exponential"}, page=PAGE)
    text = at.text_area(key="queries_text").value
    expected = mean_ndcg(parse_queries(text), Convention(cutoff_k=3, gain="exponential")).mean
    means = at.table[1].value
    assert means["mean"].tolist()[0] == "mean nDCG@3"
    assert means["value"].tolist()[0] == f"{expected:.3f}".rstrip("0").rstrip(".")


def test_zero_ideal_policies_move_the_mean() -> None:
    at = open_app(page=PAGE)
    means = at.table[3].value
    assert means["queries counted"].tolist() == ["4", "4", "4", "3"]
    assert means["mean nDCG"].tolist()[2] == "undefined"


def test_a_bad_line_is_named_and_the_page_stays_up() -> None:
    at = open_app(page=PAGE)
    at.text_area(key="queries_text").input("a: 1, 2\nb: 3, x").run()
    assert not at.exception
    assert any("Line 2 (“b”)" in e.value.replace("\\", "") for e in at.error)
    assert at.table  # the disagreement table still shows


def test_query_names_are_shown_as_text_not_markdown() -> None:
    at = open_app(page=PAGE)
    at.text_area(key="queries_text").input("**bold**: 3, 1\n<img src=x onerror=alert(1)>: 1").run()
    assert not at.exception
    names = at.table[0].value["query"].tolist()
    assert names == [r"\*\*bold\*\*", r"\<img src=x onerror=alert\(1\)\>"]


def test_a_bad_edit_keeps_the_last_good_queries_and_their_table() -> None:
    at = open_app(page=PAGE)
    at.text_area(key="queries_text").input("a: 3, 1\nb: 0, 2").run()
    before = at.table[0].value.to_dict("list")
    at.text_area(key="queries_text").input("a: 3, 1\nb: 0, 2\nc: x").run()
    assert not at.exception
    assert any("Line 3 (“c”)" in e.value.replace("\\", "") for e in at.error)
    assert at.table[0].value.to_dict("list") == before
    assert at.text_area(key="queries_text").value.endswith("c: x")  # what was typed stays


def test_the_pages_own_inputs_survive_a_visit_to_another_page() -> None:
    at = open_app(page=PAGE)
    at.number_input(key="queries_threshold").set_value(2.0).run()
    at.text_area(key="queries_text").set_value("a: 1, 0\nb: 0, 2").run()
    at.switch_page("pages/playground.py").run()
    at.switch_page(PAGE).run()
    assert not at.exception
    assert at.number_input(key="queries_threshold").value == 2.0
    assert at.text_area(key="queries_text").value == "a: 1, 0\nb: 0, 2"


def test_a_query_below_zero_is_explained_under_the_table() -> None:
    at = open_app(page=PAGE)
    at.text_area(key="queries_text").set_value("fine: 3, 1\nbad: -1, 0, 1").run()
    captions = [c.value.replace("\\", "") for c in at.caption]
    assert any(
        c.startswith("“bad”: nDCG is below 0 because negative grades are kept") for c in captions
    )
    assert not any(c.startswith("“fine”") for c in captions)


def test_the_means_are_named_map_and_mrr_and_say_what_counts() -> None:
    # "nothing relevant" (0, 0, 0) has no relevant document: AP and R@k are undefined for it.
    at = open_app(page=PAGE)
    means = at.table[1].value.set_index("mean")
    per_query = at.table[0].value
    assert list(means.index) == ["mean nDCG", "mean P", "mean R", "MAP", "MRR"]
    counted = means["queries counted"].to_dict()
    assert counted == {"mean nDCG": "4", "mean P": "4", "mean R": "3", "MAP": "3", "MRR": "4"}
    assert per_query["AP"].tolist()[-1] == "undefined"
    queries = parse_queries(at.text_area(key="queries_text").value)
    scores = [
        binary_scores(
            q.grades, unretrieved_relevant=sum(g >= 1 for g in q.judged_grades[len(q.grades) :])
        )
        for q in queries
    ]
    ap = [s.average_precision for s in scores if not math.isnan(s.average_precision)]
    rr = [s.reciprocal_rank for s in scores]
    assert len(ap) == 3
    assert means.loc["MAP", "value"] == format_real(math.fsum(ap) / 3)
    assert means.loc["MRR", "value"] == format_real(math.fsum(rr) / 4)
    words = means["a query with no relevant document"].to_dict()
    assert words["MAP"].startswith("is left out")
    assert words["mean R"].startswith("is left out")
    assert words["MRR"] == "counts, as 0"
    assert words["mean P"] == "counts, as 0"
    assert words["mean nDCG"].startswith("counts, as 0 (the empty-ideal rule")


def test_the_ndcg_mean_follows_the_empty_ideal_rule_in_words_too() -> None:
    at = open_app({"zero": "exclude"}, page=PAGE)
    means = at.table[1].value.set_index("mean")
    assert means.loc["mean nDCG", "queries counted"] == "3"
    assert means.loc["mean nDCG", "a query with no relevant document"].startswith("is left out")
