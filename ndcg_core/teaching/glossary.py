"""The glossary: each word of nDCG defined once, in one line, with its formula.

A page that names a term for the first time shows these words, and only these (a tooltip on a
number or heading, or a small "What is DCG?" expander: ``components/glossary.py``), so the
lesson, Step by step, the Playground, Conventions and Drawbacks say the same thing;
``tests/pages/test_glossary_pages.py`` fails when a page words a definition its own way.

Adding a term is one entry in :data:`GLOSSARY`. The formulas are the textbook convention's
(linear gain, log2(i+1)), as the lesson teaches them; a page under another convention shows
its own filled-in formula beside them.

>>> print(term("dcg").tooltip)
Discounted cumulative gain: each result's gain divided by its discount, added up over the first p places. DCG_p = Σ gain_i / log2(i+1), for i = 1 to p.
>>> term("cutoff").question
'What is @k?'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Term:
    """One word: its ``key`` (how code asks for it), ``name`` (as a page writes it), one-line
    ``definition``, its ``formula`` as plain text and the same formula as ``latex`` (no "$")."""

    key: str
    name: str
    definition: str
    formula: str
    latex: str
    article: str = ""  # "the " for "What is the discount?"
    also: tuple[str, ...] = ()  # other names a page labels it with ("Ideal DCG")

    @property
    def names(self) -> tuple[str, ...]:
        """Every name a label may give the term, longest first."""
        return tuple(sorted((self.name, *self.also), key=len, reverse=True))

    @property
    def tooltip(self) -> str:
        """The definition and the formula, as a ``help=`` tooltip shows them."""
        return f"{self.definition} {self.formula}"

    @property
    def question(self) -> str:
        """The label of the term's expander."""
        return f"What is {self.article}{self.name}?"


_TERMS = (
    Term(
        "gain",
        "gain",
        "What one result is worth, read from its grade: the better the grade, the larger the gain.",
        "gain_i = rel_i, the grade of the result in place i (or 2^rel_i - 1, exponential gain).",
        r"\text{gain}_i = rel_i",
        article="a ",
    ),
    Term(
        "discount",
        "discount",
        "The divisor that makes lower places count less: it grows with the place i, so a "
        "result further down keeps a smaller share of its gain.",
        "discount(i) = log2(i+1); the result in place i keeps 1/log2(i+1) of its gain.",
        r"\text{discount}(i) = \log_2(i+1)",
        article="the ",
    ),
    Term(
        "cg",
        "CG",
        "Cumulative gain: the gains of the first p results added up, in whatever order they come.",
        "CG_p = Σ gain_i, for i = 1 to p.",
        r"CG_{p} = \sum_{i=1}^{p} \text{gain}_i",
    ),
    Term(
        "dcg",
        "DCG",
        "Discounted cumulative gain: each result's gain divided by its discount, added up "
        "over the first p places.",
        "DCG_p = Σ gain_i / log2(i+1), for i = 1 to p.",
        r"DCG_{p} = \sum_{i=1}^{p} \frac{\text{gain}_i}{\log_2(i+1)}",
    ),
    Term(
        "ideal",
        "ideal ranking",
        "The same results sorted best grade first: no order of them can score more.",
        "rel_1 ≥ rel_2 ≥ … ≥ rel_p: the grades from highest to lowest.",
        r"rel_1 \geq rel_2 \geq \cdots \geq rel_p",
        article="the ",
    ),
    Term(
        "idcg",
        "IDCG",
        "Ideal DCG: the DCG of the ideal ranking, the most any order of these results can score.",
        "IDCG_p = DCG_p of the ideal ranking (the grades sorted best first).",
        r"IDCG_{p} = DCG_{p}(\text{the grades sorted best first})",
        also=("Ideal DCG", "ideal DCG"),
    ),
    Term(
        "ndcg",
        "nDCG",
        "Normalised DCG: the DCG as a share of the best possible, from 0 (nothing useful "
        "found) to 1 (no better order exists).",
        "nDCG_p = DCG_p / IDCG_p.",
        r"nDCG_{p} = \frac{DCG_{p}}{IDCG_{p}}",
    ),
    Term(
        "cutoff",
        "@k",
        "The cutoff: only the first k results count, in DCG and in the ideal alike; the rest "
        "leave both sums.",
        "nDCG@k = DCG@k / IDCG@k, each summed over places 1 to k.",
        r"nDCG@k = \frac{DCG@k}{IDCG@k}",
    ),
    Term(
        "judged",
        "judged ideal",
        "An ideal ranking built from every result a judge graded for the search, including "
        "those the list left out: a good result the list missed lowers its nDCG.",
        "IDCG from all judged grades sorted best first, not only the list's own.",
        r"IDCG_{p} = DCG_{p}(\text{all judged grades, best first})",
        article="the ",
    ),
)

GLOSSARY: Mapping[str, Term] = MappingProxyType({entry.key: entry for entry in _TERMS})
"""Every term by its key, in the order a reader meets them."""


def term(key: str) -> Term:
    """The glossary's entry for ``key``, or a KeyError naming the terms there are.

    >>> term("ndcg").name
    'nDCG'
    >>> term("mrr")
    Traceback (most recent call last):
    ...
    KeyError: 'No glossary term "mrr"; the glossary has gain, discount, cg, dcg, ideal, idcg, ndcg, cutoff, judged.'
    """
    try:
        return GLOSSARY[key]
    except KeyError:
        msg = f'No glossary term "{key}"; the glossary has {", ".join(GLOSSARY)}.'
        raise KeyError(msg) from None


def named_in(label: str) -> Term | None:
    """The term a label starts with ("DCG of your order", "Ideal DCG@3", "nDCG@5"), if any.

    >>> named_in("Ideal DCG@3").key, named_in("nDCG of page A").key, named_in("Join code")
    ('idcg', 'ndcg', None)
    """
    found = [
        (len(name), entry)
        for entry in GLOSSARY.values()
        for name in entry.names
        if label.startswith(name) and not label[len(name) : len(name) + 1].isalnum()
    ]
    return max(found, key=lambda pair: pair[0])[1] if found else None
