"""What a wrong number says about the reader's mistake, in words and the reader's numbers.

One function, :func:`diagnose`, used wherever a number is guessed (the lesson, Step by step,
Practice, a class question, where the reveal counts the same slips): it matches the guess
against the slip table of :mod:`ndcg_core.teaching.slips` (each slip the core's own
computation with one choice changed) and says which mistake gives that number, with one
position worked both ways. Where two slips give the same number here it names both; where the
guess sits at no slip it says so, names the part that is off when the reader gave the parts,
and points to the first rung of help (:mod:`ndcg_core.teaching.help_ladder`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from ndcg_core.metric.choices import Discount, Gain
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.teaching.grading import within_tolerance
from ndcg_core.teaching.slips import Quantity, Slip, SlipKind, SlipTable, match_answer
from ndcg_core.text.formatting import format_real
from ndcg_core.text.quoting import short_number


@dataclass(frozen=True)
class Diagnosis:
    """Where a guess sits (right, at a slip, or at none) and a paragraph that says why."""

    verdict: Literal["right", "slip", "unknown"]
    message: str
    slips: tuple[SlipKind, ...] = ()
    parts_off: bool = False  # the message says which of the reader's parts is off

    @property
    def names_the_mistake(self) -> bool:
        """Whether the message says more than the worked answer does: a slip, or which of
        the reader's own parts is off. A page that already shows the answer shows it only
        then."""
        return self.verdict == "slip" or self.parts_off


def _n(value: object) -> str:
    return format_real(float(value))  # type: ignore[arg-type]


def _divided(gain: float, divisor_text: str, divisor: float, kept: float) -> str:
    """``2 / log2(3) = 1.262``, or just ``2`` where the divisor is 1 (log2(2) too)."""
    if divisor == 1.0:
        return _n(gain)
    return f"{_n(gain)} / {divisor_text} = {_n(kept)}"


def _kept(worked: Evaluation, row: int) -> str:
    """What position ``row`` (0-based) keeps under ``worked``'s convention, worked."""
    convention = worked.convention
    return _divided(
        float(worked.table["gain"].iloc[row]),
        convention.discount.at(row + 1, convention.log_base),
        float(worked.table["discount"].iloc[row]),
        float(worked.table["contribution"].iloc[row]),
    )


def _counted(worked: Evaluation) -> range:
    return range(worked.depth)


def _first_difference(right: Evaluation, slipped: Evaluation, column: str) -> int | None:
    """The first counted row (0-based) where the two computations differ in ``column`` and
    the gain is not 0 (a zero gain keeps 0 whatever it is divided by)."""
    for row in _counted(right):
        if row >= slipped.rows:
            break
        differs = float(right.table[column].iloc[row]) != float(slipped.table[column].iloc[row])
        if differs and float(right.table["gain"].iloc[row]) != 0:
            return row
    return None


def _position(worked: Evaluation, row: int) -> str:
    return f"position {row + 1} ({worked.labels[row]})"


def _sentence(text: str) -> str:
    """Upper-case the first letter only (str.capitalize would lower a label's)."""
    return text[:1].upper() + text[1:]


def _discount_why(right: Evaluation, slip: Slip) -> str:
    slipped = slip.worked
    assert slipped is not None
    whole = [
        row + 1
        for row in _counted(right)
        if row < slipped.rows
        and (float(slipped.table["discount"].iloc[row]) == 1.0)
        != (float(right.table["discount"].iloc[row]) == 1.0)
    ]
    kept_whole = slipped.convention.discount is Discount.JARVELIN_KEKALAINEN
    if not whole:
        effect = ""
    elif kept_whole:
        effect = f": then {_places(whole)} not discounted at all"
    else:
        effect = f": then {_places(whole)} discounted too"
    text = f"dividing by {slip.name}{effect}."
    row = _first_difference(right, slipped, "discount")
    if row is None:
        return text
    place = _sentence(_position(right, row))
    return f"{text} {place} should keep {_kept(right, row)}, not {_kept(slipped, row)}."


def _places(ranks: list[int]) -> str:
    """``position 2 is`` or ``positions 1 to 2 are``: the ranks one discount spares."""
    if len(ranks) == 1:
        return f"position {ranks[0]} is"
    if ranks == list(range(ranks[0], ranks[-1] + 1)):
        return f"positions {ranks[0]} to {ranks[-1]} are"
    return "positions " + ", ".join(str(r) for r in ranks) + " are"


def _gain_words(gain: Gain, grade: float, value: float) -> str:
    if gain is Gain.LINEAR:
        return _n(value)
    return f"2^{_n(grade)} - 1 = {_n(value)}"


def _gain_why(right: Evaluation, slip: Slip) -> str:
    slipped = slip.worked
    assert slipped is not None
    asked = "the grade itself" if right.convention.gain is Gain.LINEAR else "2^grade - 1"
    used = "2^grade - 1" if right.convention.gain is Gain.LINEAR else "the grade itself"
    text = f"using {used} as the gain where {asked} was asked."
    row = _first_difference(right, slipped, "gain")
    if row is None:
        return text
    grade = float(right.table["grade"].iloc[row])
    should = _gain_words(right.convention.gain, grade, float(right.table["gain"].iloc[row]))
    not_ = _gain_words(slipped.convention.gain, grade, float(slipped.table["gain"].iloc[row]))
    return f"{text} The grade {_n(grade)} at {_position(right, row)} gains {should}, not {not_}."


def _cutoff_why(right: Evaluation, slip: Slip) -> str:
    k = right.convention.cutoff_k
    below = right.grades[right.depth :]
    if k is None or not below:
        return "counting results past the cutoff."
    left_out = ", ".join(_n(g) for g in below)
    last = len(right.grades)
    if last == k + 1:
        places = f"position {last} (grade {left_out}) adds nothing"
    else:
        places = f"positions {k + 1} to {last} (grades {left_out}) add nothing"
    return (
        f"counting the whole list: {right.convention.label} counts only the top {k}, so "
        f"{places}. DCG@{k} is {_n(right.dcg)} and the ideal DCG@{k} {_n(right.ideal_dcg)}."
    )


def _cg_why(right: Evaluation, slip: Slip) -> str:
    text = "leaving out the discount: that is CG, each gain added whole."
    for row in _counted(right):
        gain = float(right.table["gain"].iloc[row])
        if float(right.table["discount"].iloc[row]) != 1.0 and gain != 0:
            place = _sentence(_position(right, row))
            return f"{text} {place} should keep {_kept(right, row)}, not {_n(gain)}."
    return text


def _not_normalised_why(right: Evaluation, slip: Slip) -> str:
    return (
        f"stopping at DCG: {_n(right.dcg)} is the DCG. nDCG divides it by the ideal DCG: "
        f"{_n(right.dcg)} / {_n(right.ideal_dcg)} = {_n(right.ndcg)}."
    )


def _ideal_top_k_why(right: Evaluation, slip: Slip) -> str:
    slipped = slip.worked
    assert slipped is not None
    k = right.convention.cutoff_k
    shown = "the first results" if k is None else f"the first {k} results"
    best = ", ".join(_n(g) for g in right.ideal_grades[: right.ideal_depth])
    sorted_top = ", ".join(_n(g) for g in slipped.ideal_grades[: slipped.ideal_depth])
    return (
        f"sorting only {shown} for the ideal. The ideal takes the best grades of every "
        f"result: {best}, ideal DCG {_n(right.ideal_dcg)}; not {sorted_top}, "
        f"ideal DCG {_n(slipped.ideal_dcg)}."
    )


#: Each slip's paragraph, after "0.932 is what you get ": the mistake, what it does, and
#: one position worked both ways. A new :class:`SlipKind` needs one entry (a test checks).
WHY: Mapping[SlipKind, Callable[[Evaluation, Slip], str]] = MappingProxyType(
    {
        SlipKind.IDEAL_TOP_K: _ideal_top_k_why,
        SlipKind.DISCOUNT: _discount_why,
        SlipKind.GAIN: _gain_why,
        SlipKind.CUTOFF: _cutoff_why,
        SlipKind.CG: _cg_why,
        SlipKind.NOT_NORMALISED: _not_normalised_why,
    }
)


def _parts_off(table: SlipTable, parts: Mapping[Quantity, float]) -> str:
    """Which of the reader's own parts (DCG, ideal DCG) is off, if they gave them."""
    worked = table.worked
    verdicts = []
    for quantity, guess in parts.items():
        right, typed = quantity.of(worked), short_number(guess)
        if within_tolerance(guess, right, quantity.tolerance):
            verdicts.append(f"your {quantity} {typed} was right")
        else:
            verdicts.append(f"your {quantity} {typed} is off (it is {_n(right)})")
    return "Of the parts, " + " and ".join(verdicts) + "." if verdicts else ""


def diagnose(
    table: SlipTable, guess: float, *, parts: Mapping[Quantity, float] | None = None
) -> Diagnosis:
    """Right, a slip (named, with the reader's numbers), or none of the known slips.

    ``parts`` are the reader's own guesses for the parts of this number (DCG and ideal DCG
    of an nDCG), used when the guess sits at no slip. Seed 000's list, nDCG 0.961:

    >>> from ndcg_core import Convention
    >>> from ndcg_core.teaching.slips import slip_table
    >>> table = slip_table([3, 2, 3, 0, 1, 2], Convention())
    >>> print(diagnose(table, 0.932).message)
    0.932 is what you get dividing by log2(i) instead of log2(i+1): then position 2 is not discounted at all. Position 2 (D2) should keep 2 / log2(3) = 1.262, not 2.
    >>> diagnose(table, 0.961).verdict, diagnose(table, 0.5).verdict
    ('right', 'unknown')
    """
    verdict = match_answer(table, guess)
    shown = short_number(guess)  # as the reader typed it, not padded to 3 decimals
    if verdict.right:
        return Diagnosis("right", f"{shown} is right: the {table.quantity} is {_n(table.right)}.")
    worked = table.worked
    if verdict.slip is not None:
        group = verdict.slip.slips
        whys = [WHY[slip.kind](worked, slip) for slip in group]
        if len(whys) == 1:
            message = f"{shown} is what you get {whys[0]}"
        else:
            either = " Or ".join([_sentence(whys[0]), *whys[1:]])
            message = (
                f"{shown} is where {len(whys)} different slips land for this list, so it "
                f"could be either. {either}"
            )
        return Diagnosis("slip", message, tuple(slip.kind for slip in group))
    message = f"{shown} is none of the usual slips; the {table.quantity} is {_n(table.right)}."
    off = _parts_off(table, parts or {})
    if off:
        return Diagnosis("unknown", f"{message} {off}", parts_off=True)
    return Diagnosis("unknown", f"{message} The worked answer shows each step.")
