"""The rule for a result's title and snippet: plain text, one line, length-limited.

Titles and snippets are shown as text, never as HTML; this module only decides what text
is accepted, so every place that takes a title (a story file, a table, a link) applies the
same rule and gives the same message.
"""

from __future__ import annotations

import unicodedata

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
