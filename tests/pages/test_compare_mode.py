"""The Playground's compare mode driven through AppTest: two rankings, their numbers, the
paragraph, and the link that carries them."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from components.compare_mode import CHART_KEY
from components.live_view import PAIRED, WHOLE_LIST_UP_TO
from components.results import metric_cards
from ndcg_core import PRESETS, Convention
from ndcg_core.metric.compare import compare, order_to_param
from ndcg_core.metric.comparison import Comparison
from ndcg_core.metric.lists import reordered
from ndcg_core.metric.view_numbers import view_numbers
from ndcg_core.pictures.compare_charts import CHANGES, CURVES, comparison_rows, drawn_positions
from ndcg_core.pictures.stakeholder import number_rows
from tests.pages.conftest import component_data, open_app, shown_cards, type_grades

PLAYGROUND = "pages/playground.py"
SEED = {"D1": 3.0, "D2": 2.0, "D3": 3.0, "D4": 0.0, "D5": 1.0, "D6": 2.0}  # the default list
A = tuple(SEED)


def _paragraph(at: AppTest) -> str:
    return at.info[0].value.replace("\\", "")  # shown with Markdown escaped


def _pair(at: AppTest) -> dict[str, str]:
    """The headline pair the chart's component is sent: each label with its text, and B's
    difference from A (the browser writes them anew for the orders its views show)."""
    data = component_data(at, CHART_KEY)
    assert data is not None
    pair = data["pair"]
    (of_a, of_b), (shown_a, shown_b, difference) = pair["labels"], pair["texts"]
    return {of_a: shown_a, of_b: shown_b, "B - A": f"{difference} {pair['against']}"}


def _rankings_drawn(at: AppTest, comparison: Comparison) -> None:
    """Each ranking's live view is sent its documents in its order, and its DCG and nDCG
    cards as the core prints them for that order (the browser repaints them at a drop)."""
    for key, evaluation in (("lab_live_a", comparison.a), ("lab_live_b", comparison.b)):
        data = component_data(at, key)
        assert data is not None, key
        assert [item[0] for item in data["items"]] == list(evaluation.labels)
        cards = {card["label"]: card["value"] for card in data["cards"]}
        expected = metric_cards(evaluation)
        assert cards == {
            label: value for k, label, value, _ in expected if k in (PAIRED.cards or ())
        }
        assert len(cards) == 2
        assert data["table"] is None


def _chart_drawn(at: AppTest, comparison: Comparison) -> None:
    """The chart of both rankings is sent the two orders the page holds, the core's numbers
    for the list (no rows: the browser makes them), and the names A's and B's live views
    tell the page their orders by."""
    data = component_data(at, CHART_KEY)
    assert data is not None
    assert data["orders"] == {"A": list(comparison.order_a), "B": list(comparison.order_b)}
    assert data["numbers"] == json.loads(json.dumps(view_numbers(comparison.a)))
    assert data["plotted"] == drawn_positions(comparison)
    assert data["spec"]["datasets"] == {CURVES: [], CHANGES: []}
    names = {component_data(at, f"lab_live_{name.lower()}")["name"] for name in "AB"}
    assert names == set(data["views"].values())
    assert len(names) == 2


def _numbers(at: AppTest) -> list[list[str]]:
    return at.table[0].value.values.tolist()


def _shows(at: AppTest, order_b: tuple[str, ...], convention: Convention | None = None) -> None:
    """The page shows the core's comparison of the default list with ``order_b``."""
    comparison = compare(SEED, A, order_b, convention)
    assert at.session_state["lab_order_b"] == order_b
    assert _paragraph(at) == comparison.paragraph
    assert _numbers(at) == [list(row) for row in number_rows(comparison)]
    name, shown_a, shown_b, difference = number_rows(comparison)[0]
    assert _pair(at) == {
        f"{name} of A": shown_a,
        f"{name} of B": shown_b,
        "B - A": f"{difference} against A",
    }
    assert not at.metric  # the pair is the browser's, with the chart
    _rankings_drawn(at, comparison)
    _chart_drawn(at, comparison)


def test_the_toggle_shows_b_as_the_ideal_order_beside_a() -> None:
    at = open_app(page=PLAYGROUND)
    assert not at.info  # no comparison until asked for
    at.toggle(key="lab_compare").set_value(True).run()
    assert not at.exception
    _shows(at, ("D1", "D3", "D2", "D6", "D5", "D4"))
    assert at.query_params["cmp"] == "1"
    assert at.query_params["b"] == "1.3.2.6~4"


def test_moving_a_document_in_b_names_its_two_positions() -> None:
    at = open_app({"cmp": "1", "b": "1~6"}, PLAYGROUND)  # B starts as A
    assert "same ranking" in _paragraph(at)
    at.session_state["lab_order_b"] = ("D1", "D3", "D2", "D4", "D5", "D6")  # D3 up, as stored
    at.run()
    assert not at.exception
    _shows(at, ("D1", "D3", "D2", "D4", "D5", "D6"))
    paragraph = _paragraph(at)
    assert "D3 (grade 3) is 2nd in B instead of 3rd" in paragraph
    assert "D2 (grade 2) is 3rd in B instead of 2nd" in paragraph
    assert at.query_params["b"] == "1.3.2.4~6"


def test_each_ranking_is_sent_its_own_buttons() -> None:
    """A's and B's reordering buttons are their live views' (B's picker says B); of the
    server's buttons only "Same as A" is left."""
    at = open_app({"cmp": "1"}, PLAYGROUND)
    keys = {name: component_data(at, f"lab_live_{name}")["keys"] for name in ("a", "b")}
    assert (keys["a"]["move"], keys["b"]["move"]) == ("Move a document", "Move in B")
    assert keys["a"]["choices"] == keys["b"]["choices"] == [[label, label] for label in A]
    assert [button.key for button in at.button if str(button.key).startswith("lab_")] == [
        "lab_b_same"
    ]


def test_a_drag_in_b_recomputes_b_and_leaves_a() -> None:
    at = open_app({"cmp": "1"}, PLAYGROUND)
    at.session_state["lab_order_b"] = ("D4", "D2", "D3", "D1", "D5", "D6")  # what a drop stores
    at.run()
    _shows(at, ("D4", "D2", "D3", "D1", "D5", "D6"))
    assert "D1 (grade 3) is 4th in B instead of 1st" in _paragraph(at)
    assert at.session_state["lab_list"].labels == A


def test_a_drag_in_a_keeps_b_and_compares_the_new_a() -> None:
    at = open_app({"cmp": "1", "b": "1~6"}, PLAYGROUND)
    new_a = reordered(at.session_state["lab_list"], ["D3", "D2", "D1", "D4", "D5", "D6"])
    at.session_state["lab_list"] = new_a  # what a drop in A stores
    at.session_state["lab_version"] += 1
    at.run()
    assert not at.exception
    assert at.session_state["lab_order_b"] == A
    comparison = compare(SEED, new_a.labels, A)
    assert _paragraph(at) == comparison.paragraph
    assert comparison.dcg_gap == 0  # D1 and D3 are both grade 3: the same DCG
    assert "score the same" in _paragraph(at)


def test_the_link_round_trip_restores_b() -> None:
    at = open_app({"cmp": "1"}, PLAYGROUND)
    order_b = tuple(reversed(("D1", "D3", "D2", "D6", "D5", "D4")))
    at.session_state["lab_order_b"] = order_b  # what B's Reverse stores
    at.run()
    assert at.query_params["b"] == order_to_param(A, order_b)
    again = open_app({key: at.query_params[key] for key in at.query_params}, PLAYGROUND)
    _shows(again, order_b)
    assert again.toggle(key="lab_compare").value is True


def test_turning_compare_off_takes_it_out_of_the_link_and_keeps_b() -> None:
    at = open_app({"cmp": "1", "b": "6~1"}, PLAYGROUND)
    at.toggle(key="lab_compare").set_value(False).run()
    assert "cmp" not in at.query_params
    assert "b" not in at.query_params
    assert not at.info
    at.toggle(key="lab_compare").set_value(True).run()
    _shows(at, tuple(reversed(A)))


def test_a_bad_b_in_a_link_is_named_and_b_starts_as_the_ideal_order() -> None:
    at = open_app({"cmp": "1", "b": "1.1.2"}, PLAYGROUND)
    assert not at.exception
    # A link's unreadable part is named with the link's other problems, at the top.
    assert any("names position 1 twice" in w.value.replace("\\", "") for w in at.warning)
    _shows(at, ("D1", "D3", "D2", "D6", "D5", "D4"))


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("cutoff_k", [None, 3])
def test_every_convention_and_cutoff_shows_the_cores_numbers(preset, cutoff_k) -> None:
    convention = PRESETS[preset].convention.with_changes(cutoff_k=cutoff_k)
    query = {**convention.to_params(), "cmp": "1", "b": "4.5.6.1~3"}
    at = open_app(query, PLAYGROUND)
    assert not at.exception
    _shows(at, ("D4", "D5", "D6", "D1", "D2", "D3"), convention)


def test_exact_sums_send_the_charts_rows_and_no_numbers() -> None:
    """2^1100 - 1 overflows a float: the core sums exactly, the browser cannot redo the sums,
    and the chart is sent the core's rows for the orders the page holds."""
    convention = Convention(gain="exponential")
    at = open_app(
        {**convention.to_params(), "g": "1100, 3, 0", "cmp": "1", "b": "3.1.2"}, PLAYGROUND
    )
    assert not at.exception
    data = component_data(at, CHART_KEY)
    assert data is not None
    assert data["numbers"] is None
    comparison = compare(
        {"D1": 1100, "D2": 3, "D3": 0}, ["D1", "D2", "D3"], ["D3", "D1", "D2"], convention
    )
    assert comparison.a.exact
    assert data["spec"]["datasets"] == json.loads(json.dumps(comparison_rows(comparison)))
    assert data["pair"]["texts"] == list(number_rows(comparison)[0][1:])  # shown as they are


@pytest.mark.parametrize("cmp", ["0", "1"])
def test_presenter_view_puts_the_live_choices_on_the_page(cmp) -> None:
    at = open_app({"mode": "present", "cmp": cmp}, PLAYGROUND)
    assert not at.exception
    at.radio(key="conv_gain").set_value("exponential").run()
    at.number_input(key="conv_cutoff_k").set_value(3).run()
    assert not at.exception
    assert at.query_params["gain"] == "exponential"
    assert at.query_params["k"] == "3"
    convention = Convention(gain="exponential", cutoff_k=3)
    if cmp == "1":
        _shows(at, ("D1", "D3", "D2", "D6", "D5", "D4"), convention)
    else:
        assert set(shown_cards(at)) >= {"nDCG@3", "DCG@3"}


def test_a_table_edit_in_presenter_view_counts_in_the_same_run() -> None:
    at = open_app({"mode": "present", "cmp": "1", "b": "1~6"}, PLAYGROUND)
    at.session_state["lab_input_tab"] = "Table"
    at.run()
    key = f"lab_table_{at.session_state['lab_version']}"
    at.session_state[key] = {"edited_rows": {0: {"grade": 0}}, "added_rows": [], "deleted_rows": []}
    at.run()
    grades = {**SEED, "D1": 0.0}
    comparison = compare(grades, A, A)
    assert _numbers(at) == [list(row) for row in number_rows(comparison)]


def test_a_list_too_long_for_a_link_takes_b_out_with_it() -> None:
    at = open_app({"cmp": "1"}, PLAYGROUND)
    type_grades(at, ", ".join(str(i % 4) for i in range(3_000))).run()
    at.button(key="lab_b_same").click().run()  # B = A: "1~3000", a short b
    assert not at.exception
    assert "g" not in at.query_params  # over the link's budget (ndcg_core.links.length)
    assert "b" not in at.query_params  # positions in a list the link no longer gives
    assert at.query_params["cmp"] == "1"
    assert set(at.session_state["lab_link_left_out"]) == {"g", "b"}


def test_a_list_too_long_to_draw_whole_keeps_both_drag_lists() -> None:
    at = open_app({"cmp": "1"}, PLAYGROUND)
    assert component_data(at, "lab_live_a") is not None
    long_list = ", ".join(str(i % 4) for i in range(WHOLE_LIST_UP_TO + 1))
    type_grades(at, long_list).run()
    assert not at.exception
    for live, drag in (("lab_live_a", "lab_sort"), ("lab_live_b", "lab_sort_b")):
        assert component_data(at, live) is None
        assert component_data(at, drag) is not None
