"""The guided lesson's steps, declared once, in order: each step's name, its title, and the
line the recap gives it (what the step taught, with the reader's numbers).

Adding a step is one entry in :data:`LESSON`; its numbers come from
:mod:`ndcg_core.teaching.lesson_steps`, and its drawing is the entry of the same name in
``components/lesson/steps.py`` (the page cannot draw a step that has none: the lesson's
drawings are looked up by these names). Step numbers, the link's ``lesson_step`` and the
recap follow from this order.

>>> [step.name for step in LESSON][:3], len(STEP_TITLES)
(['judge', 'cg', 'discount'], 9)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ndcg_core.teaching.lesson_steps import step_cg, step_cutoff, step_dcg, step_discount, step_ndcg
from ndcg_core.teaching.stories import Story
from ndcg_core.text.formatting import format_real

RecapLine = Callable[[Story, Sequence[str]], str]


@dataclass(frozen=True)
class LessonStep:
    """One step: its ``name`` (the drawing's key), its ``title``, and its ``recap`` line
    for the reader's order (None: the last step, which the recap precedes)."""

    name: str
    title: str
    recap: RecapLine | None = None


def _judge(story: Story, order: Sequence[str]) -> str:
    names = ", ".join(f"{level.name} = {level.grade}" for level in story.grade_scale)
    return f"A judge grades each result: {names}."


def _cg(story: Story, order: Sequence[str]) -> str:
    return f"CG adds the grades: {format_real(step_cg(story, order, order).cg)}, in any order."


def _discount(story: Story, order: Sequence[str]) -> str:
    kept = format_real(step_discount(story, order).rows[2].kept)
    return f"Position i keeps 1/log2(i+1) of its gain: the third keeps {kept}."


def _dcg(story: Story, order: Sequence[str]) -> str:
    return f"DCG adds the kept gains: {format_real(step_dcg(story, order).formula.result)} for your order."


def _ideal(story: Story, order: Sequence[str]) -> str:
    return f"IDCG is the DCG of the best order: {format_real(step_ndcg(story, order).ideal_dcg)}."


def _ndcg(story: Story, order: Sequence[str]) -> str:
    return f"nDCG = DCG / IDCG = {format_real(step_ndcg(story, order).ndcg)}."


def _cutoff(story: Story, order: Sequence[str]) -> str:
    cutoff = step_cutoff(story, order)
    return (
        f"nDCG@{cutoff.cutoff_k} counts the first {cutoff.cutoff_k} results only: "
        f"{format_real(cutoff.ndcg.result)}."
    )


def _drawback(story: Story, order: Sequence[str]) -> str:
    return "nDCG does not punish a useless result at the bottom."


LESSON: tuple[LessonStep, ...] = (
    LessonStep("judge", "What the judge says", _judge),
    LessonStep("cg", "CG: add the grades up", _cg),
    LessonStep("discount", "The discount: lower places count less", _discount),
    LessonStep("dcg", "DCG: the order now matters", _dcg),
    LessonStep("ideal", "The ideal ranking and IDCG", _ideal),
    LessonStep("ndcg", "nDCG = DCG / IDCG", _ndcg),
    LessonStep("cutoff", "@k: only the first page counts", _cutoff),
    LessonStep("drawback", "Where nDCG misleads", _drawback),
    LessonStep("yours", "Now make your own"),
)
"""The lesson's steps, in order: one idea each."""

STEP_TITLES = tuple(step.title for step in LESSON)


def recap(story: Story, order: Sequence[str]) -> tuple[str, ...]:
    """What each step taught, one short line each, with the reader's numbers (every step
    with a recap line: steps 1 to 8).

    >>> from ndcg_core.teaching.stories import load_story
    >>> story = load_story("pizza")
    >>> for line in recap(story, story.shown_order)[1:6]:
    ...     print(line)
    CG adds the grades: 11, in any order.
    Position i keeps 1/log2(i+1) of its gain: the third keeps 0.500.
    DCG adds the kept gains: 6.861 for your order.
    IDCG is the DCG of the best order: 7.141.
    nDCG = DCG / IDCG = 0.961.
    """
    return tuple(step.recap(story, order) for step in LESSON if step.recap is not None)
