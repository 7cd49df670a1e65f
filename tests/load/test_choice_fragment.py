"""What a choice in the sidebar's convention picker reruns, seen on a real server through the
load client (benchmarks/load_session.py): on the Playground, a choice that changes the numbers
alone reruns the live view's part and the picker's notes on it, not the page nor the picker's
widgets; a choice that changes what the
page shows (the ideal), or one on a page that names nothing to follow it, reruns the app."""

from __future__ import annotations

import random
from urllib.parse import parse_qs

from benchmarks.load_session import Session
from ndcg_core import CONVENTION_FIELDS, Convention, Gain, IdealSource
from ndcg_core.links.view import View, view_to_params
from scripts.serve import StreamlitProcess
from tests.load.support import run_async

IDEAL_KEY = "conv_ideal"  # the sidebar's radio of the ideal ranking's source


def _drawn(session: Session) -> dict[str, object]:
    """What the last run drew: the kinds of its elements, its components' keys, headings."""
    kinds = [str(element.WhichOneof("type")) for element in session.elements]
    return {
        "kinds": kinds,
        "components": [
            element.bidi_component.id.rsplit("-", 1)[-1]
            for element in session.elements
            if element.WhichOneof("type") == "bidi_component"
        ],
        "headings": [e.heading.body for e in session.elements if e.HasField("heading")],
        "texts": [e.markdown.body for e in session.elements if e.HasField("markdown")],
        "query": parse_qs(session.query_string),
    }


def test_a_choice_that_changes_the_numbers_reruns_the_live_view_and_the_pickers_notes(
    app_server: StreamlitProcess,
) -> None:
    async def scenario() -> dict[str, object]:
        session = Session(app_server.url, "ndcg", random.Random(5), start="playground")
        await session.connect()
        try:
            await session.load()
            gain = await session.change_gain()  # checks the core's nDCG of the new gain
            seen: dict[str, object] = {"gain": gain.error, "after_gain": _drawn(session)}
            ideal = await session.choose(IDEAL_KEY, 1)  # judged documents: a new input
            seen |= {"ideal": ideal.error, "after_ideal": _drawn(session)}
            steps = await session.go_to(
                next(h for h, t in session.pages.items() if t == "Step by step")
            )
            gain_there = await session.change_gain()
            seen |= {
                "steps": steps.error,
                "there": gain_there.error,
                "after_there": _drawn(session),
            }
        finally:
            await session.close()
        return seen

    seen = run_async(scenario)
    assert seen["gain"] == ""
    after = seen["after_gain"]
    assert isinstance(after, dict)
    assert after["components"] == ["lab_live"]  # the live view, not the grade box
    assert after["headings"] == []  # neither the page's header nor the picker's
    assert "radio" not in after["kinds"]  # the picker's widgets stay as they are
    exponential = Convention(gain=Gain.EXPONENTIAL)
    texts = after["texts"]
    assert isinstance(texts, list)
    used_by = CONVENTION_FIELDS["gain"].choices[1].used_by  # the exponential gain's note
    assert [t for t in texts if t.startswith("Used by")] == [f"Used by: {used_by}"]
    assert f"**{exponential}**" in "\n".join(texts)  # the picker's summary follows it
    assert after["query"].get("gain") == [view_to_params(View(convention=exponential))["gain"]]
    # The ideal from judged documents adds an input to the grade editor: the whole app.
    assert seen["ideal"] == ""
    after = seen["after_ideal"]
    assert isinstance(after, dict)
    assert "Playground" in after["headings"]
    judged = Convention(gain=Gain.EXPONENTIAL, ideal=IdealSource.JUDGED)
    assert after["query"].get("ideal") == [view_to_params(View(convention=judged))["ideal"]]
    # A page that names nothing to follow a choice: the whole app, as before.
    assert seen["steps"] == ""
    assert seen["there"] == ""
    after = seen["after_there"]
    assert isinstance(after, dict)
    assert "Step by step" in after["headings"]


def test_a_choice_while_the_numbers_stand_on_an_error_reruns_the_ranking(
    app_server: StreamlitProcess,
) -> None:
    """Judged documents' grades the convention cannot use (a negative one, rejected) stop the
    numbers: the ranking's fragment, which that input reruns, says why and draws no live view.
    A choice of gain then reruns that fragment and the picker's notes: it says it again."""

    async def scenario() -> dict[str, object]:
        session = Session(app_server.url, "ndcg", random.Random(6), start="playground")
        session.query_string = "ideal=judged&neg=reject"
        await session.connect()
        try:
            await session.load()
            entered = await session.enter_text("lab_unretrieved_text", "-1")
            seen: dict[str, object] = {"entered": entered.error, "after": _drawn(session)}
            chosen = await session.choose("conv_gain", 1)
            seen |= {"chosen": chosen.error, "after_choice": _drawn(session)}
        finally:
            await session.close()
        return seen

    seen = run_async(scenario)
    assert "The judged set has the negative grade" in str(seen["entered"])
    assert "lab_live" not in seen["after"]["components"]  # type: ignore[index]
    assert "The judged set has the negative grade" in str(seen["chosen"])  # said again
    after = seen["after_choice"]
    assert isinstance(after, dict)
    assert "lab_live" not in after["components"]
    assert "gain" in after["query"]
