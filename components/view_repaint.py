"""The browser-drawn Playground's repaint as one script, for an inline component.

``components/static/view_repaint.js`` defines ``repaintView(numbers, order)``, the JavaScript
twin of :func:`ndcg_core.metric.view_numbers.repaint` on the payload
:func:`~ndcg_core.metric.view_numbers.view_numbers` sends; :func:`view_repaint_js` puts before
it what it takes from Python, so each rule has one home: ``formatViewNumber(value, rule)``
(:func:`~ndcg_core.text.browser_format.browser_format_js`, the core's number format) and
``VIEW_MISSING`` (:data:`~ndcg_core.metric.view_numbers.MISSING`). No Streamlit here: a test
loads the script into a bare page.
"""

from __future__ import annotations

import json

from components.static_files import static_text
from ndcg_core.metric.view_numbers import MISSING
from ndcg_core.text.browser_format import browser_format_js


def view_repaint_js() -> str:
    """The script: ``formatViewNumber``, ``VIEW_MISSING``, then ``repaintView`` and its helpers
    (plain declarations, no module syntax: a ``<script>`` tag or a component's module).

    >>> script = view_repaint_js()
    >>> script.startswith("function formatViewNumber(value, rule) {"), "function repaintView(" in script
    (True, True)
    """
    return "\n".join(
        [
            browser_format_js("formatViewNumber"),
            f"const VIEW_MISSING = {json.dumps(MISSING)};",
            static_text("view_repaint.js"),
        ]
    )
