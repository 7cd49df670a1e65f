"""The seed notes' worked examples, shipped inside the package in ``data/examples.json``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType

from ndcg_core.conventions import Convention

# Found through the package, so an installed wheel (not only a checkout) has it.
EXAMPLES = files("ndcg_core") / "data" / "examples.json"


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
    convention: Convention
    stated: Mapping[str, StatedFigure]
    errata: Mapping[str, Erratum]
    note: str


def _floats(values: list[float] | None) -> tuple[float, ...] | None:
    return None if values is None else tuple(float(v) for v in values)


@cache
def load_examples() -> tuple[Example, ...]:
    """All seed examples, in file order.

    >>> load_examples()[0].grades
    (3.0, 2.0, 3.0, 0.0, 1.0, 2.0)
    """
    raw = json.loads(EXAMPLES.read_text(encoding="utf-8"))
    examples = []
    for item in raw["examples"]:
        stated = {
            name: StatedFigure(
                tuple(float(v) for v in value) if isinstance(value, list) else float(value),
                int(decimals),
            )
            for name, (value, decimals) in item["stated"].items()
        }
        errata = {
            name: Erratum(float(e["correct"]), str(e["why"])) for name, e in item["errata"].items()
        }
        examples.append(
            Example(
                id=item["id"],
                title=item["title"],
                source=item["source"],
                grades=tuple(float(g) for g in item["grades"]),
                labels=tuple(item["labels"]) if "labels" in item else None,
                scores=_floats(item.get("scores")),
                compare_with=_floats(item.get("compare_with")),
                convention=Convention.from_params(item["convention"]),
                stated=MappingProxyType(stated),
                errata=MappingProxyType(errata),
                note=item["note"],
            )
        )
    return tuple(examples)


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
