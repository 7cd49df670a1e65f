"""One chart template per shape serves every list length and cutoff, and the chart's data
built straight to Arrow equal the frames' (issue 14: the chart cost ~0.15 s per new length)."""

from __future__ import annotations

import re
import warnings
from typing import Any

import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import Convention, evaluate
from ndcg_core.pictures.chart_data import chart_dataset_frames, chart_dataset_tables, chart_layout
from ndcg_core.pictures.charts import (
    ChartShape,
    chart_spec,
    chart_template,
    evaluation_chart,
    fill_template,
    layout_spec_for,
)
from tests.examples import examples

_VIEW = re.compile(r"(view|panel)_[0-9a-f]+(?:_[0-9]+)?")


def _views_in_order(spec: Any) -> Any:
    """The spec with its views named by order of appearance (Altair's names hash content)."""
    names: dict[str, str] = {}

    def rename(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: rename(item) for key, item in value.items()}
        if isinstance(value, list):
            return [rename(item) for item in value]
        if isinstance(value, str) and _VIEW.fullmatch(value):
            return names.setdefault(value, f"v{len(names)}")
        return value

    return rename(spec)


def _fresh(grades: list[float], convention: Convention) -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Automatically deduplicated selection")
        return evaluation_chart(evaluate(grades, convention)).to_dict()


@settings(max_examples=examples(25, quick=3), deadline=None)  # each builds two Altair charts
@given(
    st.integers(1, 130),
    st.none() | st.integers(1, 140),
    st.sampled_from(["linear", "exponential"]),
    st.randoms(use_true_random=False),
)
def test_a_filled_template_is_the_chart_altair_builds_for_that_list(
    n: int, k: int | None, gain: str, rng: Any
) -> None:
    grades = [float(rng.randint(0, 3)) for _ in range(n)]
    convention = Convention(gain=gain, cutoff_k=k)
    layout = chart_layout(evaluate(grades, convention))
    filled = fill_template(chart_template(ChartShape.of(layout)), layout[0], layout[2])
    assert _views_in_order(filled) == _views_in_order(_fresh(grades, convention))
    assert filled == layout_spec_for(layout)


def test_one_template_serves_lengths_of_one_shape_and_names_views_stably() -> None:
    short, longer = (chart_layout(evaluate([1.0] * n)) for n in (4, 60))
    assert ChartShape.of(short) == ChartShape.of(longer)
    assert ChartShape.of(chart_layout(evaluate([1.0] * 61))) != ChartShape.of(short)
    template = chart_template(ChartShape.of(short))
    text = str(template)
    # Streamlit rewrites Altair's hashed view names on every run; stable ones it leaves.
    assert "'panel_1'" in text
    assert not re.search(r"'view_[0-9a-f]+", text)
    four, sixty = fill_template(template, 4, None), fill_template(template, 60, None)
    assert four["vconcat"][0]["layer"][0]["encoding"]["x"]["scale"]["domain"] == [0.5, 4.5]
    assert sixty["vconcat"][0]["layer"][0]["encoding"]["x"]["scale"]["domain"] == [0.5, 60.5]
    assert str(template) == text  # filling made new dicts; the shared template is unchanged


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.integers(-2, 3).map(float), min_size=1, max_size=700),
    st.none() | st.integers(1, 800),
    st.sampled_from(["linear", "exponential"]),
)
def test_arrow_datasets_equal_the_frames(grades: list[float], k: int | None, gain: str) -> None:
    evaluation = evaluate(grades, Convention(gain=gain, cutoff_k=k))
    tables = chart_dataset_tables(evaluation)
    frames = chart_dataset_frames(evaluation)
    assert tables.keys() == frames.keys()
    for name, frame in frames.items():
        expected = pa.Table.from_pandas(frame, preserve_index=False).replace_schema_metadata(None)
        assert tables[name].equals(expected), name


def test_arrow_datasets_of_exact_sums_are_fractions_of_the_ideal() -> None:
    evaluation = evaluate([2000.0, 3.0, 1500.0], Convention(gain="exponential"))
    assert evaluation.exact
    positions = chart_dataset_tables(evaluation)["positions"]
    assert max(positions.column("running_dcg").to_pylist()) <= 1.0 + 1e-12
    assert chart_spec(evaluation)["datasets"]["positions"][0]["running_dcg"] > 0.99


def test_the_layout_is_read_without_making_the_table() -> None:
    # A drop's run asks for the layout (its charts' template key): making the pandas table
    # there cost 0.27 of its 4.1 ms of server time (py-spy).
    evaluation = evaluate([3.0, 2.0, 0.0, 1.0], Convention(cutoff_k=2))
    assert chart_layout(evaluation) == (4, "DCG", 2)
    assert "table" not in vars(evaluation)
