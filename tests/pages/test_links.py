"""The link the app keeps in the address bar: one limit for all of it, percent-encoded."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from ndcg_core.links.length import MAX_QUERY_CHARS, query_length
from tests.pages.conftest import open_app, type_grades
from tests.pages.test_playground import PLAYGROUND

LONG = ", ".join(["1"] * 1_300)  # 3,898 characters, 6,496 once percent-encoded


def link_params(at: AppTest) -> dict[str, str]:
    return {key: at.query_params[key] for key in at.query_params}


def test_the_whole_link_fits_however_many_long_parts_it_has() -> None:
    at = open_app({"ideal": "judged"}, PLAYGROUND)
    type_grades(at, LONG).run()
    at.text_input(key="lab_unretrieved_text").input(LONG).run()
    at.switch_page("pages/queries.py").run()
    at.text_area(key="queries_text").input("q1: " + LONG).run()
    assert not at.exception
    params = link_params(at)
    assert query_length(params) <= MAX_QUERY_CHARS
    assert params["ideal"] == "judged"  # the convention always stays in the link


def test_a_list_that_fits_stays_in_the_link() -> None:
    at = open_app(page=PLAYGROUND)
    type_grades(at, "3, 2, 1, 0").run()
    assert link_params(at)["g"] == "3, 2, 1, 0"
