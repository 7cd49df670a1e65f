"""A page with just the drag list, for the browser test: ``?n=1000`` shows 1,000 items;
``?rotate=1`` moves the first item to the end on every run, once a second, as a server-side
reorder that arrives while a reader's focus is on a chip.

The last item's label is markup on purpose; it must show as literal text.
"""

from __future__ import annotations

import streamlit as st

from components.sortable_list import sortable_list

XSS_LABEL = "<img src=x onerror=alert(1)>"


def main() -> None:
    """Keep the order in session state, apply each reported order, show it as plain text."""
    count = int(st.query_params.get("n", "6"))
    labels = {f"D{i}": f"D{i} · grade {(7 - i) % 4}" for i in range(1, count + 1)}
    labels[f"D{count}"] = XSS_LABEL
    if st.session_state.get("order_count") != count:
        st.session_state.order = list(labels)
        st.session_state.order_count = count
    st.subheader("Drag to reorder")
    if st.query_params.get("rotate") == "1":
        st.fragment(run_every=1.0)(rotating_list)(labels)
    else:
        show_list(labels)


def show_list(labels: dict[str, str]) -> None:
    new_order = sortable_list([(i, labels[i]) for i in st.session_state.order], key="demo")
    if new_order is not None:
        st.session_state.order = new_order
    st.text("order: " + ",".join(st.session_state.order))


def rotating_list(labels: dict[str, str]) -> None:
    first, *rest = st.session_state.order
    st.session_state.order = [*rest, first]
    show_list(labels)


if __name__ == "__main__":  # `streamlit run` runs it as __main__; pytest's doctest import does not
    main()
