"""Lesson charts reach Streamlit as plain Vega-Lite dicts through its public st.vega_lite_chart."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from components.cache import vega_lite_spec
from ndcg_core.pictures.score_charts import histogram_chart, variants_chart
from ndcg_core.teaching.lessons import convention_variants


def test_chart_data_travels_as_one_named_arrow_table_past_altairs_row_limit() -> None:
    # Altair inlines data as JSON rows and refuses more than 5,000 of them.
    values = np.linspace(0, 1, 9_000)
    spec = vega_lite_spec(histogram_chart(values, title="nDCG"), data_name="scores")
    assert spec["data"] == {"name": "scores"}
    table = spec["datasets"]["scores"]
    assert isinstance(table, pa.Table)
    assert table.column("score").to_pylist() == values.tolist()


def test_altairs_default_theme_is_left_to_streamlits_theme() -> None:
    spec = vega_lite_spec(variants_chart(convention_variants([3, 2, 0])))
    assert "config" not in spec  # Altair's default theme would add a 300 px view here
    bars = spec["layer"][0]["mark"]
    assert (bars["type"], bars["color"]) == ("bar", "#0072B2")


def test_a_charts_own_configuration_is_kept() -> None:
    chart = variants_chart(convention_variants([3, 2, 0])).configure_axis(grid=False)
    assert vega_lite_spec(chart)["config"]["axis"] == {"grid": False}


def test_a_chart_without_a_data_frame_is_refused() -> None:
    chart = variants_chart(convention_variants([3, 2, 0])).properties(data={"url": "x.csv"})
    with pytest.raises(TypeError, match="one DataFrame"):
        vega_lite_spec(chart)


def test_a_variants_tooltip_writes_an_underflowed_ndcg_as_the_table_does() -> None:
    # 3, 1100, 2 at k=1 with exponential gain: nDCG@1 = 7 / (2^1100 - 1) = 5.2e-331, a float 0.
    variants = convention_variants([3, 1100, 2], cutoff_k=1)
    exponential = variants[variants["choice"] == "exponential gain 2^rel - 1"].iloc[0]
    assert exponential["ndcg_value"] == 0.0
    assert exponential["nDCG"] == "5.154e-331"
    spec = vega_lite_spec(variants_chart(variants))
    tips = spec["layer"][0]["encoding"]["tooltip"]
    tooltip = {t["title"]: t["field"] for t in tips if "title" in t}
    assert tooltip["nDCG"] == "nDCG"  # the table's text, not the float formatted again
