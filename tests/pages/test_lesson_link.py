"""The lesson's step is part of its link: a shared step opens at that step, and a step that is
none of the lesson's says so and starts at step 1 (issue 21: step 5 shared opened at step 1)."""

from __future__ import annotations

from ndcg_core.teaching.lesson_plan import STEP_TITLES
from tests.pages.conftest import open_app


def _step_heading(at) -> str:
    (heading,) = [h.value for h in at.subheader if h.value[:2].rstrip(".").isdigit()]
    return heading


def test_a_shared_step_opens_at_that_step_and_the_link_follows_the_steps() -> None:
    at = open_app({"step": "5"})
    assert _step_heading(at) == f"5. {STEP_TITLES[4]}"
    assert at.query_params["step"] == "5"
    at.button(key="lesson_next").click().run()
    assert _step_heading(at) == f"6. {STEP_TITLES[5]}"
    assert at.query_params["step"] == "6"


def test_a_step_that_is_none_of_the_lessons_is_named_and_step_1_shown() -> None:
    for bad in ("abc", "0", str(len(STEP_TITLES) + 1)):
        at = open_app({"step": bad})
        assert _step_heading(at) == f"1. {STEP_TITLES[0]}"
        assert any(
            f"no step “{bad}”: its steps are 1 to {len(STEP_TITLES)}" in w.value.replace("\\", "")
            for w in at.warning
        )
