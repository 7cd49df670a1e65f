"""The rule for a result's title and snippet: plain text, one line, length-limited.

Titles and snippets are shown as text, never as HTML; this module only decides what text
is accepted, so every place that takes a title (a story file, a table, a link) applies the
same rule and gives the same message.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence

from ndcg_core.errors import NdcgError

MAX_TITLE_LENGTH = 60
MAX_SNIPPET_LENGTH = 140
# Bidirectional overrides and isolates can make text display as something it is not.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def check_plain_text(text: object, *, what: str, max_length: int, item: int | None = None) -> str:
    """``text`` if it is one line of plain text of 1 to ``max_length`` characters.

    ``what`` names the field for the message ("Card 3's title"); ``item`` is passed on
    to :class:`~ndcg_core.errors.NdcgError` so a page can point at the card.

    >>> check_plain_text("Forno Rosso", what="The title", max_length=60)
    'Forno Rosso'
    >>> check_plain_text("a\\tb", what="Card 2's title", max_length=60)
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Card 2's title contains an invisible control character (U+0009).
    """
    if not isinstance(text, str):
        msg = f"{what} must be text."
        raise NdcgError(msg, item=item)
    if not text.strip():
        msg = f"{what} is empty."
        raise NdcgError(msg, item=item)
    if text != text.strip():
        msg = f"{what} starts or ends with spaces."
        raise NdcgError(msg, item=item)
    if len(text) > max_length:
        msg = f"{what} is {len(text)} characters long; at most {max_length} fit."
        raise NdcgError(msg, item=item)
    for char in text:
        category = unicodedata.category(char)
        if category == "Cs":  # only a JSON escape such as "\ud800" makes one
            msg = f"{what} holds half a character (U+{ord(char):04X}), not text."
            raise NdcgError(msg, item=item)
        if category in ("Cc", "Zl", "Zp") or char in _BIDI_CONTROLS:
            msg = f"{what} contains an invisible control character (U+{ord(char):04X})."
            raise NdcgError(msg, item=item)
    return text


#: The URL parameter that holds the documents' titles, one per position of the list.
TITLES_PARAM = "t"
_TITLE_SEPARATOR = "\n"  # never inside a title: a title is one line


def titles_by_label(
    labels: Sequence[str], titles: Sequence[str | None], *, noun: str = "Row"
) -> dict[str, str]:
    """The titles typed beside ``labels`` (an empty one means none), each checked as plain
    text; the message names the row.

    >>> titles_by_label(["d1", "d2"], ["Forno Rosso", None])
    {'d1': 'Forno Rosso'}
    >>> titles_by_label(["d1", "d2"], [None, "x" * 61])
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Row 2's title is 61 characters long; at most 60 fit.
    """
    named: dict[str, str] = {}
    for row, (label, title) in enumerate(zip(labels, titles, strict=True), start=1):
        if title is None or not str(title).strip():
            continue
        named[label] = check_plain_text(
            str(title).strip(), what=f"{noun} {row}'s title", max_length=MAX_TITLE_LENGTH, item=row
        )
    return named


def titles_to_param(labels: Sequence[str], titles: Mapping[str, str]) -> str:
    """The titles in the order of ``labels``, one line each ("" where a document has none,
    trailing ones dropped): :func:`titles_from_param` reads it back.

    >>> titles_to_param(["a", "b", "c"], {"b": "Forno Rosso"})
    '\\nForno Rosso'
    """
    lines = [titles.get(label, "") for label in labels]
    while lines and not lines[-1]:
        lines.pop()
    return _TITLE_SEPARATOR.join(lines)


def titles_from_param(text: str, labels: Sequence[str]) -> dict[str, str]:
    """Read :func:`titles_to_param` back against the list's ``labels``.

    >>> titles_from_param("\\nForno Rosso", ["a", "b", "c"])
    {'b': 'Forno Rosso'}
    >>> titles_from_param("x\\ny", ["a"])
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The link gives 2 titles for a list of 1 document.
    """
    lines = text.split(_TITLE_SEPARATOR) if text else []
    if len(lines) > len(labels):
        documents = "document" if len(labels) == 1 else "documents"
        msg = f"The link gives {len(lines)} titles for a list of {len(labels)} {documents}."
        raise NdcgError(msg)
    return titles_by_label(labels[: len(lines)], lines, noun="Position")
