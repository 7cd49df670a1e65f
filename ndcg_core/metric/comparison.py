"""Two rankings A and B of the same documents: both scores, where B gains or loses, and why.

Attribution. Under a convention with cutoff k, a document d at position p contributes
``c(d) = gain(rel_d) / discount(p)`` if ``p <= k`` and 0 otherwise, so
``DCG = sum_d c(d)``. The difference is split two ways, both exact sums:

- per position i:  ``delta_i = c_B(i) - c_A(i)`` (what B's document at i brings minus A's);
- per document d:  ``delta_d = c_B(d) - c_A(d)`` (the same document at its two places).

``sum_i delta_i = sum_d delta_d = DCG_B - DCG_A``. Both rankings have the same ideal
(the same documents), so the nDCG gap is ``(DCG_B - DCG_A) / IDCG`` and a document's share
of the DCG gap is also its share of the nDCG gap. The paragraph names the (at most two)
documents with the largest ``|delta_d|``, with their positions in A and B, and the share of
the gap they explain together.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import Evaluation, Real


@dataclass(frozen=True)
class PositionChange:
    """What B's document at one position brings, minus what A's brings there."""

    position: int
    label_a: str
    label_b: str
    contribution_a: Real
    contribution_b: Real
    change: Real


@dataclass(frozen=True)
class DocumentChange:
    """One document at its place in A and in B, and its change in contribution."""

    label: str
    name: str
    grade: float
    position_a: int
    position_b: int
    contribution_a: Real
    contribution_b: Real
    change: Real


@dataclass(frozen=True)
class Comparison:
    """Rankings A and B of the same documents under one convention."""

    convention: Convention
    order_a: tuple[str, ...]
    order_b: tuple[str, ...]
    a: Evaluation
    b: Evaluation
    positions: tuple[PositionChange, ...]
    documents: tuple[DocumentChange, ...]  # largest |change| first
    paragraph: str

    @property
    def dcg_gap(self) -> Real:
        """DCG_B - DCG_A (at the cutoff)."""
        return minus(self.b.dcg, self.a.dcg)

    @property
    def ndcg_gap(self) -> float:
        """nDCG_B - nDCG_A (at the cutoff)."""
        return self.b.ndcg - self.a.ndcg

    @property
    def cg_gap(self) -> Real:
        """CG_B - CG_A: 0 unless a cutoff lets different documents count."""
        return minus(self.b.cg, self.a.cg)

    def running_dcg(self, ranking: str) -> tuple[float, ...]:
        """Running DCG at positions 1..n of ranking ``"A"`` or ``"B"`` (past k too).

        Floats; for an exact (Decimal) comparison use
        :func:`ndcg_core.pictures.compare_charts.chart_unit` to scale first.

        >>> from ndcg_core.metric.compare import compare
        >>> c = compare({"x": 1, "y": 0}, "xy", "yx")
        >>> c.running_dcg("A"), [round(v, 3) for v in c.running_dcg("B")]
        ((1.0, 1.0), [0.0, 0.631])
        """
        evaluation = self.a if ranking == "A" else self.b
        n = len(evaluation.grades)
        return tuple(float(v) for v in evaluation.table["running_dcg"].tolist()[:n])


def minus(x: Real, y: Real) -> Real:
    """x - y, in Decimal when either is one (exact evaluations)."""
    if isinstance(x, Decimal) or isinstance(y, Decimal):
        return Decimal(x) - Decimal(y)
    return x - y
