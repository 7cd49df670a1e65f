"""Lesson step 8 says what page B adds in the number it adds."""

from __future__ import annotations

from ndcg_core.teaching.lesson_steps import step_drawback
from ndcg_core.teaching.stories import load_story
from tests.pages.test_lesson_page import at_step

STORY = load_story("pizza")


def test_step_8_names_as_many_bad_results_as_page_b_adds() -> None:
    teaser = step_drawback(STORY)
    added = len(teaser.long_order) - len(teaser.short_order)
    assert added == 1  # the pizza story has one card graded 0
    at = at_step(8)
    said = " ".join(str(m.value) for m in at.markdown)
    assert "Now add the bad result below it." in said
    assert "bad results" not in said  # one result is not "results"
    options = at.radio(key="lesson_pick_drawback").options
    assert "B: with the bad result" in options
