"""What class mode accepts from a person before anything is stored: a nickname, a typed
join code, an answer's text, and the size of a question the teacher adds.

Each check returns the cleaned value or raises :class:`NdcgError` with a sentence for the
person who typed it (user text quoted with ``quoted``, invisible characters named with
``character_name``), so the store can refuse before it writes anything.
"""

from __future__ import annotations

import unicodedata
from types import MappingProxyType

from ndcg_core.errors import NdcgError
from ndcg_core.text.numbers import ascii_number
from ndcg_core.text.quoting import FORMULA_STARTS, character_name, first_hidden, quoted

# Join codes: no 0/O, 1/I/L, so a code read off a projector is typed right first time.
JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_CODE_LENGTH = 6
NICKNAME_MAX = 24
ANSWER_MAX = 200
QUESTION_KIND_MAX = 40
QUESTION_PAYLOAD_MAX = 20_000
MARKUP_CHARACTERS = ("<", ">")
_ZERO_WIDTH_JOINER = "\u200d"
_TAGS = ("\U000e0020", "\U000e007f")  # the tag letters and CANCEL TAG of a flag sequence
_BLACK_FLAG = "\U0001f3f4"  # the flag the tags of Scotland, England and Wales follow
_SEPARATORS = " -"


def _type_name(value: object) -> str:
    if isinstance(value, bool):
        return "yes/no"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, bytes | bytearray):
        return "raw bytes"
    if value is None:
        return "nothing"
    return "something else"


def _no_hidden(text: str, what: str) -> None:
    hidden = first_hidden(text)
    if hidden is not None:
        msg = (
            f"{what} contains an invisible character ({character_name(hidden)}); "
            "delete it and type it again."
        )
        raise NdcgError(msg)


def _looks_like_emoji(char: str) -> bool:
    """An emoji, or what may follow one inside a sequence: a variation selector (U+FE0F
    asks for the emoji form) or a skin-tone modifier."""
    return bool(char) and (
        unicodedata.category(char) == "So"
        or char == "\ufe0f"
        or "\U0001f3fb" <= char <= "\U0001f3ff"
    )


def _without_emoji_joiners(text: str) -> str:
    """``text`` less the invisible characters that build one emoji from several: a zero-width
    joiner between two emoji (a family, "woman technologist") and the tag characters of a
    flag such as Scotland's. Every other invisible character stays, to be refused.

    >>> len(_without_emoji_joiners("\U0001f468\u200d\U0001f469\u200d\U0001f467")), _without_emoji_joiners("a\u200db")
    (3, 'a\u200db')
    """
    kept = []
    for index, char in enumerate(text):
        before = text[index - 1] if index else ""
        after = text[index + 1] if index + 1 < len(text) else ""
        if char == _ZERO_WIDTH_JOINER and _looks_like_emoji(before) and _looks_like_emoji(after):
            continue
        if _TAGS[0] <= char <= _TAGS[1] and _BLACK_FLAG in text[:index]:
            continue
        kept.append(char)
    return "".join(kept)


def nickname(text: object) -> str | None:
    """A nickname as stored: trimmed, inner runs of spaces made one; ``None`` when empty
    (a nickname is optional). At most ``NICKNAME_MAX`` characters of plain text.

    >>> nickname("  Ada   L. "), nickname("   "), nickname(None)
    ('Ada L.', None, None)
    >>> nickname("<b>x</b>")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: A nickname is plain text: “<” and “>” are not allowed.
    >>> nickname("Bo\\u200b")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The nickname contains an invisible character (U+200B ZERO WIDTH SPACE); delete it and type it again.
    """
    if text is None:
        return None
    if not isinstance(text, str):
        msg = f"A nickname must be text, not {_type_name(text)}."
        raise NdcgError(msg)
    _no_hidden(_without_emoji_joiners(text), "The nickname")
    cleaned = " ".join(unicodedata.normalize("NFC", text).split())
    if not cleaned:
        return None
    if len(cleaned) > NICKNAME_MAX:
        msg = (
            f"The nickname {quoted(cleaned)} is {len(cleaned)} characters long; "
            f"keep it to {NICKNAME_MAX}."
        )
        raise NdcgError(msg)
    if any(char in cleaned for char in MARKUP_CHARACTERS):
        msg = "A nickname is plain text: “<” and “>” are not allowed."
        raise NdcgError(msg)
    if cleaned.startswith(FORMULA_STARTS):
        msg = (
            f"The nickname {quoted(cleaned)} starts with {quoted(cleaned[0])}; "
            "start it with a letter or a digit."
        )
        raise NdcgError(msg)
    return cleaned


# Capitals of other alphabets drawn like a Latin capital (Unicode's confusables, in short).
_LOOK_ALIKES = MappingProxyType(
    dict(
        zip(
            "АВЕЅІЈКМНОРСТХУԚԜΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
            "ABESIJKMHOPCTXYQWABEZHIKMNOPTYX",
            strict=True,
        )
    )
)


def _stray(char: str) -> str:
    """A character no code uses, for a message: named, and for a look-alike from another
    alphabet, said to be one (it shows just like the Latin letter).

    >>> _stray("0")
    '“0”, which no code uses'
    >>> _stray("\u041d")
    '“Н”, a Cyrillic letter (U+041D CYRILLIC CAPITAL LETTER EN) that looks like the Latin H: type the code with Latin letters'
    """
    name = unicodedata.name(char, "")
    if char.isascii() or not char.isalpha() or not name:
        return f"{quoted(char)}, which no code uses"
    script = name.split()[0].capitalize()
    latin = _LOOK_ALIKES.get(char)
    if latin is None:
        return f"{quoted(char)}, a {script} letter ({character_name(char)}), which no code uses"
    hint = "" if latin in JOIN_CODE_ALPHABET else ", which no code uses either"
    return (
        f"{quoted(char)}, a {script} letter ({character_name(char)}) that looks like the Latin "
        f"{latin}{hint}: type the code with Latin letters"
    )


def join_code(text: object) -> str:
    """A typed join code in its stored form: capitals, spaces and dashes dropped.

    >>> join_code(" k7m-2qx "), JOIN_CODE_LENGTH
    ('K7M2QX', 6)
    >>> join_code("K7M2Q0")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The join code “K7M2Q0” has “0”, which no code uses; a code is 6 letters and digits such as “K7M2QX” (no 0, O, 1, I or L).
    """
    if not isinstance(text, str):
        msg = f"A join code must be text, not {_type_name(text)}."
        raise NdcgError(msg)
    _no_hidden(text, "The join code")
    # Full-width letters (an East Asian keyboard's) and any script's digits read as ASCII.
    code = "".join(char for char in ascii_number(text).upper() if char not in _SEPARATORS)
    code = "".join(code.split())
    example = "a code is 6 letters and digits such as “K7M2QX” (no 0, O, 1, I or L)"
    if not code:
        msg = f"Type the join code shown by your teacher: {example}."
        raise NdcgError(msg)
    stray = next((char for char in code if char not in JOIN_CODE_ALPHABET), None)
    if stray is not None:
        msg = f"The join code {quoted(code)} has {_stray(stray)}; {example}."
        raise NdcgError(msg)
    if len(code) != JOIN_CODE_LENGTH:
        msg = f"The join code {quoted(code)} has {len(code)} characters; {example}."
        raise NdcgError(msg)
    return code


def answer_value(text: object) -> str:
    """An answer's text as stored (made by the page from what the student chose or typed):
    trimmed, not empty, at most ``ANSWER_MAX`` characters, nothing invisible.

    >>> answer_value(" 0.88 ")
    '0.88'
    >>> answer_value("")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The answer is empty; type or choose an answer first.
    >>> answer_value(0.88)
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: An answer must be text, not a number.
    """
    if not isinstance(text, str):
        msg = f"An answer must be text, not {_type_name(text)}."
        raise NdcgError(msg)
    _no_hidden(text, "The answer")
    cleaned = text.strip()
    if not cleaned:
        msg = "The answer is empty; type or choose an answer first."
        raise NdcgError(msg)
    if len(cleaned) > ANSWER_MAX:
        msg = f"The answer is {len(cleaned)} characters long; an answer has at most {ANSWER_MAX}."
        raise NdcgError(msg)
    return cleaned


def question_text(kind: object, payload: object) -> tuple[str, str]:
    """A question's kind (a short name) and payload (JSON text made by the core), checked
    for type and size only: the store keeps both as they are.

    >>> question_text("predict", '{"k": 3}')
    ('predict', '{"k": 3}')
    >>> question_text("predict", "x" * 20_001)
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The question is 20001 characters long; a question has at most 20000.
    """
    if not isinstance(kind, str) or not isinstance(payload, str):
        msg = "A question's kind and content must be text."
        raise NdcgError(msg)
    if not kind or len(kind) > QUESTION_KIND_MAX or not kind.isascii() or not kind.isprintable():
        msg = f"The question kind {quoted(kind)} is not a short name."
        raise NdcgError(msg)
    if len(payload) > QUESTION_PAYLOAD_MAX:
        msg = (
            f"The question is {len(payload)} characters long; "
            f"a question has at most {QUESTION_PAYLOAD_MAX}."
        )
        raise NdcgError(msg)
    _no_hidden(payload.replace("\n", ""), "The question")
    return kind, payload
