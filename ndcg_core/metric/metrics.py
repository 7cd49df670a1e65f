"""CG, DCG, ideal DCG and nDCG of a ranked list, with the per-position breakdown.

With gain ``g(rel)`` (``rel`` or ``2**rel - 1``) and divisor ``d(i)`` at rank ``i``
(``log_b(i+1)``, or Järvelin-Kekäläinen's ``1 if i < b else log_b(i)``)::

    CG@k   = sum_{i<=k} g(rel_i)
    DCG@k  = sum_{i<=k} g(rel_i) / d(i)
    IDCG@k = DCG@k of the ideal grades (the list or all judged documents, best first)
    nDCG@k = DCG@k / IDCG@k

Numbers are float64 unless a float overflows (for example exponential gain of a grade of
1024 or more) or a tiny gain underflows to 0 in the division: then the same sums are done in
50-digit decimal arithmetic, so nDCG stays exact to float precision and DCG is reported as a
:class:`~decimal.Decimal` instead of inf.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, localcontext
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd

from ndcg_core.errors import NdcgError
from ndcg_core.metric import kernel, rules
from ndcg_core.metric.choices import ZeroIdeal
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.terms import EXACT_CONTEXT, discounts, gains, ranked_and_ideal

#: A value that is a float, or a Decimal when float64 would overflow.
Real = float | Decimal


TABLE_COLUMNS = (
    "position",
    "label",
    "grade",
    "gain",
    "discount",
    "contribution",
    "running_dcg",
    "ideal_grade",
    "ideal_gain",
    "ideal_contribution",
    "running_ideal_dcg",
    "ndcg_at_i",
    "counted",
)


@dataclass(frozen=True, eq=False)
class Evaluation:
    """Everything nDCG Lab shows for one ranked list under one convention.

    ``table`` has one row per position (``TABLE_COLUMNS``); its running sums continue
    past the cutoff so the whole list can be shown, and ``counted`` marks the rows
    inside it. ``cg``, ``dcg`` and ``ideal_dcg`` are Decimals only when ``exact``.

    >>> e = evaluate([3, 2, 3, 0, 1, 2])
    >>> list(e.table["label"]), round(float(e.table["running_dcg"].iloc[-1]), 3)
    (['D1', 'D2', 'D3', 'D4', 'D5', 'D6'], 6.861)
    """

    convention: Convention
    grades: tuple[float, ...]
    labels: tuple[str, ...]
    ideal_grades: tuple[float, ...]
    depth: int
    ideal_depth: int
    cg: Real
    dcg: Real
    ideal_dcg: Real
    ndcg: float
    exact: bool
    columns: Mapping[str, Any] = field(repr=False)  # the table's columns, TABLE_COLUMNS

    @cached_property
    def table(self) -> pd.DataFrame:
        """The per-position table, made on its first read: a drop's run reads the sums
        and not the table, and making the frame was three quarters of the cost of scoring
        six grades (0.23 of 0.30 ms; docs/performance.md, "The grade box in the browser")."""
        return pd.DataFrame(self.columns)

    @property
    def rows(self) -> int:
        """The table's number of rows, without making it (a drop's run asks for it).

        >>> evaluate([3, 2, 0]).rows
        3
        """
        return len(self.columns["position"])

    def column(self, name: str, first: int = 0, end: int | None = None) -> list[Any]:
        """Rows ``first .. end`` of the table's column ``name`` as Python values (floats, or
        Decimals where ``exact``), read without making the table: a new list's view reads
        its columns, and making the frame cost 0.3 ms of its run.

        >>> evaluate([3, 2, 0]).column("gain", 1), evaluate([3, 2]).column("label")
        ([2.0, 0.0], ['D1', 'D2'])
        """
        values = self.columns[name][first:end]
        return values.tolist() if isinstance(values, np.ndarray) else list(values)

    @property
    def ndcg_at_each_k(self) -> tuple[float, ...]:
        """nDCG@k for k = 1..n (n = length of the shown list), ignoring the cutoff."""
        return tuple(float(x) for x in self.table["ndcg_at_i"].iloc[: len(self.grades)])


def default_labels(count: int) -> tuple[str, ...]:
    """Document labels ``D1 .. Dn`` as the seed notes name them.

    >>> default_labels(3)
    ('D1', 'D2', 'D3')
    """
    return tuple(f"D{i}" for i in range(1, count + 1))


def _group_means(values: np.ndarray, tie_groups: Sequence[int]) -> np.ndarray:
    """Replace each value by the mean of its tied group (groups are runs of equal ids)."""
    groups = np.asarray(tie_groups)
    starts = np.flatnonzero(np.r_[True, groups[1:] != groups[:-1]])
    with localcontext(EXACT_CONTEXT):
        return rules.tie_means(values, starts)


def _normalise(dcg: Any, ideal_dcg: Any, policy: ZeroIdeal) -> float:
    """DCG / IDCG, with the convention's answer when the ideal is not positive."""
    if ideal_dcg > 0:
        return float(dcg / ideal_dcg)
    return rules.zero_ideal_value(policy)


def _ratio(dcg: Any, ideal_dcg: Any, policy: ZeroIdeal) -> float:
    with localcontext(EXACT_CONTEXT):
        return _normalise(dcg, ideal_dcg, policy)


def _running_ndcg(running: np.ndarray, running_ideal: np.ndarray, policy: ZeroIdeal) -> np.ndarray:
    return np.array(
        [_normalise(d, i, policy) for d, i in zip(running, running_ideal, strict=True)],
        dtype=np.float64,
    )


def _running_ndcg_float(
    running: np.ndarray, running_ideal: np.ndarray, policy: ZeroIdeal
) -> np.ndarray:
    return rules.normalised(running, running_ideal, policy)


def evaluate(
    grades: Sequence[float],
    convention: Convention | None = None,
    *,
    labels: Sequence[str] | None = None,
    judged_grades: Sequence[float] | None = None,
    tie_groups: Sequence[int] | None = None,
    exact: bool | None = None,
) -> Evaluation:
    """CG, DCG, IDCG and nDCG (at the convention's cutoff k) with the per-position table.

    ``grades`` are in ranked order. ``judged_grades`` (needed when the ideal comes from
    judged documents) are the grades of every judged document of the query, retrieved
    or not. ``tie_groups`` gives each position's tied group, as returned by
    :func:`ndcg_core.metric.ranking.rank_by_scores`; with the ``average`` tie policy each
    position then gets its group's mean gain. ``exact`` forces (True) or forbids (False)
    decimal arithmetic; by default it is used only when float64 overflows.

    >>> e = evaluate([3, 2, 3, 0, 1, 2])
    >>> round(e.dcg, 3), round(e.ideal_dcg, 3), round(e.ndcg, 3)
    (6.861, 7.141, 0.961)
    """
    convention = convention or Convention()
    values, used, ideal = ranked_and_ideal(grades, convention, judged_grades)
    labels = tuple(labels) if labels is not None else default_labels(len(values))
    if len(labels) != len(values):
        msg = f"Got {len(labels)} labels for {len(values)} grades."
        raise NdcgError(msg)
    if tie_groups is not None and len(tie_groups) != len(values):
        msg = f"Got {len(tie_groups)} tie groups for {len(values)} grades."
        raise NdcgError(msg)

    if exact is None:
        columns, sums = _breakdown(used, ideal, convention, tie_groups, exact=False)
        if not all(math.isfinite(x) for x in sums) or _underflowed(columns):
            columns, sums = _breakdown(used, ideal, convention, tie_groups, exact=True)
            exact = True
        else:
            exact = False
    else:
        columns, sums = _breakdown(used, ideal, convention, tie_groups, exact=exact)
    cg, dcg, ideal_dcg = sums
    k = convention.cutoff_k
    depth = len(values) if k is None else min(k, len(values))
    ideal_depth = len(ideal) if k is None else min(k, len(ideal))

    rows = len(columns["position"])
    shown = np.full(rows, np.nan)
    shown[: len(values)] = values
    # Every column in its place (inserting two more into the frame cost as much again).
    table_columns = {
        "position": columns.pop("position"),
        "label": list(labels) + [""] * (rows - len(labels)),
        "grade": shown,
        **columns,
    }
    return Evaluation(
        convention=convention,
        grades=tuple(float(v) for v in values),
        labels=labels,
        ideal_grades=tuple(float(v) for v in ideal),
        depth=depth,
        ideal_depth=ideal_depth,
        cg=cg,
        dcg=dcg,
        ideal_dcg=ideal_dcg,
        ndcg=_ratio(dcg, ideal_dcg, convention.zero_ideal),
        exact=exact,
        columns=table_columns,
    )


def _underflowed(columns: Mapping[str, np.ndarray]) -> bool:
    """True when a non-zero gain vanished in the division or came out subnormal (a tiny grade):
    a subnormal float has lost digits, so its ratio to another can be far off."""
    for gain, contribution in (("gain", "contribution"), ("ideal_gain", "ideal_contribution")):
        gains_, contributions = columns[gain], columns[contribution]
        lost = np.abs(contributions) < np.finfo(np.float64).tiny
        if bool(np.any((gains_ != 0) & lost)):
            return True
    return False


def _breakdown(
    used: np.ndarray,
    ideal: np.ndarray,
    convention: Convention,
    tie_groups: Sequence[int] | None,
    *,
    exact: bool,
) -> tuple[dict[str, np.ndarray], tuple[Real, Real, Real]]:
    """The table's columns but label and grade, in its order, and (CG@k, DCG@k, IDCG@k)."""
    k = convention.cutoff_k
    n, m = len(used), len(ideal)
    rows = max(n, m if k is None else min(k, m))
    zero: Real = Decimal(0) if exact else 0.0

    divisors = discounts(rows, convention.discount, convention.log_base, exact=exact)
    gain = gains(used, convention.gain, exact=exact)
    if tie_groups is not None:
        gain = _group_means(gain, tie_groups)
    # The ideal column runs as far as the table so nDCG@i is right past the cutoff too.
    ideal_rows = min(rows, m)  # rows >= the ideal's depth at k
    ideal_gain = gains(ideal[:ideal_rows], convention.gain, exact=exact)
    dtype = object if exact else np.float64
    padded_gain = np.full(rows, zero, dtype=dtype)
    padded_gain[:n] = gain
    padded_ideal_gain = np.full(rows, zero, dtype=dtype)
    padded_ideal_gain[:ideal_rows] = ideal_gain
    ideal_grade = np.full(rows, np.nan)
    ideal_grade[:ideal_rows] = ideal[:ideal_rows]

    # Overflow here is caught by the caller, which then redoes the sums exactly.
    with localcontext(EXACT_CONTEXT), np.errstate(over="ignore", invalid="ignore"):
        contribution = padded_gain / divisors
        ideal_contribution = padded_ideal_gain / divisors
        # The running sums go on past the cutoff so the whole list can be shown; the sums
        # at k are read off them, so the table and the metrics always agree.
        running = kernel.running_sums(contribution)
        running_ideal = kernel.running_sums(ideal_contribution)
        running_cg = kernel.running_sums(padded_gain)
        if exact:
            ndcg_at_i = _running_ndcg(running, running_ideal, convention.zero_ideal)
        else:
            ndcg_at_i = _running_ndcg_float(running, running_ideal, convention.zero_ideal)
        cg, dcg = kernel.at_k(running_cg[:n], k), kernel.at_k(running[:n], k)
        ideal_dcg = kernel.at_k(running_ideal[:m], k)

    positions = np.arange(1, rows + 1)
    columns = {
        "position": positions,
        "gain": padded_gain,
        "discount": divisors,
        "contribution": contribution,
        "running_dcg": running,
        "ideal_grade": ideal_grade,
        "ideal_gain": padded_ideal_gain,
        "ideal_contribution": ideal_contribution,
        "running_ideal_dcg": running_ideal,
        "ndcg_at_i": ndcg_at_i,
        "counted": kernel.counted(positions, k),
    }
    return columns, (cg, dcg, ideal_dcg)


def ndcg(
    grades: Sequence[float],
    convention: Convention | None = None,
    *,
    judged_grades: Sequence[float] | None = None,
) -> float:
    """nDCG@k = DCG@k / IDCG@k of grades in ranked order.

    >>> round(ndcg([3, 2, 0, 0, 1]), 4)
    0.9762
    """
    # The same sums as evaluate() without building its table: exercises call this a lot.
    convention = convention or Convention()
    _, used, ideal = ranked_and_ideal(grades, convention, judged_grades)
    shown_gain, best_gain = gains(used, convention.gain), gains(ideal, convention.gain)
    dcg = kernel.sum_at_k(shown_gain, convention)
    ideal_dcg = kernel.sum_at_k(best_gain, convention)
    tiny = np.abs(np.concatenate([shown_gain, best_gain]))
    if (
        not (math.isfinite(dcg) and math.isfinite(ideal_dcg))
        or dcg == 0
        or ideal_dcg <= 0
        or np.any((tiny > 0) & (tiny < 1e-290))
    ):
        # Overflow, underflow and the empty ideal take evaluate()'s careful path.
        return evaluate(grades, convention, judged_grades=judged_grades).ndcg
    return dcg / ideal_dcg


def dcg(grades: Sequence[float], convention: Convention | None = None) -> Real:
    """DCG@k = sum over i <= k of gain(rel_i) / discount(i).

    >>> round(dcg([3, 2, 3, 0, 1, 2]), 3)
    6.861
    """
    return evaluate(grades, convention).dcg


def cg(grades: Sequence[float], convention: Convention | None = None) -> Real:
    """CG@k = sum over i <= k of gain(rel_i); order inside the top k does not matter.

    >>> cg([3, 2, 3, 0, 1, 2])
    11.0
    """
    return evaluate(grades, convention).cg
