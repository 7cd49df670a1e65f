"""A formula on the page, written so that a narrow screen breaks it into lines.

``st.latex`` sets a formula in display mode, which KaTeX never breaks: on a phone the lesson's
DCG sum ran off the screen before its "= 6.861", with no sign that it scrolled. Inline mode
breaks a line after a top-level "+" or "="; ``\\displaystyle`` keeps display mode's size
(full-height fractions and sums).
"""

from __future__ import annotations

import streamlit as st

from components.chrome import plain
from ndcg_core.teaching.readings import log2_refresher

LOG2_LABEL = "log2 in one minute"
OPENING = "$\\displaystyle "  # what a formula's Markdown starts with (tests find them by it)


def formula(latex: str) -> None:
    """Show ``latex`` (the core's formula: no "$" in it) as one paragraph that wraps."""
    st.markdown(f"{OPENING}{latex}$")


def read_aloud(sentence: str) -> None:
    """The plain sentence under a formula (the core's, :mod:`ndcg_core.teaching.readings`),
    shown as plain text: it carries the reader's labels."""
    st.markdown(plain(sentence))


def log2_reminder() -> None:
    """The short reminder of log2 where the discount first appears, folded away for those
    who know it (its numbers are the core's divisor rule's)."""
    with st.expander(LOG2_LABEL, icon=":material/calculate:"):
        st.markdown(plain(log2_refresher().text))
