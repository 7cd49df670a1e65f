"""Every formula read aloud: one plain sentence under each, with the results' names and the
reader's numbers.

The formulas are :mod:`ndcg_core.teaching.worked`'s; every number here is read from the same
:func:`ndcg_core.evaluate` table they are built from (never computed a second way), so a
sentence changes with the list and says what the formula above it says. Each symbol a formula
uses (Σ, i, p, rel_i, rel*_i, the discount) is said in words once, under the formula that
first shows it.

>>> from ndcg_core import evaluate
>>> print(worked_readings(evaluate([3, 2, 3, 0, 1, 2]))["DCG"].numbers)
rel_i is the grade of the result in place i: D3, in place 3, has grade 3 and keeps 3 / log2(3+1) = 3 / 2 = 1.500; the 6 terms add up to DCG = 6.861.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ndcg_core.metric.choices import Discount, Gain
from ndcg_core.metric.exact_ratio import shown_ndcg
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.metric.rules import divisors
from ndcg_core.teaching.lesson_steps import ndcg_reading
from ndcg_core.text.formatting import format_real

#: The place a sentence takes as its example: the lesson's third place, where log2(4) = 2.
EXAMPLE_PLACE = 3


@dataclass(frozen=True)
class Names:
    """How sentences name the results: a title for each place of the list, in its order, and
    a word for each grade when the grades have names (a story's "perfect")."""

    titles: tuple[str, ...]
    grade_words: tuple[tuple[float, str], ...] = ()  # (grade, its name)

    def result(self, place: int) -> str:
        """The result in 1-based ``place``."""
        return self.titles[place - 1]

    def grade(self, grade: float) -> str:
        """A grade in words: ``perfect (3)``, or ``grade 3`` when grades have no names."""
        word = dict(self.grade_words).get(grade)
        return f"grade {format_real(grade)}" if word is None else f"{word} ({format_real(grade)})"

    def verb(self, grade: float) -> str:
        """``is perfect (3)`` or ``has grade 3``."""
        named = grade in dict(self.grade_words)
        return f"is {self.grade(grade)}" if named else f"has {self.grade(grade)}"


@dataclass(frozen=True)
class Reading:
    """The sentence under a formula with symbols, and the one under it with numbers."""

    symbols: str
    numbers: str


def label_names(evaluation: Evaluation) -> Names:
    """The list's own labels (``D1 .. Dn`` unless the reader named them)."""
    return Names(evaluation.labels)


def _column(evaluation: Evaluation, name: str, count: int) -> list[float]:
    return [float(value) for value in evaluation.table[name].iloc[:count]]


def _at(evaluation: Evaluation) -> str:
    """``@k`` after a sum's name when the convention cuts the list at k."""
    k = evaluation.convention.cutoff_k
    return "" if k is None else f"@{k}"


def _example_place(depth: int) -> int:
    return min(EXAMPLE_PLACE, depth)


def _divided(evaluation: Evaluation, place: int, numerator: str, divisor: float) -> str:
    """``3 / log2(3+1) = 3 / 2``: the discount at ``place`` written out, then its value
    (Järvelin-Kekäläinen's, a rule with a branch, by its value alone)."""
    convention = evaluation.convention
    value = f"{numerator} / {format_real(divisor)}"
    if convention.discount is Discount.LOG:
        written = convention.discount.at(place, convention.log_base, spelled=True)
        return f"{numerator} / {written} = {value}"
    return value


def _gain_words(evaluation: Evaluation, rel: str) -> str:
    if evaluation.convention.gain is Gain.LINEAR:
        return f"{rel}, the grade of the result in place i"
    return f"2^{rel} - 1, the gain made from {rel}, the grade of the result in place i"


def _kept(evaluation: Evaluation, names: Names, place: int, *, ideal: bool = False) -> str:
    """What one place brings: its grade, gain and gain / discount = contribution."""
    prefix = "ideal_" if ideal else ""
    grade = _column(evaluation, f"{prefix}grade", place)[-1]
    gain = _column(evaluation, f"{prefix}gain", place)[-1]
    divisor = _column(evaluation, "discount", place)[-1]
    kept = _column(evaluation, f"{prefix}contribution", place)[-1]
    who = (
        f"the grade {format_real(grade)}" if ideal else f"{names.result(place)}, in place {place},"
    )
    if ideal:
        what = f"{who} in place {place}"
    elif evaluation.convention.gain is Gain.LINEAR:
        what = f"{who} {names.verb(grade)} and"
    else:
        what = (
            f"{who} {names.verb(grade)}, gain 2^{format_real(grade)} - 1 = {format_real(gain)}, and"
        )
    return (
        f"{what} keeps {_divided(evaluation, place, format_real(gain), divisor)}"
        f" = {format_real(kept)}"
    )


def cg_reading(evaluation: Evaluation, names: Names) -> Reading:
    """CG_p = Σ rel_i read aloud.

    >>> from ndcg_core import evaluate
    >>> reading = cg_reading(evaluate([3, 2, 0]), Names(("A", "B", "C")))
    >>> print(reading.symbols)
    Σ means "add up": for each place i from 1 to p (here p = 3, the results that count), add rel_i, the grade of the result in place i.
    >>> print(reading.numbers)
    One term per result, in the list's order: A, in place 1, brings 3, and so on to C, in place 3, which brings 0; together CG = 5.
    """
    p = evaluation.depth
    symbols = (
        f'Σ means "add up": for each place i from 1 to p (here p = {p}, the results that '
        f"count), add {_gain_words(evaluation, 'rel_i')}."
    )
    if p == 0:
        return Reading(symbols, "No place counts, so CG = 0.")
    gains = _column(evaluation, "gain", p)
    first = f"{names.result(1)}, in place 1, brings {format_real(gains[0])}"
    last = (
        f", and so on to {names.result(p)}, in place {p}, which brings {format_real(gains[-1])}"
        if p > 1
        else ""
    )
    numbers = (
        f"One term per result, in the list's order: {first}{last}; "
        f"together CG{_at(evaluation)} = {format_real(evaluation.cg)}."
    )
    return Reading(symbols, numbers)


def dcg_reading(evaluation: Evaluation, names: Names) -> Reading:
    """DCG_p = Σ rel_i / discount(i) read aloud, the example at place 3.

    >>> from ndcg_core import Convention, evaluate
    >>> reading = dcg_reading(evaluate([3, 2, 3], Convention(gain="exponential")), Names(("A", "B", "C")))
    >>> print(reading.numbers)
    rel_i is the grade of the result in place i: C, in place 3, has grade 3, gain 2^3 - 1 = 7, and keeps 7 / log2(3+1) = 7 / 2 = 3.500; the 3 terms add up to DCG = 12.393.
    """
    p = evaluation.depth
    discount = evaluation.convention.discount_label
    symbols = (
        f"Σ adds one term for each place i from 1 to p (here p = {p}): "
        f"{_gain_words(evaluation, 'rel_i')}, divided by {discount}, the discount of place i."
    )
    if p == 0:
        return Reading(symbols, "No place counts, so DCG = 0.")
    place = _example_place(p)
    numbers = (
        f"rel_i is the grade of the result in place i: {_kept(evaluation, names, place)}; "
        f"the {p} terms add up to DCG{_at(evaluation)} = {format_real(evaluation.dcg)}."
    )
    return Reading(symbols, numbers)


def ideal_reading(evaluation: Evaluation) -> Reading:
    """IDCG_p, the same sum over the grades sorted best first, read aloud.

    >>> from ndcg_core import evaluate
    >>> print(ideal_reading(evaluate([3, 2, 3, 0, 1, 2])).numbers)
    The ideal ranking puts the grades best first (3, 3, 2, 2, 1, 0): the grade 2 in place 3 keeps 2 / log2(3+1) = 2 / 2 = 1; the 6 terms add up to IDCG = 7.141.
    """
    p = evaluation.ideal_depth
    symbols = (
        f"The same sum over the ideal ranking, for places i from 1 to p = {p}: rel*_i "
        '("rel star") is the grade in place i once the grades are sorted best first.'
    )
    if p == 0:
        return Reading(symbols, "No place counts, so IDCG = 0.")
    grades = ", ".join(format_real(g) for g in evaluation.ideal_grades)
    place = _example_place(p)
    numbers = (
        f"The ideal ranking puts the grades best first ({grades}): "
        f"{_kept(evaluation, Names(()), place, ideal=True)}; "
        f"the {p} terms add up to IDCG{_at(evaluation)} = {format_real(evaluation.ideal_dcg)}."
    )
    return Reading(symbols, numbers)


def ndcg_sentence(evaluation: Evaluation) -> Reading:
    """nDCG_p = DCG_p / IDCG_p read aloud.

    >>> from ndcg_core import evaluate
    >>> print(ndcg_sentence(evaluate([3, 2, 3, 0, 1, 2])).numbers)
    DCG = 6.861 divided by IDCG = 7.141 gives 0.961: this ranking gets 96% of the best possible discounted gain.
    """
    p = evaluation.depth
    symbols = (
        f"nDCG_p divides DCG_p, what this order scores in its first p places (p = {p}), by "
        "IDCG_p, what the ideal ranking scores there: 1 means no order does better."
    )
    dcg, ideal = format_real(evaluation.dcg), format_real(evaluation.ideal_dcg)
    if float(evaluation.ideal_dcg) == 0:
        numbers = (
            f"No result has any gain, so IDCG = 0 and DCG / IDCG = {dcg} / 0; this convention "
            f"counts it as {format_real(shown_ndcg(evaluation))}."
        )
    else:
        numbers = (
            f"DCG{_at(evaluation)} = {dcg} divided by IDCG{_at(evaluation)} = {ideal} gives "
            f"{ndcg_reading(float(shown_ndcg(evaluation)))}"
        )
    return Reading(symbols, numbers)


@dataclass(frozen=True)
class Readings:
    """The sentences for :func:`ndcg_core.teaching.worked.all_steps`' four formulas."""

    cg: Reading
    dcg: Reading
    ideal: Reading
    ndcg: Reading

    def __getitem__(self, name: str) -> Reading:
        """The reading of the worked step called ``name`` ("CG", "DCG", "IDCG", "nDCG")."""
        return {"CG": self.cg, "DCG": self.dcg, "IDCG": self.ideal, "nDCG": self.ndcg}[name]


def worked_readings(evaluation: Evaluation, names: Names | None = None) -> Readings:
    """The sentences under CG, DCG, IDCG and nDCG, with ``names`` (default: the labels)."""
    names = label_names(evaluation) if names is None else names
    return Readings(
        cg_reading(evaluation, names),
        dcg_reading(evaluation, names),
        ideal_reading(evaluation),
        ndcg_sentence(evaluation),
    )


def kept_reading(evaluation: Evaluation, names: Names, place: int) -> str:
    """The discount at one place, read aloud.

    >>> from ndcg_core import evaluate
    >>> print(kept_reading(evaluate([3, 2, 3]), Names(("A", "B", "C")), 3))
    i is the place: C, in place 3, keeps 1 / log2(3+1) = 1 / 2 = 0.500 of its gain, so its 3 counts as 1.500.
    """
    gain = _column(evaluation, "gain", place)[-1]
    divisor = _column(evaluation, "discount", place)[-1]
    kept = _column(evaluation, "contribution", place)[-1]
    return (
        f"i is the place: {names.result(place)}, in place {place}, keeps "
        f"{_divided(evaluation, place, '1', divisor)} = {format_real(1.0 / divisor)} of its "
        f"gain, so its {format_real(gain)} counts as {format_real(kept)}."
    )


# ------------------------------------------------------------------ log2, refreshed


@dataclass(frozen=True)
class LogRefresher:
    """log2 of 1, 2, 4 and 8, and why log2(3) is about 1.58, from the discount rule."""

    powers: tuple[tuple[int, float], ...]  # (x, log2 x) for x = 1, 2, 4, 8
    three: float  # log2(3)
    text: str


def log2_refresher() -> LogRefresher:
    """A reminder of log2 for those who need it, its numbers from the core's divisor rule
    (``log2(i+1)`` at i = 0, 1, 3, 7 is log2 of 1, 2, 4, 8; at i = 2, log2(3)).

    >>> print(log2_refresher().text)
    log2(x) answers "2 to what power gives x?": log2(1) = 0, log2(2) = 1, log2(4) = 2, log2(8) = 3 (2 × 2 × 2 = 8). Doubling x adds 1 to its log2. 3 lies between 2 and 4, so log2(3) lies between 1 and 2: it is about 1.585 (2^1.585 is about 3). That is the discount of place 2, where i + 1 = 3; place 3 divides by log2(4) = 2.
    """
    xs = (1, 2, 4, 8)
    values = divisors(np.array([x - 1.0 for x in (*xs, 3)]), Discount.LOG, 2.0)
    powers = tuple((x, float(v)) for x, v in zip(xs, values[:4], strict=True))
    three = float(values[4])
    listed = ", ".join(f"log2({x}) = {format_real(v)}" for x, v in powers)
    text = (
        f'log2(x) answers "2 to what power gives x?": {listed} (2 × 2 × 2 = 8). Doubling x '
        f"adds 1 to its log2. 3 lies between 2 and 4, so log2(3) lies between 1 and 2: it is "
        f"about {format_real(three)} (2^{format_real(three)} is about 3). That is the discount "
        f"of place 2, where i + 1 = 3; place 3 divides by log2(4) = {format_real(powers[2][1])}."
    )
    return LogRefresher(powers, three, text)
