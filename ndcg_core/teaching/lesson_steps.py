"""The numbers each step of the guided lesson shows, for a story's cards in a reader's order.

The lesson uses the textbook convention only (:data:`TEXTBOOK`, stated by
:func:`convention_line`)::

    gain_i = rel_i            discount(i) = log2(i + 1)
    CG  = sum_i rel_i         DCG = sum_i rel_i / log2(i + 1)
    IDCG = DCG of the cards sorted best first      nDCG = DCG / IDCG

Every number comes from :func:`ndcg_core.evaluate` and every formula with the reader's
numbers from :mod:`ndcg_core.teaching.worked`, so what a step shows adds up to what the core
computes (tests check both). A page lays these records out; it computes nothing. The cards'
order is :mod:`ndcg_core.teaching.card_order`, feedback on a prediction
:mod:`ndcg_core.teaching.lesson_feedback`, and the last step :mod:`ndcg_core.teaching.lesson_recap`.
The steps themselves (their order, titles and recap lines) are :mod:`ndcg_core.teaching.lesson_plan`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.kernel import weights
from ndcg_core.metric.metrics import Evaluation, Real, evaluate
from ndcg_core.metric.terms import discounts
from ndcg_core.teaching import worked
from ndcg_core.teaching.stories import Card, GradeLevel, Story, check_order
from ndcg_core.text.formatting import format_real

#: The one convention of the guided lesson: the seed notes' textbook form.
TEXTBOOK = Convention()


def convention_line() -> str:
    """The lesson's convention in one line, with the name the rest of the app gives it.

    >>> convention_line()
    'Textbook nDCG: a grade is its gain, divided by log2(position + 1); the ideal is the same results sorted best first (nDCG, linear gain, log2(i+1), ideal from the list).'
    """
    return (
        "Textbook nDCG: a grade is its gain, divided by log2(position + 1); the ideal is the "
        f"same results sorted best first ({TEXTBOOK})."
    )


@dataclass(frozen=True)
class CardRow:
    """One card at its position: gain, divisor log2(i+1), kept share 1/log2(i+1) (0 past the
    cutoff), contribution (what it would add, past the cutoff too), whether it counts."""

    position: int
    card: Card
    gain: float
    divisor: float
    kept: float
    contribution: float
    counted: bool


def _evaluation(story: Story, order: Sequence[str], cutoff_k: int | None = None) -> Evaluation:
    cards = story.ordered(order)
    convention = TEXTBOOK if cutoff_k is None else TEXTBOOK.with_changes(cutoff_k=cutoff_k)
    return evaluate([c.grade for c in cards], convention, labels=[c.id for c in cards])


def _rows(story: Story, evaluation: Evaluation) -> tuple[CardRow, ...]:
    n = len(evaluation.grades)
    table = evaluation.table
    divisors = [float(d) for d in table["discount"].tolist()[:n]]
    kept = weights(np.arange(1.0, n + 1.0), evaluation.convention).tolist()  # 0 past k
    return tuple(
        CardRow(
            position=position,
            card=story.card(label),
            gain=float(gain),
            divisor=divisor,
            kept=share,
            contribution=float(contribution),
            counted=bool(counted),
        )
        for position, label, gain, divisor, share, contribution, counted in zip(
            range(1, n + 1),
            evaluation.labels,
            table["gain"].tolist()[:n],
            divisors,
            kept,
            table["contribution"].tolist()[:n],
            table["counted"].tolist()[:n],
            strict=True,
        )
    )


# ------------------------------------------------------------------ steps 1 and 2: grades, CG


@dataclass(frozen=True)
class GradesStep:
    """Step 1: what a judge says about each result, on the story's scale."""

    scale: tuple[GradeLevel, ...]
    rows: tuple[CardRow, ...]


def step_grades(story: Story, order: Sequence[str]) -> GradesStep:
    """The cards in ``order`` with their grades.

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> [row.card.grade for row in step_grades(story, story.shown_order).rows]
    [3, 2, 3, 0, 1, 2]
    """
    return GradesStep(story.grade_scale, _rows(story, _evaluation(story, order)))


@dataclass(frozen=True)
class CgStep:
    """Step 2: CG = sum of the grades, for the reader's order and a shuffled one."""

    order: tuple[str, ...]
    shuffled_order: tuple[str, ...]
    formula: worked.WorkedStep
    shuffled_formula: worked.WorkedStep

    @property
    def cg(self) -> Real:
        """CG of the reader's order."""
        return self.formula.result

    @property
    def unchanged(self) -> bool:
        """True when shuffling left CG where it was (it always does: that is the point)."""
        return self.formula.result == self.shuffled_formula.result


def step_cg(story: Story, order: Sequence[str], shuffled_order: Sequence[str]) -> CgStep:
    """CG of ``order`` and of ``shuffled_order``: the same sum, whatever the order.

    CG_p = sum_{i=1}^{p} rel_i.

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> from ndcg_core.teaching.card_order import shuffled
    >>> step = step_cg(story, story.shown_order, shuffled(story.shown_order, 7))
    >>> step.formula.filled, step.unchanged
    ('CG_{6} = 3 + 2 + 3 + 0 + 1 + 2 = 11', True)
    """
    first = check_order(story, order)
    second = check_order(story, shuffled_order)
    return CgStep(
        first,
        second,
        worked.cg_step(_evaluation(story, first)),
        worked.cg_step(_evaluation(story, second)),
    )


# ------------------------------------------------------------------ step 3: the discount


@dataclass(frozen=True)
class DiscountStep:
    """Step 3: the share 1/log2(i+1) a result keeps at position i, and the cards on it."""

    curve: tuple[tuple[int, float], ...]  # (position, kept share) for positions 1..n
    rows: tuple[CardRow, ...]
    third_place: str  # the formula at position 3 with its value


def discount_formula(position: int) -> str:
    """The kept share at ``position`` as LaTeX: 1 / log2(i+1) with the numbers filled in.

    >>> discount_formula(3)
    '\\\\frac{1}{\\\\log_2(3+1)} = \\\\frac{1}{2} = 0.500'
    """
    divisor = float(discounts(position)[-1])
    return (
        rf"\frac{{1}}{{\log_2({position}+1)}} = \frac{{1}}{{{format_real(divisor)}}}"
        f" = {format_real(1.0 / divisor)}"
    )


def step_discount(story: Story, order: Sequence[str]) -> DiscountStep:
    """The curve 1/log2(i+1) for i = 1..n and each card's gain kept at its position.

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> step = step_discount(story, story.shown_order)
    >>> [round(kept, 3) for _, kept in step.curve]
    [1.0, 0.631, 0.5, 0.431, 0.387, 0.356]
    """
    evaluation = _evaluation(story, order)
    kept = weights(np.arange(1.0, len(evaluation.grades) + 1.0), evaluation.convention)
    curve = tuple((i, float(w)) for i, w in enumerate(kept, start=1))
    return DiscountStep(curve, _rows(story, evaluation), discount_formula(3))


# ------------------------------------------------------------------ steps 4 to 6: DCG, ideal, nDCG


@dataclass(frozen=True)
class DcgStep:
    """Step 4: DCG term by term for the reader's order."""

    rows: tuple[CardRow, ...]
    formula: worked.WorkedStep


def order_evaluation(story: Story, order: Sequence[str]) -> Evaluation:
    """The cards in ``order`` scored under the lesson's convention (:data:`TEXTBOOK`), each
    labelled by its card's id: what step 4's list repaints at a drop.

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> evaluation = order_evaluation(story, story.shown_order)
    >>> round(evaluation.dcg, 3), evaluation.labels[0] == story.shown_order[0]
    (6.861, True)
    """
    return _evaluation(story, order)


def step_dcg(story: Story, order: Sequence[str]) -> DcgStep:
    """DCG = sum of rel_i / log2(i+1), one term per card.

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> step_dcg(story, story.shown_order).formula.result.__round__(3)
    6.861
    """
    evaluation = _evaluation(story, order)
    return DcgStep(_rows(story, evaluation), worked.dcg_step(evaluation))


@dataclass(frozen=True)
class IdealStep:
    """Step 5: the same cards best first, and the DCG of that order (IDCG)."""

    ideal_order: tuple[str, ...]
    rows: tuple[CardRow, ...]
    formula: worked.WorkedStep


def step_ideal(story: Story, order: Sequence[str]) -> IdealStep:
    """The ideal order and IDCG = DCG of the grades sorted best first.

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> step_ideal(story, story.shown_order).formula.filled
    'IDCG_{6} = \\\\frac{3}{1} + \\\\frac{3}{1.585} + \\\\frac{2}{2} + \\\\frac{2}{2.322} + \\\\frac{1}{2.585} + \\\\frac{0}{2.807} = 7.141'
    """
    evaluation = _evaluation(story, order)
    ideal_order = story.ideal_order
    rows = _rows(story, _evaluation(story, ideal_order))
    return IdealStep(ideal_order, rows, worked.ideal_dcg_step(evaluation))


def ndcg_reading(value: float) -> str:
    """What an nDCG value means, in words.

    >>> ndcg_reading(0.9608)
    '0.961: this ranking gets 96% of the best possible discounted gain.'
    >>> ndcg_reading(0.9996)
    '1.000: this ranking gets over 99.9% of the best possible discounted gain.'
    >>> ndcg_reading(1.0)
    '1: this is the best possible order; no ranking of these results scores higher.'
    """
    if math.isnan(value):
        return "undefined: no result is relevant, so there is no best order to compare with."
    shown = format_real(value)
    if value >= 1.0:
        return (
            f"{shown}: this is the best possible order; no ranking of these results scores higher."
        )
    share = f"{value:.0%}"
    if share == "100%":
        share = "over 99.9%" if value >= 0.999 else f"{math.floor(value * 1000) / 10:g}%"
    return f"{shown}: this ranking gets {share} of the best possible discounted gain."


@dataclass(frozen=True)
class NdcgStep:
    """Step 6: nDCG = DCG / IDCG as a filled bar, and the value in words."""

    dcg: Real
    ideal_dcg: Real
    ndcg: float
    formula: worked.WorkedStep
    reading: str


def step_ndcg(story: Story, order: Sequence[str]) -> NdcgStep:
    """nDCG = DCG / IDCG; ``ndcg`` is also the filled share of the bar.

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> step_ndcg(story, story.shown_order).formula.filled
    'nDCG_{6} = \\\\frac{6.861}{7.141} = 0.961'
    """
    evaluation = _evaluation(story, order)
    return NdcgStep(
        evaluation.dcg,
        evaluation.ideal_dcg,
        evaluation.ndcg,
        worked.ndcg_step(evaluation),
        ndcg_reading(evaluation.ndcg),
    )


# ------------------------------------------------------------------ step 7: @k


@dataclass(frozen=True)
class CutoffStep:
    """Step 7: only the first k results count; nDCG@k beside nDCG of the whole list."""

    cutoff_k: int
    note: str
    rows: tuple[CardRow, ...]
    dcg: worked.WorkedStep
    ideal_dcg: worked.WorkedStep
    ndcg: worked.WorkedStep
    ndcg_whole_list: float


def step_cutoff(story: Story, order: Sequence[str], cutoff_k: int | None = None) -> CutoffStep:
    """DCG@k, IDCG@k and nDCG@k for the story's first page (or ``cutoff_k``).

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> step_cutoff(story, story.shown_order).ndcg.filled
    'nDCG_{3} = \\\\frac{5.762}{5.893} = 0.978'
    """
    k = story.cutoff_k if cutoff_k is None else cutoff_k
    at_k = _evaluation(story, order, k)
    return CutoffStep(
        k,
        story.cutoff_note,
        _rows(story, at_k),
        worked.dcg_step(at_k),
        worked.ideal_dcg_step(at_k),
        worked.ndcg_step(at_k),
        _evaluation(story, order).ndcg,
    )


# ------------------------------------------------------------------ step 8: a drawback


@dataclass(frozen=True)
class DrawbackTeaser:
    """Step 8: a short page and the same page with bad results added score the same."""

    short_order: tuple[str, ...]
    long_order: tuple[str, ...]
    ndcg_short: float
    ndcg_long: float
    text: str
    added: str  # what page B adds, counted: "the bad result" or "the 2 bad results"


def step_drawback(story: Story) -> DrawbackTeaser:
    """The seed notes' first drawback with the story's cards: bad results are not punished.

    Seed 004: the lists [3] and [3, 0, 0] have the same nDCG. Here the best card alone is
    compared with the best card followed by every card graded 0.

    >>> from ndcg_core.teaching.stories import load_story
    >>> teaser = step_drawback(load_story("pizza"))
    >>> teaser.ndcg_short, teaser.ndcg_long, teaser.added
    (1.0, 1.0, 'the bad result')
    """
    best = story.card(story.ideal_order[0])
    bad = tuple(card for card in story.cards if card.grade == 0)
    short_order, long_order = (best.id,), (best.id, *(card.id for card in bad))

    def score(ids: Sequence[str]) -> float:
        return evaluate([story.card(i).grade for i in ids], TEXTBOOK).ndcg

    ndcg_short, ndcg_long = score(short_order), score(long_order)
    added = " and ".join(card.title for card in bad)
    verdict = "still scores" if ndcg_long == ndcg_short else "scores"
    text = (
        f"A results page with only {best.title} scores nDCG {format_real(ndcg_short)}. "
        f"Add {added} below it and the page {verdict} {format_real(ndcg_long)}"
    )
    same = ndcg_long == ndcg_short
    text += ": nDCG does not punish a useless result at the bottom of the page." if same else "."
    added_words = "the bad result" if len(bad) == 1 else f"the {len(bad)} bad results"
    return DrawbackTeaser(short_order, long_order, ndcg_short, ndcg_long, text, added_words)
