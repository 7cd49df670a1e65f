"""What a drop in compare mode reruns, seen on a real server through the load client
(benchmarks/load_session.py): where the browser repaints the views, the pair and the chart,
a drop in A or B reruns only the comparison's paragraph and numbers, and the link follows;
where the sums are exact (the browser cannot repaint them), compare mode's whole part."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlencode

from benchmarks.load_session import Session
from components.chrome import plain
from ndcg_core import Convention
from ndcg_core.links.view import View, view_to_params
from ndcg_core.metric.compare import ORDER_PARAM, compare
from ndcg_core.metric.parsing import GradeList
from scripts.serve import StreamlitProcess
from tests.load.support import run_async

LABELS = ("a", "b", "c", "d")
GRADES = (3.0, 0.0, 2.0, 1.0)
ORDER_B = ("d", "c", "b", "a")


def _view(
    order_a: tuple[str, ...],
    order_b: tuple[str, ...],
    grades: tuple[float, ...] = GRADES,
    convention: Convention | None = None,
) -> dict[str, str]:
    """The link's parameters for A in ``order_a`` and B in ``order_b``."""
    by_label = dict(zip(LABELS, grades, strict=True))
    a_list = GradeList(tuple(by_label[label] for label in order_a), order_a)
    view = View(
        page="Playground",
        grade_list=a_list,
        convention=convention or Convention(),
        compare=True,
        ranking_b=order_b,
    )
    return view_to_params(view)


def _drawn(session: Session) -> dict[str, object]:
    return {
        "kinds": [str(element.WhichOneof("type")) for element in session.elements],
        "alerts": [e.alert.body for e in session.elements if e.HasField("alert")],
        "query": parse_qs(session.query_string),
    }


def _paragraph(order_a: tuple[str, ...], order_b: tuple[str, ...]) -> str:
    grades = dict(zip(LABELS, GRADES, strict=True))
    return plain(compare(grades, order_a, order_b, Convention()).paragraph)


def test_a_drop_in_compare_mode_reruns_the_comparisons_words_alone(
    app_server: StreamlitProcess,
) -> None:
    new_a, new_b = ("c", "a", "b", "d"), ("a", "d", "c", "b")

    async def scenario() -> dict[str, dict[str, object]]:
        session = Session(app_server.url, "ndcg", random.Random(7), start="playground")
        session.query_string = urlencode(_view(LABELS, ORDER_B))
        await session.connect()
        try:
            await session.load()
            seen = {"loaded": _drawn(session)}
            in_a = await session.drop_in("lab_live_a", list(new_a))
            seen["a"] = _drawn(session) | {"error": in_a.error}
            in_b = await session.drop_in("lab_live_b", list(new_b))
            seen["b"] = _drawn(session) | {"error": in_b.error}
        finally:
            await session.close()
        return seen

    seen = run_async(scenario)
    assert "bidi_component" in seen["loaded"]["kinds"]  # the views and the chart
    for part, (order_a, order_b) in {"a": (new_a, ORDER_B), "b": (new_a, new_b)}.items():
        after = seen[part]
        assert after["error"] == ""
        kinds = after["kinds"]
        assert isinstance(kinds, list)
        # Neither view, the chart nor the grade box: the browser repainted them.
        assert "bidi_component" not in kinds
        assert "checkbox" not in kinds  # nor the compare switch above
        assert "arrow_table" in kinds or "table" in kinds  # every number of A against B
        assert after["alerts"] == [_paragraph(order_a, order_b)]  # the core's paragraph
        query = after["query"]
        assert isinstance(query, dict)
        expected = _view(order_a, order_b)
        for name in ("g", ORDER_PARAM):  # A's list and B's order, as the core writes them
            assert query.get(name) == [expected[name]]


def test_where_the_sums_are_exact_a_drop_reruns_compare_mode_whole(
    app_server: StreamlitProcess,
) -> None:
    """2^2000 does not fit a float: the core's exact sums, which the browser cannot redo."""
    huge = (2000.0, 0.0, 2.0, 1.0)
    exponential = Convention(gain="exponential")

    async def scenario() -> dict[str, object]:
        session = Session(app_server.url, "ndcg", random.Random(8), start="playground")
        session.query_string = urlencode(_view(LABELS, ORDER_B, huge, exponential))
        await session.connect()
        try:
            await session.load()
            dropped = await session.drop_in("lab_live_a", ["b", "a", "c", "d"])
            seen = _drawn(session) | {"error": dropped.error}
        finally:
            await session.close()
        return seen

    seen = run_async(scenario)
    assert seen["error"] == ""
    kinds = seen["kinds"]
    assert isinstance(kinds, list)
    assert kinds.count("bidi_component") >= 3  # A's and B's views and the chart, anew


def test_with_an_input_error_standing_a_drop_reruns_compare_mode_whole(
    app_server: StreamlitProcess,
) -> None:
    """A list the box cannot read keeps the last list's numbers, and the note above them
    names that list: a drop in A changes it, so the note and the editor are drawn again."""

    async def scenario() -> dict[str, object]:
        session = Session(app_server.url, "ndcg", random.Random(9), start="playground")
        session.query_string = urlencode(_view(LABELS, ORDER_B))
        await session.connect()
        try:
            await session.load()
            typed = await session.type_text("3, 0, x")
            dropped = await session.drop_in("lab_live_a", ["b", "a", "c", "d"])
            seen = _drawn(session) | {"typed": typed.error, "error": dropped.error}
        finally:
            await session.close()
        return seen

    seen = run_async(scenario)
    assert "x" in str(seen["typed"])  # the box's error names what it could not read
    assert seen["error"] == ""
    kinds = seen["kinds"]
    assert isinstance(kinds, list)
    assert kinds.count("bidi_component") >= 3  # the box and the views, drawn again
