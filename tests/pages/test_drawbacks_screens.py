"""Drawbacks on a phone: each choice is a radio list (segmented buttons with long names wrap
at 390 px and split the group apart), and the choice survives a turn to a wide screen."""

from __future__ import annotations

from components.screen import REPORTED
from tests.pages.conftest import open_app

CHOICES = ("drawback_bad_pair", "drawback_missing_pair", "drawback_seed004_ties")
PHONE = [358, 390]  # the page content's width and the window's, as screen.js reports them
LAPTOP = [906, 1366]


def test_on_a_phone_each_choice_is_a_radio_list_and_a_turn_keeps_it() -> None:
    at = open_app(page="pages/drawbacks.py")
    assert [at.button_group(key=key).value for key in CHOICES] == [
        "seed004",
        "seed000",
        "average",
    ]
    at.session_state[REPORTED] = PHONE
    at.run()
    assert not at.exception, at.exception
    assert len(at.button_group) == 0
    radios = [at.radio(key=key) for key in CHOICES]
    assert [radio.value for radio in radios] == ["seed004", "seed000", "average"]
    assert radios[0].options == [
        "[3] against [3, 0, 0] (seed 004)",
        "Good ×3 against Good ×3 + Bad (seed 000)",
    ]
    at.radio(key="drawback_bad_pair").set_value("seed000")
    at.radio(key="drawback_seed004_ties").set_value("pessimistic").run()
    assert not at.exception, at.exception
    assert any("ties: pessimistic" in md.value for md in at.markdown)
    at.session_state[REPORTED] = LAPTOP  # the phone turned, or the page opened on a laptop
    at.run()
    assert not at.exception, at.exception
    assert len(at.radio) == 0 or all(radio.key not in CHOICES for radio in at.radio)
    assert [at.button_group(key=key).value for key in CHOICES] == [
        "seed000",
        "seed000",
        "pessimistic",
    ]
