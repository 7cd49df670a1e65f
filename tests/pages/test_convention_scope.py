"""The sidebar's convention picker says where it changes nothing, and keeps its values there."""

from __future__ import annotations

from pathlib import Path

import pytest

from components.navigation import PAGES, DeclaredPage
from components.state import CONVENTION_KEYS
from tests.pages.conftest import open_app

ROOT = Path(__file__).resolve().parents[2]
NOTE = "Not used on this page"


@pytest.mark.parametrize("page", PAGES, ids=[p.title for p in PAGES])
def test_declared_scope_matches_what_the_page_computes_with(page: DeclaredPage) -> None:
    source = (ROOT / page.path).read_text(encoding="utf-8")
    assert ("current_convention()" in source) == (page.convention_unused is None), page.title


def test_practice_declares_that_it_ignores_the_sidebar() -> None:
    practice = next(p for p in PAGES if p.title == "Practice")
    assert practice.convention_unused


SHOWN = [p for p in PAGES if p.convention_unused is None]
HIDDEN = [p for p in PAGES if p.convention_unused is not None]


@pytest.mark.parametrize("page", HIDDEN, ids=[p.title for p in HIDDEN])
def test_a_page_that_ignores_the_convention_hides_the_picker_and_says_why(
    page: DeclaredPage,
) -> None:
    at = open_app(page=page.path)
    notes = [info.value for info in at.sidebar.info if NOTE in info.value]
    assert notes == [f"{NOTE}: {page.convention_unused}. " + notes[0].split(". ", 1)[1]]
    assert all(shown.title in notes[0] for shown in SHOWN)  # where it does apply
    keys = set(CONVENTION_KEYS.values())
    assert not [w for w in [*at.sidebar.number_input, *at.sidebar.radio] if w.key in keys]


@pytest.mark.parametrize("page", SHOWN, ids=[p.title for p in SHOWN])
def test_a_page_that_computes_with_the_convention_shows_the_picker(page: DeclaredPage) -> None:
    at = open_app(page=page.path)
    assert [info.value for info in at.sidebar.info if NOTE in info.value] == []
    picker = [at.sidebar.number_input(key=CONVENTION_KEYS[k]) for k in ("log_base", "cutoff_k")]
    picker += [at.sidebar.radio(key=CONVENTION_KEYS[k]) for k in ("gain", "discount", "ideal")]
    assert not any(widget.disabled for widget in picker)


def test_the_convention_survives_a_visit_to_a_page_that_ignores_it() -> None:
    at = open_app(page="pages/playground.py")
    at.sidebar.number_input(key=CONVENTION_KEYS["log_base"]).set_value(10.0).run()
    at.run()  # the choice reran fragments alone; AppTest keeps only their elements
    at.sidebar.radio(key=CONVENTION_KEYS["gain"]).set_value("exponential").run()
    at.switch_page("pages/practice.py").run()
    assert at.session_state[CONVENTION_KEYS["log_base"]] == 10.0
    at.switch_page("pages/playground.py").run()
    assert not at.exception
    assert at.session_state[CONVENTION_KEYS["log_base"]] == 10.0
    assert at.session_state[CONVENTION_KEYS["gain"]] == "exponential"
    assert any("log10" in caption.value for caption in at.caption)  # the page uses it
