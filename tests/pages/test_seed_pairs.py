"""Every list of a seed example that compares two lists can be loaded on the Playground."""

from __future__ import annotations

import pytest

from ndcg_core import format_grades
from ndcg_core.metric.parsing import default_labels
from ndcg_core.teaching.examples import Example, load_examples
from tests.pages.conftest import grade_box_text, open_app
from tests.pages.test_playground import PLAYGROUND, expected_metrics, metrics, open_tab

PAIRS = [example for example in load_examples() if example.compare_with is not None]
LISTS = [
    (example, letter, name_key)
    for example in PAIRS
    for letter, name_key in (("A", "compare_with"), ("B", "grades"))
]


def test_the_seed_notes_hold_pairs_and_name_both_lists() -> None:
    assert len(PAIRS) >= 5
    for example in PAIRS:
        assert set(example.list_names) == {"compare_with", "grades"}, example.id
        assert all(name.strip() for name in example.list_names.values())


@pytest.mark.parametrize(
    ("example", "letter", "name_key"), LISTS, ids=[f"{e.id}-{x}" for e, x, _ in LISTS]
)
def test_each_list_of_a_pair_loads_and_shows_its_grades(
    example: Example, letter: str, name_key: str
) -> None:
    grades = example.compare_with if name_key == "compare_with" else example.grades
    assert grades is not None
    name = example.list_names[name_key]
    at = open_tab(open_app(page=PLAYGROUND), "Seed examples")
    picker = at.selectbox(key="lab_example")
    wanted = f"{example.title} · list {letter}: {name}"
    assert wanted in picker.options, picker.options
    picker.select_index(picker.options.index(wanted)).run()
    assert not at.exception
    assert any(f"A pair: this is list {letter}, {name};" in c.value for c in at.caption)
    # Under the example's own convention (restaurants: k = 1), as its note states its figures.
    k = example.convention.cutoff_k
    at_k = "" if k is None else f"@{k}"
    assert metrics(at) == expected_metrics(list(grades), example.convention, at=at_k)
    open_tab(at, "Type")
    titled = bool(example.titles or example.compare_with_titles)
    labels = default_labels(len(grades))
    assert grade_box_text(at) == format_grades(grades, labels, labelled=titled)
