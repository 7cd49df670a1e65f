"""The stakeholder page: well-formed, self-contained, the core's numbers, hostile text escaped."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from ndcg_core import Convention, evaluate, format_real
from ndcg_core.metric.compare import compare
from ndcg_core.metric.compare_words import format_pair
from ndcg_core.pictures.stakeholder import MAX_ROWS, number_rows, stakeholder_html
from tests.hostile.case import CSV_INJECTION, IMG, IMG_NO_SPACE, SCRIPT

SEED = {"D1": 3, "D2": 2, "D3": 3, "D4": 0, "D5": 1, "D6": 2}
A = tuple(SEED)
B = ("D3", "D1", "D2", "D6", "D5", "D4")
HOSTILE = (SCRIPT, IMG, IMG_NO_SPACE, CSV_INJECTION, '"><svg onload=alert(1)>', "&amp; <!-- -->")
VOID = {"meta", "br", "hr", "img", "input", "link", "col", "wbr", "source"}
# The page's own elements, and those vl-convert draws in its SVG.
ALLOWED = {
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "main",
    "h1",
    "h2",
    "p",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "section",
    "div",
    "figure",
    "figcaption",
    "footer",
    "svg",
    "g",
    "path",
    "rect",
    "text",
    "line",
    "circle",
    "defs",
    "clippath",
    "lineargradient",
    "stop",
    "tspan",
}


class _Outline(HTMLParser):
    """Open/close balance of every element, plus each cell's text."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: set[str] = set()
        self.attributes: list[tuple[str, str | None]] = []
        self.cells: list[str] = []
        self._cell: list[str] | None = None
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attributes.extend(attrs)
        if tag not in VOID:
            self.stack.append(tag)
        if tag in ("td", "th"):
            self._cell = []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.attributes.extend(attrs)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()
        if tag in ("td", "th") and self._cell is not None:
            self.cells.append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _outline(page: str) -> _Outline:
    outline = _Outline()
    outline.feed(page)
    outline.close()
    return outline


@pytest.fixture(scope="module")
def seed_page() -> str:
    return stakeholder_html(compare(SEED, A, B, Convention(cutoff_k=5)), title="Seed 000: A vs B")


def test_the_page_is_well_formed_and_holds_only_known_elements(seed_page: str) -> None:
    outline = _outline(seed_page)
    assert seed_page.startswith("<!DOCTYPE html>")
    assert outline.errors == []
    assert outline.stack == []
    assert outline.tags <= ALLOWED, outline.tags - ALLOWED


def test_the_page_is_self_contained(seed_page: str) -> None:
    assert "<script" not in seed_page.lower()
    assert not re.search(r"https?:", seed_page)
    assert not re.search(r"url\(|@import|@font-face|<link|\bsrc=|\bhref=", seed_page)
    assert "<svg" in seed_page  # the charts, drawn inline
    assert "@page { size: A4; margin: 15mm; }" in seed_page


def test_the_numbers_are_the_cores_as_it_formats_them(seed_page: str) -> None:
    a = evaluate([SEED[x] for x in A], Convention(cutoff_k=5))
    b = evaluate([SEED[x] for x in B], Convention(cutoff_k=5))
    cells = _outline(seed_page).cells
    row = cells.index("nDCG@5")
    assert cells[row + 1 : row + 3] == list(format_pair(a.ndcg, b.ndcg))
    assert cells[row + 3] == "+" + format_real(b.ndcg - a.ndcg)
    row = cells.index("DCG@5")
    assert cells[row + 1 : row + 3] == [format_real(a.dcg), format_real(b.dcg)]
    row = cells.index("ideal DCG@5")
    assert cells[row + 1 : row + 4] == [format_real(a.ideal_dcg), format_real(b.ideal_dcg), "0"]
    assert "nDCG@5, linear gain, log2(i+1), ideal from the list" in seed_page


def test_the_rankings_show_each_document_its_grade_and_what_it_adds(seed_page: str) -> None:
    cells = _outline(seed_page).cells
    b = evaluate([SEED[x] for x in B], Convention(cutoff_k=5), labels=B)
    start = cells.index("D3")  # ranking A lists D1 first, so the first D3 row after B's header
    first_b = [i for i, cell in enumerate(cells) if cell == "D3"][-1]
    assert start < first_b
    assert cells[first_b - 1 : first_b + 3] == [
        "1",
        "D3",
        "3",
        format_real(b.table["contribution"][0]),
    ]
    assert cells[-4:] == ["6", "D4", "0", "not counted"]  # below the cutoff of 5


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_titles_and_labels_are_escaped(hostile: str) -> None:
    grades = {hostile: 3, "plain": 1, "zero": 0}
    titles = {"plain": hostile, "zero": hostile + " (2)"}
    comparison = compare(grades, tuple(grades), ("plain", hostile, "zero"), titles=titles)
    page = stakeholder_html(comparison, title=hostile, titles=titles)
    outline = _outline(page)
    assert outline.errors == []
    assert outline.tags <= ALLOWED, outline.tags - ALLOWED
    assert not any(name.startswith("on") for name, _ in outline.attributes)
    assert "<script" not in page.lower()
    escaped = hostile.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert escaped.replace('"', "&quot;").replace("'", "&#x27;") in page


def test_a_long_ranking_is_cut_so_the_page_stays_one_page() -> None:
    grades = {f"doc{i}": i % 4 for i in range(40)}
    order = tuple(grades)
    page = stakeholder_html(compare(grades, order, order[::-1]), svg="<svg></svg>")
    assert page.count(f"… and {40 - MAX_ROWS} more") == 2
    assert "doc39" in page  # B starts with it
    assert ">doc20<" not in page


def test_huge_grades_show_exact_numbers_without_inf() -> None:
    grades = {"a": 1100, "b": 1, "c": 0}
    comparison = compare(grades, ("b", "a", "c"), ("a", "b", "c"), Convention(gain="exponential"))
    page = stakeholder_html(comparison)
    assert "inf" not in page.replace("information", "")
    assert format_real(comparison.b.dcg) in page


@pytest.mark.parametrize("policy", ["nan", "exclude"])
def test_an_undefined_difference_has_no_sign(policy: str) -> None:
    """Two undefined nDCGs (nobody relevant, the policy leaves nDCG undefined): their
    difference is undefined too, not "+undefined", which read as a gain (green, pointing up,
    in compare mode's pair)."""
    grades = {"a": 0, "b": 0}
    comparison = compare(grades, "ab", "ba", Convention(zero_ideal=policy))
    assert number_rows(comparison)[0][1:] == ("undefined", "undefined", "undefined")
