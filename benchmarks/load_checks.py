"""What a run of the app must show, read from the elements it sent: the nDCG cards, the text
echoed, the live view's acknowledgement (benchmarks/load_session.py checks each action so)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from streamlit.proto.Element_pb2 import Element

from ndcg_core import Convention, Gain, evaluate, format_real


def component_data(element: Element) -> object:
    """What a page sent a components.v2 component: JSON as text, or as bytes (the live view
    sends its JSON as bytes, components/live_view.py); None for anything else."""
    if element.WhichOneof("type") != "bidi_component":
        return None
    proto = element.bidi_component
    text = proto.json or (proto.bytes.decode() if proto.bytes else "")
    return json.loads(text) if text else None


# An app without the shell: the library's own loader (components.browser_library.LOADER_NAME;
# the load client speaks the protocol and imports none of the app's components).
LIBRARY_LOADER = "ndcg_lab_library_loader"


def fetched_files(element: Element) -> list[str]:
    """The addresses a browser fetches for ``element`` (components/lab_files.py): the live
    view's library, which the shell's companion loads (its data's ``library``) or else a
    loader of its own; the charts' template a live view names (components/chart_files.py)."""
    data = component_data(element)
    if not isinstance(data, dict):
        return []
    library = data.get("library")
    name = element.bidi_component.component_name
    addresses = [
        library.get("src") if isinstance(library, dict) else None,
        data.get("src") if name.endswith(LIBRARY_LOADER) else None,
        data.get("chart_src"),
    ]
    return [str(address) for address in addresses if address]


def ndcg_cards(elements: Sequence[Element]) -> list[str]:
    """The nDCG cards a run drew: Streamlit's metrics, and the live view's cards (sent to the
    browser as JSON, components/live_view.py)."""
    shown = [
        e.metric.body
        for e in elements
        if e.WhichOneof("type") == "metric" and e.metric.label.startswith("nDCG")
    ]
    for element in elements:
        data = component_data(element)
        if isinstance(data, dict):
            cards = data.get("cards", [])
            shown += [c["value"] for c in cards if str(c["label"]).startswith("nDCG")]
    return shown


def ndcg_check(elements: Sequence[Element], grades: Sequence[int], gain: str = "linear") -> str:
    """app.py: the run shows the nDCG the core computes for these grades, and only that."""
    expected = format_real(evaluate(list(grades), Convention(gain=Gain(gain))).ndcg)
    shown = ndcg_cards(elements)
    return "" if shown == [expected] else f"nDCG shown {shown}, expected [{expected!r}]"


def acknowledged(elements: Sequence[Element]) -> list[str] | None:
    """The order the live view's answer acknowledges (components/live_view.py sends only that
    after a drop the browser repainted itself), or None when it sent the whole view."""
    for element in elements:
        data = component_data(element)
        if isinstance(data, dict) and "ack" in data:
            return [str(label) for label in data["ack"]]
    return None


def echo_check(elements: Sequence[Element], grades: Sequence[int], gain: str = "linear") -> str:
    """The empty app: the run echoes the grades typed."""
    expected = "grades: " + ", ".join(map(str, grades))
    shown = [e.text.body for e in elements if e.WhichOneof("type") == "text"]
    return "" if expected in shown else f"text shown {shown}, expected {expected!r}"


def none_check(elements: Sequence[Element], grades: Sequence[int], gain: str = "linear") -> str:
    """Pages without a grade box (the one-button page, the shell): nothing to check here."""
    return ""


CHECKS: dict[str, Callable[[Sequence[Element], Sequence[int], str], str]] = {
    "ndcg": ndcg_check,
    "echo": echo_check,
    "none": none_check,
}


def texts(elements: Sequence[Element]) -> list[str]:
    """What the run wrote as text, progress captions and headings."""
    shown = []
    for element in elements:
        kind = element.WhichOneof("type")
        if kind == "text":
            shown.append(element.text.body)
        elif kind == "progress":
            shown.append(element.progress.text)
        elif kind == "heading":
            shown.append(element.heading.body)
    return shown
