"""The format of a JSON file, stated once as a typed shape and checked by one function.

A format is a :class:`~typing.TypedDict` whose annotations are the whole format: the fields
and their types, which are optional (``NotRequired``), the allowed values (``Literal``),
nested objects (another ``TypedDict``) and lists, and any limit (``Annotated`` with
:class:`Within`, :class:`Count`, :class:`Matches` or :class:`Plain`). :func:`check_shape`
reads a decoded JSON value against it, and the first field that does not fit is named in
plain words; :func:`~ndcg_core.text.json_files.load_json` reads a file's bytes and checks them
in one call. Fields a shape does not name are ignored, so a newer file still opens.

>>> from typing import TypedDict
>>> class Level(TypedDict):
...     grade: Annotated[int, Within(0, 10)]
...     name: str
>>> check_shape([{"grade": 3, "name": "good"}], list[Level], what="The file")
[{'grade': 3, 'name': 'good'}]
>>> check_shape([{"grade": 3, "name": "good"}, {"grade": "high"}], list[Level],
...     what="The story file")
Traceback (most recent call last):
...
ndcg_core.errors.NdcgError: The story file's item 2, "grade" should be a whole number; it holds “high”.
"""

from __future__ import annotations

import math
import re
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    TypeVar,
    Union,
    cast,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from ndcg_core.errors import NdcgError
from ndcg_core.text.quoting import quoted, short_number
from ndcg_core.text.titles import check_plain_text

T = TypeVar("T")
Path = tuple[str | int, ...]  # field names, and 1-based item numbers of lists


@dataclass(frozen=True)
class Within:
    """A number from ``low`` to ``high``, both included."""

    low: float
    high: float


@dataclass(frozen=True)
class Count:
    """A list (or an object's entries) of ``low`` to ``high`` items, named ``noun``."""

    low: int
    high: int
    noun: str = "items"


@dataclass(frozen=True)
class Matches:
    """Text matching the regular expression ``pattern`` in full, ``described`` in words."""

    pattern: str
    described: str


@dataclass(frozen=True)
class Plain:
    """One line of plain text, 1 to ``max_length`` characters (see ``check_plain_text``)."""

    max_length: int


def check_shape(value: object, shape: type[T], *, what: str) -> T:
    """``value`` read as ``shape`` (a ``TypedDict``, or any type this module reads): lists
    are new lists, a ``tuple`` field a tuple; :class:`NdcgError` names the first field that
    does not fit, ``what`` naming the file ("The story file"), and its ``item`` is the
    number of the last list item on the way to it.

    >>> check_shape([1, 2.5], list[float], what="The file")
    [1, 2.5]
    >>> check_shape([1, True], list[float], what="The file")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The file's item 2 should be a number; it holds true.
    """
    return cast(T, _read(value, shape, what, ()))


def place(what: str, path: Path) -> str:
    """Where a value is, in words.

    >>> place("The story file", ("cards", 3, "grade"))
    'The story file\\'s field "cards", item 3, "grade"'
    >>> place("The file", (2,)), place("The file", ())
    ("The file's item 2", 'The file')
    """
    if not path:
        return what
    words = [f"item {part}" if isinstance(part, int) else _field(part) for part in path]
    return f"{what}'s {'field ' if isinstance(path[0], str) else ''}{', '.join(words)}"


def _field(name: str) -> str:
    # A declared name is plain ASCII; an object's own key is the file's text, quoted safely.
    return f'"{name}"' if re.fullmatch(r"[a-z_]{1,30}", name) else quoted(name)


def shown(value: object) -> str:
    """A JSON value as a message shows it: text quoted, a number as written, a list or an
    object by its size.

    >>> shown("high"), shown(2.5), shown(None), shown(False), shown([1, 2]), shown({})
    ('“high”', '2.5', 'null', 'false', 'a list of 2 items', 'an object')
    """
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**15 else f"a {len(str(abs(value)))}-digit number"
    if isinstance(value, float):
        return short_number(value) if math.isfinite(value) else "a number too large to read"
    if isinstance(value, list):
        return f"a list of {len(value):,} item{'s' * (len(value) != 1)}"
    return "an object"


def _fail(message: str, path: Path) -> NdcgError:
    return NdcgError(message, item=_item(path))


def _wrong(value: object, expected: str, what: str, path: Path) -> NdcgError:
    return _fail(f"{place(what, path)} should be {expected}; it holds {shown(value)}.", path)


def _read(value: object, shape: Any, what: str, path: Path) -> object:
    origin, args = get_origin(shape), get_args(shape)
    if origin is Annotated:
        return _limited(_read(value, args[0], what, path), args[1:], what, path)
    if origin in (NotRequired, Required):
        return _read(value, args[0], what, path)
    if is_typeddict(shape):
        return _read_object(value, shape, what, path)
    if origin in (Union, types.UnionType):
        for option in args:
            if _fits(value, option):
                return _read(value, option, what, path)
        raise _wrong(value, " or ".join(_expected(option) for option in args), what, path)
    if origin is Literal:
        if any(value == allowed and type(value) is type(allowed) for allowed in args):
            return value
        raise _wrong(value, _expected(shape), what, path)
    if origin is list or origin is tuple:
        return _read_list(value, shape, what, path)
    if origin is dict:
        if not isinstance(value, dict):
            raise _wrong(value, _expected(shape), what, path)
        return {key: _read(item, args[1], what, (*path, key)) for key, item in value.items()}
    check = _SCALARS.get(shape)
    if check is None:
        msg = f"The shape {shape} is not one a JSON file can have."
        raise TypeError(msg)
    if not check(value):
        raise _wrong(value, _expected(shape), what, path)
    if isinstance(value, float | int) and shape is float and abs(value) >= 1e308:
        message = f"{place(what, path)} is too large to be a number here."
        raise _fail(message, path)
    return value


def _read_list(value: object, shape: Any, what: str, path: Path) -> object:
    if not isinstance(value, list):
        raise _wrong(value, _expected(shape), what, path)
    args = get_args(shape)
    if get_origin(shape) is list:
        return [_read(item, args[0], what, (*path, n)) for n, item in enumerate(value, 1)]
    if len(value) != len(args):
        raise _wrong(value, _expected(shape), what, path)
    pairs = enumerate(zip(value, args, strict=True), start=1)
    return tuple(_read(item, arg, what, (*path, n)) for n, (item, arg) in pairs)


def _read_object(value: object, shape: Any, what: str, path: Path) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _wrong(value, "an object", what, path)
    read: dict[str, object] = {}
    for name, (field, required) in _fields(shape).items():
        if name in value:
            read[name] = _read(value[name], field, what, (*path, name))
        elif required:
            message = f"{place(what, path)} lacks the field {_field(name)} ({_expected(field)})."
            raise _fail(message, path)
    return read


@cache  # a format's fields, read from its annotations once
def _fields(shape: Any) -> Mapping[str, tuple[Any, bool]]:
    """Each field's type, and whether the field is required.

    Read from the evaluated annotations, not ``__required_keys__``: under ``from __future__
    import annotations`` Python 3.11 counts a ``NotRequired`` field as required there.
    """
    hints = get_type_hints(shape, include_extras=True)
    total = bool(getattr(shape, "__total__", True))
    return types.MappingProxyType(
        {
            name: (
                hint,
                get_origin(hint) is Required or (total and get_origin(hint) is not NotRequired),
            )
            for name, hint in hints.items()
        }
    )


def _limited(value: object, limits: tuple[object, ...], what: str, path: Path) -> object:
    for limit in limits:
        if isinstance(limit, Within):
            ok = limit.low <= cast(float, value) <= limit.high
            expected = f"from {short_number(limit.low)} to {short_number(limit.high)}"
        elif isinstance(limit, Count):
            ok = limit.low <= len(cast(list[object], value)) <= limit.high
            expected = f"a list of {limit.low:,} to {limit.high:,} {limit.noun}"
            if limit.low == 0:
                expected = f"a list of at most {limit.high:,} {limit.noun}"
        elif isinstance(limit, Matches):
            ok = re.fullmatch(limit.pattern, cast(str, value)) is not None
            expected = limit.described
        elif isinstance(limit, Plain):
            ok, expected = True, ""
            check_plain_text(
                value, what=place(what, path), max_length=limit.max_length, item=_item(path)
            )
        else:
            msg = f"{limit} is not a limit this module knows."
            raise TypeError(msg)
        if not ok:
            raise _wrong(value, expected, what, path)
    return value


def _item(path: Path) -> int | None:
    items = [part for part in path if isinstance(part, int)]
    return items[-1] if items else None


def _fits(value: object, shape: Any) -> bool:
    """Whether ``value`` has the JSON type of ``shape`` (its limits are checked later)."""
    origin = get_origin(shape)
    if origin in (Annotated, NotRequired, Required):
        return _fits(value, get_args(shape)[0])
    if is_typeddict(shape) or origin is dict:
        return isinstance(value, dict)
    if origin is list or origin is tuple:
        return isinstance(value, list)
    if origin is Literal:
        return value in get_args(shape)
    check = _SCALARS.get(shape)
    return check is not None and check(value)


def _expected(shape: Any) -> str:
    """What a value of ``shape`` is, in words: "a whole number", "a list of texts"."""
    origin, args = get_origin(shape), get_args(shape)
    described = [limit.described for limit in args[1:] if isinstance(limit, Matches)]
    if origin is Annotated and described:
        return described[0]
    if origin in (Annotated, NotRequired, Required):
        return _expected(args[0])
    if is_typeddict(shape):
        return "an object"
    if origin in (Union, types.UnionType):
        return " or ".join(_expected(option) for option in args)
    if origin is Literal:
        return " or ".join(shown(allowed) for allowed in args)
    if origin is list:
        return "a list of " + _plural(_expected(args[0]))
    if origin is tuple:
        return f"a list of {len(args)}: " + ", then ".join(_expected(arg) for arg in args)
    if origin is dict:
        return "an object whose values are " + _plural(_expected(args[1]))
    return _WORDS.get(shape, "a value")


def _plural(expected: str) -> str:
    words = {"a whole number": "whole numbers", "a number": "numbers", "text": "texts"}
    words |= {"null": "nulls", "true or false": "true or false", "an object": "objects"}
    return " or ".join(words.get(part, part) for part in expected.split(" or "))


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_SCALARS: Mapping[object, Callable[[object], bool]] = types.MappingProxyType(
    {
        str: lambda value: isinstance(value, str),
        int: lambda value: isinstance(value, int) and not isinstance(value, bool),
        float: _number,
        bool: lambda value: isinstance(value, bool),
        type(None): lambda value: value is None,
    }
)
_WORDS: Mapping[object, str] = types.MappingProxyType(
    dict[object, str](
        {str: "text", int: "a whole number", float: "a number", bool: "true or false"}
    )
    | {type(None): "null"}
)
