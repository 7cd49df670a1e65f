"""Vega and Vega-Lite for the browser-drawn charts, sent to the browser once per page.

The live view (:mod:`components.live_view`) is redrawn with every run of its fragment, and an
inline component's script goes with each drawing: with the two libraries in it, every drop
would send about 770 KB. This component carries them instead and never changes, so Streamlit
sends it whole once and then only its hash (its cache of large messages), and a page draws it
outside the fragment that a drop reruns. Its script publishes them as
``globalThis.ndcgLabVega`` and says so with the :data:`LOADED` event; the live view waits
for that before it draws a chart.
"""

from __future__ import annotations

import streamlit as st

from components.view_charts import vega_libraries_js

LOADED = "ndcg-lab-vega"  # the window event once globalThis.ndcgLabVega is set

_JS = "\n".join(
    [
        vega_libraries_js(),
        "export default function () {",
        "  if (!globalThis.ndcgLabVega) {",
        "    globalThis.ndcgLabVega = { vega, vegaLite };",
        f"    window.dispatchEvent(new Event({LOADED!r}));",
        "  }",
        "}",
    ]
)
_CSS = ":host { display: none; }"  # it draws nothing
_COMPONENT = st.components.v2.component("ndcg_lab_vega", css=_CSS, js=_JS)


def vega_library() -> None:
    """Send the libraries (once per page, outside any fragment a drop reruns)."""
    _COMPONENT(key="ndcg_lab_vega")
