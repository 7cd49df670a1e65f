"""The glossary's words on the pages: the same text everywhere, every term shown somewhere.

Each page is opened in AppTest with its answers revealed, and every place that defines a term
is read: a "What is ...?" expander (its definition and formula), and the tooltip of a number or
heading that names a term. Each must be the core's entry word for word
(``ndcg_core.teaching.glossary``), so a page that words a definition its own way fails here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from components.formula import OPENING
from ndcg_core.teaching.glossary import GLOSSARY, Term, named_in
from tests.pages.conftest import open_app

REVEALED = {"cg": None, "kept": None, "dcg": "A", "ndcg": None, "cutoff": "B", "drawback": "same"}
QUESTIONS = {entry.question: entry for entry in GLOSSARY.values()}
STEP_BY_STEP_HEADINGS = {  # Step by step's numbered headings and the term each one names
    "1. Cumulative gain: add the gains up": "cg",
    "2. Discounted cumulative gain: lower places count less": "dcg",
    "3. Ideal DCG: the best this list could do": "idcg",
    "4. nDCG: how close to ideal": "ndcg",
}


def lesson_step(step: int) -> AppTest:
    at = open_app()
    at.session_state["lesson_step"] = step
    at.session_state["lesson_revealed"] = REVEALED
    at.run()
    return at


def page(path: str) -> Callable[[], AppTest]:
    def opened() -> AppTest:
        at = open_app(page=path)
        if path == "pages/step_by_step.py":
            at.toggle(key="step_reveal_all").set_value(True).run()
        return at

    return opened


PAGES: dict[str, Callable[[], AppTest]] = {
    **{f"lesson step {n}": (lambda n=n: lesson_step(n)) for n in range(1, 10)},
    "lesson step 5, sorted": lambda: (
        lesson_step(5).toggle(key="lesson_ideal_toggle").set_value(True).run()
    ),
    "step by step": page("pages/step_by_step.py"),
    "playground": page("pages/playground.py"),
    "conventions": page("pages/conventions.py"),
    "drawbacks": page("pages/drawbacks.py"),
}


def glossary_places(at: AppTest) -> list[tuple[str, Term, str]]:
    """Every place the page defines a term: (where, the term, what it shows), checked
    against the core's words on the way."""
    places: list[tuple[str, Term, str]] = []
    for expander in at.expander:
        label = str(expander.label)
        if not label.startswith("What is"):
            continue
        assert label in QUESTIONS, f"an expander asks {label!r}, which the glossary has not"
        entry = QUESTIONS[label]
        shown = [str(element.value) for element in expander.markdown]
        assert shown == [entry.definition, f"{OPENING}{entry.latex}$"], label
        places.append((label, entry, shown[0]))
    for metric in at.metric:
        entry = named_in(str(metric.label))
        if entry is None:
            continue
        shown = metric.proto.help
        # A number naming a term either leaves the words to an earlier place or gives the
        # glossary's, never its own.
        assert shown in ("", entry.tooltip), f"{metric.label!r} defines {entry.name} as {shown!r}"
        if shown:
            places.append((str(metric.label), entry, shown))
    for heading in at.subheader:
        key = STEP_BY_STEP_HEADINGS.get(str(heading.value))
        if key is not None:
            assert heading.proto.help == GLOSSARY[key].tooltip, heading.value
            places.append((str(heading.value), GLOSSARY[key], heading.proto.help))
    return places


@pytest.mark.parametrize("name", list(PAGES))
def test_every_definition_on_the_page_is_the_glossarys(name: str) -> None:
    at = PAGES[name]()
    assert not at.exception, at.exception
    places = glossary_places(at)
    for where, entry, shown in places:
        assert shown in (entry.definition, entry.tooltip), where
    # A term a number names is defined on the page: in its tooltip, or a heading's or
    # expander's.
    named = {entry.key for m in at.metric if (entry := named_in(str(m.label))) is not None}
    assert named <= {entry.key for _, entry, _ in places}, name


def test_every_registered_term_is_shown_on_some_page() -> None:
    shown = {entry.key for opened in PAGES.values() for _, entry, _ in glossary_places(opened())}
    assert shown == set(GLOSSARY)


def test_the_lesson_names_each_steps_new_term_in_an_expander() -> None:
    expected = {
        1: ["gain"],
        2: ["cg"],
        3: ["discount"],
        4: ["dcg"],
        5: ["ideal", "idcg"],
        6: ["ndcg"],
        7: ["cutoff"],
    }
    for step, keys in expected.items():
        at = lesson_step(step)
        asked = [str(e.label) for e in at.expander if str(e.label).startswith("What is")]
        assert asked == [GLOSSARY[key].question for key in keys], step


def test_a_projector_shows_no_glossary_expanders() -> None:
    at = open_app({"mode": "present"})
    at.session_state["lesson_step"] = 4
    at.run()
    assert not [e for e in at.expander if str(e.label).startswith("What is")]
