"""A saved view: the JSON file "This view (JSON)" downloads and "Open a saved view" reads.

Version 2 is the page and the view's link parameters, written by the one codec
(:func:`ndcg_core.links.view.view_to_params`), so a file holds exactly what a link would, with
nothing left out for length::

    {"format": "ndcg-lab view", "version": 2, "page": "playground",
     "view": {"g": "a=3, b=1", "k": "5", "gain": "exponential"}}

Version 1 files (a list, its titles and unretrieved grades, and a convention, for the
Playground) still open.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, NotRequired, TypedDict

from ndcg_core.errors import NdcgError
from ndcg_core.links.view import View, view_from_params, view_to_params
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.parsing import MAX_ITEMS, grade_list_from_rows
from ndcg_core.text.json_files import read_json
from ndcg_core.text.json_shapes import Count, Matches, check_shape
from ndcg_core.text.quoting import quoted
from ndcg_core.text.titles import titles_by_label

VIEW_FORMAT = "ndcg-lab view"
VIEW_VERSION = 2
MAX_VIEW_BYTES = 2_000_000
_PAGE_WORDS = "the name of one of the app's pages, as the app saves it"


def view_to_json(view: View) -> str:
    """The view as JSON that :func:`view_from_json` reads back to an equal view.

    >>> from ndcg_core import parse_grades
    >>> view = View("playground", parse_grades("a=3, b=1"), titles={"b": "Bee"})
    >>> print(view_to_json(view), end="")
    {
      "format": "ndcg-lab view",
      "version": 2,
      "page": "playground",
      "view": {
        "g": "a=3, b=1",
        "t": "\\nBee"
      }
    }
    >>> view_from_json(view_to_json(view)) == (view, ())
    True
    """
    document = {
        "format": VIEW_FORMAT,
        "version": VIEW_VERSION,
        "page": view.page,
        "view": view_to_params(view),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def view_from_json(data: bytes | str) -> tuple[View, tuple[str, ...]]:
    """Read a saved view, and a sentence for each part of it that could not be read (that
    part keeps its default, as in a link); raise :class:`NdcgError` saying what is wrong
    with anything that is not a saved view.

    >>> view, problems = view_from_json('{"format": "ndcg-lab view", "version": 1, "grades": [2]}')
    >>> view.grade_list, problems
    (GradeList(grades=(2.0,), labels=('D1',)), ())
    >>> view_from_json("[1, 2]")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: This is not a saved nDCG Lab view: expected a JSON object, got a list.
    """
    document = read_json(data, what="The file", kind="a saved view", max_bytes=MAX_VIEW_BYTES)
    if not isinstance(document, dict):
        msg = (
            "This is not a saved nDCG Lab view: expected a JSON object, "
            f"got {_json_kind(document)}."
        )
        raise NdcgError(msg)
    if document.get("format") != VIEW_FORMAT:
        msg = f'This is not a saved nDCG Lab view: it lacks "format": "{VIEW_FORMAT}".'
        raise NdcgError(msg)
    version = document.get("version")
    if version == 1:
        return _version_1(document), ()
    if version != VIEW_VERSION:
        msg = (
            f"This view was saved in format version {_shown_value(version)}; "
            f"this app reads versions 1 and {VIEW_VERSION}."
        )
        raise NdcgError(msg)
    saved = check_shape(document, ViewFile, what="The file")
    return view_from_params(saved["view"], page=saved["page"])


class ViewFile(TypedDict):
    """A saved view's format, version 2: the page and its link's parameters."""

    format: Literal["ndcg-lab view"]
    version: Literal[2]
    page: Annotated[str, Matches(r"[A-Za-z_][A-Za-z0-9_]{0,39}", _PAGE_WORDS)]
    view: dict[str, str]  # as view_to_params writes them


class ViewFileVersion1(TypedDict):
    """A saved view's format, version 1: a Playground list and its convention."""

    format: Literal["ndcg-lab view"]
    version: Literal[1]
    grades: Annotated[list[float], Count(0, MAX_ITEMS, "grades")]
    labels: NotRequired[list[str | None]]  # one per grade; null for a default label
    unretrieved: NotRequired[Annotated[list[float], Count(0, MAX_ITEMS, "grades")]]
    convention: NotRequired[dict[str, str | float]]  # as Convention.to_params writes it
    titles: NotRequired[list[str]]  # one per grade, "" for none


def _version_1(document: dict[str, Any]) -> View:
    """A version 1 file: a list and its convention, saved from the Playground."""
    saved = check_shape(document, ViewFileVersion1, what="The file")
    grades = saved["grades"]
    labels = saved.get("labels", [None] * len(grades))
    if len(labels) != len(grades):
        msg = f'"labels" has {len(labels)} entries for {len(grades)} grades.'
        raise NdcgError(msg)
    grade_list = grade_list_from_rows(labels, grades)
    unretrieved = tuple(float(grade) for grade in saved.get("unretrieved", []))
    params = saved.get("convention", {})
    convention = Convention.from_params({key: str(value) for key, value in params.items()})
    titles = saved.get("titles", [])
    if len(titles) != len(grades) and titles:
        msg = f'"titles" has {len(titles)} entries for {len(grades)} grades.'
        raise NdcgError(msg)
    named = titles_by_label(grade_list.labels, titles) if titles else {}
    return View("playground", grade_list, named, unretrieved, convention)


def _json_kind(value: Any) -> str:
    kinds = {list: "a list", str: "a text", bool: "true/false", type(None): "null"}
    return kinds.get(type(value), "a number")


def _shown_value(value: object) -> str:
    """A value read from JSON, for a message: text quoted, anything else as JSON writes it."""
    return quoted(value) if isinstance(value, str) else quoted(json.dumps(value), 30)[1:-1]
