"""The Class page before any student: starting a session (its code, link and QR code), the
private link that reopens it, and presenter view, whose chart reads from a projector."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from ndcg_core.links.secret_params import TEACHER_KEY_PARAM
from ndcg_core.pictures.style import PROJECTOR_FONT_SIZE
from ndcg_core.questions.class_rules import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH
from ndcg_core.teaching import kinds
from tests.pages.conftest import open_app
from tests.pages.test_class_pages import (  # noqa: F401  (class_database is a fixture)
    TEACHER,
    _ask_practice,
    _metric,
    _texts,
    class_database,
    join,
    send,
    start_session,
)


def _image_count(at: AppTest) -> int:
    def walk(node) -> int:
        own = int(getattr(node, "type", "") == "image")
        return own + sum(walk(child) for child in getattr(node, "children", {}).values())

    return walk(at._tree)


def test_starting_a_session_shows_the_code_link_qr_and_keeps_the_key_in_the_address() -> None:
    at = start_session()
    code = _metric(at, "Join code")
    assert len(code) == JOIN_CODE_LENGTH
    assert set(code) <= set(JOIN_CODE_ALPHABET)
    key = at.session_state["class_teacher_key"]
    assert len(key) >= 40
    links = [c.value for c in at.code]
    assert any(link.endswith(f"/class_join?code={code}&mode=embed") for link in links)
    assert not [link for link in links if key in link]  # the key is never drawn
    assert at.query_params[TEACHER_KEY_PARAM] == key  # only in the teacher's address bar
    assert "t" not in at.query_params  # the titles' parameter is not the key's
    assert _image_count(at) == 1  # the QR code, an image


def test_the_private_link_reopens_the_session_elsewhere_and_a_wrong_key_does_not() -> None:
    first = start_session()
    key = first.session_state["class_teacher_key"]
    again = open_app({TEACHER_KEY_PARAM: key}, TEACHER)
    assert _metric(again, "Join code") == _metric(first, "Join code")
    wrong = open_app({TEACHER_KEY_PARAM: key[:-2] + "xx"}, TEACHER)
    assert "This teacher link is not valid" in _texts(wrong)
    assert not [m for m in wrong.metric if m.label == "Join code"]


def test_presenter_view_hides_the_private_link() -> None:
    at = start_session()
    key = at.session_state["class_teacher_key"]
    shown = open_app({TEACHER_KEY_PARAM: key, "mode": "present"}, TEACHER)
    assert _metric(shown, "Join code")
    assert not [c for c in shown.code if key in c.value]


def test_the_revealed_spread_reads_from_a_projector_and_its_grid_stays_labelled() -> None:
    """Presenter view: the answers' chart text at the projector's 16 px (it was Vega's 11 and
    15); its ticks, and so its grid lines, only inside the plotted range, each labelled."""
    at = start_session()
    key = at.session_state["class_teacher_key"]
    _ask_practice(at, kinds.PREDICT)
    send(join(_metric(at, "Join code")), "0.7")
    shown = open_app({TEACHER_KEY_PARAM: key, "mode": "present"}, TEACHER)
    shown.button(key="class_reveal").click().run()
    [chart] = shown.get("vega_lite_chart")
    spec = json.loads(chart.proto.spec)
    assert spec["config"]["axis"]["labelFontSize"] == PROJECTOR_FONT_SIZE
    assert spec["config"]["legend"]["labelFontSize"] == PROJECTOR_FONT_SIZE
    layers = spec.get("layer", [spec])
    ticks = layers[0]["encoding"]["x"]["axis"]["values"]
    low, high = layers[0]["encoding"]["x"]["scale"]["domain"]
    assert ticks[0] == low
    assert ticks[-1] == high == 1
    assert ticks == sorted(set(ticks))
