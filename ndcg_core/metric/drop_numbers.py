"""What a drag list needs to show DCG and nDCG the moment a document is dropped.

A reorder changes only which gain meets which position's weight, so the browser can redo
DCG as a dot product while the server's full update is on its way::

    DCG@k  = outside + sum over shown positions i of weight_i * gain(document at i)
    weight_i = 1 / discount(i) for i <= k, else 0
    nDCG@k = DCG@k / IDCG@k   (the ideal DCG does not depend on the order)

Every number comes from :func:`~ndcg_core.metric.metrics.evaluate` (its gain and discount columns,
the convention's cutoff and negative-grade policy already applied), so no convention rule is
written twice. ``outside`` is the DCG of the positions outside the shown window of a long
list: a drop inside the window does not move them. When the ideal DCG is not positive the
convention's empty-ideal rule fixes nDCG whatever the order, and the payload carries that
value. Where the core summed exactly in decimals (huge gains), there is no float to send:
:func:`drop_numbers` returns ``None`` and the list waits for the server.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ndcg_core.metric.metrics import Evaluation


def drop_numbers(
    evaluation: Evaluation, start: int = 0, stop: int | None = None
) -> dict[str, Any] | None:
    """The JSON-ready numbers for positions ``[start, stop)`` (0-based) of ``evaluation``.

    Keys: ``gains`` (each shown document's gain, by label), ``weights`` (each shown
    position's weight, in order), ``outside`` (DCG of the other positions), ``ideal_dcg``
    (``None`` when it is not positive) and ``fixed_ndcg`` (nDCG then, ``None`` if undefined
    or when the ratio applies). ``None`` for an exact (decimal) evaluation. For a list
    evaluated without tie groups (with them, a reorder would change the gains).

    >>> from ndcg_core import evaluate
    >>> numbers = drop_numbers(evaluate([3, 2, 0]))
    >>> numbers["gains"], [round(w, 3) for w in numbers["weights"]]
    ({'D1': 3.0, 'D2': 2.0, 'D3': 0.0}, [1.0, 0.631, 0.5])
    >>> round(dot_dcg(numbers, ["D3", "D1", "D2"]), 3)  # 3 * 0.631 + 2 * 0.5
    2.893
    """
    if evaluation.exact:
        return None
    n = len(evaluation.grades)
    stop = n if stop is None else min(stop, n)
    if not 0 <= start <= stop:
        msg = f"window [{start}, {stop}) is not inside a list of {n}"
        raise ValueError(msg)
    table = evaluation.table
    gain = table["gain"].to_numpy(dtype=np.float64)[:n]
    counted = table["counted"].to_numpy(dtype=bool)[:n]
    weight = np.where(counted, 1.0 / table["discount"].to_numpy(dtype=np.float64)[:n], 0.0)
    products = weight * gain
    outside = float(products[:start].sum() + products[stop:].sum())
    ideal_dcg = float(evaluation.ideal_dcg)
    positive = ideal_dcg > 0
    fixed = None if positive or math.isnan(evaluation.ndcg) else float(evaluation.ndcg)
    return {
        "gains": {evaluation.labels[i]: float(gain[i]) for i in range(start, stop)},
        "weights": [float(w) for w in weight[start:stop]],
        "outside": outside,
        "ideal_dcg": ideal_dcg if positive else None,
        "fixed_ndcg": fixed,
    }


def dot_dcg(numbers: Mapping[str, Any], order: Sequence[str]) -> float:
    """DCG of the shown window in ``order`` (labels), as the browser computes it.

    The same sum, term by term, as the drag list's JavaScript: tests hold it to evaluate().
    """
    total = float(numbers["outside"])
    for weight, label in zip(numbers["weights"], order, strict=True):
        total += weight * numbers["gains"][label]
    return total


def dot_ndcg(numbers: Mapping[str, Any], order: Sequence[str]) -> float:
    """nDCG of the shown window in ``order``, as the browser computes it (NaN if undefined)."""
    if numbers["ideal_dcg"] is None:
        fixed = numbers["fixed_ndcg"]
        return math.nan if fixed is None else float(fixed)
    return dot_dcg(numbers, order) / float(numbers["ideal_dcg"])
