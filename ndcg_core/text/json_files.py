"""Reading a JSON file a person hands the app (a saved view, a story): the one home for its
size limit, text decoding and JSON errors, each said in words.
"""

from __future__ import annotations

import json
from typing import Any

from ndcg_core.errors import NdcgError


def read_json(data: bytes | str, *, what: str, kind: str, max_bytes: int) -> Any:
    """The JSON value in ``data``; :class:`NdcgError` says what is wrong with anything else.

    ``what`` names the file in a message ("The file"), ``kind`` what it should be ("a saved
    view"). NaN and Infinity are refused (they are not JSON); a UTF-8 byte order mark at the
    start is skipped.

    >>> read_json(b'\\xef\\xbb\\xbf{"a": 1}', what="The file", kind="a view", max_bytes=100)
    {'a': 1}
    >>> read_json("[1,", what="The story file", kind="a story", max_bytes=100)
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The story file is not valid JSON: Expecting value (line 1, column 4).
    >>> read_json("[NaN]", what="The file", kind="a view", max_bytes=100)
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The file holds NaN, which is not a number JSON allows.
    """
    if len(data) > max_bytes:
        msg = f"{what} is {len(data):,} bytes; {kind} is at most {max_bytes:,}."
        raise NdcgError(msg)
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            msg = f"{what} is not UTF-8 text (byte {error.start + 1} cannot be read)."
            raise NdcgError(msg) from None

    def no_constants(name: str) -> None:
        msg = f"{what} holds {name}, which is not a number JSON allows."
        raise NdcgError(msg)

    try:
        return json.loads(data, parse_constant=no_constants)
    except json.JSONDecodeError as error:
        msg = f"{what} is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})."
        raise NdcgError(msg) from None
    except NdcgError:
        raise
    except ValueError:  # an integer too long for Python to convert (over 4,300 digits)
        msg = f"{what} holds a number too long to read; {kind} holds short numbers."
        raise NdcgError(msg) from None
    except RecursionError:
        msg = f"{what} is not {kind}: its JSON is nested too deeply."
        raise NdcgError(msg) from None
