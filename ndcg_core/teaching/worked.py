"""Formulas for learners: each symbolic, then with the reader's numbers, then its value.

Every filled-in formula is built from the same per-position table the metrics come from,
so the terms a learner reads add up to the number the app shows (tests check it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ndcg_core.metric.exact_ratio import shown_ndcg
from ndcg_core.metric.metrics import Evaluation, Real
from ndcg_core.text.formatting import format_real
from ndcg_core.text.quoting import short_number

#: Terms shown before a long sum is shortened to "first terms + ⋯ + last term".
MAX_TERMS = 8


@dataclass(frozen=True)
class WorkedStep:
    """One step of the walk: the formula, the same formula with numbers, and the result."""

    name: str
    symbolic: str
    filled: str
    terms: tuple[float, ...]
    result: Real


def _sum(terms: list[str]) -> str:
    if len(terms) > MAX_TERMS:
        terms = [*terms[: MAX_TERMS - 2], r"\cdots", terms[-1]]
    return " + ".join(terms) if terms else "0"


def _gain_symbol(evaluation: Evaluation, rel: str) -> str:
    return evaluation.convention.gain.latex(rel)


def _p(evaluation: Evaluation) -> str:
    return str(evaluation.depth)


def cg_step(evaluation: Evaluation) -> WorkedStep:
    """CG_p = sum of the gains of the top p positions.

    >>> from ndcg_core import evaluate
    >>> cg_step(evaluate([3, 2, 3, 0, 1, 2])).filled
    'CG_{6} = 3 + 2 + 3 + 0 + 1 + 2 = 11'
    """
    rows = evaluation.table.iloc[: evaluation.depth]
    gains = [float(g) for g in rows["gain"]]
    p = _p(evaluation)
    symbolic = rf"CG_{{p}} = \sum_{{i=1}}^{{p}} {_gain_symbol(evaluation, 'rel_i')}"
    filled = f"CG_{{{p}}} = {_sum([format_real(g) for g in gains])} = {format_real(evaluation.cg)}"
    return WorkedStep("CG", symbolic, filled, tuple(gains), evaluation.cg)


def dcg_step(evaluation: Evaluation) -> WorkedStep:
    """DCG_p = sum of gain_i / discount(i), written term by term with the reader's grades.

    >>> from ndcg_core import evaluate
    >>> dcg_step(evaluate([3, 2, 0])).filled
    'DCG_{3} = \\\\frac{3}{1} + \\\\frac{2}{1.585} + \\\\frac{0}{2} = 4.262'
    """
    return _discounted_step(evaluation, "DCG", "gain", "contribution", evaluation.dcg)


def ideal_dcg_step(evaluation: Evaluation) -> WorkedStep:
    """IDCG_p: the same sum over the ideal order (grades sorted best first)."""
    return _discounted_step(
        evaluation, "IDCG", "ideal_gain", "ideal_contribution", evaluation.ideal_dcg
    )


def _discounted_step(
    evaluation: Evaluation, name: str, gain_column: str, contribution_column: str, result: Real
) -> WorkedStep:
    depth = evaluation.depth if name == "DCG" else evaluation.ideal_depth
    rows = evaluation.table.iloc[:depth]
    fractions = [
        rf"\frac{{{format_real(g)}}}{{{format_real(d)}}}"
        for g, d in zip(rows[gain_column], rows["discount"], strict=True)
    ]
    rel = "rel_i" if name == "DCG" else r"rel^{*}_i"
    symbolic = (
        rf"{name}_{{p}} = \sum_{{i=1}}^{{p}} "
        rf"\frac{{{_gain_symbol(evaluation, rel)}}}{{{evaluation.convention.discount_latex}}}"
    )
    filled = f"{name}_{{{depth}}} = {_sum(fractions)} = {format_real(result)}"
    terms = tuple(float(c) for c in rows[contribution_column])
    return WorkedStep(name, symbolic, filled, terms, result)


def ndcg_step(evaluation: Evaluation) -> WorkedStep:
    """nDCG_p = DCG_p / IDCG_p.

    >>> from ndcg_core import evaluate
    >>> ndcg_step(evaluate([3, 2, 3, 0, 1, 2])).filled
    'nDCG_{6} = \\\\frac{6.861}{7.141} = 0.961'
    """
    p = _p(evaluation)
    symbolic = r"nDCG_{p} = \frac{DCG_{p}}{IDCG_{p}}"
    value = format_real(shown_ndcg(evaluation))
    filled = (
        rf"nDCG_{{{p}}} = \frac{{{format_real(evaluation.dcg)}}}"
        rf"{{{format_real(evaluation.ideal_dcg)}}} = {value}"
    )
    return WorkedStep(
        "nDCG",
        symbolic,
        filled,
        (float(evaluation.dcg), float(evaluation.ideal_dcg)),
        evaluation.ndcg,
    )


def all_steps(evaluation: Evaluation) -> tuple[WorkedStep, ...]:
    """CG, DCG, IDCG and nDCG, in the order a lesson walks them."""
    return (
        cg_step(evaluation),
        dcg_step(evaluation),
        ideal_dcg_step(evaluation),
        ndcg_step(evaluation),
    )


def guess_feedback(guess: float, answer: Real) -> str:
    """How far a learner's guess was from the answer, in words.

    >>> guess_feedback(7.0, 6.861)
    'You guessed 7; the answer is 6.861, off by 0.139 (2.0%).'
    >>> guess_feedback(0.961, 0.9608)
    'You guessed 0.961; the answer is 0.961. Spot on.'
    """
    answer_float = float(answer)
    off = abs(guess - answer_float)
    text = f"You guessed {short_number(guess)}; the answer is {format_real(answer)}"
    if round(off, 3) == 0:
        return text + ". Spot on."
    relative = f" ({off / abs(answer_float):.1%})" if answer_float else ""
    return f"{text}, off by {format_real(off)}{relative}."
