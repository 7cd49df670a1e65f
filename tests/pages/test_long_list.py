"""The longest list the Playground accepts: the drag list shows a window, the buttons act on all."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from components.sortable_list import PAGE_SIZE
from ndcg_core import evaluate, format_real
from ndcg_core.metric.parsing import MAX_ITEMS
from tests.pages.conftest import open_app, shown_cards
from tests.pages.test_playground import PLAYGROUND

GRADES = [float(i % 4) for i in range(MAX_ITEMS)]
LABELS = tuple(f"D{i}" for i in range(1, MAX_ITEMS + 1))


def _ndcg(at: AppTest) -> str:
    return shown_cards(at)["nDCG"]


def _order(at: AppTest) -> tuple[str, ...]:
    labels: tuple[str, ...] = at.session_state["lab_list"].labels
    return labels


def test_order_buttons_reorder_the_whole_list_whatever_window_is_shown() -> None:
    at = open_app({"g": ",".join(str(int(g)) for g in GRADES)}, PLAYGROUND)
    window = at.selectbox(key="lab_sort_page")
    assert len(window.options) == MAX_ITEMS // PAGE_SIZE
    assert window.value == 0
    window.set_value(3).run()  # positions 601-800
    assert at.selectbox(key="lab_sort_page").format_func(3) == "601-800"
    assert at.selectbox(key="lab_sort_page").label == "Positions of 10,000"

    at.button(key="lab_reverse").click().run()
    assert _order(at) == LABELS[::-1]
    assert _ndcg(at) == format_real(evaluate(GRADES[::-1]).ndcg)
    assert at.selectbox(key="lab_sort_page").value == 3  # the window stays where it was

    at.button(key="lab_ideal").click().run()
    ideal = _order(at)
    assert sorted(ideal) == sorted(LABELS)
    assert [GRADES[int(label[1:]) - 1] for label in ideal] == sorted(GRADES, reverse=True)
    assert _ndcg(at) == "1"

    at.button(key="lab_shuffle").click().run()
    shuffled = _order(at)
    assert sorted(shuffled) == sorted(LABELS)
    assert shuffled[PAGE_SIZE:] != ideal[PAGE_SIZE:]  # beyond the first window too
    grades = [GRADES[int(label[1:]) - 1] for label in shuffled]
    assert _ndcg(at) == format_real(evaluate(grades).ndcg)

    at.button(key="lab_sort_next").click().run()
    assert at.selectbox(key="lab_sort_page").value == 4
    at.button(key="lab_sort_previous").click().run()
    at.button(key="lab_sort_previous").click().run()
    assert at.selectbox(key="lab_sort_page").value == 2


def test_a_short_list_has_no_window_controls() -> None:
    at = open_app({"g": "3,2,1"}, PLAYGROUND)
    assert not [s for s in at.selectbox if s.key == "lab_sort_page"]


def test_the_keyboard_alternative_offers_the_window_and_follows_the_moved_document() -> None:
    at = open_app({"g": ",".join(str(int(g)) for g in GRADES)}, PLAYGROUND)
    choice = at.selectbox(key="lab_move_choice")
    assert list(choice.options) == list(LABELS[:PAGE_SIZE])  # not 10,000 options
    last = LABELS[PAGE_SIZE - 1]
    choice.set_value(last).run()
    at.button(key="lab_move_down").click().run()
    assert _order(at).index(last) == PAGE_SIZE  # one place down: into the next window
    assert at.selectbox(key="lab_sort_page").value == 1  # and the drag list went with it
    assert at.selectbox(key="lab_move_choice").value == last
    at.button(key="lab_move_up").click().run()
    assert _order(at)[:PAGE_SIZE] == LABELS[:PAGE_SIZE]
    assert at.selectbox(key="lab_sort_page").value == 0
