"""What a kind of question is: an exercise's data, and the one object per kind that knows
how to ask it, read and judge an answer, and reveal the right one.

A kind (:class:`QuestionKind`) is declared once, as ir_measures declares a measure: one
module of :mod:`ndcg_core.teaching.kinds` per kind, and one line in that package's registry.
Practice (:mod:`ndcg_core.teaching.practice`), its link
(:mod:`ndcg_core.links.practice_link`), class questions
(:mod:`ndcg_core.questions.class_questions`, :mod:`ndcg_core.questions.class_reveal`) and
the pages ask the kind; none of them names one. A page draws a kind's answer from what it
declares (:class:`AnswerInput`: a number, a choice among options, an order) and shows its
lists from :meth:`QuestionKind.shown` (:data:`Part`), so a new kind with an existing input
needs no change to any page.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Literal, Protocol

from ndcg_core.errors import NdcgError
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.teaching.kinds.dealing import Level
from ndcg_core.text.quoting import quoted

if TYPE_CHECKING:  # only for a signature: the slips are worked out by the kinds that have them
    from ndcg_core.teaching.slips import SlipTable


class AnswerInput(StrEnum):
    """How a person gives an answer to a kind: the page draws the widget from this alone."""

    NUMBER = "number"  # a number typed in a box
    CHOICE = "choice"  # one option picked from each of the kind's :class:`Choice` groups
    ORDER = "order"  # the exercise's documents dragged into an order


@dataclass(frozen=True)
class Exercise:
    """One question. Which fields matter depends on ``kind``:

    - predict (and a class's list question): ``grades`` under ``convention``; the answer is
      its nDCG (within ``tolerance``);
    - reorder: ``grades`` to be put in an order where ``goal_k`` (if set) scores nDCG 1 and
      ``miss_k`` (if set) does not, or, with neither, the order of highest DCG;
    - compare: ``grades`` (ranking A) and ``other`` (ranking B), and ``options`` of changes to
      the convention; ``answer`` is "A" or "B" and ``answer_index`` the option that flips;
    - spot: ``pairs`` of lists; ``answer_index`` is the pair nDCG cannot tell apart.
    """

    key: str
    number: int
    kind: QuestionKind
    prompt: str
    convention: Convention
    grades: tuple[float, ...] = ()
    labels: tuple[str, ...] = ()
    other: tuple[float, ...] = ()
    tolerance: float = 0.0
    goal_k: int | None = None
    miss_k: int | None = None
    options: tuple[str, ...] = ()
    option_conventions: tuple[Convention, ...] = ()
    pairs: tuple[tuple[tuple[float, ...], tuple[float, ...]], ...] = ()
    answer: str = ""
    answer_index: int = -1
    explanation: str = ""


@dataclass(frozen=True)
class Feedback:
    """Whether an answer is right, what to say, and the worked evaluation to show."""

    correct: bool
    message: str
    worked: Evaluation | None = None


@dataclass(frozen=True)
class Answer:
    """One Practice answer as given, in the fields its kind's input fills: a number
    (``number``), an order (``order``: the labels, top first), or choices (``winner``, "A"
    or "B", and ``choice``, an index from 0), as each :class:`Choice` names its ``field``.
    """

    number: float | None = None
    order: tuple[str, ...] = ()
    winner: str = ""
    choice: int = -1


@dataclass(frozen=True)
class Choice:
    """One group of options a person picks one from (a row of radio buttons): ``values``
    as the answer holds them, each read as ``shown``. ``key`` ends the widget's key;
    ``field`` is the :class:`Answer` field a Practice pick fills."""

    key: str
    label: str
    values: tuple[str, ...] | tuple[int, ...]
    shown: tuple[str, ...]
    horizontal: bool = False
    field: Literal["winner", "choice"] = "choice"

    def text(self, value: object) -> str:
        """How ``value`` reads.

        >>> Choice("pair", "Which?", (1, 2), ("Pair 1", "Pair 2")).text(2)
        'Pair 2'
        """
        return self.shown[list(self.values).index(value)]


@dataclass(frozen=True)
class GradeLine:
    """A list shown as grades to copy (labels where they are not D1, D2, ...), and the
    grades of judged documents it did not retrieve, when the ideal needs them."""

    grades: tuple[float, ...]
    labels: tuple[str, ...] | None = None
    unretrieved: tuple[float, ...] = ()


@dataclass(frozen=True)
class RankingsAB:
    """Two rankings side by side, A and B."""

    a: tuple[float, ...]
    b: tuple[float, ...]


@dataclass(frozen=True)
class Numbered:
    """Numbered lines (1., 2., ...) under a heading (none when empty)."""

    heading: str
    items: tuple[str, ...]


Part = GradeLine | RankingsAB | Numbered
"""What a page shows of a question besides its prompt and its answer widgets."""


class Asked(Protocol):
    """A question asked of a class, as a kind reads it
    (:class:`ndcg_core.questions.class_questions.ClassQuestion` is one)."""

    @property
    def exercise(self) -> Exercise: ...

    @property
    def unretrieved(self) -> tuple[float, ...]: ...

    @property
    def judged_grades(self) -> tuple[float, ...] | None: ...

    def evaluation(self) -> Evaluation: ...


class QuestionKind(ABC):
    """A kind of question: its words, its answer input, and how an answer is read, judged
    and revealed, in class (on an :class:`Asked`) and in Practice (on an :class:`Exercise`).

    A kind is one object, defined once in its module as ``KIND``; it pickles as that
    name, so a cached exercise still holds the very same kind. Answers in class are
    canonical text (:meth:`parse` makes it: the store keeps it, the reveal reads it back).
    """

    name: str  # as the class store and every link keep it: never change it
    title: str  # in class: "Predict nDCG"
    practice_title: str  # in Practice: "Predict"
    answered_with: str  # for the teacher: what students answer with
    answer_input: AnswerInput

    def __reduce__(self) -> str:
        return "KIND"  # pickle finds the module's one instance, never a copy

    def __repr__(self) -> str:
        return f"<question kind {self.name}>"

    def __lt__(self, other: QuestionKind) -> bool:
        return self.name < other.name

    # ------------------------------------------------------------------ in class

    @abstractmethod
    def parse(self, question: Asked, raw: str) -> str:
        """A student's answer as canonical text, or :class:`NdcgError` with a message for
        them."""

    @abstractmethod
    def is_right(self, question: Asked, value: str) -> bool:
        """Whether a canonical answer is right."""

    @abstractmethod
    def right_answer(self, question: Asked) -> str:
        """The right answer in words, as the reveal states it."""

    @abstractmethod
    def right_value(self, question: Asked) -> float | str:
        """The right answer as the summary's ``answer`` column holds one: a number as a
        number, else the canonical text."""

    @abstractmethod
    def explanation(self, question: Asked) -> str:
        """How to get the right answer, for the reveal."""

    @abstractmethod
    def asked(self, question: Asked) -> str:
        """The list or lists the question asks about, in words (for the summary)."""

    @abstractmethod
    def shown(self, question: Asked) -> tuple[Part, ...]:
        """What the class sees of the question besides its prompt and answer widgets."""

    def choices(self, question: Asked) -> tuple[Choice, ...]:
        """A choice kind's groups of options in class; the canonical answer is the picked
        values joined by ", ". None for other inputs."""
        return ()

    def label(self, question: Asked, value: str) -> str:
        """A canonical answer as a short label for a chart or a table."""
        return value

    def slips(self, question: Asked) -> SlipTable | None:
        """The slips a numeric answer can sit at (None: answers are counted as choices)."""
        return None

    def option_rows(self, exercise: Exercise) -> tuple[tuple[str, float, float], ...]:
        """Scores worked out under each option (name, nDCG of A, nDCG of B), shown with the
        right answer; none for most kinds."""
        return ()

    # ------------------------------------------------------------------ in Practice

    @abstractmethod
    def check(self, exercise: Exercise, answer: Answer) -> Feedback:
        """The verdict on a Practice answer."""

    @abstractmethod
    def write_answer(self, exercise: Exercise, answer: Answer) -> str:
        """A Practice answer as its link writes it (letters, digits and ``.-`` only)."""

    @abstractmethod
    def read_answer(self, exercise: Exercise, text: str, where: str) -> Answer:
        """A Practice answer read from its link, only if the page could have given it;
        :class:`NdcgError` starting with ``where`` if not."""

    def deal(self, rng: random.Random, level: Level, seed: int, number: int) -> Exercise:
        """A new Practice exercise of this kind, number ``number`` of the set ``(seed,
        level)``, drawn from ``rng`` (the set's one generator; :mod:`.dealing`). A kind
        Practice never deals (a class's list question) has none."""
        msg = f"Practice deals no {self.name} exercise."
        raise NotImplementedError(msg)

    def practice_shown(self, exercise: Exercise) -> tuple[Part, ...]:
        """What Practice shows of the exercise above its answer widgets."""
        return ()

    def practice_choices(self, exercise: Exercise) -> tuple[Choice, ...]:
        """A choice kind's groups of options in Practice."""
        return ()


def link_index(text: str, count: int) -> int | None:
    """``text`` as an index below ``count`` (short: a set's lists are short), else None.

    >>> link_index("2", 4), link_index("4", 4), link_index("02x", 4)
    (2, None, None)
    """
    if 0 < len(text) <= 3 and text.isascii() and text.isdigit() and int(text) < count:
        return int(text)
    return None


def numbered(count: int) -> tuple[int, ...]:
    """1 to ``count``, as a class picks among numbered options."""
    return tuple(range(1, count + 1))


def pick_number(raw: str, count: int, what: str) -> int:
    """A typed pick among ``count`` numbered options (``what`` names them; the word may be
    typed before the number), or :class:`NdcgError` saying what to type.

    >>> pick_number(" pair 2", 4, "Pair")
    2
    >>> pick_number("5", 4, "Pair")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Choose a pair from 1 to 4; “5” is not one.
    """
    text = raw.strip().lower().removeprefix(what.lower()).strip()
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= count):
        msg = f"Choose a {what.lower()} from 1 to {count}; {quoted(raw)} is not one."
        raise NdcgError(msg)
    return int(text)
