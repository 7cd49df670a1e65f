"""What a drag list needs to show DCG and nDCG the moment a document is dropped.

A reorder changes only which gain meets which position's divisor, so the browser can redo
DCG while the server's full update is on its way, with the core's own operations in the
core's own order (:mod:`ndcg_core.metric.kernel` divides each gain by its discount and sums
the terms from position 1, a cumsum)::

    DCG@k = (((before + g_s / d_s) + g_s+1 / d_s+1) + ...) + after_1 + after_2 + ...

``before`` is the core's running DCG just above the shown window (its positions do not move),
``g / d`` each shown position's gain over its discount (positions past k add nothing), and
``after`` the terms of the counted positions below the window, added one by one. The floats
are then the core's to the last bit, and print the same (``g * (1/d)``, or the rest of the list
summed on its own, differed in the last bit in a quarter of drops, and printed a different
nDCG digit in 159 of 20,000).  nDCG@k = DCG@k / IDCG@k (the ideal does not depend on the
order); when the ideal DCG is not positive the convention's empty-ideal rule fixes nDCG
whatever the order, and the payload carries that value.

Every number comes from :func:`~ndcg_core.metric.metrics.evaluate` (its gain and discount
columns, the convention's cutoff and negative-grade policy already applied), so no convention
rule is written twice. Where the core summed exactly in decimals (huge gains), or a sum could
leave plain floats in some order (:func:`~ndcg_core.metric.view_numbers.floats_in_every_order`),
there is nothing to send: :func:`drop_numbers` returns ``None`` and the list waits for the
server.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ndcg_core.metric.metrics import Evaluation
from ndcg_core.metric.view_numbers import floats_in_every_order


def drop_numbers(
    evaluation: Evaluation, start: int = 0, stop: int | None = None
) -> dict[str, Any] | None:
    """The JSON-ready numbers for positions ``[start, stop)`` (0-based) of ``evaluation``.

    Keys: ``gains`` (each shown document's gain, by label), ``divisors`` (each shown
    position's discount, ``None`` past the cutoff), ``before`` (running DCG above the window),
    ``after`` (the counted terms below it, in order), ``ideal_dcg`` (``None`` when it is not
    positive) and ``fixed_ndcg`` (nDCG then, ``None`` if undefined or when the ratio
    applies). ``None`` for an exact (decimal) evaluation. For a list evaluated without tie
    groups (with them, a reorder would change the gains).

    >>> from ndcg_core import evaluate
    >>> numbers = drop_numbers(evaluate([3, 2, 0]))
    >>> numbers["gains"], [round(d, 3) for d in numbers["divisors"]]
    ({'D1': 3.0, 'D2': 2.0, 'D3': 0.0}, [1.0, 1.585, 2.0])
    >>> round(dot_dcg(numbers, ["D3", "D1", "D2"]), 3)  # 0/1 + 3/1.585 + 2/2
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
    discount = table["discount"].to_numpy(dtype=np.float64)[:n]
    counted = table["counted"].to_numpy(dtype=bool)[:n]
    if not floats_in_every_order(gain, discount):
        return None
    before = 0.0
    for i in range(start):  # the core's cumsum, term by term
        if counted[i]:
            before += float(gain[i] / discount[i])
    ideal_dcg = float(evaluation.ideal_dcg)
    positive = ideal_dcg > 0
    fixed = None if positive or math.isnan(evaluation.ndcg) else float(evaluation.ndcg)
    return {
        "gains": {evaluation.labels[i]: float(gain[i]) for i in range(start, stop)},
        "divisors": [float(discount[i]) if counted[i] else None for i in range(start, stop)],
        "before": before,
        "after": [float(gain[i] / discount[i]) for i in range(stop, n) if counted[i]],
        "ideal_dcg": ideal_dcg if positive else None,
        "fixed_ndcg": fixed,
    }


def dot_dcg(numbers: Mapping[str, Any], order: Sequence[str]) -> float:
    """DCG of the shown window in ``order`` (labels), as the browser computes it.

    The same sum, term by term and in the same order, as the drag list's JavaScript: tests
    hold it to evaluate() bit for bit.
    """
    total = float(numbers["before"])
    for divisor, label in zip(numbers["divisors"], order, strict=True):
        if divisor is not None:
            total += numbers["gains"][label] / divisor
    for term in numbers["after"]:
        total += term
    return total


def dot_ndcg(numbers: Mapping[str, Any], order: Sequence[str]) -> float:
    """nDCG of the shown window in ``order``, as the browser computes it (NaN if undefined)."""
    if numbers["ideal_dcg"] is None:
        fixed = numbers["fixed_ndcg"]
        return math.nan if fixed is None else float(fixed)
    return dot_dcg(numbers, order) / float(numbers["ideal_dcg"])
