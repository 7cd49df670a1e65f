"""A formula on the page, written so that a narrow screen breaks it into lines.

``st.latex`` sets a formula in display mode, which KaTeX never breaks: on a phone the lesson's
DCG sum ran off the screen before its "= 6.861", with no sign that it scrolled. Inline mode
breaks a line after a top-level "+" or "="; ``\\displaystyle`` keeps display mode's size
(full-height fractions and sums).
"""

from __future__ import annotations

import streamlit as st

OPENING = "$\\displaystyle "  # what a formula's Markdown starts with (tests find them by it)


def formula(latex: str) -> None:
    """Show ``latex`` (the core's formula: no "$" in it) as one paragraph that wraps."""
    st.markdown(f"{OPENING}{latex}$")
