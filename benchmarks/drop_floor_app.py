"""A third baseline, for a drop: the Playground's live view alone in a fragment.

The same six documents and the same component as the Playground, its order kept in the
session, and nothing else: no grade box, notes, downloads, URL or sidebar. A drop here
costs what any Streamlit run of a fragment holding the live view costs (the run, its
acknowledgement, the messages), the floor under the Playground's own drop
(``session_cpu.py --paired --scenarios button,floor+drag,playground+drag``). Its first load
is no baseline: the page has no library loader (Streamlit serves ``static/`` beside the
script, here ``benchmarks/``), which a drop's run does not send anyway.
"""

import streamlit as st

from components.live_view import live_view
from ndcg_core import evaluate
from ndcg_core.links.view import default_list

FIRST = default_list()  # the list a new view of the app shows
GRADES = dict(zip(FIRST.labels, FIRST.grades, strict=True))


def _store(order: list[str]) -> None:
    st.session_state.floor_order = order


@st.fragment
def ranking() -> None:
    order = st.session_state.setdefault("floor_order", list(GRADES))
    evaluation = evaluate([GRADES[label] for label in order], labels=order)
    live_view(evaluation, key="lab_live", on_order=_store)


ranking()
