"""Every JSON format the app reads is stated once (a TypedDict) and read by one checker: a
valid document loads, and any one field given a value of the wrong type is refused by the
file's own reader with a message that names that field, in words."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ndcg_core.errors import NdcgError
from ndcg_core.links.view_files import (
    ViewFile,
    ViewFileVersion1,
    view_from_json,
    view_to_json,
)
from ndcg_core.questions.class_questions import from_exercise, to_payload
from ndcg_core.questions.payload_format import QuestionPayload, read_payload
from ndcg_core.teaching.examples import EXAMPLES, ExamplesFile, load_examples, parse_examples
from ndcg_core.teaching.practice import Level, exercise_set
from ndcg_core.teaching.stories import StoryFile, load_story, parse_story
from ndcg_core.text.json_shapes import check_shape, place
from tests.core.strategies import conventions
from tests.core.view_strategies import any_views, grade_lists

Path = tuple[str | int, ...]
# One value of each JSON type; every field refuses at least one of them.
WRONG = ("high", 2.5, 7, True, None, [], {}, [1, "x"])


def _paths(value: Any, path: Path = ()) -> Iterator[Path]:
    """Every field and list item in a JSON document, as a path from the top (items from 1)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for number, item in enumerate(value, start=1):
            yield (*path, number)
            yield from _paths(item, (*path, number))


def _replaced(document: Any, path: Path, value: object) -> Any:
    changed = copy.deepcopy(document)
    holder = changed
    for part in path[:-1]:
        holder = holder[part - 1] if isinstance(part, int) else holder[part]
    last = path[-1]
    holder[last - 1 if isinstance(last, int) else last] = value
    return changed


def _in_words(message: str) -> None:
    assert "Traceback" not in message
    assert not re.search(r"\{'|\['|\\x|\bNone\b|\bTrue\b|\bFalse\b", message), message


def _check_every_wrong_type(
    document: Any,
    shape: Any,
    what: str,
    reader: Callable[[str], object],
    data: st.DataObject,
) -> None:
    """A field of ``document``, drawn by hypothesis, given each value of :data:`WRONG`:
    where the format refuses it, the file's reader refuses it with the same message, which
    starts by naming that field ("The story file's field "cards", item 3, "grade" ...")."""
    paths = [path for path in _paths(document) if path[0] not in ("format", "version", "v")]
    path = data.draw(st.sampled_from(paths), label="field")
    refused = 0
    for wrong in WRONG:
        changed = _replaced(document, path, wrong)
        try:
            check_shape(changed, shape, what=what)
        except NdcgError as error:
            refused += 1
            message = str(error)
            assert message.startswith(place(what, path)), (message, path)
            _in_words(message)
            with pytest.raises(NdcgError) as by_reader:
                reader(json.dumps(changed))
            assert str(by_reader.value) == message
    assert refused, f"no value of the wrong type was refused at {path}"


def _pizza() -> Any:
    source = resources.files("ndcg_core").joinpath("data", "stories", "pizza.json")
    return json.loads(source.read_text(encoding="utf-8"))


@given(st.data())
def test_a_story_file_names_any_field_of_the_wrong_type(data: st.DataObject) -> None:
    story = _pizza()
    story["shown_order"] = data.draw(st.permutations(story["shown_order"]), label="order")
    assert parse_story(json.dumps(story)).shown_order == tuple(story["shown_order"])
    _check_every_wrong_type(story, StoryFile, "The story file", parse_story, data)


@given(any_views(), st.data())
def test_a_saved_view_names_any_field_of_the_wrong_type(view, data: st.DataObject) -> None:
    text = view_to_json(view)
    assert view_from_json(text)[0] == view
    _check_every_wrong_type(json.loads(text), ViewFile, "The file", view_from_json, data)


@given(grade_lists(), conventions(), st.data())
def test_a_version_1_view_names_any_field_of_the_wrong_type(
    grade_list, convention, data: st.DataObject
) -> None:
    document = {
        "format": "ndcg-lab view",
        "version": 1,
        "grades": list(grade_list.grades),
        "labels": list(grade_list.labels),
        "unretrieved": [1, 0.5],
        "convention": convention.to_params(),
        "titles": ["A title"] * len(grade_list.grades),
    }
    assert view_from_json(json.dumps(document))[0].grade_list == grade_list
    _check_every_wrong_type(document, ViewFileVersion1, "The file", view_from_json, data)


@given(st.data())
def test_the_examples_file_names_any_field_of_the_wrong_type(data: st.DataObject) -> None:
    document = json.loads(EXAMPLES.read_text(encoding="utf-8"))
    assert parse_examples(json.dumps(document)) == load_examples()
    _check_every_wrong_type(document, ExamplesFile, "The examples file", parse_examples, data)


@given(st.integers(1, 50), st.sampled_from(list(Level)), st.data())
def test_a_stored_question_names_any_field_of_the_wrong_type(
    seed: int, level: Level, data: st.DataObject
) -> None:
    exercise = data.draw(st.sampled_from(exercise_set(seed, level)), label="exercise")
    payload = to_payload(from_exercise(exercise, seed, level))
    assert read_payload(payload)["key"] == exercise.key
    _check_every_wrong_type(
        json.loads(payload), QuestionPayload, "The stored question", read_payload, data
    )


def test_the_message_says_what_the_field_should_hold_and_what_it_holds() -> None:
    story = _pizza()
    story["cards"][2]["grade"] = 3
    with pytest.raises(NdcgError) as error:
        parse_story(json.dumps(story))
    assert str(error.value) == (
        'The story file\'s field "cards", item 3, "grade" should be text; it holds 3.'
    )
    assert error.value.item == 3
    assert load_story("pizza").cards[2].grade_name == "perfect"
