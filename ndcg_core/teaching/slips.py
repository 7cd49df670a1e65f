"""The usual slips on a "predict nDCG@k" question, each worked out by the core itself.

A class that answers "what is nDCG@3 of 3, 2, 0, 0, 1?" does not scatter at random: answers
gather at the numbers the usual mistakes give. Each slip here is the real computation
(:func:`~ndcg_core.metric.metrics.evaluate` or :func:`~ndcg_core.metric.metrics.ndcg`) with one
convention field or one input changed, never a formula written a second time:

- **ideal from the top k only**: the ideal re-sorts only the k results shown, not every
  document the convention draws the ideal from (the input cut to its first k grades, ideal
  from that list). Dividing by the list's own DCG, the other way to skip the sort, always
  gives 1 and a student sees it is absurd; sorting only what is on screen is the slip that
  survives. Without a cutoff it is "ideal from the shown list" (it differs only where the
  convention takes the ideal from all judged documents).
- **log2(i) instead of log2(i+1)**: the discount is Järvelin-Kekäläinen's ``1 if i < b else
  log_b(i)``. With b = 2 that is log2(i) at every rank from 2 and no division at rank 1, where
  log2(1) = 0 cannot be divided by: what a student who writes log2(i) has to do there. Under
  a Järvelin-Kekäläinen convention the slip is the other way round (log2(i+1) instead).
- **exponential gain where linear was asked**, and linear where exponential was.
- **the cutoff ignored**: the whole list counts.
- **CG instead of DCG**: no discount, so CG@k / ideal CG@k. Computed as Järvelin-Kekäläinen's
  discount with a base larger than any rank, which divides every rank by 1.
- **DCG not normalised**: DCG@k itself, not divided by the ideal.

:func:`slip_table` drops the slips that land on the right answer and merges those that land
on each other (within twice the tolerance, so an answer can never sit at two of them);
:func:`match_answer` then says whether an answer is right, at one slip, or neither.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choices import Discount, Gain, IdealSource
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import Evaluation, evaluate
from ndcg_core.teaching.grading import within_tolerance
from ndcg_core.text.formatting import format_real

#: Half a step of two decimals: a student who rounds 0.8834 to 0.88 is within it.
DEFAULT_TOLERANCE = 0.005


class SlipKind(StrEnum):
    """Which mistake a slip models (see the module docstring)."""

    IDEAL_TOP_K = "ideal_top_k"
    DISCOUNT = "discount"
    GAIN = "gain"
    CUTOFF = "cutoff"
    CG = "cg"
    NOT_NORMALISED = "not_normalised"


class Quantity(StrEnum):
    """The number a reader was asked for: each has its own slips (no ideal in CG or DCG)."""

    CG = "CG"
    DCG = "DCG"
    IDEAL_DCG = "ideal DCG"
    NDCG = "nDCG"

    @property
    def tolerance(self) -> float:
        """How near a guess must be to count as a number: half a step of the decimals a
        reader types, two for nDCG (0.88), one for a sum such as DCG (6.9)."""
        return DEFAULT_TOLERANCE if self is Quantity.NDCG else 0.05

    def of(self, evaluation: Evaluation) -> float:
        """This quantity of ``evaluation`` (its nDCG, DCG, ...), as a float."""
        value = {
            Quantity.CG: evaluation.cg,
            Quantity.DCG: evaluation.dcg,
            Quantity.IDEAL_DCG: evaluation.ideal_dcg,
            Quantity.NDCG: evaluation.ndcg,
        }[self]
        return float(value)


#: The slips each quantity can show: an ideal slip changes no DCG, and a gain slip no share.
_APPLIES = MappingProxyType(
    {
        Quantity.CG: (SlipKind.GAIN, SlipKind.CUTOFF),
        Quantity.DCG: (SlipKind.DISCOUNT, SlipKind.GAIN, SlipKind.CUTOFF, SlipKind.CG),
        Quantity.IDEAL_DCG: (
            SlipKind.IDEAL_TOP_K,
            SlipKind.DISCOUNT,
            SlipKind.GAIN,
            SlipKind.CUTOFF,
            SlipKind.CG,
        ),
        Quantity.NDCG: tuple(SlipKind),
    }
)


@dataclass(frozen=True)
class Slip:
    """One mistake and the number it gives for this question.

    ``name`` is short ("log2(i) instead of log2(i+1)"), ``how`` says in one sentence what the
    student did. ``value`` is NaN where the slip gives no number (for example an ideal of 0).
    """

    kind: SlipKind
    name: str
    how: str
    value: float
    #: The computation with the slip made (None where it gives no number).
    worked: Evaluation | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class SlipGroup:
    """Slips that give the same number here (within twice the tolerance): one place on the
    number line, so an answer there is counted once, under every name in the group."""

    slips: tuple[Slip, ...]

    @property
    def value(self) -> float:
        """The number the group stands at: its first slip's."""
        return self.slips[0].value

    @property
    def name(self) -> str:
        """The slips' names joined with "or"."""
        return " or ".join(slip.name for slip in self.slips)


@dataclass(frozen=True)
class SlipTable:
    """The slips of one question, ready for matching answers.

    ``groups`` are the distinct places answers are matched to; ``same_as_right`` the slips
    that give the right answer here (so nobody can be caught making them), ``no_value``
    those that give no number.
    """

    right: float
    tolerance: float
    groups: tuple[SlipGroup, ...]
    same_as_right: tuple[Slip, ...]
    no_value: tuple[Slip, ...]
    #: The right computation, which the diagnosis of an answer reads its numbers from.
    worked: Evaluation = field(compare=False, repr=False)
    quantity: Quantity = Quantity.NDCG


def _discount_slip(convention: Convention) -> tuple[Convention, str, str]:
    base = convention.log_base
    if convention.discount is Discount.LOG:
        changed = convention.with_changes(discount=Discount.JARVELIN_KEKALAINEN)
        if base == 2.0:
            name = "log2(i) instead of log2(i+1)"
            how = "divided rank i by log2(i), and rank 1 by nothing (log2(1) is 0)"
        else:
            name = f"{changed.discount_label} instead of {convention.discount_label}"
            how = "used Järvelin-Kekäläinen's discount, no division before rank b"
        return changed, name, how
    changed = convention.with_changes(discount=Discount.LOG)
    name = f"{changed.discount_label} instead of {convention.discount_label}"
    return changed, name, "divided every rank i by log(i+1), rank 1 included"


def _gain_slip(convention: Convention) -> tuple[Convention, str, str]:
    if convention.gain is Gain.LINEAR:
        return (
            convention.with_changes(gain=Gain.EXPONENTIAL),
            "exponential gain instead of linear",
            "used 2^rel - 1 as the gain where the grade itself was asked",
        )
    return (
        convention.with_changes(gain=Gain.LINEAR),
        "linear gain instead of exponential",
        "used the grade itself as the gain where 2^rel - 1 was asked",
    )


def slips(
    grades: Sequence[float],
    convention: Convention,
    *,
    judged_grades: Sequence[float] | None = None,
    quantity: Quantity = Quantity.NDCG,
) -> tuple[Slip, ...]:
    """Every slip of :class:`SlipKind` that ``quantity`` can show, and what it gives for
    ``grades`` under ``convention``; each slip keeps the evaluation it came from.

    Seed 004's list 3, 2, 0, 0, 1 at nDCG@3 is 0.895; with log2(i) it would be
    (3 + 2/1 + 0) / (3 + 2/1 + 1/log2(3)) = 5 / 5.631:

    >>> found = {s.kind: s.value for s in slips([3, 2, 0, 0, 1], Convention(cutoff_k=3))}
    >>> round(found[SlipKind.DISCOUNT], 3), round(found[SlipKind.CUTOFF], 3)
    (0.888, 0.976)
    >>> [s.kind.value for s in slips([3, 2, 0], Convention(), quantity=Quantity.CG)]
    ['gain', 'cutoff']
    """
    k = convention.cutoff_k
    top = list(grades) if k is None else list(grades)[:k]
    discount, discount_name, discount_how = _discount_slip(convention)
    gain, gain_name, gain_how = _gain_slip(convention)
    # Järvelin-Kekäläinen divides by 1 while i < b: a base past the last rank makes it CG.
    ranks = len(grades) + len(judged_grades or ()) + 2
    no_discount = convention.with_changes(
        discount=Discount.JARVELIN_KEKALAINEN, log_base=float(ranks)
    )
    top_name = "ideal from the shown list" if k is None else f"ideal from the top {k} only"
    top_how = (
        "sorted only the shown results for the ideal"
        if k is None
        else f"sorted only the first {k} results for the ideal, not the whole list"
    )
    # Each slip: the real computation with one field or one input changed.
    cases: tuple[tuple[SlipKind, str, str, Convention, Sequence[float], bool], ...] = (
        (
            SlipKind.IDEAL_TOP_K,
            top_name,
            top_how,
            convention.with_changes(ideal=IdealSource.LIST),
            top,
            False,
        ),
        (SlipKind.DISCOUNT, discount_name, discount_how, discount, grades, True),
        (SlipKind.GAIN, gain_name, gain_how, gain, grades, True),
        (
            SlipKind.CUTOFF,
            "the cutoff ignored",
            "counted the whole list, not only the top k",
            convention.with_changes(cutoff_k=None),
            grades,
            True,
        ),
        (
            SlipKind.CG,
            "CG instead of DCG",
            "left out the discount: CG@k over the ideal CG@k",
            no_discount,
            grades,
            True,
        ),
        (
            SlipKind.NOT_NORMALISED,
            "DCG not normalised",
            "stopped at DCG@k, without dividing by the ideal DCG@k",
            convention,
            grades,
            True,
        ),
    )
    found = []
    for kind, name, how, changed, ranked, judged in cases:
        if kind not in _APPLIES[quantity]:
            continue
        worked: Evaluation | None
        try:
            worked = evaluate(ranked, changed, judged_grades=judged_grades if judged else None)
        except NdcgError:
            worked = None
        if worked is None:
            value = math.nan
        elif kind is SlipKind.NOT_NORMALISED:
            value = float(worked.dcg)
        else:
            value = quantity.of(worked)
        finite = math.isfinite(value)
        found.append(Slip(kind, name, how, value if finite else math.nan, worked))
    return tuple(found)


def slip_table(
    grades: Sequence[float],
    convention: Convention,
    *,
    judged_grades: Sequence[float] | None = None,
    tolerance: float = DEFAULT_TOLERANCE,
    quantity: Quantity = Quantity.NDCG,
    labels: Sequence[str] | None = None,
) -> SlipTable:
    """The slips of one question, arranged for :func:`match_answer`.

    Two numbers "coincide" when they are within ``2 * tolerance``: an answer within
    ``tolerance`` of both could belong to either. A slip that coincides with the right answer
    is set aside (``same_as_right``); slips that coincide with each other form one group.

    Seed 000's list 3, 2, 3, 0, 1, 2 (nDCG 0.961) tells four slips apart; at nDCG@3 of 3, 2,
    0, 0, 1 (0.895) log2(i) gives 0.888, too near to tell from the right answer:

    >>> [g.name for g in slip_table([3, 2, 3, 0, 1, 2], Convention()).groups]
    ['log2(i) instead of log2(i+1)', 'exponential gain instead of linear', 'CG instead of DCG', 'DCG not normalised']
    >>> [s.name for s in slip_table([3, 2, 0, 0, 1], Convention(cutoff_k=3)).same_as_right]
    ['log2(i) instead of log2(i+1)']
    >>> [s.name for s in slip_table([1, 0, 1], Convention()).same_as_right][1]  # 2^1-1 = 1
    'exponential gain instead of linear'
    """
    if not (math.isfinite(tolerance) and tolerance >= 0):
        msg = f"The tolerance must be a number of at least 0; got {tolerance!s}."
        raise NdcgError(msg)
    worked = evaluate(grades, convention, judged_grades=judged_grades, labels=labels)
    right = quantity.of(worked)

    def near(a: float, b: float) -> bool:
        return within_tolerance(a, b, 2 * tolerance)

    groups: list[list[Slip]] = []
    same: list[Slip] = []
    missing: list[Slip] = []
    for slip in slips(grades, convention, judged_grades=judged_grades, quantity=quantity):
        if math.isnan(slip.value):
            missing.append(slip)
        elif near(slip.value, right):
            same.append(slip)
        else:
            group = next((g for g in groups if near(g[0].value, slip.value)), None)
            if group is None:
                groups.append([slip])
            else:
                group.append(slip)
    return SlipTable(
        right=right,
        tolerance=tolerance,
        groups=tuple(SlipGroup(tuple(g)) for g in groups),
        same_as_right=tuple(same),
        no_value=tuple(missing),
        quantity=quantity,
        worked=worked,
    )


@dataclass(frozen=True)
class Verdict:
    """Where one answer sits: right, at a slip group, or neither."""

    right: bool
    slip: SlipGroup | None = None


def match_answer(table: SlipTable, answer: float) -> Verdict:
    """Right when within the tolerance of the right answer; else the slip group within the
    tolerance, if any (at most one can be: see :func:`slip_table`). "Within" is
    :func:`~ndcg_core.teaching.grading.within_tolerance`, the rule Practice and Class use.

    >>> table = slip_table([3, 2, 3, 0, 1, 2], Convention())
    >>> match_answer(table, 0.96).right, match_answer(table, 0.93).slip.name
    (True, 'log2(i) instead of log2(i+1)')
    >>> match_answer(table, 0.5)
    Verdict(right=False, slip=None)
    """
    if within_tolerance(answer, table.right, table.tolerance):
        return Verdict(right=True)
    for group in table.groups:
        if within_tolerance(answer, group.value, table.tolerance):
            return Verdict(right=False, slip=group)
    return Verdict(right=False)


@dataclass(frozen=True)
class SlipCount:
    """How many answers sit at one slip group, in words for the reveal."""

    group: SlipGroup
    count: int

    @property
    def sentence(self) -> str:
        """E.g. ``9 students answered about 0.888: what log2(i) instead of log2(i+1) gives.``"""
        who = "1 student" if self.count == 1 else f"{self.count} students"
        value = format_real(self.group.value)
        both = "" if len(self.group.slips) == 1 else " (here they give the same)"
        return f"{who} answered about {value}: what {self.group.name} gives{both}."


def count_slips(table: SlipTable, answers: Sequence[float]) -> tuple[SlipCount, ...]:
    """Every slip group with how many ``answers`` sit at it (most first, then in the order of
    :class:`SlipKind`); groups nobody reached are kept with a count of 0.

    >>> table = slip_table([3, 2, 3, 0, 1, 2], Convention())
    >>> count_slips(table, [0.93, 0.932, 0.95, 0.961, 0.3])[0].sentence
    '2 students answered about 0.932: what log2(i) instead of log2(i+1) gives.'
    """
    counts = dict.fromkeys(range(len(table.groups)), 0)
    for answer in answers:
        verdict = match_answer(table, answer)
        if verdict.slip is not None:
            counts[table.groups.index(verdict.slip)] += 1
    order = sorted(counts, key=lambda i: (-counts[i], i))
    return tuple(SlipCount(table.groups[i], counts[i]) for i in order)
