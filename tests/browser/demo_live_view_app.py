"""A page with just the live view (list, cards, table), for the browser test.

``?list=`` picks a list (:data:`LISTS`): ``small`` (default), ``cutoff`` (negative grades,
exponential gain, k = 3, an ideal from judged documents), ``judged`` (an ideal longer than
the list: rows past its end), ``titles``
(one title is markup, which must show as text), ``long`` (600 documents: the table draws its
first 200 rows) and ``exact`` (a gain that overflows a float: the browser waits for the
server). The order is kept in session state; the caption prints the server's own nDCG.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import streamlit as st

from components.browser_library import browser_library
from components.live_view import live_view
from ndcg_core import Convention, evaluate, format_real
from ndcg_core.metric.metrics import Evaluation

XSS_TITLE = "<img src=x onerror=alert(1)>"


class DemoList(NamedTuple):
    grades: tuple[float, ...]
    convention: Convention
    titles: dict[str, str]
    judged: tuple[float, ...] | None = None


LISTS = {
    "small": DemoList((3.0, 2.0, 3.0, 0.0, 1.0, 2.0), Convention(), {}),
    "cutoff": DemoList(
        (0.0, -1.0, 2.0, 0.5, 3.0, 1.0),
        Convention(gain="exponential", cutoff_k=3, ideal="judged", negative_grades="penalise"),
        {},
        judged=(3.0, 3.0, 2.0, 1.0),
    ),
    "judged": DemoList(
        (0.0, 2.0, 1.0), Convention(ideal="judged"), {}, judged=(3.0, 3.0, 2.0, 1.0)
    ),
    "titles": DemoList(
        (1.0, 3.0, 0.0, 2.0),
        Convention(discount="jk"),
        {"D1": "Forno Rosso", "D2": XSS_TITLE, "D4": "Pizzeria Da Michele"},
    ),
    "long": DemoList(tuple(float((i * 7) % 4) for i in range(600)), Convention(), {}),
    "exact": DemoList((1100.0, 3.0, 0.0), Convention(gain="exponential"), {}),
}


def labels_of(demo: DemoList) -> list[str]:
    return [f"D{i}" for i in range(1, len(demo.grades) + 1)]


def evaluate_order(demo: DemoList, order: list[str]) -> Evaluation:
    """The demo list's evaluation with its documents in ``order``."""
    grade = dict(zip(labels_of(demo), demo.grades, strict=True))
    judged = None if demo.judged is None else [*demo.grades, *demo.judged]
    return evaluate(
        [grade[label] for label in order], demo.convention, labels=order, judged_grades=judged
    )


def store(order: list[str]) -> None:
    st.session_state.order = order


def main() -> None:
    name = st.query_params.get("list", "small")
    demo = LISTS[name]
    if st.session_state.get("order_list") != name:
        st.session_state.order = labels_of(demo)
        st.session_state.order_list = name
    st.subheader("Reorder and watch the numbers")
    evaluation = evaluate_order(demo, st.session_state.order)
    live_view(evaluation, key="live", titles=demo.titles or None, on_order=store)
    st.caption(f"server nDCG: {format_real(evaluation.ndcg)}")
    st.text("order: " + ",".join(st.session_state.order))
    browser_library(Path(__file__).parent / "static")  # the view's scripts, once per page


if __name__ == "__main__":  # `streamlit run` runs it as __main__; pytest's doctest import does not
    main()
