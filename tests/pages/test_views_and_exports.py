"""Presenter and embed views, saved views, and the Python snippet checked against the page."""

from __future__ import annotations

import contextlib
import io
import re

import pytest
from streamlit.testing.v1 import AppTest

from components.navigation import PAGES as DECLARED_PAGES
from ndcg_core import Convention, evaluate, format_real
from ndcg_core.links.view import View
from ndcg_core.links.view_files import view_to_json
from ndcg_core.metric.parsing import parse_grades
from tests.pages.conftest import formulas, open_app, shown_cards

PAGES = [page.path for page in DECLARED_PAGES]


def _metrics(at: AppTest) -> dict[str, str]:
    return shown_cards(at)


@pytest.mark.parametrize("page", PAGES)
def test_presenter_view_keeps_the_lesson_and_drops_the_extras(page: str) -> None:
    at = open_app({"mode": "present", "g": "3,1,2"}, page)
    assert at.button(key="lab_leave_present").label == "Leave presenter view"
    assert not [b for b in at.button if b.key == "lab_present"]
    assert at.query_params["mode"] == "present"
    assert at.query_params["g"] == "3, 1, 2"
    assert not at.exception


def test_presenter_view_is_left_with_one_click() -> None:
    at = open_app({"mode": "present"}, "pages/playground.py")
    assert not [e for e in at.expander if e.label.startswith("Download")]
    at.button(key="lab_leave_present").click().run()
    assert "mode" not in at.query_params
    assert [e for e in at.expander if e.label.startswith("Download")]


def test_embed_view_shows_results_without_header_or_editor() -> None:
    at = open_app({"mode": "embed", "g": "3,1,2"}, "pages/playground.py")
    assert not at.header
    assert not at.text_area  # the list comes from the link
    assert _metrics(at)["nDCG"] == format_real(evaluate([3, 1, 2]).ndcg)
    assert at.query_params["mode"] == "embed"


def test_an_unknown_view_mode_is_named_and_ignored() -> None:
    at = open_app({"mode": "<b>x</b>"}, "pages/playground.py")
    assert any("view mode" in w.value for w in at.warning)
    assert "mode" not in at.query_params
    assert at.header  # the full view


def _open_export(at: AppTest) -> AppTest:
    at.session_state["lab_export"] = True
    return at.run()


@pytest.mark.parametrize(
    "query",
    [
        {"g": "3,2,3,0,1,2"},
        {"g": "3,2,3,0,1,2", "gain": "exponential", "k": "4"},
        {"g": "3,2,3,0,1,2", "disc": "jk", "base": "3"},
        {"g": "2,-1,0,1", "neg": "penalise"},
        {"g": "2,0,1", "ideal": "judged", "u": "3,2"},
    ],
)
def test_the_python_snippet_prints_the_numbers_on_the_page(query: dict[str, str]) -> None:
    at = _open_export(open_app(query, "pages/playground.py"))
    code = at.code[-1].value
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<snippet>", "exec"), {})  # noqa: S102 (running it is the test)
    printed = re.fullmatch(r"DCG = (\S+), ideal DCG = (\S+), nDCG = (\S+)", out.getvalue().strip())
    assert printed
    metrics = _metrics(at)
    k = f"@{query['k']}" if "k" in query else ""
    assert format_real(float(printed.group(1))) == metrics[f"DCG{k}"]
    assert format_real(float(printed.group(2))) == metrics[f"Ideal DCG{k}"]
    assert format_real(float(printed.group(3))) == metrics[f"nDCG{k}"]
    assert [b.label for b in at.download_button] == [
        "Table (CSV)",
        "Charts (PNG)",
        "Charts (SVG)",
        "This view (JSON)",
    ]


def test_a_saved_view_opens_with_its_list_and_convention() -> None:
    at = open_app(page="pages/playground.py")
    view = View(
        "playground",
        parse_grades("a=1, b=3, c=0"),
        convention=Convention(gain="exponential", cutoff_k=2),
    )
    at.session_state["lab_input_tab"] = "Open a saved view"
    at.run()
    at.file_uploader(key="lab_view_file").upload(
        "view.json", view_to_json(view).encode(), "application/json"
    ).run()
    expected = evaluate([1, 3, 0], view.convention)
    assert _metrics(at)["nDCG@2"] == format_real(expected.ndcg)
    assert at.query_params["g"] == "a=1, b=3, c=0"
    assert at.query_params["gain"] == "exponential"


def test_a_broken_view_file_is_refused_under_the_uploader_and_the_list_stays() -> None:
    at = open_app({"g": "3,1,2"}, "pages/playground.py")
    before = _metrics(at)
    at.session_state["lab_input_tab"] = "Open a saved view"
    at.run()
    at.file_uploader(key="lab_view_file").upload("x.json", b"[" * 50_000, "application/json").run()
    assert any("nested too deeply" in e.value for e in at.error)
    assert _metrics(at) == before
    assert not at.exception


def test_lesson_toggles_travel_in_the_link() -> None:
    at = open_app({"fix1": "1", "fix3": "1"}, "pages/drawbacks.py")
    assert at.toggle(key="drawback_bad_fix").value is True
    assert at.toggle(key="drawback_restaurants_judged").value is True
    assert at.toggle(key="drawback_pad").value is False
    assert at.query_params["fix1"] == "1"
    at.toggle(key="drawback_bad_fix").set_value(False).run()
    assert "fix1" not in at.query_params
    at.toggle(key="drawback_pad").set_value(True).run()
    assert at.query_params["fix2a"] == "1"


def test_reveal_all_travels_in_the_link() -> None:
    hidden = open_app(page="pages/step_by_step.py")
    shown = open_app({"reveal": "1"}, "pages/step_by_step.py")
    assert shown.toggle(key="step_reveal_all").value is True
    assert len(formulas(shown)) > len(formulas(hidden))
    assert shown.query_params["reveal"] == "1"


def test_typed_queries_travel_in_the_link() -> None:
    queries = "a: 3, 0, 1\nb: 0, 0, 2 | 3"
    at = open_app({"q": queries}, "pages/queries.py")
    assert at.text_area(key="queries_text").value == queries
    assert at.query_params["q"] == queries
    assert not at.error


def test_a_view_whose_settings_the_sidebar_cannot_show_is_refused() -> None:
    at = open_app({"g": "3,1,2"}, "pages/playground.py")
    before = _metrics(at)
    at.session_state["lab_input_tab"] = "Open a saved view"
    at.run()
    view = View("playground", parse_grades("a=1, b=3"), convention=Convention(log_base=5000.0))
    at.file_uploader(key="lab_view_file").upload(
        "far.json", view_to_json(view).encode(), "application/json"
    ).run()
    assert not at.exception
    assert any("outside the sidebar" in e.value.replace("\\", "") for e in at.error)
    assert _metrics(at) == before
    assert at.number_input(key="conv_log_base").value == 2.0


def test_a_saved_playground_view_leaves_the_practice_set_alone() -> None:
    at = open_app({"seed": "5", "level": "medium"}, "pages/playground.py")
    at.session_state["lab_input_tab"] = "Open a saved view"
    at.run()
    view = View("playground", parse_grades("a=1, b=3"))
    at.file_uploader(key="lab_view_file").upload(
        "view.json", view_to_json(view).encode(), "application/json"
    ).run()
    assert not at.exception
    assert (at.session_state["practice_seed"], at.session_state["practice_level"]) == (5, "medium")
