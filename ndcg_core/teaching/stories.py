"""Stories for the guided lesson: one search, its result cards, their grades and a cutoff.

A story is a JSON file in ``ndcg_core/data/stories/``; its format is :class:`StoryFile`
(explained in ``docs/stories.md``). :func:`parse_story` checks every field and names the
place at fault;
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
from typing import Annotated, Any, Literal, TypedDict

from ndcg_core.errors import NdcgError
from ndcg_core.metric.kernel import best_first
from ndcg_core.metric.lists import OrderWords, check_permutation
from ndcg_core.text.json_files import read_json
from ndcg_core.text.json_shapes import Count, Matches, Plain, Within, check_shape
from ndcg_core.text.titles import MAX_SNIPPET_LENGTH, MAX_TITLE_LENGTH

STORY_FORMAT = "ndcg-lab story"
STORY_VERSION = 1
MIN_CARDS, MAX_CARDS = 3, 10
MAX_GRADE = 10
MAX_SITUATION_LENGTH = 300
MAX_STORY_BYTES = 100_000
_CARD_ID = r"[a-z0-9][a-z0-9-]{0,23}"
_CARD_ID_WORDS = "1 to 24 lower-case letters, digits and hyphens, such as luigis-pizzeria"
_GRADE_NAME = r"[a-z][a-z -]{0,19}"
_GRADE_NAME_WORDS = "1 to 20 lower-case letters (spaces and hyphens allowed), such as perfect"
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


class _LevelFile(TypedDict):
    grade: Annotated[int, Within(0, MAX_GRADE)]
    name: Annotated[str, Matches(_GRADE_NAME, _GRADE_NAME_WORDS)]
    meaning: Annotated[str, Plain(MAX_SNIPPET_LENGTH)]


class _CardFile(TypedDict):
    id: Annotated[str, Matches(_CARD_ID, _CARD_ID_WORDS)]
    title: Annotated[str, Plain(MAX_TITLE_LENGTH)]
    snippet: Annotated[str, Plain(MAX_SNIPPET_LENGTH)]
    grade: str  # a name of the grade scale


class StoryFile(TypedDict):
    """A story file's format, the one statement of it (``docs/stories.md`` explains it)."""

    format: Literal["ndcg-lab story"]
    version: Literal[1]
    title: Annotated[str, Plain(MAX_TITLE_LENGTH)]
    query: Annotated[str, Plain(MAX_TITLE_LENGTH)]
    situation: Annotated[str, Plain(MAX_SITUATION_LENGTH)]
    grades: Annotated[list[_LevelFile], Count(2, MAX_GRADE + 1, "grade levels")]
    cards: Annotated[list[_CardFile], Count(MIN_CARDS, MAX_CARDS, "result cards")]
    shown_order: list[str]  # every card's id once, the first result first
    cutoff_k: Annotated[int, Within(1, MAX_CARDS - 1)]  # and fewer than the cards
    cutoff_note: Annotated[str, Plain(MAX_SNIPPET_LENGTH)]


def parse_story(data: bytes | str, *, story_id: str = "story") -> Story:
    """Read and check a story file; :class:`NdcgError` says what is wrong and where.

    The fields are checked against :class:`StoryFile`; what ties fields together (a card's
    grade is a name of the scale, the shown order names each card once) is checked here.

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
    story = check_shape(document, StoryFile, what="The story file")
    scale = _grade_scale(story["grades"])
    cards = _cards(story["cards"], scale)
    order = check_permutation(
        story["shown_order"], [card.id for card in cards], _SHOWN_ORDER, show=_shown
    )
    by_id = {card.id: card for card in cards}
    if not any(card.grade > 0 for card in cards):
        msg = "Every card is graded 0: give at least one card a positive grade."
        raise NdcgError(msg)
    if not any(card.grade == 0 for card in cards):
        msg = "No card is graded 0: the lesson's last step needs at least one bad result."
        raise NdcgError(msg)
    cutoff_k = story["cutoff_k"]
    if cutoff_k >= len(cards):
        msg = (
            f'"cutoff_k" must be a whole number from 1 to {len(cards) - 1} (fewer than the '
            f"{len(cards)} cards); got {_shown(cutoff_k)}."
        )
        raise NdcgError(msg)
    return Story(
        id=story_id,
        title=story["title"],
        query=story["query"],
        situation=story["situation"],
        grade_scale=scale,
        cards=tuple(by_id[card_id] for card_id in order),
        cutoff_k=cutoff_k,
        cutoff_note=story["cutoff_note"],
    )


def _shown(value: Any) -> str:
    """A JSON value as a person reads it in a message, shortened."""
    text = json.dumps(value, ensure_ascii=False) if value is not None else "nothing"
    return text if len(text) <= 40 else text[:39] + "…"


def _grade_scale(raw: list[_LevelFile]) -> tuple[GradeLevel, ...]:
    levels: list[GradeLevel] = []
    for index, level in enumerate(raw, start=1):
        where = f"Grade level {index}"
        grade, name = level["grade"], level["name"]
        if any(other.grade == grade for other in levels):
            msg = f"{where} repeats the grade {grade}: each level has its own number."
            raise NdcgError(msg, item=index)
        if any(other.name == name for other in levels):
            msg = f"{where} repeats the name {name}: each level has its own name."
            raise NdcgError(msg, item=index)
        levels.append(GradeLevel(grade, name, level["meaning"]))
    if not any(level.grade == 0 for level in levels):
        msg = "The grade scale has no grade 0: a result that does not help at all scores 0."
        raise NdcgError(msg)
    return tuple(sorted(levels, key=lambda level: -level.grade))


def _cards(raw: list[_CardFile], scale: tuple[GradeLevel, ...]) -> tuple[Card, ...]:
    grade_of = {level.name: level.grade for level in scale}
    cards: list[Card] = []
    for index, card in enumerate(raw, start=1):
        where = f"Card {index} ({card['id']})"
        if any(other.id == card["id"] for other in cards):
            msg = f"{where} has the same id as an earlier card: ids must differ."
            raise NdcgError(msg, item=index)
        grade_name = card["grade"]
        if grade_name not in grade_of:
            names = ", ".join(level.name for level in scale)
            msg = (
                f"{where} has the grade {_shown(grade_name)}, which the grade scale does not "
                f"name; use one of {names}."
            )
            raise NdcgError(msg, item=index)
        card_ = Card(card["id"], card["title"], card["snippet"], grade_of[grade_name], grade_name)
        cards.append(card_)
    return tuple(cards)
