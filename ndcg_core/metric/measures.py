"""The measures the app computes for one query, declared as data, as ir_measures declares
them: a name, the label a page shows, the names trec_eval and ir_measures give it, and the
function computing it. Adding a measure is one function and one line in :data:`MEASURES`;
the Several queries page, its means and the exports read their labels from here, and
``tests/core/metric/test_measures.py`` checks every line against pytrec_eval.

Each function takes a query's grades in ranked order, the grades of all its judged
documents (the shown ones first, then those never retrieved; None when the shown list is
all), the convention and the grade from which a document counts as relevant (the binary
measures, :mod:`ndcg_core.metric.binary`)::

    nDCG@k = DCG@k / IDCG@k                       (the convention's, ndcg_core.metric.metrics)
    P@k    = (1/k) * sum_{i<=k} rel_i             R@k = (1/R) * sum_{i<=k} rel_i
    AP     = (1/R) * sum_i rel_i * P@i            RR  = 1 / (rank of the first relevant)

>>> [MEASURES[key].label(5) for key in MEASURES]
['nDCG@5', 'P@5', 'R@5', 'AP', 'RR']
>>> [MEASURES[key].trec_eval_name(10) for key in MEASURES]
['ndcg_cut_10', 'P_10', 'recall_10', 'map', 'recip_rank']
>>> round(MEASURES["AP"].compute((3, 0, 2), None, Convention(), 1.0), 4)
0.8333
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ndcg_core.metric.binary import BinaryScores, binary_scores
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import ndcg

#: (grades in ranked order, grades of every judged document or None, convention, threshold)
Compute = Callable[[Sequence[float], Sequence[float] | None, Convention, float], float]


@dataclass(frozen=True)
class Measure:
    """One measure. ``label_template`` is its label with ``{at}`` for ``@k`` under a cutoff k
    (nothing without one). The library names are (under a cutoff, ``{k}`` filled; without
    one): trec_eval's as pytrec_eval reports them, and ir_measures'."""

    key: str
    label_template: str
    trec_eval: tuple[str, str]
    ir_measures: tuple[str, str]
    compute: Compute
    mean: str = ""  # the mean's name, when it is not "mean " and the label

    def label(self, cutoff_k: int | None) -> str:
        """The column a page shows: ``P@5``, or ``P`` without a cutoff."""
        return self.label_template.format(at=_at(cutoff_k))

    def mean_label(self, cutoff_k: int | None) -> str:
        """The mean over queries: ``mean P@5``, ``MAP``."""
        return self.mean or f"mean {self.label(cutoff_k)}"

    def trec_eval_name(self, cutoff_k: int | None) -> str:
        """trec_eval's name, as pytrec_eval reports it (``P_10``, ``set_P``, ``map``)."""
        with_k, without = self.trec_eval
        return without if cutoff_k is None else with_k.format(k=cutoff_k)

    def ir_measures_name(self, cutoff_k: int | None) -> str:
        """ir_measures' name (``P@10``, ``SetP``, ``AP``)."""
        with_k, without = self.ir_measures
        return without if cutoff_k is None else with_k.format(k=cutoff_k)


def _at(cutoff_k: int | None) -> str:
    return "" if cutoff_k is None else f"@{cutoff_k}"


def _binary(
    grades: Sequence[float], judged: Sequence[float] | None, k: int | None, threshold: float
) -> BinaryScores:
    """The binary measures, the relevant documents never retrieved counted for R@k and AP."""
    missed = [] if judged is None else list(judged)[len(grades) :]
    return binary_scores(
        grades,
        threshold=threshold,
        cutoff_k=k,
        unretrieved_relevant=sum(1 for g in missed if g >= threshold),
    )


def _ndcg(
    grades: Sequence[float], judged: Sequence[float] | None, c: Convention, _: float
) -> float:
    return ndcg(grades, c, judged_grades=judged)


def _precision(g: Sequence[float], j: Sequence[float] | None, c: Convention, t: float) -> float:
    return _binary(g, j, c.cutoff_k, t).precision_at_k


def _recall(g: Sequence[float], j: Sequence[float] | None, c: Convention, t: float) -> float:
    return _binary(g, j, c.cutoff_k, t).recall_at_k


def _average_precision(
    g: Sequence[float], j: Sequence[float] | None, c: Convention, t: float
) -> float:
    return _binary(g, j, c.cutoff_k, t).average_precision


def _reciprocal_rank(
    g: Sequence[float], j: Sequence[float] | None, c: Convention, t: float
) -> float:
    return _binary(g, j, c.cutoff_k, t).reciprocal_rank


_DECLARED = (  # one line a measure, in the order pages show them
    Measure("nDCG", "nDCG{at}", ("ndcg_cut_{k}", "ndcg"), ("nDCG@{k}", "nDCG"), _ndcg),
    Measure("P", "P{at}", ("P_{k}", "set_P"), ("P@{k}", "SetP"), _precision),
    Measure("R", "R{at}", ("recall_{k}", "set_recall"), ("R@{k}", "SetR"), _recall),
    Measure("AP", "AP", ("map", "map"), ("AP", "AP"), _average_precision, mean="MAP"),
    Measure("RR", "RR", ("recip_rank", "recip_rank"), ("RR", "RR"), _reciprocal_rank, mean="MRR"),
)
#: Every measure by its key (read-only).
MEASURES: Mapping[str, Measure] = MappingProxyType({m.key: m for m in _DECLARED})
