"""Reading the grades a person types, with errors that point at the bad item.

Accepted: numbers separated by commas, semicolons, new lines or spaces ("3, 2, 3, 0, 1,
2", "3 2 3 0 1 2", one per line), each optionally labelled as ``label=grade`` or
``label:grade`` ("D1=3"). A labelled item ends at a comma, semicolon or new line, so a
label may hold spaces ("doc a=3, doc b=2"); labels cannot contain , ; = or :.

Each number is read by :func:`ndcg_core.text.numbers.read_number`, the app's one reader of
typed numbers. Digits of any script are read as the digits they are ("٣, ٢, ١" is 3, 2, 1; full-width
"３．５" is 3.5), and the commas and semicolons of Arabic and East Asian text ("،", "，",
"、", "；", "؛") separate items as , and ; do.

Nothing typed is dropped or read as something else: an empty item between two separators
("3,,2"), an item with two ``=`` or ``:`` ("D1==3", "D1=3=4") is refused, naming the item.
A separator at the end of a line ("3, 2,") and blank lines are layout, not items.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choices import NegativeGrades
from ndcg_core.metric.metrics import default_labels
from ndcg_core.text.numbers import ascii_number, read_number
from ndcg_core.text.quoting import BIDI_CONTROLS, character_name, first_hidden, quoted, short_number

MAX_ITEMS = 10_000
MAX_TEXT_LENGTH = 1_000_000
MAX_LABEL_LENGTH = 40

_LINES = re.compile(r"[\n\r]+")
_ITEM_SEPARATORS = re.compile(r"[,;\u060c\u061b\u3001\uff0c\uff1b]")  # , ; and look-alikes
_LABEL_MARKS = "=:"  # label=grade or label:grade
_RESERVED_IN_LABELS = ",;\u060c\u061b\u3001\uff0c\uff1b\n\r" + _LABEL_MARKS
_SPACES = re.compile(r"\s+")
# A space-free item: a number, or label=number / label:number.
_LABELLED_WORD = re.compile(
    r"(?:[^\s=:]+[=:])?[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
)


@dataclass(frozen=True)
class GradeList:
    """Grades in ranked order and a unique label for each."""

    grades: tuple[float, ...]
    labels: tuple[str, ...]


def parse_grades(
    text: str,
    *,
    negative_grades: NegativeGrades = NegativeGrades.KEEP,
    max_items: int = MAX_ITEMS,
) -> GradeList:
    """Parse typed grades; raise :class:`NdcgError` naming the first bad item.

    >>> parse_grades("3, 2, 3, 0, 1, 2").grades
    (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)
    >>> parse_grades("D1=3 D2=2").labels
    ('D1', 'D2')
    >>> parse_grades("3, x")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Item 2 (“x”) is not a number.
    """
    if len(text) > MAX_TEXT_LENGTH:
        msg = f"The text is {len(text):,} characters long; at most {MAX_TEXT_LENGTH:,} are read."
        raise NdcgError(msg)
    tokens = _tokens(text)
    if not tokens:
        msg = "Enter at least one grade, for example: 3, 2, 3, 0, 1, 2"
        raise NdcgError(msg)
    if len(tokens) > max_items:
        msg = f"Got {len(tokens):,} items; at most {max_items:,} are accepted."
        raise NdcgError(msg)

    grades: list[float] = []
    given_labels: list[str | None] = []
    for index, token in enumerate(tokens, start=1):
        label, number = _split_label(token, index)
        grades.append(_parse_number(number, index, label))
        given_labels.append(label)

    grade_list = GradeList(tuple(grades), _complete_labels(given_labels))
    if negative_grades is NegativeGrades.REJECT:
        _reject_negatives(grade_list, "Item")
    return grade_list


def names_documents(text: str) -> bool:
    """Whether typed grades name any document (``a=3``), rather than give grades alone,
    whose documents are then new ones named by position (D1, D2, ...): a title belongs to a
    document the person named, and does not pass to whatever is typed in its place.

    >>> names_documents("3, 2, 3"), names_documents("D1=3, 2")
    (False, True)
    """
    tokens = _tokens(text)
    return any(_split_label(token, i)[0] is not None for i, token in enumerate(tokens, start=1))


def _reject_negatives(grade_list: GradeList, noun: str) -> None:
    for index, grade in enumerate(grade_list.grades, start=1):
        if grade < 0:
            msg = (
                f"{noun} {index} ({quoted(grade_list.labels[index - 1])}) is negative "
                f"({grade:g}), and the chosen convention rejects negative grades."
            )
            raise NdcgError(msg, item=index)


def _tokens(text: str) -> list[str]:
    """Items split on commas, semicolons and new lines, and on spaces unless that breaks a label.

    So "3 2 3" and "D1=3 D2=2" are items each, while "doc a=3, doc b=2" keeps its labels.
    An empty item between separators is refused; one after the last separator of a line
    is not an item.
    """
    tokens: list[str] = []
    empty: int | None = None  # the item number of the first empty item
    for line in _LINES.split(text):
        parts = _ITEM_SEPARATORS.split(line)
        for position, part in enumerate(parts):
            words = [w for w in _SPACES.split(part.strip()) if w]
            if not words:
                if position < len(parts) - 1 and empty is None:
                    empty = len(tokens) + 1
                continue
            labelled = any(mark in part for mark in _LABEL_MARKS)
            if (
                labelled
                and len(words) > 1
                and not all(_LABELLED_WORD.fullmatch(ascii_number(w)) for w in words)
            ):
                tokens.append(part.strip())  # one labelled item whose label holds spaces
            else:
                tokens += words
    if empty is not None and tokens:  # (no grade at all is said more simply by the caller)
        msg = (
            f"Item {empty} is empty: two separators (, or ;) with nothing between them, or "
            "one before the first grade on a line. Type its grade, or delete the extra "
            "separator."
        )
        raise NdcgError(msg, item=empty)
    return tokens


def _split_label(token: str, index: int) -> tuple[str | None, str]:
    marks = [i for i, char in enumerate(token) if char in _LABEL_MARKS]
    if not marks:
        return None, token
    if len(marks) > 1:
        msg = (
            f"Item {index} ({quoted(token)}) has more than one = or :, so where its label ends "
            "is not clear; write one label and one grade, e.g. D1=3 (labels cannot contain "
            "= or :)."
        )
        raise NdcgError(msg, item=index)
    cut = marks[0]
    label, number = token[:cut].strip(), token[cut + 1 :].strip()
    if not label:
        msg = f"Item {index} ({quoted(token)}) has an empty label before {quoted(token[cut])}."
        raise NdcgError(msg, item=index)
    _check_label(label, index, "Item")
    if not number:
        msg = f"Item {index} ({quoted(token)}) has a label but no grade after {quoted(token[cut])}."
        raise NdcgError(msg, item=index)
    return label, number


def _check_label(label: str, index: int, noun: str) -> None:
    reserved = sorted(set(label) & set(_RESERVED_IN_LABELS))
    if reserved:
        msg = (
            f"{noun} {index}'s label contains {_described(reserved[0])}; labels cannot contain "
            ", ; = or : "
            "(they separate items and labels)"
        )
        raise NdcgError(msg, item=index)
    if len(label) > MAX_LABEL_LENGTH:
        msg = f"{noun} {index}'s label is {len(label)} characters; at most {MAX_LABEL_LENGTH}."
        raise NdcgError(msg, item=index)
    check_visible(label, f"{noun} {index}'s label", item=index)


def check_visible(text: str, what: str, *, item: int | None = None) -> None:
    """Refuse text that would not show as typed: a control character, a bidirectional
    override (it displays the text around it reversed) or half a character.

    >>> check_visible("a\u202eb", "Item 1's label")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Item 1's label contains an invisible control character (U+202E RIGHT-TO-LEFT OVERRIDE).
    """
    for char in text:
        if unicodedata.category(char) == "Cs":  # only a JSON escape ("\\ud800") makes one
            msg = f"{what} holds half a character (U+{ord(char):04X}), not text."
            raise NdcgError(msg, item=item)
        if unicodedata.category(char) == "Cc" or char in BIDI_CONTROLS:
            msg = f"{what} contains an invisible control character ({character_name(char)})."
            raise NdcgError(msg, item=item)


def _described(char: str) -> str:
    """One character for a message: quoted when it shows, named when it does not."""
    return character_name(char) if char.isspace() or first_hidden(char) else quoted(char)


def _parse_number(typed: str, index: int, label: str | None, *, noun: str = "Item") -> float:
    where = f"{noun} {index}" + (f" ({quoted(label)})" if label else "")
    try:
        return read_number(typed, where=where, labelled=label is not None)
    except NdcgError as error:
        raise NdcgError(str(error), item=index) from None


def _complete_labels(given: Sequence[str | None], *, noun: str = "Items") -> tuple[str, ...]:
    defaults = default_labels(len(given))
    labels = tuple(label if label is not None else defaults[i] for i, label in enumerate(given))
    first_seen: dict[str, int] = {}
    for index, label in enumerate(labels, start=1):
        if label in first_seen:
            msg = (
                f"{noun} {first_seen[label]} and {index} have the same label {quoted(label)}; "
                "labels must be unique."
            )
            raise NdcgError(msg, item=index)
        first_seen[label] = index
    return labels


def playground_labels(doc_ids: Sequence[str]) -> tuple[str, ...]:
    """Document ids as labels :func:`parse_grades` takes back from :func:`format_grades`,
    each as close to its id as it can be: commas, semicolons, ``=``, ``:``, white space and
    invisible control characters become ``_``; an id over ``MAX_LABEL_LENGTH`` characters is cut and
    ends in ``…``; a label that would repeat an earlier one ends in ``~2``, ``~3``...

    >>> playground_labels(["doc-1", "a,b", "x" * 50, "a_b", "p=q"])
    ('doc-1', 'a_b', 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…', 'a_b~2', 'p_q')
    """
    labels: list[str] = []
    seen: set[str] = set()
    for index, doc_id in enumerate(doc_ids, start=1):
        label = (
            "".join(
                "_"
                if char in _RESERVED_IN_LABELS
                or char.isspace()
                or unicodedata.category(char) in ("Cc", "Cs")
                or char in BIDI_CONTROLS
                else char
                for char in str(doc_id)
            )
            or f"D{index}"
        )
        if len(label) > MAX_LABEL_LENGTH:
            label = label[: MAX_LABEL_LENGTH - 1] + "…"
        unique, copy = label, 2
        while unique in seen:
            suffix = f"~{copy}"
            unique, copy = label[: MAX_LABEL_LENGTH - len(suffix)] + suffix, copy + 1
        seen.add(unique)
        labels.append(unique)
    return tuple(labels)


@dataclass(frozen=True)
class ListWords:
    """How a list's grades are written as text, a document at a time, in any order of its
    documents: ``bare`` and ``named`` are each document's word without and with its label
    (in the order of ``labels``), and a list in the order ``bare_order`` is written bare,
    any other order named. ``bare_order`` is the default labels ``D1 .. Dn`` unless the
    documents are ``labelled`` (titled) or are not named ``D1 .. Dn``; then nothing is bare.

    The grade box follows a drop in the browser with these words (components/grade_box.py):
    the rule that picks bare or named is this one, the text :func:`format_grades` writes.

    >>> words = list_words([3.0, 1.0], ["D2", "D1"])
    >>> words.bare, words.named, words.bare_order
    (('3', '1'), ('D2=3', 'D1=1'), ('D1', 'D2'))
    >>> words.text(["D1", "D2"]), words.text(["D2", "D1"])
    ('1, 3', 'D2=3, D1=1')
    """

    labels: tuple[str, ...]
    bare: tuple[str, ...]
    named: tuple[str, ...]
    bare_order: tuple[str, ...] | None

    def text(self, order: Sequence[str]) -> str:
        """The list's text with its documents in ``order`` (a permutation of ``labels``)."""
        words = self.bare if self.bare_order == tuple(order) else self.named
        place = {label: i for i, label in enumerate(self.labels)}
        return LIST_SEPARATOR.join(words[place[label]] for label in order)


LIST_SEPARATOR = ", "  # between two grades of a list written as text


def list_words(
    grades: Sequence[float], labels: Sequence[str] | None = None, *, labelled: bool = False
) -> ListWords:
    """The words :func:`format_grades` writes the list with, a document at a time."""
    defaults = default_labels(len(grades))
    plain = labels is None or (not labelled and sorted(labels) == sorted(defaults))
    labels = defaults if labels is None else tuple(labels)
    bare = tuple(short_number(g + 0.0) for g in grades)
    named = tuple(f"{label}={n}" for label, n in zip(labels, bare, strict=True))
    return ListWords(labels, bare, named, defaults if plain else None)


def format_grades(
    grades: Sequence[float], labels: Sequence[str] | None = None, *, labelled: bool = False
) -> str:
    """Write grades back as text that :func:`parse_grades` reads; default labels are omitted
    unless ``labelled`` (a list whose documents have titles: the titles belong to the labels).

    >>> format_grades([3.0, 2.5, 0.0])
    '3, 2.5, 0'
    >>> format_grades([3.0, 1.0], ["a", "b"])
    'a=3, b=1'
    >>> format_grades([3.0, 1.0], ["D1", "D2"], labelled=True)
    'D1=3, D2=1'
    >>> format_grades([-0.0])  # parse_grades reads "-0" as 0: written so, a link comes back
    '0'
    """
    words = list_words(grades, labels, labelled=labelled)
    return words.text(words.labels)


def grade_list_from_rows(
    labels: Sequence[str | None],
    grades: Sequence[float | str | None],
    *,
    negative_grades: NegativeGrades = NegativeGrades.KEEP,
    max_items: int = MAX_ITEMS,
) -> GradeList:
    """Validate table rows (label, grade) into a :class:`GradeList`; errors name the row.

    Empty labels get ``D<row>``; grades may be numbers or text.

    >>> grade_list_from_rows(["a", None], [3, "2"]).labels
    ('a', 'D2')
    >>> grade_list_from_rows(["a"], [None])
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Row 1 (“a”) has no grade.
    """
    if not grades:
        msg = "The table is empty: add at least one row."
        raise NdcgError(msg)
    if len(grades) > max_items:
        msg = f"Got {len(grades):,} rows; at most {max_items:,} are accepted."
        raise NdcgError(msg)
    given: list[str | None] = []
    values: list[float] = []
    for row, (label, grade) in enumerate(zip(labels, grades, strict=True), start=1):
        text = (label or "").strip()
        if text:
            _check_label(text, row, "Row")
        given.append(text or None)
        where = f"Row {row}" + (f" ({quoted(text)})" if text else "")
        if grade is None or (isinstance(grade, float) and math.isnan(grade)):
            msg = f"{where} has no grade."
            raise NdcgError(msg, item=row)
        values.append(_parse_number(str(grade).strip(), row, text or None, noun="Row"))
    grade_list = GradeList(tuple(values), _complete_labels(given, noun="Rows"))
    if negative_grades is NegativeGrades.REJECT:
        _reject_negatives(grade_list, "Row")
    return grade_list
