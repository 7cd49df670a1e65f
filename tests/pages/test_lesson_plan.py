"""The lesson's steps are declared once (ndcg_core.teaching.lesson_plan): each entry pairs
a step's title and recap line, and its drawing is looked up by its name, so the page, the
recap, the step count of a link and the drawings cannot fall out of step."""

from __future__ import annotations

from components.lesson.steps import DRAWINGS, drawing
from ndcg_core.teaching.lesson_plan import LESSON, STEP_TITLES, recap
from ndcg_core.teaching.stories import load_story

STORY = load_story("pizza")


def test_every_step_of_the_plan_has_its_drawing_and_every_drawing_a_step() -> None:
    assert list(DRAWINGS) == [step.name for step in LESSON]
    assert len({drawing(step) for step in LESSON}) == len(LESSON)  # one drawing each
    assert tuple(step.title for step in LESSON) == STEP_TITLES


def test_the_recap_gives_each_step_before_the_last_its_own_line() -> None:
    lines = recap(STORY, STORY.shown_order)
    assert [step.recap is None for step in LESSON] == [False] * (len(LESSON) - 1) + [True]
    assert len(lines) == len(LESSON) - 1
    by_step = dict(zip((step.name for step in LESSON), lines, strict=False))
    assert by_step["cg"].startswith("CG adds the grades")
    assert by_step["cutoff"].startswith("nDCG@")
    assert by_step["drawback"] == "nDCG does not punish a useless result at the bottom."
