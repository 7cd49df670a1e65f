"""The browser-drawn Playground's three linked charts as one script, for an inline component.

``components/static/view_charts.js`` turns what ``repaintView`` (:mod:`components.view_repaint`)
returns into the rows of the charts' named datasets (``viewChartRows``), draws the Vega-Lite
spec the server sends (``drawViewCharts``) and swaps those rows in after a drop
(``updateViewCharts``), so the charts repaint without the server. ``chart_theme.js``, before
it, gives the drawing the page's theme (Streamlit's font and colours, light or dark, read from
its CSS variables, under the spec's own config; drawn anew when the theme changes) and a
tooltip box written as text. :func:`view_charts_js` puts before them Vega and Vega-Lite (the
versions Altair's schema names, vendored in ``components/static`` with their licences) and what
they take from Python: the dataset's name (:data:`~ndcg_core.pictures.chart_data.POSITIONS`)
and the tooltip text columns (:data:`~ndcg_core.pictures.chart_data.EXACT_TEXTS`). No
Streamlit here: a test loads the script into a bare page.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pyarrow as pa

from components.static_files import static_text, umd_constant
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.pictures.chart_data import (
    EXACT_TEXTS,
    POSITIONS,
    chart_dataset_tables,
    chart_layout,
)
from ndcg_core.pictures.charts import CHART_WIDTH, ChartShape, chart_template, fill_template

VEGA_VERSION, VEGA_LITE_VERSION = "6.4.0", "6.4.1"  # Altair 6.3's (altair.SCHEMA_VERSION)


def vega_libraries_js() -> str:
    """Vega and Vega-Lite as ``const vega`` and ``const vegaLite`` (about 770 KB).

    >>> 't.version="6.4.0"' in vega_libraries_js()
    True
    """
    return "\n".join(
        [
            umd_constant("vega", "vega.min.js"),
            # Vega-Lite's bundle asks for "vega" and nothing else.
            umd_constant(
                "vegaLite",
                "vega-lite.min.js",
                "  const require = (wanted) => {\n"
                '    if (wanted !== "vega") throw new Error(`no module ${wanted}`);\n'
                "    return vega;\n"
                "  };",
            ),
        ]
    )


# For a script that has Vega and Vega-Lite at hand (:func:`vega_libraries_js` before it).
VEGA_AT_HAND = "function vegaLibraries() { return Promise.resolve({ vega, vegaLite }); }"


def vega_module_js() -> str:
    """Vega and Vega-Lite as a module that exports them: the second part of the library's
    file (:mod:`components.browser_library`), or the string :func:`vega_later_js` imports.

    >>> vega_module_js().endswith("export { vega, vegaLite };")
    True
    """
    return f"{vega_libraries_js()}\nexport {{ vega, vegaLite }};"


# A library's part that says how ``vegaLibraries`` gets Vega, and ``takeFiles(files)``, which
# the library's default export calls with what its loader hands it: ``files.vega`` imports
# Vega's part of the library's file.
VEGA_FROM_FILE = """\
let importVega = () => Promise.reject(new Error("nDCG Lab: no Vega was handed over"));
let vegaImport = null;
function vegaLibraries() {
  // Once per page; an import that failed is tried again by the next chart drawn.
  vegaImport ??= importVega().catch((error) => {
    vegaImport = null;
    throw error;
  });
  return vegaImport;
}
function takeFiles(files) {
  if (typeof files?.vega === "function") importVega = files.vega;
}"""


def vega_later_js() -> str:
    """Vega and Vega-Lite as a string that the first chart drawn imports (``vegaLibraries``,
    once per page), for the library sent inline, which has no file to fetch them from
    (a published library has :data:`VEGA_FROM_FILE`). Chromium took 50-55 ms to import a
    library holding them as code, 15-19 ms as a string.

    >>> script = vega_later_js()
    >>> script.startswith("const VEGA_SOURCE = "), json.dumps('t.version="6.4.0"')[1:-1] in script
    (True, True)
    """
    return "\n".join(
        [
            f"const VEGA_SOURCE = {json.dumps(vega_module_js())};",
            "let vegaImport = null;",
            "function vegaLibraries() {",
            "  if (!vegaImport) {",
            '    const blob = new Blob([VEGA_SOURCE], { type: "text/javascript" });',
            "    const url = URL.createObjectURL(blob);",
            "    vegaImport = import(url).finally(() => URL.revokeObjectURL(url));",
            "  }",
            "  return vegaImport;",
            "}",
            "function takeFiles() {}",  # the text is here: no file to take
        ]
    )


def view_charts_code_js() -> str:
    """The dataset's names, the theme and tooltip (``chart_theme.js``), then ``viewChartRows``,
    ``drawViewCharts`` and ``updateViewCharts``, for a script that defines ``vegaLibraries``
    (:data:`VEGA_AT_HAND`, :data:`VEGA_FROM_FILE` or :func:`vega_later_js`; the live view
    takes them from :mod:`components.browser_library`, sent once per page)."""
    return "\n".join(
        [
            f"const VIEW_CHART_POSITIONS = {json.dumps(POSITIONS)};",
            f"const VIEW_CHART_EXACT_TEXTS = {json.dumps(list(EXACT_TEXTS.values()))};",
            static_text("chart_theme.js"),
            static_text("view_charts.js"),
        ]
    )


def view_charts_js() -> str:
    """The whole script: :func:`vega_libraries_js` and :data:`VEGA_AT_HAND`, then
    :func:`view_charts_code_js` (plain declarations, no module syntax). It reads what
    ``repaintView`` returns but does not include it (:func:`view_repaint_js`).

    >>> script = view_charts_js()
    >>> "function viewChartRows(numbers, view)" in script, 't.version="6.4.0"' in script
    (True, True)
    """
    return f"{vega_libraries_js()}\n{VEGA_AT_HAND}\n{view_charts_code_js()}"


def json_rows(table: pa.Table) -> list[dict[str, Any]]:
    """A chart dataset's rows as JSON-ready dicts, NaN as null (JSON has no NaN).

    >>> json_rows(pa.table({"x": [1.0, float("nan")]}))
    [{'x': 1.0}, {'x': None}]
    """
    return [
        {key: None if isinstance(v, float) and math.isnan(v) else v for key, v in row.items()}
        for row in table.to_pylist()
    ]


def view_chart_spec(evaluation: Evaluation, width: int = CHART_WIDTH) -> dict[str, Any]:
    """The spec ``results._chart_spec`` draws for ``evaluation`` (the template of its shape,
    filled), with its datasets as JSON rows (:func:`json_rows`), where that page sends Arrow:
    what ``drawViewCharts`` takes. Builds the template each call (about 0.1 s); a page takes
    :func:`components.results.browser_chart_spec`, which shares it.

    >>> from ndcg_core import evaluate
    >>> spec = view_chart_spec(evaluate([3, 2]))
    >>> sorted(spec["datasets"]), spec["datasets"]["positions"][0]["label"]
    (['positions'], 'D1')
    """
    layout = chart_layout(evaluation)
    n, _, visible_k = layout
    spec = fill_template(chart_template(ChartShape.of(layout), width=width), n, visible_k)
    spec["datasets"] = {
        name: json_rows(table) for name, table in chart_dataset_tables(evaluation).items()
    }
    return spec
