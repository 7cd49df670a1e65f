"""Story files: the shipped story, and a clear message naming the card for each kind of mistake."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from ndcg_core import evaluate
from ndcg_core.errors import NdcgError
from ndcg_core.teaching.stories import (
    MAX_CARDS,
    check_order,
    load_story,
    parse_story,
    story_ids,
)
from ndcg_core.text.titles import MAX_SNIPPET_LENGTH, MAX_TITLE_LENGTH
from tests.hostile.case import IMG, SCRIPT


def _pizza() -> dict[str, Any]:
    from importlib import resources

    source = resources.files("ndcg_core").joinpath("data", "stories", "pizza.json")
    document: dict[str, Any] = json.loads(source.read_text(encoding="utf-8"))
    return document


def _parsed(change: Callable[[dict[str, Any]], None]) -> Any:
    document = copy.deepcopy(_pizza())
    change(document)
    return parse_story(json.dumps(document))


def test_every_shipped_story_reads() -> None:
    assert "pizza" in story_ids()
    for story_id in story_ids():
        assert load_story(story_id).id == story_id


def test_pizza_story_is_seed_000_with_names() -> None:
    # The shown order carries seed 000's grades, so the lesson reaches the note's 0.961.
    story = load_story("pizza")
    grades = [card.grade for card in story.cards]
    assert grades == [3, 2, 3, 0, 1, 2]
    assert round(evaluate(grades).ndcg, 3) == 0.961
    assert [level.name for level in story.grade_scale] == ["perfect", "good", "fair", "bad"]
    assert story.card("luigis").grade_name == "perfect"


def test_ideal_order_sorts_best_first_and_keeps_shown_order_within_a_grade() -> None:
    story = load_story("pizza")
    assert story.ideal_order[:2] == ("forno-rosso", "luigis")
    assert [card.grade for card in story.ordered(story.ideal_order)] == [3, 3, 2, 2, 1, 0]


def test_titles_are_kept_as_plain_text_even_when_they_look_like_html() -> None:
    def hostile(document: dict[str, Any]) -> None:
        document["cards"][0]["title"] = SCRIPT
        document["cards"][1]["snippet"] = IMG

    story = _parsed(hostile)
    assert story.cards[0].title == SCRIPT
    assert story.cards[1].snippet == IMG


def _set_card(index: int, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        document["cards"][index][key] = value

    return change


def test_title_and_snippet_length_limits_are_inclusive() -> None:
    story = _parsed(_set_card(2, "title", "t" * MAX_TITLE_LENGTH))
    assert len(story.card("luigis").title) == MAX_TITLE_LENGTH
    with pytest.raises(NdcgError, match=r'"cards", item 3, "title" is 61 characters') as error:
        _parsed(_set_card(2, "title", "t" * (MAX_TITLE_LENGTH + 1)))
    assert error.value.item == 3
    _parsed(_set_card(0, "snippet", "s" * MAX_SNIPPET_LENGTH))
    with pytest.raises(NdcgError, match=r'"cards", item 1, "snippet" is 141'):
        _parsed(_set_card(0, "snippet", "s" * (MAX_SNIPPET_LENGTH + 1)))


def _drop_zero_level(document: dict[str, Any]) -> None:
    document["grades"] = document["grades"][:3]
    for card in document["cards"]:
        card["grade"] = "good" if card["grade"] == "bad" else card["grade"]


def _all_bad(document: dict[str, Any]) -> None:
    for card in document["cards"]:
        card["grade"] = "bad"


def _no_bad(document: dict[str, Any]) -> None:
    for card in document["cards"]:
        card["grade"] = "fair" if card["grade"] == "bad" else card["grade"]


MISTAKES = [
    (_set_card(3, "title", "two\nlines"), r'"cards", item 4, "title" contains an invisible'),
    (_set_card(4, "snippet", "evil \u202e text"), r'"cards", item 5, "snippet" contains'),
    (_set_card(1, "title", "  "), r'"cards", item 2, "title" is empty'),
    (_set_card(1, "title", " padded"), r'"cards", item 2, "title" starts or ends'),
    (_set_card(5, "title", 7), r'"cards", item 6, "title" should be text; it holds 7\.'),
    (_set_card(2, "grade", "great"), r"Card 3 \(luigis\) has the grade \"great\".*perfect, good"),
    (_set_card(2, "grade", 3), r'"cards", item 3, "grade" should be text; it holds 3\.'),
    (_set_card(1, "id", "forno-rosso"), r"Card 2 \(forno-rosso\) has the same id"),
    (
        _set_card(1, "id", "Slice Corner"),
        r'"cards", item 2, "id" should be 1 to 24 lower-case .* holds “Slice Corner”',
    ),
    (lambda d: d["shown_order"].pop(), r"\"shown_order\" leaves out napoli-express"),
    (lambda d: d["shown_order"].append("luigis"), r"names luigis twice \(again at position 7\)"),
    (lambda d: d["shown_order"].__setitem__(0, "nope"), r"position 1 names \"nope\""),
    (lambda d: d["grades"][1].__setitem__("grade", 3), r"Grade level 2 repeats the grade 3"),
    (
        lambda d: d["grades"][1].__setitem__("grade", 2.5),
        r'"grades", item 2, "grade" should be a whole number; it holds 2\.5\.',
    ),
    (
        lambda d: d["grades"][1].__setitem__("name", "<b>"),
        r'"grades", item 2, "name" should be 1 to 20 .* holds “<b>”',
    ),
    (_drop_zero_level, r"no grade 0"),
    (_all_bad, r"Every card is graded 0"),
    (_no_bad, r"No card is graded 0"),
    (lambda d: d.__setitem__("cutoff_k", 6), r"from 1 to 5 .*got 6"),
    (
        lambda d: d.__setitem__("cutoff_k", True),
        r'"cutoff_k" should be a whole number; it holds true\.',
    ),
    (lambda d: d.__setitem__("cards", d["cards"] * 2), rf"3 to {MAX_CARDS} result cards"),
    (lambda d: d.__setitem__("version", 2), r"format version 2; this app reads version 1"),
    (lambda d: d.pop("format"), r"not an nDCG Lab story"),
    (
        lambda d: d.__setitem__("query", "x" * 61),
        r'The story file\'s field "query" is 61 characters',
    ),
]


@pytest.mark.parametrize(("change", "message"), MISTAKES)
def test_mistakes_get_a_message_that_names_the_place(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    with pytest.raises(NdcgError, match=message) as error:
        _parsed(change)
    assert "Traceback" not in str(error.value)
    assert "'" not in str(error.value).replace("'s ", "").replace("n't", "")  # no repr quoting


def test_not_json_and_not_utf8_are_refused_in_words() -> None:
    with pytest.raises(NdcgError, match=r"not valid JSON: Expecting value \(line 1, column 1\)"):
        parse_story("nope")
    with pytest.raises(NdcgError, match="not UTF-8 text"):
        parse_story(b"\xff\xfe\x00")
    with pytest.raises(NdcgError, match="not an nDCG Lab story"):
        parse_story("[1, 2]")


def test_unknown_story_id_lists_the_stories() -> None:
    with pytest.raises(NdcgError, match=r"no story called \.\./etc; the app has .*pizza"):
        load_story("../etc")


def test_an_order_must_name_every_card_once() -> None:
    story = load_story("pizza")
    assert check_order(story, story.ideal_order) == story.ideal_order
    with pytest.raises(NdcgError, match="Position 2 names luigis a second time") as error:
        check_order(story, ["luigis", "luigis", *story.shown_order[3:]])
    assert error.value.item == 2
    with pytest.raises(NdcgError, match="Position 1 names pineapple, which is not a card"):
        check_order(story, ["pineapple"])
