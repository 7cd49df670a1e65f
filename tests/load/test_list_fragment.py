"""What a run of the Playground's list redraws, seen on a real server through the load client
(benchmarks/load_session.py): a drop, and a list typed into the grade box (which the live
view sends, as grade_box.js hands it over), rerun the live view's own fragment, in one run,
not the page's nor the grade editor's; a typed list that ends an error standing under the
box redraws the editor too."""

from __future__ import annotations

import random
from urllib.parse import parse_qs

from benchmarks.load_checks import acknowledged, component_data
from benchmarks.load_session import Session
from ndcg_core.links.view import View, view_to_params
from ndcg_core.metric.parsing import GradeList
from scripts.serve import StreamlitProcess
from tests.load.support import run_async

LIVE = "lab_live"  # the live view: the list, its numbers and its buttons


def _kinds(session: Session) -> list[str]:
    return [str(element.WhichOneof("type")) for element in session.elements]


def _move_choices(session: Session) -> list[str]:
    """The documents the live view's "Move a document" picker offers, as this run sent them."""
    for element in session.elements:
        if element.WhichOneof("type") == "bidi_component" and element.bidi_component.id.endswith(
            f"-{LIVE}"
        ):
            data = component_data(element)
            if isinstance(data, dict) and data.get("keys"):
                return [str(label) for label, _ in data["keys"]["choices"]]
    return []


def test_a_drop_reruns_the_list_alone_and_the_link_follows(app_server: StreamlitProcess) -> None:
    async def scenario() -> dict[str, object]:
        session = Session(app_server.url, "ndcg", random.Random(3), start="playground")
        await session.connect()
        try:
            await session.load()
            seen: dict[str, object] = {"loaded": _kinds(session)}
            dropped = await session.drag()
            seen |= {
                "drop_error": dropped.error,
                "dropped": _kinds(session),
                "acknowledged": acknowledged(session.elements),
                "order": (list(session.labels), list(session.grades)),
                "query": parse_qs(session.query_string),
            }
            typed = await session.type_grades([0, 1, 2, 3, 4])
            seen |= {"typed_error": typed.error, "choices": _move_choices(session)}
        finally:
            await session.close()
        return seen

    seen = run_async(scenario)
    assert "checkbox" in seen["loaded"]  # the compare switch, drawn with the page
    assert seen["drop_error"] == ""
    # The drop's run draws the list and its neighbours, not the switch above them...
    assert "checkbox" not in seen["dropped"]
    # ...nor the grade box above the list, which follows the drop in the browser
    # (components/grade_box.py): the live view is the run's one component.
    assert seen["dropped"].count("bidi_component") == 1
    labels, grades = seen["order"]
    assert seen["acknowledged"] == labels  # ...and the server holds the browser's order
    moved = GradeList(tuple(float(g) for g in grades), tuple(labels))
    expected = view_to_params(View(page="Playground", grade_list=moved))["g"]
    assert seen["query"].get("g") == [expected]  # the link names the new order
    # A typed list of five: the live view's picker offers its documents.
    assert seen["typed_error"] == ""
    assert seen["choices"] == ["D1", "D2", "D3", "D4", "D5"]


def _components(session: Session) -> list[str]:
    """The components this run drew, by key (the part of their id after the last dash)."""
    return [
        element.bidi_component.id.rsplit("-", 1)[-1]
        for element in session.elements
        if element.WhichOneof("type") == "bidi_component"
    ]


def test_a_typed_list_reruns_the_live_view_alone(app_server: StreamlitProcess) -> None:
    """The box already shows what was typed: the run redraws the live view (the core's
    numbers for the new list, which the check reads) and the link, not the box nor its tabs.
    After a text that cannot be read, whose error stands under the box with a note beside the
    numbers, the next list redraws the ranking's whole fragment: error and note go."""

    async def scenario() -> dict[str, object]:
        session = Session(app_server.url, "ndcg", random.Random(4), start="playground")
        await session.connect()
        try:
            await session.load()
            cut_short = session.cut_short
            typed = await session.type_grades([2, 0, 3, 1])
            seen: dict[str, object] = {
                "runs_cut_short": session.cut_short - cut_short,
                "error": typed.error,
                "drawn": _components(session),
                "kinds": _kinds(session),
                "query": parse_qs(session.query_string),
            }
            unread = await session.type_text("3, x")
            seen |= {"unread": unread.error, "unread_drawn": _components(session)}
            fixed = await session.type_grades([1, 2])
            seen |= {"fixed": fixed.error, "fixed_drawn": _components(session)}
            seen["fixed_texts"] = [e.alert.body for e in session.elements if e.HasField("alert")]
        finally:
            await session.close()
        return seen

    seen = run_async(scenario)
    assert seen["error"] == ""  # the live view shows the core's nDCG of 2, 0, 3, 1
    # One run: the live view sent the list (its trigger), not the box (its own run first).
    assert seen["runs_cut_short"] == 0
    assert seen["drawn"] == [LIVE]  # the box is not drawn again...
    assert "tab_container" not in str(seen["kinds"])  # ...nor its tabs (not elements at all)
    typed = GradeList((2.0, 0.0, 3.0, 1.0), ("D1", "D2", "D3", "D4"))
    assert seen["query"].get("g") == [view_to_params(View(grade_list=typed))["g"]]
    assert "is not a number" in seen["unread"]  # the error is on the page, under the box
    assert seen["fixed"] == ""
    assert "lab_text_box" in seen["fixed_drawn"]  # the whole ranking: the box, without error
    assert not any("could be read" in text for text in seen["fixed_texts"])
