"""The glossary's words where a page first names a term: a tooltip or a small expander.

The words are :mod:`ndcg_core.teaching.glossary`'s, never restated here or on a page, so
every page defines a term the same way (``tests/pages/test_glossary_pages.py``).
"""

from __future__ import annotations

import streamlit as st

from components.formula import formula
from ndcg_core.teaching.glossary import term


def tooltip(key: str) -> str:
    """The ``help=`` text of a number or heading that names the term ``key``."""
    return term(key).tooltip


def what_is(key: str) -> None:
    """A folded "What is DCG?": the definition, then the formula."""
    entry = term(key)
    with st.expander(entry.question, icon=":material/menu_book:"):
        st.markdown(entry.definition)
        formula(entry.latex)
