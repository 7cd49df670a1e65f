"""Every page names a convention choice by the sidebar's label for it, never by its value."""

from __future__ import annotations

from ndcg_core.metric.choice_labels import choice_label
from ndcg_core.metric.choices import NegativeGrades, TiePolicy, ZeroIdeal
from tests.pages.conftest import open_app


def test_the_conventions_tables_name_each_choice_as_the_sidebar_does() -> None:
    at = open_app(page="pages/conventions.py")
    ties = next(t.value for t in at.table if "tie policy" in t.value.columns)
    assert ties["tie policy"].tolist() == [choice_label(p) for p in TiePolicy]
    zero, negative = (t.value["policy"].tolist() for t in at.table if "policy" in t.value.columns)
    assert zero == [choice_label(p) for p in ZeroIdeal]  # "score 0", not "zero"
    assert negative == [choice_label(p) for p in NegativeGrades]  # "count as 0", not "as_zero"


def test_the_several_queries_page_names_the_empty_ideal_rule_as_the_sidebar_does() -> None:
    at = open_app(page="pages/queries.py")
    column = "no relevant document scores"
    table = next(t.value for t in at.table if column in t.value.columns)
    assert table[column].tolist() == [choice_label(p) for p in ZeroIdeal]
