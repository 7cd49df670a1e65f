"""Two rankings compared in words: one paragraph, generated from the numbers, on what makes B
score differently from A (the attribution is in :mod:`ndcg_core.metric.comparison`), and the
number words it uses (a pair told apart, a signed difference, an ordinal)."""

from __future__ import annotations

import math
from decimal import Decimal

from ndcg_core.metric.choices import ZeroIdeal
from ndcg_core.metric.comparison import Comparison
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import Real
from ndcg_core.text.formatting import format_real

_NAMED_DOCUMENTS = 2  # the paragraph names at most this many documents


#: The decimals :func:`format_pair` tries, fewest first (compare mode's browser-drawn pair takes
#: its rules for these from here: components/compare_mode.py, pair_data).
PAIR_DIGITS = range(3, 13)


def format_pair(first: float, second: float) -> tuple[str, str]:
    """Two values at the fewest decimals (3 or more) that tell them apart.

    >>> format_pair(0.9612, 0.9614)
    ('0.9612', '0.9614')
    >>> format_pair(0.961, 0.978)
    ('0.961', '0.978')
    """
    for digits in PAIR_DIGITS:
        shown = format_real(first, digits), format_real(second, digits)
        if shown[0] != shown[1]:
            return shown
    return format_real(first), format_real(second)


def signed(value: Real) -> str:
    """A difference with its sign, never shown as a bare 0 when it is not 0 (0 has no sign,
    and neither has an undefined difference: two undefined nDCGs, say).

    >>> signed(1.2619), signed(-0.17), signed(0.00004), signed(0.0), signed(float("nan"))
    ('+1.262', '-0.170', '+4.000e-05', '0', 'undefined')
    """
    if value == 0:
        return "0"
    if isinstance(value, float) and math.isnan(value):  # "+undefined" would read as a gain
        return format_real(value)
    magnitude: Real = -value if value < 0 else value
    return ("-" if value < 0 else "+") + format_real(magnitude)  # never "0" when not 0


def ordinal(position: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st.

    >>> [ordinal(i) for i in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if 10 <= position % 100 <= 20:
        return f"{position}th"
    return f"{position}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(position % 10, 'th') }"


def _zero(value: Real, scale: Decimal) -> bool:
    return abs(Decimal(value)) <= scale


def explain(comparison: Comparison) -> str:
    """One paragraph, generated from the numbers, on what makes B score differently from A.

    See the module docstring for how the DCG gap is attributed to documents.

    >>> from ndcg_core.metric.compare import compare
    >>> c = compare({"x": 2, "y": 2, "z": 0}, "xyz", "yxz")
    >>> explain(c)
    'A and B score the same: nDCG = 1 for both. Each position holds a document with the same gain in A and in B.'
    """
    a, b, convention = comparison.a, comparison.b, comparison.convention
    k = convention.cutoff_k
    measure = convention.label
    dcg_name = "DCG" if k is None else f"DCG@{k}"
    largest = max(abs(Decimal(a.dcg)), abs(Decimal(b.dcg)), abs(Decimal(a.ideal_dcg)))
    tolerance = largest * Decimal("1e-12")
    gap = comparison.dcg_gap
    ideal_positive = a.ideal_dcg > 0
    ndcg_a, ndcg_b = format_pair(a.ndcg, b.ndcg)
    dcg_a, dcg_b = (
        format_pair(float(a.dcg), float(b.dcg))
        if not a.exact
        else (format_real(a.dcg), format_real(b.dcg))
    )

    if comparison.order_a == comparison.order_b:
        return f"A and B are the same ranking, so they score the same: {measure} = {format_real(a.ndcg)}."
    sentences: list[str] = []
    if not ideal_positive:
        sentences.append(
            f"The ideal {dcg_name} is {format_real(a.ideal_dcg)}: no document has a positive "
            f"gain, so {measure} is {_zero_ideal_value(convention)} for both A and B."
        )
        if _zero(gap, tolerance):
            sentences.append(f"Their {dcg_name} is the same too: {format_real(a.dcg)}.")
            return " ".join(sentences)
        sentences.append(
            f"{dcg_name} still tells them apart: {dcg_b} for B against {dcg_a} for A, "
            f"{signed(gap)}."
        )
    elif _zero(gap, tolerance):
        return (
            f"A and B score the same: {measure} = {format_real(a.ndcg)} for both. "
            + _why_the_same(comparison, tolerance)
        )
    else:
        direction = "higher" if gap > 0 else "lower"
        sentences.append(
            f"B scores {direction} than A: {measure} {ndcg_b} against {ndcg_a}, a gap of "
            f"{signed(b.ndcg - a.ndcg)} ({dcg_name} {dcg_b} against {dcg_a}, {signed(gap)})."
        )
    sentences.append(_drivers(comparison, tolerance, dcg_name, measure if ideal_positive else ""))
    return " ".join(sentences)


def _zero_ideal_value(convention: Convention) -> str:
    return {
        ZeroIdeal.ZERO: "0 (this convention scores such a list 0)",
        ZeroIdeal.ONE: "1 (this convention scores such a list 1)",
    }.get(convention.zero_ideal, "undefined")


def _place(position: int, cutoff_k: int | None) -> str:
    if cutoff_k is not None and position > cutoff_k:
        return f"{ordinal(position)} (below the cutoff)"
    return ordinal(position)


def _drivers(comparison: Comparison, tolerance: Decimal, dcg_name: str, measure: str) -> str:
    k = comparison.convention.cutoff_k
    movers = [d for d in comparison.documents if not _zero(d.change, tolerance)]
    named = movers[:_NAMED_DOCUMENTS]
    ideal = comparison.a.ideal_dcg
    parts = []
    for document in named:
        text = (
            f"{document.name} (grade {format_real(document.grade)}) is "
            f"{_place(document.position_b, k)} in B instead of {_place(document.position_a, k)}, "
            f"{signed(document.change)} {dcg_name}"
        )
        if measure:
            text += f" ({signed(float(document.change / ideal))} {measure})"  # type: ignore[operator]
        parts.append(text)
    lead = "The biggest changes: " if len(named) > 1 else "The change that matters: "
    paragraph = lead + "; ".join(parts) + "."
    together = "Together that is" if len(named) > 1 else "That is"
    if len(named) == len(movers):
        return paragraph + f" {together} the whole gap."
    gap = comparison.dcg_gap
    named_total = sum((Decimal(d.change) for d in named), Decimal(0))
    rest = Decimal(gap) - named_total
    share = float(named_total / Decimal(gap)) if not _zero(gap, tolerance) else 0.0
    others = len(movers) - len(named)
    moved = "other moved document adds" if others == 1 else f"other {others} moved documents add"
    if 0.5 <= share <= 1.0:
        paragraph += f" {together} {share:.0%} of the gap;"
        return paragraph + f" the {moved} {signed(rest)} {dcg_name}."
    return paragraph + f" The {moved} {signed(rest)} {dcg_name}."


def _why_the_same(comparison: Comparison, tolerance: Decimal) -> str:
    k = comparison.convention.cutoff_k
    moved = [d for d in comparison.documents if d.position_a != d.position_b]
    if all(_zero(d.change, tolerance) for d in moved):
        if k is not None and all(min(d.position_a, d.position_b) > k for d in moved):
            return f"Every document that moved stays below the cutoff of {k}, where nothing counts."
        if all(
            _zero(d.contribution_a, tolerance) and _zero(d.contribution_b, tolerance) for d in moved
        ):
            return "Every document that moved adds nothing where it stands, in A and in B."
        return (
            "Every document that moved keeps the same discounted gain: the discount weighs "
            "its place in A and its place in B the same."
        )
    if all(_zero(p.change, tolerance) for p in comparison.positions):
        return "Each position holds a document with the same gain in A and in B."
    return "What B gains at some positions it loses at others, exactly."
