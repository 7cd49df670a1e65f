"""Stories for the guided lesson: one search, its result cards, their grades and a cutoff.

A story is a JSON file in ``ndcg_core/data/stories/`` (the format is in
``docs/stories.md``). :func:`parse_story` checks every field and names the card at fault;
:func:`load_story` reads a shipped story through :mod:`importlib.resources`, so it is found
in an installed wheel too.

A card's grade is written by name ("perfect"); the story's grade scale gives each name its
number, which is the relevance grade ``rel`` the metrics use.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ndcg_core.errors import NdcgError
from ndcg_core.metric.kernel import best_first
from ndcg_core.metric.lists import OrderWords, check_permutation
from ndcg_core.text.json_files import read_json
from ndcg_core.text.titles import MAX_SNIPPET_LENGTH, MAX_TITLE_LENGTH, check_plain_text

STORY_FORMAT = "ndcg-lab story"
STORY_VERSION = 1
MIN_CARDS, MAX_CARDS = 3, 10
MAX_GRADE = 10
MAX_SITUATION_LENGTH = 300
MAX_STORY_BYTES = 100_000
_CARD_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,23}")
_GRADE_NAME = re.compile(r"[a-z][a-z -]{0,19}")
_STORY_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


@dataclass(frozen=True)
class GradeLevel:
    """One step of the story's grade scale: its number, its name and what it means."""

    grade: int
    name: str
    meaning: str


@dataclass(frozen=True)
class Card:
    """One search result: a short title, a one-line snippet and its grade."""

    id: str
    title: str
    snippet: str
    grade: int
    grade_name: str

    @property
    def chip(self) -> str:
        """The card as a short chip: title, grade name and number.

        >>> Card("a", "Slice Corner", "Pizza by the slice.", 2, "good").chip
        'Slice Corner · good (2)'
        """
        return f"{self.title} · {self.grade_name} ({self.grade})"


@dataclass(frozen=True)
class Story:
    """A search and its results, the cards in the order the search engine shows them."""

    id: str
    title: str
    query: str
    situation: str
    grade_scale: tuple[GradeLevel, ...]  # best grade first
    cards: tuple[Card, ...]  # in the shown order
    cutoff_k: int
    cutoff_note: str

    @property
    def shown_order(self) -> tuple[str, ...]:
        """The card ids in the order the search engine shows them."""
        return tuple(card.id for card in self.cards)

    @property
    def ideal_order(self) -> tuple[str, ...]:
        """The card ids best grade first; equal grades keep their shown order."""
        return tuple(
            self.cards[i].id for i in best_first([card.grade for card in self.cards]).tolist()
        )

    def card(self, card_id: str) -> Card:
        """The card with this id (:class:`NdcgError` if the story has none)."""
        for card in self.cards:
            if card.id == card_id:
                return card
        msg = f"This story has no card called {card_id}."
        raise NdcgError(msg)

    def ordered(self, order: Sequence[str]) -> tuple[Card, ...]:
        """The cards in ``order``, which must name every card exactly once.

        >>> story = load_story("pizza")
        >>> [card.grade for card in story.ordered(story.ideal_order)]
        [3, 3, 2, 2, 1, 0]
        """
        check_order(self, order)
        return tuple(self.card(card_id) for card_id in order)


def check_order(story: Story, order: Sequence[str]) -> tuple[str, ...]:
    """``order`` as a tuple if it names each of the story's cards exactly once.

    >>> check_order(load_story("pizza"), ["luigis"])
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The order leaves out forno-rosso, slice-corner, dough-recipe, pasta-bella, napoli-express: every card must appear once.
    """
    return check_permutation(order, story.shown_order, _CARD_ORDER)


_CARD_ORDER = OrderWords(
    unknown="Position {position} names {item}, which is not a card of this story.",
    repeated="Position {position} names {item} a second time: each card appears once.",
    missing="The order leaves out {missing}: every card must appear once.",
)
_SHOWN_ORDER = OrderWords(
    unknown='"shown_order" position {position} names {shown}, which is no card\'s id.',
    repeated='"shown_order" names {item} twice (again at position {position}).',
    missing='"shown_order" leaves out {missing}: every card is shown once.',
)


# ------------------------------------------------------------------ reading a story file


def story_ids() -> tuple[str, ...]:
    """The ids of the stories shipped with the app (their file names), sorted.

    >>> "pizza" in story_ids()
    True
    """
    folder = resources.files("ndcg_core").joinpath("data", "stories")
    return tuple(
        sorted(
            entry.name[: -len(".json")]
            for entry in folder.iterdir()
            if entry.name.endswith(".json")
        )
    )


@cache
def load_story(story_id: str = "pizza") -> Story:
    """A shipped story by id (its file name without ``.json``).

    >>> story = load_story("pizza")
    >>> story.query, len(story.cards), story.cutoff_k
    ('pizza near me', 6, 3)
    """
    if not _STORY_ID.fullmatch(story_id) or story_id not in story_ids():
        msg = f"There is no story called {story_id}; the app has {', '.join(story_ids())}."
        raise NdcgError(msg)
    source = resources.files("ndcg_core").joinpath("data", "stories", f"{story_id}.json")
    return parse_story(source.read_bytes(), story_id=story_id)


def parse_story(data: bytes | str, *, story_id: str = "story") -> Story:
    """Read and check a story file; :class:`NdcgError` says what is wrong and where.

    >>> parse_story('{"format": "ndcg-lab story", "version": 2}')
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: This story is written in format version 2; this app reads version 1.
    """
    document = read_json(data, what="The story file", kind="a story", max_bytes=MAX_STORY_BYTES)
    if not isinstance(document, dict) or document.get("format") != STORY_FORMAT:
        msg = f'This is not an nDCG Lab story: it lacks "format": "{STORY_FORMAT}".'
        raise NdcgError(msg)
    if document.get("version") != STORY_VERSION:
        msg = (
            f"This story is written in format version {_shown(document.get('version'))}; "
            f"this app reads version {STORY_VERSION}."
        )
        raise NdcgError(msg)
    scale = _grade_scale(document.get("grades"))
    cards = _cards(document.get("cards"), scale)
    order = _shown_order(document.get("shown_order"), cards)
    by_id = {card.id: card for card in cards}
    ordered = tuple(by_id[card_id] for card_id in order)
    if not any(card.grade > 0 for card in cards):
        msg = "Every card is graded 0: give at least one card a positive grade."
        raise NdcgError(msg)
    if not any(card.grade == 0 for card in cards):
        msg = "No card is graded 0: the lesson's last step needs at least one bad result."
        raise NdcgError(msg)
    cutoff_k = document.get("cutoff_k")
    if (
        isinstance(cutoff_k, bool)
        or not isinstance(cutoff_k, int)
        or not 1 <= cutoff_k < len(cards)
    ):
        msg = (
            f'"cutoff_k" must be a whole number from 1 to {len(cards) - 1} (fewer than the '
            f"{len(cards)} cards); got {_shown(cutoff_k)}."
        )
        raise NdcgError(msg)
    return Story(
        id=story_id,
        title=_text(document, "title", MAX_TITLE_LENGTH),
        query=_text(document, "query", MAX_TITLE_LENGTH),
        situation=_text(document, "situation", MAX_SITUATION_LENGTH),
        grade_scale=scale,
        cards=ordered,
        cutoff_k=cutoff_k,
        cutoff_note=_text(document, "cutoff_note", MAX_SNIPPET_LENGTH),
    )


def _shown(value: Any) -> str:
    """A JSON value as a person reads it in a message, shortened."""
    text = json.dumps(value, ensure_ascii=False) if value is not None else "nothing"
    return text if len(text) <= 40 else text[:39] + "…"


def _text(document: dict[str, Any], key: str, max_length: int) -> str:
    return check_plain_text(document.get(key), what=f'The story\'s "{key}"', max_length=max_length)


def _grade_scale(raw: Any) -> tuple[GradeLevel, ...]:
    if not isinstance(raw, list) or not 2 <= len(raw) <= MAX_GRADE + 1:
        msg = f'"grades" must be a list of 2 to {MAX_GRADE + 1} grade levels.'
        raise NdcgError(msg)
    levels: list[GradeLevel] = []
    for index, level in enumerate(raw, start=1):
        where = f"Grade level {index}"
        if not isinstance(level, dict):
            msg = f'{where} must be an object with "grade", "name" and "meaning".'
            raise NdcgError(msg, item=index)
        grade = level.get("grade")
        if isinstance(grade, bool) or not isinstance(grade, int) or not 0 <= grade <= MAX_GRADE:
            msg = f"{where} has the grade {_shown(grade)}; a grade is a whole number from 0 to {MAX_GRADE}."
            raise NdcgError(msg, item=index)
        name = level.get("name")
        if not isinstance(name, str) or not _GRADE_NAME.fullmatch(name):
            msg = (
                f"{where} has the name {_shown(name)}; a grade name is 1 to 20 lower-case "
                "letters (spaces and hyphens allowed), such as perfect."
            )
            raise NdcgError(msg, item=index)
        meaning = check_plain_text(
            level.get("meaning"), what=f"{where}'s meaning", max_length=MAX_SNIPPET_LENGTH
        )
        if any(other.grade == grade for other in levels):
            msg = f"{where} repeats the grade {grade}: each level has its own number."
            raise NdcgError(msg, item=index)
        if any(other.name == name for other in levels):
            msg = f"{where} repeats the name {name}: each level has its own name."
            raise NdcgError(msg, item=index)
        levels.append(GradeLevel(grade, name, meaning))
    if not any(level.grade == 0 for level in levels):
        msg = "The grade scale has no grade 0: a result that does not help at all scores 0."
        raise NdcgError(msg)
    return tuple(sorted(levels, key=lambda level: -level.grade))


def _cards(raw: Any, scale: tuple[GradeLevel, ...]) -> tuple[Card, ...]:
    if not isinstance(raw, list) or not MIN_CARDS <= len(raw) <= MAX_CARDS:
        msg = f'"cards" must be a list of {MIN_CARDS} to {MAX_CARDS} result cards.'
        raise NdcgError(msg)
    grade_of = {level.name: level.grade for level in scale}
    cards: list[Card] = []
    for index, card in enumerate(raw, start=1):
        if not isinstance(card, dict):
            msg = f'Card {index} must be an object with "id", "title", "snippet" and "grade".'
            raise NdcgError(msg, item=index)
        card_id = card.get("id")
        if not isinstance(card_id, str) or not _CARD_ID.fullmatch(card_id):
            msg = (
                f"Card {index} has the id {_shown(card_id)}; an id is 1 to 24 lower-case "
                "letters, digits and hyphens, such as luigis-pizzeria."
            )
            raise NdcgError(msg, item=index)
        where = f"Card {index} ({card_id})"
        if any(other.id == card_id for other in cards):
            msg = f"{where} has the same id as an earlier card: ids must differ."
            raise NdcgError(msg, item=index)
        title = check_plain_text(
            card.get("title"), what=f"{where}'s title", max_length=MAX_TITLE_LENGTH, item=index
        )
        snippet = check_plain_text(
            card.get("snippet"),
            what=f"{where}'s snippet",
            max_length=MAX_SNIPPET_LENGTH,
            item=index,
        )
        grade_name = card.get("grade")
        if not isinstance(grade_name, str) or grade_name not in grade_of:
            names = ", ".join(level.name for level in scale)
            msg = (
                f"{where} has the grade {_shown(grade_name)}, which the grade scale does not "
                f"name; use one of {names}."
            )
            raise NdcgError(msg, item=index)
        cards.append(Card(card_id, title, snippet, grade_of[grade_name], grade_name))
    return tuple(cards)


def _shown_order(raw: Any, cards: tuple[Card, ...]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(card_id, str) for card_id in raw):
        msg = '"shown_order" must be a list of card ids, the first result first.'
        raise NdcgError(msg)
    return check_permutation(raw, [card.id for card in cards], _SHOWN_ORDER, show=_shown)
