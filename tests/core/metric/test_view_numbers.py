"""The browser-drawn Playground's numbers: after any reorder, the repaint's cards, table cells
and chart points print what evaluate() of the new order prints, to the last digit."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from ndcg_core import Convention, evaluate
from ndcg_core.metric.exact_ratio import shown_ndcg, shown_ndcg_column
from ndcg_core.metric.metrics import Evaluation, default_labels
from ndcg_core.metric.view_numbers import repaint, view_numbers
from ndcg_core.pictures.chart_data import NOT_RETRIEVED, POSITIONS, chart_dataset_tables
from ndcg_core.pictures.tables import display_columns, escape_markdown
from ndcg_core.text.browser_format import format_like_browser, js_to_fixed
from ndcg_core.text.formatting import format_real
from tests.core.strategies import conventions
from tests.examples import examples

# Whole grades, negative ones, and quarters and sixteenths (their sums and halves are exact
# ties of the printed decimals: 0.0625 prints 0.062); linear gain also gets whole numbers
# past the scientific threshold (1062500 prints 1.062e+06).
SMALL_GRADES = st.integers(-3, 4).map(float) | st.sampled_from([0.25, 0.5, 1.0625, 2.75, 0.125])
LARGE_GRADES = st.sampled_from([1062500.0, 2000500.0, 999999.9375, 12345678.0])
TITLES = st.sampled_from(["", "Forno *Rosso*", "a_b [link](x)", "Plain title"])


def same_float(browser: Any, core: Any) -> bool:
    """The same float to the last bit (NaN with NaN; None is a missing value)."""
    if browser is None or core is None:
        return browser is None and core is None
    browser, core = float(browser), float(core)
    if math.isnan(core):
        return math.isnan(browser)
    return browser == core and math.copysign(1, browser) == math.copysign(1, core)


def _printed_cards(view: dict[str, Any], rule: dict[str, Any]) -> dict[str, str]:
    return {name: format_like_browser(value, rule) for name, value in view["cards"].items()}


def core_cards(evaluation: Evaluation) -> dict[str, Any]:
    return {
        "cg": evaluation.cg,
        "dcg": evaluation.dcg,
        "ideal_dcg": evaluation.ideal_dcg,
        "ndcg": shown_ndcg(evaluation),
    }


def printed_table(
    numbers: dict[str, Any], view: dict[str, Any], number: Callable[[str], list[str]]
) -> dict[str, list[str]]:
    """The repaint's rows as display_columns writes them (labels escaped for its Markdown),
    ``number(key)`` giving each number column's printed texts."""
    names, rows = numbers["columns"], view["rows"]
    columns = {
        names["position"]: [str(row["position"]) for row in rows],
        names["label"]: [escape_markdown(row["label"]) if row["label"] else "—" for row in rows],
    }
    if "title" in names:
        columns["title"] = [escape_markdown(row["title"]) for row in rows]
    columns[names["grade"]] = [row["grade_text"] for row in rows]
    for key in ("gain", "discount", "contribution", "running_dcg"):
        columns[names[key]] = number(key)
    columns[names["ideal_grade"]] = [row["ideal_grade_text"] for row in rows]
    for key in ("ideal_contribution", "running_ideal_dcg", "ndcg_at_i"):
        columns[names[key]] = number(key)
    if "counted" in names:
        columns[names["counted"]] = ["yes" if row["counted"] else "no" for row in rows]
    return columns


def _check_view(
    numbers: dict[str, Any],
    order: list[str],
    after: Evaluation,
    titles: dict[str, str] | None = None,
) -> None:
    """Cards, table and charts of the repaint against the core's evaluation of ``order``."""
    rule = numbers["format"]
    view = repaint(numbers, order)
    core = core_cards(after)
    assert _printed_cards(view, rule) == {name: format_real(v) for name, v in core.items()}
    assert all(same_float(view["cards"][name], value) for name, value in core.items())

    expected = display_columns(after, titles=titles)
    printed = printed_table(
        numbers, view, lambda key: [format_like_browser(row[key], rule) for row in view["rows"]]
    )
    assert list(printed.items()) == list(expected.items())

    points = chart_dataset_tables(after)[POSITIONS].to_pylist()
    drawn = [
        {"series": numbers["series"][series], **point}
        for series in ("this", "ideal")
        for point in view["series"][series]
    ]
    assert len(drawn) == len(points)
    for mine, theirs in zip(drawn, points, strict=True):
        for key in ("position", "label", "series"):
            assert mine[key] == theirs[key], key
        for key in ("grade", "contribution", "running_dcg", "ndcg_at_i"):
            assert same_float(mine[key], theirs[key]), (key, mine, theirs)
            core = math.nan if theirs[key] is None else theirs[key]
            assert format_like_browser(mine[key], rule) == format_real(core)


@settings(max_examples=examples(200), deadline=None)
@given(conventions(), st.data())
def test_any_reorder_repaints_what_evaluate_prints(
    convention: Convention, data: st.DataObject
) -> None:
    grade = SMALL_GRADES | LARGE_GRADES if convention.gain.value == "linear" else SMALL_GRADES
    # All-negative lists too: kept as they are, their ideal DCG is negative (the empty-ideal rule).
    negative = st.lists(st.integers(-3, -1).map(float), min_size=1, max_size=6)
    grades = data.draw(st.lists(grade, min_size=1, max_size=25) | negative, label="grades")
    unretrieved = data.draw(st.lists(SMALL_GRADES, max_size=6), label="unretrieved")
    judged = convention.ideal.value == "judged"
    labels = default_labels(len(grades))
    titles = dict(
        zip(
            labels,
            data.draw(st.lists(TITLES, min_size=len(grades), max_size=len(grades))),
            strict=True,
        )
    )
    before = evaluate(
        grades, convention, labels=labels, judged_grades=grades + unretrieved if judged else None
    )
    shown_titles = titles if any(titles.values()) else None
    numbers = view_numbers(before, shown_titles)
    assert numbers is not None
    json.dumps(numbers, allow_nan=False)  # what the component receives, as JSON
    order = data.draw(st.permutations(labels), label="order")
    by_label = dict(zip(labels, grades, strict=True))
    moved = [by_label[label] for label in order]
    after = evaluate(
        moved, convention, labels=order, judged_grades=moved + unretrieved if judged else None
    )
    _check_view(numbers, list(order), after, shown_titles)


def _printed(numbers: dict[str, Any], order: list[str], key: str) -> list[str]:
    rule = numbers["format"]
    return [format_like_browser(row[key], rule) for row in repaint(numbers, order)["rows"]]


def test_seed000_as_the_note_works_it_and_after_swapping_d3_and_d4() -> None:
    # rel = 3, 2, 3, 0, 1, 2: the note's tables, DCG 6.861, IDCG 7.141, nDCG 0.961.
    labels = list(default_labels(6))
    numbers = view_numbers(evaluate([3, 2, 3, 0, 1, 2]))
    assert numbers is not None
    assert _printed(numbers, labels, "contribution") == [
        "3",
        "1.262",
        "1.500",
        "0",
        "0.387",
        "0.712",
    ]
    assert _printed(numbers, labels, "ideal_contribution") == [
        "3",
        "1.893",
        "1",
        "0.861",
        "0.387",
        "0",
    ]
    cards = _printed_cards(repaint(numbers, labels), numbers["format"])
    assert cards == {"cg": "11", "dcg": "6.861", "ideal_dcg": "7.141", "ndcg": "0.961"}
    # Swapping D3 and D4: 3 + 1.262 + 0/2 + 3/2.322 + 0.387 + 0.712 = 6.653; CG stays 11.
    swapped = ["D1", "D2", "D4", "D3", "D5", "D6"]
    cards = _printed_cards(repaint(numbers, swapped), numbers["format"])
    assert cards == {"cg": "11", "dcg": "6.653", "ideal_dcg": "7.141", "ndcg": "0.932"}
    _check_view(numbers, swapped, evaluate([3, 2, 0, 3, 1, 2], labels=swapped))


def test_an_exact_tie_prints_as_the_core_does_not_as_plain_to_fixed() -> None:
    # 0.125 at rank 3 (divisor log2(4) = 2) adds exactly 0.0625: the core prints 0.062.
    numbers = view_numbers(evaluate([0, 0, 0.125]))
    assert numbers is not None
    assert _printed(numbers, ["D1", "D2", "D3"], "contribution") == ["0", "0", "0.062"]
    assert js_to_fixed(0.0625, 3) == "0.063"  # what toFixed alone would have shown
    cards = _printed_cards(repaint(numbers, ["D1", "D2", "D3"]), numbers["format"])
    assert cards == {"cg": "0.125", "dcg": "0.062", "ideal_dcg": "0.125", "ndcg": "0.500"}
    first = ["D3", "D1", "D2"]
    assert _printed_cards(repaint(numbers, first), numbers["format"])["ndcg"] == "1"


def test_an_ideal_from_judged_documents_names_each_place_in_the_order_shown() -> None:
    # Ideal 3, 3, 3, 1 (one 3 not retrieved): four rows for a list of three.
    convention = Convention(ideal="judged")
    numbers = view_numbers(evaluate([3, 1, 3], convention, judged_grades=[3, 1, 3, 3]))
    assert numbers is not None
    view = repaint(numbers, ["D3", "D1", "D2"])
    assert [row["ideal_label"] for row in view["rows"]] == ["D3", "D1", NOT_RETRIEVED, "D2"]
    assert [row["label"] for row in view["rows"]] == ["D3", "D1", "D2", ""]
    assert view["rows"][-1]["grade_text"] == "missing"
    after = evaluate([3, 3, 1], convention, labels=["D3", "D1", "D2"], judged_grades=[3, 3, 1, 3])
    _check_view(numbers, ["D3", "D1", "D2"], after)


def test_the_cutoff_zeroes_the_weights_and_the_cards_read_row_k() -> None:
    numbers = view_numbers(evaluate([1, 2, 3, 4], Convention(cutoff_k=2)))
    assert numbers is not None
    assert [round(w, 3) for w in numbers["weight"]] == [1.0, 0.631, 0.0, 0.0]
    assert numbers["columns"]["counted"] == "in top 2"
    view = repaint(numbers, ["D4", "D3", "D2", "D1"])
    assert view["cards"]["cg"] == 7.0  # 4 + 3; the table's running CG goes on to 10
    assert view["rows"][-1]["running_cg"] == 10.0


def test_an_empty_ideal_takes_the_conventions_rule() -> None:
    one = view_numbers(evaluate([0, -1], Convention(zero_ideal="one", negative_grades="penalise")))
    undefined = view_numbers(evaluate([0, 0], Convention(zero_ideal="nan")))
    assert one is not None
    assert undefined is not None
    assert one["fixed_ndcg"] == 1.0
    assert undefined["fixed_ndcg"] is None
    assert (
        _printed_cards(repaint(undefined, ["D2", "D1"]), undefined["format"])["ndcg"] == "undefined"
    )
    json.dumps(undefined, allow_nan=False)


def test_lists_whose_numbers_are_not_plainfloats_in_every_order_wait_for_the_server() -> None:
    exact = evaluate([1100, 3], Convention(gain="exponential"))
    assert exact.exact
    assert view_numbers(exact) is None
    assert view_numbers(evaluate([1e16, 1])) is None  # the charts would rescale DCG
    assert view_numbers(evaluate([1e-200, 1e100])) is None
    # Two tiny terms that nearly cancel, over a large ideal: nDCG@2 is a float 0, which the
    # core prints as the exact ratio 1.658e-326; a browser would print 0.
    tiny, keep = 1e-300, Convention(discount="jk", negative_grades="keep")
    cancelling = evaluate([tiny, -tiny * (1 - 2**-52), 1e10], keep)
    assert not cancelling.exact
    columns = (
        cancelling.column(name) for name in ("running_dcg", "running_ideal_dcg", "ndcg_at_i")
    )
    assert format_real(shown_ndcg_column(*columns)[1]) == "1.658e-326"
    assert view_numbers(cancelling) is None
    assert view_numbers(evaluate([1e-20, 1e10])) is not None


def test_a_negative_ideal_takes_the_empty_ideal_rule_in_every_row() -> None:
    # Grades kept negative: the ideal DCG (-1 - 2/1.585) is not positive, so nDCG is the
    # rule's 1 whatever the order, not DCG / IDCG (1.164 for D2 first).
    numbers = view_numbers(evaluate([-1, -2], Convention(zero_ideal="one", negative_grades="keep")))
    assert numbers is not None
    view = repaint(numbers, ["D2", "D1"])
    assert [row["ndcg_at_i"] for row in view["rows"]] == [1.0, 1.0]
    assert format_like_browser(view["cards"]["dcg"], numbers["format"]) == "-2.631"
