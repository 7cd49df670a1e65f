"""Every formula in the lesson and Step by step is read aloud underneath, with the reader's
numbers: the sentence is the core's (``ndcg_core.teaching.readings``), for the list shown.
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from components.chrome import plain
from components.formula import LOG2_LABEL, OPENING
from ndcg_core import evaluate
from ndcg_core.teaching.card_order import moved_card, shuffled_cards
from ndcg_core.teaching.glossary import GLOSSARY
from ndcg_core.teaching.lesson_readings import lesson_cutoff, lesson_kept, lesson_readings
from ndcg_core.teaching.readings import log2_refresher, worked_readings
from ndcg_core.teaching.stories import load_story
from tests.pages.conftest import open_app, type_grades

STORY = load_story("pizza")
SHOWN = STORY.shown_order
REVEALED = {"cg": None, "kept": None, "dcg": "A", "ndcg": None, "cutoff": "B", "drawback": "same"}
GLOSSARY_ENTRIES = {(entry.definition, f"{OPENING}{entry.latex}$") for entry in GLOSSARY.values()}


def lesson_step(step: int, *, revealed: bool = True) -> AppTest:
    at = open_app()
    at.session_state["lesson_step"] = step
    if revealed:
        at.session_state["lesson_revealed"] = REVEALED
    at.run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> list[str]:
    """The page's Markdown in order, less the glossary's "What is ...?" (a definition and
    its formula, which is no worked formula of the page)."""
    shown = [str(element.value) for element in at.markdown]
    kept: list[str] = []
    index = 0
    while index < len(shown):
        if tuple(shown[index : index + 2]) in GLOSSARY_ENTRIES:
            index += 2
            continue
        kept.append(shown[index])
        index += 1
    return kept


def read_under_each_formula(at: AppTest, sentences: set[str]) -> list[str]:
    """The sentence right under each formula, checking each is one of ``sentences``;
    returns them in order."""
    shown = texts(at)
    under = []
    for index, text in enumerate(shown):
        if text.startswith(OPENING):
            assert index + 1 < len(shown), f"nothing under {text}"
            assert shown[index + 1] in {plain(s) for s in sentences}, (text, shown[index + 1])
            under.append(shown[index + 1])
    assert under, "no formula on the page"
    return under


def test_step_2_reads_the_cg_formula_and_both_orders() -> None:
    at = lesson_step(2)
    readings = lesson_readings(STORY, SHOWN)
    assert read_under_each_formula(at, {readings.cg.symbols, readings.cg.numbers}) == [
        plain(readings.cg.symbols),
        plain(readings.cg.numbers),
    ]
    at.button(key="lesson_shuffle_button").click().run()
    shuffled = lesson_readings(STORY, shuffled_cards(STORY, SHOWN, 1)).cg.numbers
    assert shuffled != readings.cg.numbers
    under = read_under_each_formula(at, {readings.cg.symbols, readings.cg.numbers, shuffled})
    assert under[-1] == plain(shuffled)


def test_step_3_reads_the_third_place_and_folds_log2_away() -> None:
    at = lesson_step(3)
    read_under_each_formula(at, {lesson_kept(STORY, SHOWN)})
    [refresher] = [e for e in at.expander if e.label == LOG2_LABEL]
    assert [m.value for m in refresher.markdown] == [plain(log2_refresher().text)]
    # Before the guess the refresher is there too: where the discount first appears.
    assert [e for e in lesson_step(3, revealed=False).expander if e.label == LOG2_LABEL]


def test_step_4_reads_dcg_and_follows_a_moved_card() -> None:
    at = lesson_step(4)
    read_under_each_formula(at, {lesson_readings(STORY, SHOWN).dcg.numbers})
    at.selectbox(key="lesson_move_choice").set_value("dough-recipe").run()
    at.button(key="lesson_move_up").click().run()
    moved = lesson_readings(STORY, moved_card(SHOWN, "dough-recipe", -1)).dcg.numbers
    assert read_under_each_formula(at, {moved}) == [plain(moved)]
    assert "How to make pizza dough at home, in place 3, is bad (0)" in moved


def test_step_5_reads_dcg_then_idcg() -> None:
    at = lesson_step(5)
    readings = lesson_readings(STORY, SHOWN)
    assert read_under_each_formula(at, {readings.dcg.numbers}) == [plain(readings.dcg.numbers)]
    at.toggle(key="lesson_ideal_toggle").set_value(True).run()
    assert read_under_each_formula(at, {readings.ideal.numbers}) == [plain(readings.ideal.numbers)]


def test_step_6_reads_the_ratio_in_symbols_and_numbers() -> None:
    at = lesson_step(6)
    reading = lesson_readings(STORY, SHOWN).ndcg
    assert read_under_each_formula(at, {reading.symbols, reading.numbers}) == [
        plain(reading.symbols),
        plain(reading.numbers),
    ]


def test_step_7_shows_what_leaves_the_sum_and_why_ndcg_at_k_rises() -> None:
    at = lesson_step(7)
    change = lesson_cutoff(STORY, SHOWN)
    assert "How to make pizza dough at home, bad (0), in place 4" in change.leaves
    assert "raises nDCG" in change.why
    shown = texts(at)
    assert plain(change.leaves) in shown
    assert plain(change.why) in shown
    read_under_each_formula(at, {lesson_readings(STORY, SHOWN, 3).ndcg.numbers})
    at.slider(key="lesson_k").set_value(2).run()
    at_two = lesson_cutoff(STORY, SHOWN, 2)
    assert plain(at_two.leaves) in texts(at)
    assert "At k = 2, places 3 to 6 leave both sums" in at_two.leaves
    read_under_each_formula(at, {lesson_readings(STORY, SHOWN, 2).ndcg.numbers})


def test_step_by_step_reads_each_formula_with_the_readers_list() -> None:
    at = open_app(page="pages/step_by_step.py")
    at.toggle(key="step_reveal_all").set_value(True).run()
    readings = worked_readings(evaluate([3, 2, 3, 0, 1, 2]))
    every = [readings[name] for name in ("CG", "DCG", "IDCG", "nDCG")]
    expected = [plain(text) for reading in every for text in (reading.symbols, reading.numbers)]
    sentences = {text for reading in every for text in (reading.symbols, reading.numbers)}
    assert read_under_each_formula(at, sentences) == expected
    assert [e for e in at.expander if e.label == LOG2_LABEL]
    type_grades(at, "1, 0, 2").run()
    changed = worked_readings(evaluate([1, 0, 2]))
    assert plain(changed.dcg.numbers) in texts(at)
    assert "D3, in place 3, has grade 2 and keeps 2 / log2(3+1) = 2 / 2 = 1" in (
        changed.dcg.numbers
    )
