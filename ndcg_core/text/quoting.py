"""Small text helpers shared by the core's modules: numbers written short, and user text
quoted for a message a person reads (the one home for that: no message shows a repr)."""

from __future__ import annotations

import unicodedata
from types import MappingProxyType

# Characters that do not show as themselves: controls, format characters (zero-width
# spaces, joiners, bidirectional overrides), surrogates, private use, unassigned, and
# line or paragraph separators.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Bidirectional embeddings, overrides and isolates: they reorder the text around them.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
QUOTE_LIMIT = 30


def short_number(value: float) -> str:
    """The shortest text that reads back as the same float: '3' for 3.0, repr otherwise.

    >>> short_number(3.0), short_number(0.1), short_number(1.6968612456694245)
    ('3', '0.1', '1.6968612456694245')
    """
    short = f"{value:.15g}"
    return short if float(short) == value else repr(value)


def is_hidden(char: str) -> bool:
    """Whether ``char`` would not show as itself on a page (see ``_HIDDEN_CATEGORIES``).

    >>> is_hidden("\\u200b"), is_hidden("\\u202e"), is_hidden("a"), is_hidden(" ")
    (True, True, False, False)
    """
    return unicodedata.category(char) in _HIDDEN_CATEGORIES


def first_hidden(text: str) -> str | None:
    """The first character of ``text`` that would not show as itself, if any.

    >>> first_hidden("3\\u200b") == "\\u200b", first_hidden("3")
    (True, None)
    """
    return next((char for char in text if is_hidden(char)), None)


_CONTROL_NAMES = MappingProxyType(
    {"\x00": "NULL", "\t": "TAB", "\n": "LINE FEED", "\r": "CARRIAGE RETURN"}
)


def character_name(char: str) -> str:
    """A character as a person can look it up: its code point and Unicode name.

    >>> character_name("\\u200b")
    'U+200B ZERO WIDTH SPACE'
    >>> character_name("\\x07")
    'U+0007 CONTROL CHARACTER'
    """
    name = unicodedata.name(char, "") or _CONTROL_NAMES.get(char, "")
    if not name:
        name = "CONTROL CHARACTER" if unicodedata.category(char) == "Cc" else "UNNAMED"
    if unicodedata.category(char) == "Cs":
        name = "HALF OF A CHARACTER (A LONE SURROGATE)"
    return f"U+{ord(char):04X} {name}"


def quoted(text: object, limit: int = QUOTE_LIMIT) -> str:
    """User text in quotation marks for a message: shortened to ``limit`` characters (ending
    in …), each character that would not show written as ⟨U+XXXX⟩, so nothing invisible
    or direction-changing reaches the screen and nothing looks like Python.

    >>> quoted("banana")
    '“banana”'
    >>> quoted("3\\u200b")
    '“3⟨U+200B⟩”'
    >>> quoted("x" * 40, limit=5)
    '“xxxx…”'
    """
    text = str(text)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return "“" + "".join(f"⟨U+{ord(c):04X}⟩" if is_hidden(c) else c for c in text) + "”"


# A spreadsheet reads a cell starting with one of these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
