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

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choices import IdealSource, ZeroIdeal
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.lists import OrderWords, check_permutation
from ndcg_core.metric.metrics import Evaluation, Real, evaluate
from ndcg_core.text.formatting import format_real

#: The URL parameter that holds ranking B as positions in ranking A.
ORDER_PARAM = "b"
MAX_ORDER_TEXT = 100_000
_NAMED_DOCUMENTS = 2


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
        return _minus(self.b.dcg, self.a.dcg)

    @property
    def ndcg_gap(self) -> float:
        """nDCG_B - nDCG_A (at the cutoff)."""
        return self.b.ndcg - self.a.ndcg

    @property
    def cg_gap(self) -> Real:
        """CG_B - CG_A: 0 unless a cutoff lets different documents count."""
        return _minus(self.b.cg, self.a.cg)

    def running_dcg(self, ranking: str) -> tuple[float, ...]:
        """Running DCG at positions 1..n of ranking ``"A"`` or ``"B"`` (past k too).

        Floats; for an exact (Decimal) comparison use
        :func:`ndcg_core.pictures.compare_charts.chart_unit` to scale first.

        >>> c = compare({"x": 1, "y": 0}, "xy", "yx")
        >>> c.running_dcg("A"), [round(v, 3) for v in c.running_dcg("B")]
        ((1.0, 1.0), [0.0, 0.631])
        """
        evaluation = self.a if ranking == "A" else self.b
        n = len(evaluation.grades)
        return tuple(float(v) for v in evaluation.table["running_dcg"].tolist()[:n])


def compare(
    grades: Mapping[str, float],
    order_a: Sequence[str],
    order_b: Sequence[str],
    convention: Convention | None = None,
    *,
    titles: Mapping[str, str] | None = None,
    unretrieved: Sequence[float] = (),
) -> Comparison:
    """Compare ranking A with ranking B of the documents in ``grades`` (label -> grade).

    ``titles`` (label -> title) name documents in the paragraph; ``unretrieved`` are the
    grades of judged documents neither ranking shows, used when the ideal comes from all
    judged documents.

    >>> c = compare({"x": 3, "y": 2, "z": 3}, ["y", "x", "z"], ["z", "x", "y"])
    >>> round(float(c.dcg_gap), 2), [d.label for d in c.documents[:2]]
    (0.5, ['z', 'y'])
    >>> print(c.paragraph)
    B scores higher than A: nDCG 1 against 0.915, a gap of +0.085 (DCG 5.893 against 5.393, +0.500). The biggest changes: z (grade 3) is 1st in B instead of 3rd, +1.500 DCG (+0.255 nDCG); y (grade 2) is 3rd in B instead of 1st, -1 DCG (-0.170 nDCG). Together that is the whole gap.
    """
    convention = convention or Convention()
    first = _check_order(order_a, grades, "A")
    second = _check_order(order_b, grades, "B")
    judged = None
    if convention.ideal is IdealSource.JUDGED:
        judged = [float(grades[label]) for label in first] + [float(g) for g in unretrieved]

    def run(order: tuple[str, ...], exact: bool | None) -> Evaluation:
        ranked = [float(grades[label]) for label in order]
        return evaluate(ranked, convention, labels=order, judged_grades=judged, exact=exact)

    a, b = run(first, None), run(second, None)
    if a.exact != b.exact:  # both in the same arithmetic, so the differences are exact sums
        a, b = run(first, True), run(second, True)
    names = {label: (titles or {}).get(label) or label for label in first}
    a_counted, b_counted = _counted(a), _counted(b)
    positions = tuple(
        PositionChange(
            i + 1,
            first[i],
            second[i],
            a_counted[i],
            b_counted[i],
            _minus(b_counted[i], a_counted[i]),
        )
        for i in range(len(first))
    )
    where_a = {label: i for i, label in enumerate(first)}
    where_b = {label: i for i, label in enumerate(second)}
    documents = [
        DocumentChange(
            label,
            names[label],
            float(grades[label]),
            where_a[label] + 1,
            where_b[label] + 1,
            a_counted[where_a[label]],
            b_counted[where_b[label]],
            _minus(b_counted[where_b[label]], a_counted[where_a[label]]),
        )
        for label in first
    ]
    documents.sort(key=lambda d: (-abs(Decimal(d.change)), d.position_b, d.label))
    comparison = Comparison(convention, first, second, a, b, positions, tuple(documents), "")
    return Comparison(
        convention, first, second, a, b, positions, tuple(documents), explain(comparison)
    )


def _minus(x: Real, y: Real) -> Real:
    """x - y, in Decimal when either is one (exact evaluations)."""
    if isinstance(x, Decimal) or isinstance(y, Decimal):
        return Decimal(x) - Decimal(y)
    return x - y


def _counted(evaluation: Evaluation) -> list[Real]:
    n = len(evaluation.grades)
    table = evaluation.table
    zero: Real = Decimal(0) if evaluation.exact else 0.0
    return [
        c if counted else zero
        for c, counted in zip(
            table["contribution"].tolist()[:n], table["counted"].tolist()[:n], strict=True
        )
    ]


def _check_order(order: Sequence[str], grades: Mapping[str, float], name: str) -> tuple[str, ...]:
    if not grades:
        msg = "There are no documents to rank: enter at least one grade."
        raise NdcgError(msg)
    words = OrderWords(
        unknown=f"Ranking {name} has {{item}} at position {{position}}, which is not one of the documents.",
        repeated=f"Ranking {name} has {{item}} twice (again at position {{position}}).",
        missing=f"Ranking {name} leaves out {{missing}}: both rankings show every document once.",
        most_missing=5,
    )
    return check_permutation(order, list(grades), words)


# ------------------------------------------------------------------ the paragraph


def format_pair(first: float, second: float) -> tuple[str, str]:
    """Two values at the fewest decimals (3 or more) that tell them apart.

    >>> format_pair(0.9612, 0.9614)
    ('0.9612', '0.9614')
    >>> format_pair(0.961, 0.978)
    ('0.961', '0.978')
    """
    for digits in range(3, 13):
        shown = format_real(first, digits), format_real(second, digits)
        if shown[0] != shown[1]:
            return shown
    return format_real(first), format_real(second)


def signed(value: Real) -> str:
    """A difference with its sign, never shown as a bare 0 when it is not 0 (0 has no sign).

    >>> signed(1.2619), signed(-0.17), signed(0.00004), signed(0.0)
    ('+1.262', '-0.170', '+4.000e-05', '0')
    """
    if value == 0:
        return "0"
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


# ------------------------------------------------------------------ the URL form


def order_to_param(order_a: Sequence[str], order_b: Sequence[str]) -> str:
    """Ranking B as the 1-based positions of its documents in A; runs of 3 or more as ``i~j``.

    >>> order_to_param("abcdef", "bacdef")
    '2.1.3~6'
    >>> order_to_param("abcdef", "fedcba")
    '6~1'
    """
    where = {label: i + 1 for i, label in enumerate(order_a)}
    numbers = [where[label] for label in order_b]
    parts: list[str] = []
    start = 0
    while start < len(numbers):
        end = start
        step = numbers[start + 1] - numbers[start] if start + 1 < len(numbers) else 0
        if step in (1, -1):
            while end + 1 < len(numbers) and numbers[end + 1] - numbers[end] == step:
                end += 1
        if end - start >= 2:
            parts.append(f"{numbers[start]}~{numbers[end]}")
            start = end + 1
        else:
            parts.append(str(numbers[start]))
            start += 1
    return ".".join(parts)


_ORDER_TEXT = re.compile(r"[0-9]+(?:~[0-9]+)?(?:\.[0-9]+(?:~[0-9]+)?)*")


def order_from_param(text: str, order_a: Sequence[str]) -> tuple[str, ...]:
    """Read :func:`order_to_param` back into ranking B's labels; bad text raises in words.

    >>> order_from_param("2.1.3~6", "abcdef")
    ('b', 'a', 'c', 'd', 'e', 'f')
    >>> order_from_param("2.2", "ab")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The link's ranking B names position 2 twice.
    """
    n = len(order_a)
    if len(text) > MAX_ORDER_TEXT or not _ORDER_TEXT.fullmatch(text):
        msg = "The link's ranking B is not a list of positions such as 3.1.2 (or 1~6 for a run)."
        raise NdcgError(msg)
    numbers: list[int] = []
    for part in text.split("."):
        first, _, last = part.partition("~")
        low, high = int(first), int(last or first)
        if max(low, high) > n or min(low, high) < 1:
            msg = f"The link's ranking B names position {max(low, high) if max(low, high) > n else min(low, high)}, but the list has {n} documents."
            raise NdcgError(msg)
        step = 1 if high >= low else -1
        numbers.extend(range(low, high + step, step))
        if len(numbers) > n:
            break
    seen: set[int] = set()
    for number in numbers:
        if number in seen:
            msg = f"The link's ranking B names position {number} twice."
            raise NdcgError(msg)
        seen.add(number)
    if len(numbers) != n:
        missing = next(i for i in range(1, n + 1) if i not in seen)
        msg = f"The link's ranking B leaves out position {missing}: it must name all {n}."
        raise NdcgError(msg)
    return tuple(order_a[number - 1] for number in numbers)
