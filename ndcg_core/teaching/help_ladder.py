"""A ladder of help for a guessed number, each rung asked for: a hint naming the part to
check, then one position worked, then the whole worked answer (the formulas of
:mod:`ndcg_core.teaching.worked`). Practice records the highest rung an answer took.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType

from ndcg_core.metric.choices import Gain
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.teaching.readings import worked_readings
from ndcg_core.teaching.slips import Quantity
from ndcg_core.teaching.worked import WorkedStep, cg_step, dcg_step, ideal_dcg_step, ndcg_step
from ndcg_core.text.formatting import format_real


class Rung(IntEnum):
    """How much help an answer took; the order is the ladder's."""

    NONE = 0
    HINT = 1
    ONE_POSITION = 2
    WHOLE = 3

    @property
    def words(self) -> str:
        """How a score says it: ``first try``, ``after a hint``, ..."""
        return _WORDS[self]

    @property
    def button(self) -> str:
        """The label of the button that climbs to this rung."""
        return _BUTTONS[self]


_WORDS = MappingProxyType(
    {
        Rung.NONE: "first try",
        Rung.HINT: "after a hint",
        Rung.ONE_POSITION: "after one position worked",
        Rung.WHOLE: "after the worked answer",
    }
)
_BUTTONS = MappingProxyType(
    {
        Rung.NONE: "",
        Rung.HINT: "Hint",
        Rung.ONE_POSITION: "Work one position",
        Rung.WHOLE: "Show the worked answer",
    }
)


@dataclass(frozen=True)
class HelpLadder:
    """The three rungs for one number: two sentences and the worked formulas (LaTeX)."""

    hint: str
    one_position: str
    whole: tuple[WorkedStep, ...]
    #: The sentence under each formula of ``whole`` (:mod:`ndcg_core.teaching.readings`).
    whole_read: tuple[str, ...] = ()


def _n(value: object) -> str:
    return format_real(float(value))  # type: ignore[arg-type]


def _gain_rule(worked: Evaluation) -> str:
    if worked.convention.gain is Gain.LINEAR:
        return "a grade is its own gain"
    return "a grade g gains 2^g - 1"


def _discounted_row(worked: Evaluation, gain_column: str, depth: int) -> int:
    """The first row whose divisor is not 1 and whose gain is not 0: the position where the
    discount shows (row 0 when there is none)."""
    table = worked.table
    for row in range(depth):
        if float(table["discount"].iloc[row]) != 1.0 and float(table[gain_column].iloc[row]):
            return row
    return 0


def _one_position(worked: Evaluation, *, ideal: bool) -> str:
    table, convention = worked.table, worked.convention
    depth = worked.ideal_depth if ideal else worked.depth
    if depth == 0:
        return "There is no position to count here."
    gain_column = "ideal_gain" if ideal else "gain"
    row = _discounted_row(worked, gain_column, depth)
    grade = table["ideal_grade" if ideal else "grade"].iloc[row]
    gain = table[gain_column].iloc[row]
    divisor = table["discount"].iloc[row]
    kept = table["ideal_contribution" if ideal else "contribution"].iloc[row]
    where = f"In the best order, position {row + 1}" if ideal else f"Position {row + 1}"
    if not ideal:
        where += f" ({worked.labels[row]})"
    rank = convention.discount.at(row + 1, convention.log_base)
    return (
        f"{where}: grade {_n(grade)}, gain {_n(gain)}, divided by {rank} = {_n(divisor)}: "
        f"it keeps {_n(kept)}. Do the same for each of the top {depth} and add them up."
    )


def _ladder(worked: Evaluation, hint: str, one: str, steps: tuple[WorkedStep, ...]) -> HelpLadder:
    """The rungs, with the sentence that reads each worked formula in the reader's numbers."""
    readings = worked_readings(worked)
    return HelpLadder(hint, one, steps, tuple(readings[step.name].numbers for step in steps))


def help_ladder(worked: Evaluation, quantity: Quantity) -> HelpLadder:
    """The rungs for ``quantity`` of ``worked``, with the reader's numbers.

    >>> from ndcg_core import evaluate
    >>> ladder = help_ladder(evaluate([3, 2, 3, 0, 1, 2]), Quantity.NDCG)
    >>> ladder.hint
    'nDCG is DCG divided by the ideal DCG: work out the DCG of this order, then of the best order (the same grades sorted best first), then divide.'
    >>> ladder.one_position
    'Position 2 (D2): grade 2, gain 2, divided by log2(3) = 1.585: it keeps 1.262. Do the same for each of the top 6 and add them up.'
    >>> [step.name for step in ladder.whole]
    ['DCG', 'IDCG', 'nDCG']
    """
    label = worked.convention.label
    discount = worked.convention.discount_label
    if quantity is Quantity.CG:
        first = worked.table.iloc[0] if worked.depth else None
        one = (
            "There is no position to count here."
            if first is None
            else f"Position 1 ({worked.labels[0]}): grade {_n(first['grade'])} gains "
            f"{_n(first['gain'])}. Add the gains of the top {worked.depth} the same way."
        )
        hint = f"CG adds up the gains of the top {worked.depth} results; {_gain_rule(worked)}."
        return _ladder(worked, hint, one, (cg_step(worked),))
    if quantity is Quantity.DCG:
        hint = (
            f"DCG divides each result's gain by the discount of its place, {discount}, and "
            f"adds them up over the top {worked.depth}; {_gain_rule(worked)}."
        )
        return _ladder(worked, hint, _one_position(worked, ideal=False), (dcg_step(worked),))
    if quantity is Quantity.IDEAL_DCG:
        best = ", ".join(_n(g) for g in worked.ideal_grades[: worked.ideal_depth])
        hint = (
            f"The ideal DCG is the DCG of the best order: the grades sorted best first "
            f"({best}), each gain divided by {discount}."
        )
        return _ladder(worked, hint, _one_position(worked, ideal=True), (ideal_dcg_step(worked),))
    hint = (
        f"{label} is DCG divided by the ideal DCG: work out the DCG of this order, then of "
        "the best order (the same grades sorted best first), then divide."
    )
    steps = (dcg_step(worked), ideal_dcg_step(worked), ndcg_step(worked))
    return _ladder(worked, hint, _one_position(worked, ideal=False), steps)
