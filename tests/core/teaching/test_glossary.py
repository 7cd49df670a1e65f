"""The glossary: the terms issue 24 asks for, each defined once, in one line."""

from __future__ import annotations

import pytest

from ndcg_core.teaching.glossary import GLOSSARY, named_in, term

ASKED = ("gain", "discount", "CG", "DCG", "ideal ranking", "IDCG", "nDCG", "@k", "judged ideal")


def test_every_term_the_issue_asks_for_is_registered() -> None:
    assert tuple(entry.name for entry in GLOSSARY.values()) == ASKED


@pytest.mark.parametrize("key", list(GLOSSARY))
def test_each_entry_is_one_line_with_a_formula(key: str) -> None:
    entry = term(key)
    for text in (entry.definition, entry.formula, entry.latex):
        assert text.strip() == text
        assert "\n" not in text
        assert text
    assert entry.definition.endswith(".")
    assert entry.formula.endswith(".")
    assert "$" not in entry.latex  # components.formula adds the delimiters
    assert entry.tooltip == f"{entry.definition} {entry.formula}"
    assert entry.question.startswith("What is ")
    assert entry.question.endswith(f"{entry.name}?")


def test_labels_name_their_term_and_only_theirs() -> None:
    assert named_in("CG@3") is GLOSSARY["cg"]
    assert named_in("DCG of your order") is GLOSSARY["dcg"]
    assert named_in("IDCG, the best possible DCG") is GLOSSARY["idcg"]
    assert named_in("Ideal DCG") is GLOSSARY["idcg"]
    assert named_in("nDCG@5") is GLOSSARY["ndcg"]
    assert named_in("DCGs") is None
    assert named_in("Mean nDCG, run A") is None


def test_an_unknown_term_is_an_error_naming_the_known_ones() -> None:
    with pytest.raises(KeyError, match="the glossary has gain, discount"):
        term("mrr")
