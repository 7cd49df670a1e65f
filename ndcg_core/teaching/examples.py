"""The seed notes' worked examples, shipped inside the package in ``data/examples.json``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType
from typing import Annotated, NotRequired, TypedDict

from ndcg_core.errors import NdcgError
from ndcg_core.metric.conventions import Convention
from ndcg_core.text.json_files import read_json
from ndcg_core.text.json_shapes import Plain, check_shape
from ndcg_core.text.titles import MAX_TITLE_LENGTH

# Found through the package, so an installed wheel (not only a checkout) has it.
EXAMPLES = files("ndcg_core") / "data" / "examples.json"
MAX_EXAMPLES_BYTES = 1_000_000


@dataclass(frozen=True)
class StatedFigure:
    """A number as a seed note states it, to ``decimals`` places (a list for table columns)."""

    value: float | tuple[float, ...]
    decimals: int


@dataclass(frozen=True)
class Erratum:
    """Where a note's figure is wrong: the correct value at the note's precision, and why."""

    correct: float
    why: str


@dataclass(frozen=True)
class Example:
    """One worked example: the list, its convention and the figures its note states."""

    id: str
    title: str
    source: str
    grades: tuple[float, ...]
    labels: tuple[str, ...] | None
    scores: tuple[float, ...] | None
    compare_with: tuple[float, ...] | None
    list_names: Mapping[str, str]  # a pair's "grades" and "compare_with", as the note names them
    convention: Convention
    stated: Mapping[str, StatedFigure]
    errata: Mapping[str, Erratum]
    note: str
    # Result titles, one per grade, where the note says what the results are (restaurants).
    titles: tuple[str, ...] | None = None
    compare_with_titles: tuple[str, ...] | None = None


class _ErratumFile(TypedDict):
    correct: float
    why: str


_Title = Annotated[str, Plain(MAX_TITLE_LENGTH)]


class _ExampleFile(TypedDict):
    id: str
    title: str
    source: str
    grades: list[float]
    labels: NotRequired[list[str]]
    scores: NotRequired[list[float]]
    compare_with: NotRequired[list[float]]  # a pair: the list the note compares it with
    list_names: NotRequired[dict[str, str]]  # a pair's "grades" and "compare_with"
    convention: dict[str, str]  # as a link writes it
    stated: dict[str, tuple[float | list[float], int]]  # a figure and its decimals
    errata: dict[str, _ErratumFile]
    note: str
    titles: NotRequired[list[_Title]]
    compare_with_titles: NotRequired[list[_Title]]


class ExamplesFile(TypedDict):
    """The format of ``data/examples.json``, the one statement of it."""

    about: NotRequired[str]
    examples: list[_ExampleFile]


def _titles(values: list[str] | None, count: int, where: str) -> tuple[str, ...] | None:
    if values is not None and len(values) != count:
        msg = f"The examples file's example {where} has {len(values)} titles for {count} grades."
        raise NdcgError(msg)
    return None if values is None else tuple(values)


def _floats(values: list[float] | None) -> tuple[float, ...] | None:
    return None if values is None else tuple(float(v) for v in values)


def _example(item: _ExampleFile) -> Example:
    stated = {
        name: StatedFigure(
            tuple(float(v) for v in value) if isinstance(value, list) else float(value),
            decimals,
        )
        for name, (value, decimals) in item["stated"].items()
    }
    errata = {name: Erratum(float(e["correct"]), e["why"]) for name, e in item["errata"].items()}
    return Example(
        id=item["id"],
        title=item["title"],
        source=item["source"],
        grades=tuple(float(g) for g in item["grades"]),
        labels=tuple(item["labels"]) if "labels" in item else None,
        scores=_floats(item.get("scores")),
        compare_with=_floats(item.get("compare_with")),
        list_names=MappingProxyType(dict(item.get("list_names", {}))),
        convention=Convention.from_params(item["convention"]),
        stated=MappingProxyType(stated),
        errata=MappingProxyType(errata),
        note=item["note"],
        titles=_titles(item.get("titles"), len(item["grades"]), item["id"]),
        compare_with_titles=_titles(
            item.get("compare_with_titles"), len(item.get("compare_with", [])), item["id"]
        ),
    )


@cache
def load_examples() -> tuple[Example, ...]:
    """All seed examples, in file order.

    >>> load_examples()[0].grades
    (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)
    """
    return parse_examples(EXAMPLES.read_bytes())


def parse_examples(data: bytes | str) -> tuple[Example, ...]:
    """The examples in an examples file; :class:`NdcgError` names the field at fault.

    >>> parse_examples('{"examples": [{"id": 3}]}')
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: The examples file's field "examples", item 1, "id" should be text; it holds 3.
    """
    document = read_json(
        data, what="The examples file", kind="an examples file", max_bytes=MAX_EXAMPLES_BYTES
    )
    examples = check_shape(document, ExamplesFile, what="The examples file")
    return tuple(_example(item) for item in examples["examples"])


@dataclass(frozen=True)
class ExampleList:
    """One list a seed example can load: the whole example, or one list of a pair."""

    key: str  # the example's id, with ":A" or ":B" for a list of a pair
    title: str  # what a picker shows
    example: Example
    grades: tuple[float, ...]
    labels: tuple[str, ...] | None
    titles: tuple[str, ...] | None = None


def example_lists(example: Example) -> tuple[ExampleList, ...]:
    """The lists ``example`` can load: itself, or both lists of a pair.

    A pair's lists come in the order its title names them (the list it is compared with
    first: "{1, 1, 1} against {1, 1, 1, 0}"), as list A and list B, each named as the note
    names it.

    >>> [item.title for item in example_lists(example_by_id("bad-docs-three"))]
    ['Bad documents: [3] against [3, 0, 0] · list A: [3]', 'Bad documents: [3] against [3, 0, 0] · list B: [3, 0, 0]']
    >>> [item.grades for item in example_lists(example_by_id("bad-docs-three"))]
    [(3.0,), (3.0, 0.0, 0.0)]
    """
    if example.compare_with is None:
        return (
            ExampleList(
                example.id, example.title, example, example.grades, example.labels, example.titles
            ),
        )
    first = (
        "A",
        example.list_names["compare_with"],
        example.compare_with,
        None,
        example.compare_with_titles,
    )
    second = ("B", example.list_names["grades"], example.grades, example.labels, example.titles)
    return tuple(
        ExampleList(
            f"{example.id}:{letter}",
            f"{example.title} · list {letter}: {name}",
            example,
            grades,
            labels,
            titles,
        )
        for letter, name, grades, labels, titles in (first, second)
    )


def pair_note(item: ExampleList) -> str:
    """What a loaded list of a pair is, and where its partner is; empty for a single list.

    >>> pair_note(example_lists(example_by_id("bad-docs-three"))[1])
    'A pair: this is list B, [3, 0, 0]; load list A, [3], to compare.'
    """
    example = item.example
    if example.compare_with is None:
        return ""
    this, other = ("B", "A") if item.key.endswith(":B") else ("A", "B")
    names = {"A": example.list_names["compare_with"], "B": example.list_names["grades"]}
    return f"A pair: this is list {this}, {names[this]}; load list {other}, {names[other]}, to compare."


def example_by_id(example_id: str) -> Example:
    """The example with this id; KeyError if there is none."""
    for example in load_examples():
        if example.id == example_id:
            return example
    raise KeyError(example_id)


_FIGURE_NAMES = MappingProxyType(
    {"cg": "CG", "dcg": "DCG", "ideal_dcg": "ideal DCG", "ndcg": "nDCG"}
)


def stated_summary(example: Example) -> str:
    """The note's own figures in one sentence, and what is wrong with any of them.

    >>> stated_summary(example_by_id("seed000-six-docs"))
    'The note states CG 11, DCG 6.861, ideal DCG 7.141, nDCG 0.961.'
    """
    parts = []
    for name, label in _FIGURE_NAMES.items():
        figure = example.stated.get(name)
        if figure is not None and isinstance(figure.value, float):
            parts.append(f"{label} {figure.value:.{figure.decimals}f}")
    text = f"The note states {', '.join(parts)}." if parts else ""
    for name, erratum in example.errata.items():
        label = _FIGURE_NAMES.get(name, name)
        text += f" Its {label} is wrong: it should be {erratum.correct:g}. {erratum.why}"
    return text.strip()
