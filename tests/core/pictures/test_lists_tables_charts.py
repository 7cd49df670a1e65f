"""Reordering helpers, the display table and the chart data."""

from __future__ import annotations

import json
import math
import re

import pytest
import vl_convert
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import Convention, NdcgError, evaluate
from ndcg_core.metric.lists import ideal_order, moved, reordered, reversed_order, shuffled
from ndcg_core.metric.parsing import GradeList
from ndcg_core.pictures.chart_data import (
    CUTOFF,
    DENSE_POSITIONS,
    EXACT_TEXTS,
    POSITIONS,
    SERIES_IDEAL,
    SERIES_THIS,
    chart_dataset_tables,
    chart_frame,
    chart_layout,
    is_dense,
)
from ndcg_core.pictures.charts import chart_spec
from ndcg_core.pictures.tables import display_table, escape_markdown
from tests.examples import examples

SEED = GradeList((3.0, 2.0, 3.0, 0.0, 1.0, 2.0), ("D1", "D2", "D3", "D4", "D5", "D6"))


def test_ideal_order_scores_one_and_keeps_ties_stable() -> None:
    best = ideal_order(SEED)
    assert best.labels == ("D1", "D3", "D2", "D6", "D5", "D4")
    assert evaluate(best.grades).ndcg == 1.0


def test_reverse_shuffle_and_move_keep_the_same_documents() -> None:
    for changed in (reversed_order(SEED), shuffled(SEED, seed=7), moved(SEED, "D4", -2)):
        assert sorted(zip(changed.labels, changed.grades, strict=True)) == sorted(
            zip(SEED.labels, SEED.grades, strict=True)
        )
    assert moved(SEED, "D1", -1) == SEED  # already at the top
    assert moved(SEED, "D6", 5).labels[-1] == "D6"
    assert moved(SEED, "D1", 1).labels[:2] == ("D2", "D1")


def test_reordered_follows_labels_and_refuses_strangers() -> None:
    assert reordered(SEED, ["D2", "D1", "D3", "D4", "D5", "D6"]).grades[:2] == (2.0, 3.0)
    with pytest.raises(NdcgError, match="exactly the documents"):
        reordered(SEED, ["D1", "D2"])
    with pytest.raises(NdcgError, match="no document “X”"):
        moved(SEED, "X", 1)


def test_markdown_is_escaped_so_it_shows_literally() -> None:
    hostile = "<img src=x onerror=alert(1)>"
    escaped = escape_markdown(hostile)
    assert "<" not in escaped.replace("\\<", "")
    assert escape_markdown("**bold** [a](b)") == r"\*\*bold\*\* \[a\]\(b\)"


def test_display_table_matches_the_seed_table() -> None:
    shown = display_table(evaluate(SEED.grades, labels=SEED.labels))
    assert shown["log2(i+1)"].tolist() == ["1", "1.585", "2", "2.322", "2.585", "2.807"]
    assert shown["gain / log2(i+1)"].tolist() == ["3", "1.262", "1.500", "0", "0.387", "0.712"]
    assert shown["running DCG"].iloc[-1] == "6.861"
    assert shown["running ideal DCG"].iloc[-1] == "7.141"


def test_display_table_pages_and_marks_the_cutoff() -> None:
    shown = display_table(evaluate(SEED.grades, Convention(cutoff_k=2)), first=1, rows=2)
    assert shown["i"].tolist() == ["2", "3"]
    assert shown["in top 2"].tolist() == ["yes", "no"]


def test_display_table_marks_missing_positions() -> None:
    judged = Convention(ideal="judged", cutoff_k=4)
    shown = display_table(evaluate([3, 3, 3], judged, judged_grades=[3, 3, 3, 3]))
    assert shown["grade"].tolist() == ["3", "3", "3", "missing"]


def test_chart_frame_has_both_series_as_floats() -> None:
    frame, unit = chart_frame(evaluate(SEED.grades))
    assert set(frame["series"]) == {SERIES_THIS, SERIES_IDEAL}
    assert unit == "DCG"
    ideal_running = frame[frame["series"] == SERIES_IDEAL]["running_dcg"].iloc[-1]
    assert ideal_running == pytest.approx(7.141, abs=5e-4)


def test_chart_frame_scales_exact_values_to_the_ideal() -> None:
    frame, unit = chart_frame(evaluate([0, 5, 1100], Convention(gain="exponential")))
    assert "fraction of the size of the ideal" in unit
    this = frame[frame["series"] == SERIES_THIS]["running_dcg"]
    assert this.iloc[-1] == pytest.approx(0.5)
    assert all(math.isfinite(v) for v in frame["running_dcg"])


def test_tooltip_texts_are_written_only_where_the_float_underflowed() -> None:
    # nDCG is 0 here by the empty-ideal rule (a DCG of -2 over an ideal of 0), not because a
    # division underflowed: the chart prints the floats, which give every digit.
    penalised = evaluate([-2.0], Convention(negative_grades="penalise", zero_ideal="zero"))
    table = chart_dataset_tables(penalised)[POSITIONS]
    assert {text for column in EXACT_TEXTS.values() for text in table[column].to_pylist()} == {""}
    tiny = evaluate([3, 1100, 2], Convention(gain="exponential", cutoff_k=1))
    assert chart_dataset_tables(tiny)[POSITIONS]["ndcg_exact"][0].as_py() == "5.154e-331"


def test_chart_marks_the_cutoff_and_shares_one_hover() -> None:
    spec = chart_spec(evaluate(SEED.grades, Convention(cutoff_k=3)))
    assert [p["name"] for p in spec["params"]] == ["position_hover"]
    assert spec["datasets"]["cutoff"] == [{"position": 3.5, "text": "cutoff k = 3"}]
    # Named in the axis title (coloured by the app's theme), not in a fixed-colour text mark.
    assert '"type": "text"' not in json.dumps(spec)
    assert "position i (dashed line: cutoff k = 3)" in vl_convert.vegalite_to_svg(spec)


@pytest.mark.parametrize("positions", [DENSE_POSITIONS, DENSE_POSITIONS + 1])
def test_long_lists_are_drawn_as_lines_without_the_hover(positions: int) -> None:
    spec = chart_spec(evaluate([float(i % 4) for i in range(positions)]))
    marks = json.dumps(spec)
    legends = re.findall(r'"symbolStrokeWidth": ([0-9.]+)', marks)
    assert legends
    if is_dense(positions):
        assert "params" not in spec
        assert '"point"' not in marks
        assert '"bar"' not in marks
        assert marks.count('"line"') >= 3  # every panel still drawn
        # Lines only: the legend's symbol is a line, which a stroke width of 0 would hide.
        assert all(float(width) > 0 for width in legends)
    else:
        assert [p["name"] for p in spec["params"]] == ["position_hover"]
        assert '"point"' in marks
        assert '"bar"' in marks
    svg = vl_convert.vegalite_to_svg(spec)
    assert "What each position adds" in svg
    assert "nDCG@k for every cutoff k" in svg


def test_chart_spec_stays_the_same_when_only_the_order_changes() -> None:
    # The browser then updates the data in place instead of redrawing.
    before = chart_spec(evaluate(SEED.grades))
    after = chart_spec(evaluate(SEED.grades[::-1]))
    assert before["datasets"] != after["datasets"]
    del before["datasets"], after["datasets"]
    assert before == after


def test_chart_spec_renders_offline() -> None:
    svg = vl_convert.vegalite_to_svg(chart_spec(evaluate(SEED.grades)))
    assert "Running DCG against the ideal" in svg
    assert svg.count("<path") > 10


@settings(max_examples=examples(40, quick=3))  # each example builds three Altair charts
@given(
    st.lists(st.integers(0, 3).map(float), min_size=1, max_size=8),
    st.lists(st.integers(0, 3).map(float), min_size=1, max_size=8),
    st.none() | st.integers(1, 9),
)
def test_a_layout_spec_serves_any_evaluation_with_the_same_layout(first, second, k) -> None:
    convention = Convention(cutoff_k=k)
    one, other = evaluate(first, convention), evaluate(second, convention)
    if chart_layout(one) != chart_layout(other):
        assert len(first) != len(second)
        return
    assert chart_spec(other, layout_spec=chart_spec(one)) == chart_spec(other)
    # The layout alone, without the first list's data (what the app shares between sessions).
    layout = chart_spec(one)
    layout["datasets"] = {
        n: r for n, r in layout["datasets"].items() if n not in (POSITIONS, CUTOFF)
    }
    assert chart_spec(other, layout_spec=layout) == chart_spec(other)
    assert all(str(value) not in str(layout["datasets"]) for value in first if value != k)
