"""What a browser-drawn Playground needs to repaint its cards, charts and table after a drop,
and :func:`repaint`, the Python twin of that repaint.

A new order changes only which document's gain meets which position's divisor; everything
else (the ideal, the divisors, the cutoff, the empty-ideal rule, the column names) comes once
from :func:`~ndcg_core.metric.metrics.evaluate`. The browser then redoes the core's own sums
(:mod:`ndcg_core.metric.kernel`), term for term, with ``g`` the gains in the new order (0 past
the list's end), ``ig`` the ideal's gains and ``d`` the divisors, for each row ``i`` from 1::

    contribution_i       = g_i / d_i                 divided, as the core does (not g * 1/d)
    running_dcg_i        = running_dcg_{i-1} + contribution_i          from 0, left to right
    running_cg_i         = running_cg_{i-1} + g_i
    running_ideal_dcg_i  = running_ideal_dcg_{i-1} + ig_i / d_i
    ndcg_at_i            = running_dcg_i / running_ideal_dcg_i   if that ideal > 0
                           else fixed_ndcg  (the convention's empty-ideal rule; null = NaN)
    cards (CG@k, DCG@k, ideal DCG@k, nDCG@k) = row min(k, rows) of those columns

These are the very operations evaluate() does (a cumsum is a sequential sum from 0), so the
browser's floats equal the core's to the last bit, and print the same digits through
:func:`~ndcg_core.text.browser_format.format_like_browser` and the payload's ``format`` rule.

The ideal chart names the document at each ideal place: a listed document takes, in the new
order, the next ideal place of its group (the places of its grade in the ideal, after the
negative-grade policy); a place no document takes is a judged document not retrieved.

There is no float payload when the core's numbers cannot be floats in every order (exact
decimal sums, values the charts would rescale, a ratio that could underflow):
:func:`view_numbers` returns ``None`` and the page waits for the server, as the drop preview
(:func:`~ndcg_core.metric.drop_numbers.drop_numbers`) does.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ndcg_core.metric.metrics import Evaluation
from ndcg_core.metric.rules import ideal_pool, used_grades, zero_ideal_value
from ndcg_core.pictures.chart_data import (
    DRAWABLE_MAGNITUDE,
    NOT_RETRIEVED,
    SERIES_IDEAL,
    SERIES_THIS,
    plotted_positions,
)
from ndcg_core.pictures.tables import column_names
from ndcg_core.text.browser_format import format_rule
from ndcg_core.text.formatting import format_real

# Nonzero terms g / d at least this large keep every order's sums plain floats: a nonzero sum
# of them is at least 2**-52 of the smallest (about 2e-306), so over an ideal DCG below
# DRAWABLE_MAGNITUDE nDCG never underflows to 0 (where the core prints the exact ratio).
_SMALLEST_TERM = 1e-290

MISSING = "missing"  # the grade cell of a position past the list's end (an ideal from judged)


def view_numbers(
    evaluation: Evaluation, titles: Mapping[str, str] | None = None
) -> dict[str, Any] | None:
    """The JSON-ready numbers for the Playground's view of ``evaluation`` (any order of its
    documents), or ``None`` when they cannot be floats (see the module docstring).

    Keys: ``documents`` (label, title, ``grade`` and ``grade_text`` as the table prints it,
    ``gain``, ``ideal_group``), per table row ``discount``, ``weight`` (1/discount within
    ``cutoff_k``, else 0), ``counted``, ``ideal_gains`` (0 past the ideal), ``ideal_grades``
    and ``ideal_grade_texts``, ``ideal_groups`` (``None`` past the ideal); ``cutoff_k``,
    ``fixed_ndcg`` (nDCG where the ideal DCG so far is not positive; ``None`` = undefined),
    ``columns`` (the table's headers), ``plotted`` (the positions the charts draw),
    ``series`` and ``not_retrieved`` (the charts' names), ``format`` (the number rule).
    Built for a list evaluated without tie groups.

    >>> from ndcg_core import evaluate
    >>> numbers = view_numbers(evaluate([3, 2, 0]))
    >>> [d["gain"] for d in numbers["documents"]], [round(d, 3) for d in numbers["discount"]]
    ([3.0, 2.0, 0.0], [1.0, 1.585, 2.0])
    >>> numbers["ideal_gains"], numbers["fixed_ndcg"], numbers["format"]["digits"]
    ([3.0, 2.0, 0.0], 0.0, 3)
    """
    if evaluation.exact:
        return None
    # The columns, not the table: making the frame (0.3 ms) was half of this function.
    columns = evaluation.columns
    n, rows = len(evaluation.grades), evaluation.rows
    convention = evaluation.convention
    gain = np.asarray(columns["gain"], dtype=np.float64)[:n]
    discount = np.asarray(columns["discount"], dtype=np.float64)
    ideal_gain = np.asarray(columns["ideal_gain"], dtype=np.float64)
    if not floats_in_every_order(np.concatenate([gain, ideal_gain]), discount):
        return None
    counted = np.asarray(columns["counted"], dtype=bool)
    ideal_grade = np.asarray(columns["ideal_grade"], dtype=np.float64)
    ideal = len(evaluation.ideal_grades)
    groups = _ideal_groups(evaluation)
    ideal_groups: list[int | None] = [groups.get(float(g)) for g in ideal_grade[: min(ideal, rows)]]
    pool = ideal_pool(
        used_grades(np.array(evaluation.grades), convention.negative_grades),
        convention.negative_grades,
    )
    fixed = zero_ideal_value(convention.zero_ideal)
    names = column_names(evaluation)
    k = convention.cutoff_k
    return {
        "documents": [
            {
                "label": label,
                "title": (titles or {}).get(label, ""),
                "grade": grade,
                "grade_text": format_real(grade),
                "gain": float(gain[i]),
                "ideal_group": groups.get(float(pool[i])),
            }
            for i, (label, grade) in enumerate(
                zip(evaluation.labels, evaluation.grades, strict=True)
            )
        ],
        "discount": [float(d) for d in discount],
        "weight": [float(1.0 / d) if c else 0.0 for d, c in zip(discount, counted, strict=True)],
        "counted": [bool(c) for c in counted],
        "ideal_gains": [float(g) for g in ideal_gain],
        "ideal_grades": [None if math.isnan(g) else float(g) for g in ideal_grade],
        "ideal_grade_texts": [MISSING if math.isnan(g) else format_real(g) for g in ideal_grade],
        "ideal_groups": ideal_groups + [None] * (rows - len(ideal_groups)),
        "cutoff_k": k,
        "fixed_ndcg": None if math.isnan(fixed) else fixed,
        "columns": {
            **names,
            **({"title": "title"} if titles else {}),
            **({"counted": f"in top {k}"} if k is not None else {}),
        },
        "plotted": [int(p) for p in plotted_positions(rows, k)],
        "series": {"this": SERIES_THIS, "ideal": SERIES_IDEAL},
        "not_retrieved": NOT_RETRIEVED,
        "format": format_rule(),
    }


def floats_in_every_order(gains: np.ndarray, discount: np.ndarray) -> bool:
    """Whether every order's numbers stay plain floats, drawn as they are: each sum below the
    charts' :data:`DRAWABLE_MAGNITUDE` (``sum |g| * max 1/d`` bounds them all) and each nonzero
    term above :data:`_SMALLEST_TERM` (then no nDCG underflows, see there).

    >>> floats_in_every_order(np.array([3.0, 1e-300]), np.array([1.0, 1.585]))
    False
    """
    sizes = np.abs(gains)
    largest = float(sizes.sum()) * max(1.0, float((1.0 / discount).max()))
    nonzero = sizes[sizes > 0]
    smallest = float(nonzero.min()) / float(discount.max()) if len(nonzero) else math.inf
    return largest < DRAWABLE_MAGNITUDE and smallest > _SMALLEST_TERM


def _ideal_groups(evaluation: Evaluation) -> dict[float, int]:
    """A group number for each grade of the ideal, in the ideal's order."""
    groups: dict[float, int] = {}
    for grade in evaluation.ideal_grades:
        groups.setdefault(grade, len(groups))
    return groups


def repaint(numbers: Mapping[str, Any], order: Sequence[str]) -> dict[str, Any]:
    """What the browser draws for ``order`` (the labels, top first): the Python twin of the
    component's repaint, using only the payload's numbers.

    One pass over the table's rows, top to bottom, each sum started at 0 and added to left
    to right (the module docstring's formulas, in that order); then the cards read row
    ``min(k, rows)``. Returns ``cards`` (``cg``, ``dcg``, ``ideal_dcg``, ``ndcg``), ``rows``
    (one dict a table row, the numbers unformatted, NaN where nDCG is undefined) and
    ``series`` (``this`` and ``ideal``: a list of points each, for ``numbers["plotted"]``).

    >>> from ndcg_core import evaluate
    >>> numbers = view_numbers(evaluate([3, 2, 0]))
    >>> view = repaint(numbers, ["D3", "D1", "D2"])  # 0/1 + 3/1.585 + 2/2
    >>> {name: round(value, 3) for name, value in view["cards"].items()}
    {'cg': 5.0, 'dcg': 2.893, 'ideal_dcg': 4.262, 'ndcg': 0.679}
    >>> [row["label"] for row in view["rows"]], [p["label"] for p in view["series"]["ideal"]]
    (['D3', 'D1', 'D2'], ['D1', 'D2', 'D3'])
    """
    documents = {document["label"]: document for document in numbers["documents"]}
    discount, ideal_gains = numbers["discount"], numbers["ideal_gains"]
    rows = len(discount)
    fixed = numbers["fixed_ndcg"]
    ideal_labels = _ideal_labels(numbers, order)
    table: list[dict[str, Any]] = []
    dcg = cg = ideal_dcg = 0.0
    for i in range(rows):
        document = documents[order[i]] if i < len(order) else None
        gain = document["gain"] if document else 0.0
        contribution = gain / discount[i]
        ideal_contribution = ideal_gains[i] / discount[i]
        dcg += contribution
        cg += gain
        ideal_dcg += ideal_contribution
        ndcg = dcg / ideal_dcg if ideal_dcg > 0 else (math.nan if fixed is None else fixed)
        table.append(
            {
                "position": i + 1,
                "label": document["label"] if document else "",
                "title": document["title"] if document else "",
                "grade": document["grade"] if document else None,
                "grade_text": document["grade_text"] if document else MISSING,
                "gain": gain,
                "discount": discount[i],
                "contribution": contribution,
                "running_cg": cg,
                "running_dcg": dcg,
                "ideal_label": ideal_labels[i],
                "ideal_grade": numbers["ideal_grades"][i],
                "ideal_grade_text": numbers["ideal_grade_texts"][i],
                "ideal_contribution": ideal_contribution,
                "running_ideal_dcg": ideal_dcg,
                "ndcg_at_i": ndcg,
                "counted": numbers["counted"][i],
            }
        )
    k = numbers["cutoff_k"]
    at_k = table[(rows if k is None else min(k, rows)) - 1]
    return {
        "cards": {
            "cg": at_k["running_cg"],
            "dcg": at_k["running_dcg"],
            "ideal_dcg": at_k["running_ideal_dcg"],
            "ndcg": at_k["ndcg_at_i"],
        },
        "rows": table,
        "series": _series(table, numbers["plotted"]),
    }


def _ideal_labels(numbers: Mapping[str, Any], order: Sequence[str]) -> list[str]:
    """The document at each ideal place for ``order``: each group's places go, top first, to
    its documents in the order shown; a place left over is a judged document not retrieved.

    >>> from ndcg_core import evaluate
    >>> _ideal_labels(view_numbers(evaluate([1, 3, 1])), ["D3", "D2", "D1"])
    ['D2', 'D3', 'D1']
    """
    places: dict[int, list[int]] = {}
    for i, group in enumerate(numbers["ideal_groups"]):
        if group is not None:
            places.setdefault(group, []).append(i)
    labels = [
        "" if group is None else numbers["not_retrieved"] for group in numbers["ideal_groups"]
    ]
    taken: dict[int, int] = {}
    documents = {document["label"]: document for document in numbers["documents"]}
    for label in order:
        group = documents[label]["ideal_group"]
        if group is None:
            continue
        turn = taken.get(group, 0)
        taken[group] = turn + 1
        if turn < len(places.get(group, ())):
            labels[places[group][turn]] = label
    return labels


def _series(table: Sequence[Mapping[str, Any]], plotted: Sequence[int]) -> dict[str, Any]:
    """The three charts' points: for each plotted position, this ranking's and the ideal's."""
    this, ideal = [], []
    for position in plotted:
        row = table[position - 1]
        this.append(
            {
                "position": position,
                "label": row["label"],
                "grade": row["grade"],
                "contribution": row["contribution"],
                "running_dcg": row["running_dcg"],
                "ndcg_at_i": row["ndcg_at_i"],
            }
        )
        ideal.append(
            {
                "position": position,
                "label": row["ideal_label"],
                "grade": row["ideal_grade"],
                "contribution": row["ideal_contribution"],
                "running_dcg": row["running_ideal_dcg"],
                "ndcg_at_i": row["ndcg_at_i"],
            }
        )
    return {"this": this, "ideal": ideal}
