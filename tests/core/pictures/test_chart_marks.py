"""Chart specs that a person reads: whole counts, and labels that keep off their line."""

from __future__ import annotations

import numpy as np

from ndcg_core.pictures.lesson_charts import discount_chart
from ndcg_core.pictures.score_charts import histogram_chart
from ndcg_core.teaching.lesson_steps import step_discount
from ndcg_core.teaching.stories import load_story


def test_the_histogram_counts_queries_in_whole_numbers() -> None:
    # Two queries: Vega-Lite's default ticks on a 0-1 count axis are 0.2, 0.4, ... 1.0.
    y = histogram_chart(np.array([0.3, 0.9]), title="nDCG").to_dict()["encoding"]["y"]
    assert y["axis"]["tickMinStep"] == 1
    assert y["axis"]["format"] == "d"


def test_the_discount_labels_sit_in_the_corner_the_falling_curve_never_crosses() -> None:
    story = load_story("pizza")
    step = step_discount(story, story.shown_order)
    spec = discount_chart(step.curve, step.rows)
    kept = [point["kept"] for point in spec["data"]["values"]]
    assert kept == sorted(kept, reverse=True)  # the curve only falls, left to right
    [text] = [layer["mark"] for layer in spec["layer"] if layer["mark"]["type"] == "text"]
    # Centred above a point (dx 0), a label sat on the segment coming in from the upper left;
    # up and to the right of it nothing of the curve passes.
    assert text["align"] == "left"
    assert text["dx"] > 0
    assert text["baseline"] == "bottom"
    assert text["dy"] < 0
