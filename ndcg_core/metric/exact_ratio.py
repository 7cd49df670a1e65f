"""nDCG as shown where the float division underflowed: DCG / ideal DCG, kept exact.

Exponential gain makes an ideal DCG of 2**1100 - 1; 7 over it is about 5.2e-331, below the
smallest float (5e-324), so the float nDCG is 0. The value is not 0, and the app never shows
a non-zero value as 0 (:func:`~ndcg_core.text.formatting.format_real`): these functions give the
exact ratio for the cards, Step by step and the per-position table.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from ndcg_core.metric.metrics import Evaluation, Real


def shown_ratio(dcg: Real, ideal_dcg: Real, value: float) -> Real:
    """``value`` (nDCG as a float), or ``dcg / ideal_dcg`` exactly when that float is 0 only
    because the division underflowed (a non-zero DCG over a positive ideal).

    >>> shown_ratio(Decimal(7), Decimal(2) ** 1100, 0.0)
    Decimal('5.153506280316003872805806325E-331')
    >>> shown_ratio(6.861, 7.141, 0.961), shown_ratio(0.0, 7.141, 0.0)
    (0.961, 0.0)
    """
    if value == 0 and dcg != 0 and ideal_dcg > 0:
        return Decimal(dcg) / Decimal(ideal_dcg)
    return value


def shown_ndcg(evaluation: Evaluation) -> Real:
    """The evaluation's nDCG at its cutoff, exact where the float underflowed.

    >>> from ndcg_core import Convention, evaluate
    >>> tiny = evaluate([3, 1100, 2], Convention(gain="exponential", cutoff_k=1))
    >>> tiny.ndcg, shown_ndcg(tiny) > 0
    (0.0, True)
    """
    return shown_ratio(evaluation.dcg, evaluation.ideal_dcg, evaluation.ndcg)


def shown_ndcg_column(
    running_dcg: Sequence[Real], running_ideal_dcg: Sequence[Real], ndcg_at_i: Sequence[float]
) -> list[Real]:
    """nDCG@i of each row of (part of) an evaluation's table (its three columns), exact where
    the float underflowed."""
    return [
        shown_ratio(dcg, ideal, value)
        for dcg, ideal, value in zip(running_dcg, running_ideal_dcg, ndcg_at_i, strict=True)
    ]
