"""The live view's scripts, sent to the browser once per page.

The live view (:mod:`components.live_view`) is redrawn with every run of its fragment, and an
inline component's script goes with each drawing. Its scripts (Vega and Vega-Lite, about
770 KB; SortableJS and the chips shared with the drag list; the repaint; the charts; the view
itself) live in this component instead, which never changes: Streamlit sends it whole once
and then only its hash (its cache of large messages), and a page draws it outside any
fragment a drop reruns. Its script publishes the view's entry point as
``globalThis.ndcgLabLibrary.liveView`` and says so with the :data:`LOADED` event; the live
view's own script, a few lines, waits for it.
"""

from __future__ import annotations

import json

import streamlit as st

from components.static_files import chip_list_js, static_text
from components.view_charts import vega_libraries_js, view_charts_code_js
from components.view_repaint import view_repaint_js

LOADED = "ndcg-lab-library"  # the window event once globalThis.ndcgLabLibrary is set

_JS = "\n".join(
    [
        vega_libraries_js(),
        chip_list_js(),
        view_repaint_js(),
        view_charts_code_js(),
        static_text("live_view.js"),
        "export default function () {",
        "  if (!globalThis.ndcgLabLibrary) {",
        "    globalThis.ndcgLabLibrary = { liveView: mountLiveView };",
        f"    window.dispatchEvent(new Event({json.dumps(LOADED)}));",
        "  }",
        "}",
    ]
)
_CSS = ":host { display: none; }"  # it draws nothing
_COMPONENT = st.components.v2.component("ndcg_lab_library", css=_CSS, js=_JS)


def browser_library() -> None:
    """Send the scripts (once per page, outside any fragment a drop reruns)."""
    _COMPONENT(key="ndcg_lab_library")


def library_user_js() -> str:
    """A component script that hands its mount to the library's ``liveView`` once the
    library is there (at once, or at its :data:`LOADED` event)."""
    return "\n".join(
        [
            "export default function (component) {",
            "  const library = () => globalThis.ndcgLabLibrary;",
            "  if (library()) return library().liveView(component);",
            "  let cleanup = null;",
            "  let gone = false;",
            "  const start = () => { if (!gone && !cleanup) cleanup = library().liveView(component); };",
            f"  window.addEventListener({json.dumps(LOADED)}, start, {{ once: true }});",
            "  return () => {",
            "    gone = true;",
            f"    window.removeEventListener({json.dumps(LOADED)}, start);",
            "    if (cleanup) cleanup();",
            "  };",
            "}",
        ]
    )
