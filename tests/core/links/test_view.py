"""The view's one codec: a link and a saved file bring back exactly the view they were made
from, and a view's part that cannot be read is named and left at its default."""

from __future__ import annotations

import contextlib
import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core import Convention, NdcgError, parse_grades
from ndcg_core.links.length import fit_link
from ndcg_core.links.view import (
    LONG_PARAMS,
    READ_AGAINST_THE_LIST,
    Mode,
    View,
    default_list,
    view_from_params,
    view_to_params,
)
from ndcg_core.links.view_files import view_from_json, view_to_json
from tests.core.strategies import conventions
from tests.core.view_strategies import any_views, grade_lists


@given(any_views())
def test_view_to_link_to_view_is_the_identity(view: View) -> None:
    assert view_from_params(view_to_params(view), page=view.page) == (view, ())


@given(any_views())
def test_view_to_json_to_view_is_the_identity(view: View) -> None:
    text = view_to_json(view)
    assert view_from_json(text) == (view, ())
    assert view_from_json(text.encode("utf-8")) == (view, ())


@given(any_views())
def test_a_link_too_long_leaves_out_whole_parts_and_keeps_the_rest(view: View) -> None:
    params = view_to_params(view)
    kept, left_out = fit_link(params, optional=LONG_PARAMS, needs=READ_AGAINST_THE_LIST)
    read, problems = view_from_params(kept, page=view.page)
    assert problems == ()
    assert read.convention == view.convention  # never left out
    assert read.mode == view.mode
    if "g" not in left_out:
        assert read.grade_list == view.grade_list


def test_a_new_view_has_an_empty_link() -> None:
    assert view_to_params(View()) == {}
    assert view_from_params({}) == (View(), ())


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"g": "3, x"}, "Its list could not be read"),
        ({"k": "five"}, "cutoff k must be a whole number"),
        ({"step": "10"}, "The lesson has no step “10”"),
        ({"step": "two"}, "The lesson has no step “two”"),
        ({"mode": "big"}, "view mode “big” is not one of: present, embed"),
        ({"seed": "x"}, "Its exercise set could not be read"),
        ({"b": "1.1"}, "Ranking B starts as the ideal order"),
        ({"t": "a\nb\nc\nd\ne\nf\ng"}, "Its titles could not be read"),
        ({"u": "high"}, "judged-but-not-retrieved grades could not be read"),
        ({"code": "X" * 41}, "too long to be a class's code"),
    ],
)
def test_a_part_that_cannot_be_read_is_named_and_keeps_its_default(params, message) -> None:
    view, problems = view_from_params({**params, "cmp": "1"})
    assert len(problems) == 1
    assert message in problems[0]
    assert view.compare  # the rest of the link is followed
    assert "Traceback" not in problems[0]
    assert "Error" not in problems[0]


def test_every_bad_part_is_named_at_once() -> None:
    _, problems = view_from_params({"step": "0", "mode": "x", "g": ""})
    assert len(problems) == 2


# --------------------------------------------------------------------------- saved files


@given(grade_lists(), conventions(), st.lists(st.integers(0, 4).map(float), max_size=3))
def test_a_version_1_file_still_opens(grade_list, convention, unretrieved) -> None:
    document = {
        "format": "ndcg-lab view",
        "version": 1,
        "labels": list(grade_list.labels),
        "grades": list(grade_list.grades),
        "unretrieved": unretrieved,
        "convention": convention.to_params(),
    }
    view, problems = view_from_json(json.dumps(document))
    assert problems == ()
    assert view == View(
        "playground", grade_list, unretrieved=tuple(unretrieved), convention=convention
    )


def test_a_file_whose_parts_cannot_all_be_read_opens_the_rest() -> None:
    text = json.dumps(
        {"format": "ndcg-lab view", "version": 2, "page": "lesson", "view": {"step": "99"}}
    )
    view, problems = view_from_json(text)
    assert view == View("lesson")
    assert "no step “99”" in problems[0]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "x"}', "not a saved nDCG Lab view"),
        ('{"format": "ndcg-lab view", "version": 3, "grades": [1]}', "version 3"),
        (
            '{"format": "ndcg-lab view", "version": 2, "view": {}}',
            'lacks the field "page" (the name of one of the app',
        ),
        ('{"format": "ndcg-lab view", "version": 2, "page": "x y", "view": {}}', '"page"'),
        ('{"format": "ndcg-lab view", "version": 2, "page": "lesson"}', 'lacks the field "view"'),
        (
            '{"format": "ndcg-lab view", "version": 2, "page": "p", "view": {"k": 5}}',
            '"view", "k" should be text; it holds 5.',
        ),
        ('{"format": "ndcg-lab view", "version": 1, "grades": [NaN]}', "NaN"),
        ('{"format": "ndcg-lab view", "version": 1, "grades": [1e999]}', "too large"),
        (
            '{"format": "ndcg-lab view", "version": 1, "grades": ["3"]}',
            '"grades", item 1 should be a number',
        ),
        (
            '{"format": "ndcg-lab view", "version": 1, "grades": [true]}',
            "should be a number; it holds true",
        ),
        ('{"format": "ndcg-lab view", "version": 1, "grades": []}', "empty"),
        ('{"format": "ndcg-lab view", "version": 1, "grades": [1], "labels": [1]}', "labels"),
        ('{"format": "ndcg-lab view", "version": 1, "grades": [1], "labels": []}', "labels"),
        (
            '{"format": "ndcg-lab view", "version": 1, "grades": [1], "convention": {"k": [5]}}',
            "convention",
        ),
        (
            '{"format": "ndcg-lab view", "version": 1, "grades": [1], "convention": {"k": "0"}}',
            "at least 1",
        ),
        (b"\xff\xfe\x00", "not UTF-8"),
        ("x" * 2_000_001, "at most"),
        # Python refuses to convert integers of over 4,300 digits (a ValueError, not JSON's).
        ('{"format": "ndcg-lab view", "version": 1, "grades": [1' + "0" * 5_000 + "]}", "too long"),
        ('{"format": "ndcg-lab view", "version": 1, "grades": [1], "labels": ["\\ud800"]}', "half"),
    ],
)
def test_a_bad_view_file_says_what_is_wrong(data, message) -> None:
    with pytest.raises(NdcgError, match=re.escape(message)):
        view_from_json(data)


json_values = st.recursive(
    st.none() | st.booleans() | st.floats() | st.integers() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["grades", "labels", "page", "view", "g", "k", "step"]),
            children,
            max_size=4,
        )
    ),
    max_leaves=20,
)


@given(json_values, st.sampled_from([1, 2]))
def test_any_json_is_a_view_or_a_core_error(document, version) -> None:
    if isinstance(document, dict) and document:
        document = {"format": "ndcg-lab view", "version": version, **document}
    try:
        text = json.dumps(document)
    except ValueError:
        return
    with contextlib.suppress(NdcgError):
        view, problems = view_from_json(text)
        assert isinstance(view, View)
        assert all(isinstance(problem, str) for problem in problems)


def test_the_default_list_is_seed_000s_example() -> None:
    assert default_list() == parse_grades("3, 2, 3, 0, 1, 2")
    assert View().mode is Mode.FULL
    assert View().convention == Convention()
