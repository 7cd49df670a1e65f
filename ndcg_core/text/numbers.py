"""The one reader of a typed number: a grade in a list, a guess, an answer, a threshold.

Every box where a person types a number, and every item of a typed list of grades, is read
by :func:`read_number`, so the same text gets the same number or the same refusal
everywhere. Its rules:

- Digits of any script are read as the digits they are, and full-width forms as their ASCII
  twins: Arabic-Indic "٠٫٥" is 0.5, "３．５" is 3.5 (the grade lists read them so already).
  A superscript ² or a fraction ½ is not a decimal digit, and is refused.
- The decimal point is a point (or the Arabic decimal separator ٫). A comma is refused, not
  guessed: in a list it separates grades, and "1,000" is a thousand to some readers and one
  to others; the message says to type 0.86.
- A space inside a number is refused ("0.8 6" is not 0.86 nor two numbers).
- Numbers are 64-bit floats (the core's exact arithmetic is for gains of huge grades, not
  for the grades themselves), so a number too large for one (1e309) is refused as too large,
  and a non-zero number nearer 0 than the smallest float (1e-400 would become 0) is refused
  as too small to tell from 0, rather than read as 0 in silence.
"""

from __future__ import annotations

import math
import re
import unicodedata

from ndcg_core.errors import NdcgError
from ndcg_core.text.quoting import character_name, first_hidden, quoted

MAX_TYPED_NUMBER = 100  # characters in a box for one number; "0.86" needs 4
SMALLEST = math.ulp(0.0)  # 5e-324: a float's smallest step; anything nearer 0 reads as 0
EXAMPLE = "0.86"

_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_NOT_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)


def read_number(typed: str, *, where: str | None = None, labelled: bool = False) -> float:
    """Read one typed number by the rules above; :class:`NdcgError` says what is wrong.

    ``where`` names an item of a list ("Item 3"; ``labelled`` when it names the item's
    label too); without it the text is what a box holds, and may be at most
    ``MAX_TYPED_NUMBER`` characters, with spaces around it.

    >>> read_number(" 0.86 "), read_number("٠٫٥"), read_number("－３．５ｅ１"), read_number("−1")
    (0.86, 0.5, -35.0, -1.0)
    >>> read_number("0,86")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: “0,86” has a comma: type a decimal with a point, like 0.86 (and no comma between thousands).
    >>> read_number("1e-400", where="Item 2")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: Item 2 (“1e-400”) is too small to tell from 0: the smallest number above 0 that can be read is about 5e-324. Type 0 if you mean 0.
    """
    if where is None:
        if len(typed) > MAX_TYPED_NUMBER:
            msg = (
                f"That is {len(typed):,} characters long; a number has at most "
                f"{MAX_TYPED_NUMBER}. Type one like {EXAMPLE}."
            )
            raise NdcgError(msg)
        typed = typed.strip()
        if not typed:
            msg = f"Type a number first, for example {EXAMPLE}."
            raise NdcgError(msg)
    what = "grade" if where else "number"
    shown = quoted(typed)
    subject = shown if where is None else f"{where}: {shown}" if labelled else f"{where} ({shown})"
    hidden = first_hidden(typed)
    if hidden is not None:
        msg = (
            f"{where or shown} contains an invisible character ({character_name(hidden)}); "
            f"delete it and type the {what} again."
        )
        raise NdcgError(msg)
    number = ascii_number(typed)
    if _NOT_FINITE.fullmatch(number):
        msg = (
            f"{where} is {shown}; a grade must be a finite number."
            if where
            else f"{shown} is not a finite number; type one like {EXAMPLE}."
        )
        raise NdcgError(msg)
    if any(char.isspace() for char in number) and all(
        _NUMBER.fullmatch(part) for part in number.split()
    ):  # "0.8 6": numbers split by a space; "<img src=x>" is simply not a number
        msg = f"{subject} has a space inside it; type one {what} without spaces, like {EXAMPLE}."
        raise NdcgError(msg)
    if "," in number and _NUMBER.fullmatch(number.replace(",", "")):
        msg = (
            f"{subject} has a comma: type a decimal with a point, like {EXAMPLE} "
            "(and no comma between thousands)."
        )
        raise NdcgError(msg)
    if not _NUMBER.fullmatch(number):
        msg = f"{subject} is not a number" + ("." if where else f"; type one like {EXAMPLE}.")
        raise NdcgError(msg)
    value = float(number)
    if not math.isfinite(value):
        msg = (
            f"{subject} is too large; a grade must be a finite number."
            if where
            else f"{shown} is too large: a number here is at most about 1.8e308."
        )
        raise NdcgError(msg)
    if value == 0 and _has_nonzero_digit(number):
        msg = (
            f"{subject} is too small to tell from 0: the smallest number above 0 that "
            f"can be read is about {SMALLEST:.0e}. Type 0 if you mean 0."
        )
        raise NdcgError(msg)
    return value + 0.0  # -0 reads as 0


def _has_nonzero_digit(number: str) -> bool:
    """Whether the digits before any exponent hold more than zeros ("0.0e5" does not)."""
    mantissa = number.lower().partition("e")[0]
    return any(char in "123456789" for char in mantissa)


def ascii_number(text: str) -> str:
    """A number typed in any script's digits, or in full-width forms, in ASCII; a
    typographic minus sign (or an en dash, common in pasted text) as ``-``.

    Only decimal digits (Unicode category Nd) change, not look-alikes: a superscript ² or
    a fraction ½ stays what it is, and is then not read as a number.

    >>> ascii_number("٣٫٥"), ascii_number("－３．５ｅ１"), ascii_number("३"), ascii_number("²")
    ('3.5', '-3.5e1', '3', '²')
    """
    chars = []
    for char in text:
        if "\uff01" <= char <= "\uff5e":  # the full-width forms of ASCII ! to ~
            char = chr(ord(char) - 0xFEE0)
        elif char in ("\u2212", "\u2013"):
            char = "-"
        elif char == "\u066b":  # the Arabic decimal separator
            char = "."
        elif not char.isascii() and unicodedata.category(char) == "Nd":
            char = str(unicodedata.decimal(char))
        chars.append(char)
    return "".join(chars)
