"""Every page app.py declares is guarded and opens cleanly; the list of pages is the app's own.

The pages come from ``components.navigation.PAGES``, the list app.py builds its navigation
from, so a new page is checked here the moment it is declared.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from components.navigation import PAGES, DeclaredPage
from tests.pages.conftest import open_app, shown_cards

ROOT = Path(__file__).resolve().parents[2]


def _first_statement(path: Path) -> ast.stmt | None:
    """The first statement after the docstring and the imports."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # the docstring
        return node
    return None


def _is_guard_call(node: ast.stmt | None) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "run_through_app"
        and not node.value.args
        and not node.value.keywords
    )


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.path)
def test_every_declared_page_calls_the_guard_first(page: DeclaredPage) -> None:
    # Without it, a deep link to a fresh server runs the page without app.py (no sidebar,
    # no session state): see components.navigation.run_through_app.
    statement = _first_statement(ROOT / page.path)
    assert _is_guard_call(statement), (
        f"{page.path}: the first statement after the imports must be run_through_app(), "
        f"not {ast.unparse(statement) if statement else 'nothing'}"
    )


def test_every_page_file_is_declared_once_and_exists() -> None:
    declared = [page.path for page in PAGES]
    assert len(set(declared)) == len(declared)
    assert sorted(declared) == sorted(f"pages/{p.name}" for p in (ROOT / "pages").glob("*.py"))
    assert [page.path for page in PAGES if page.default] == ["pages/lesson.py"]


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.path)
def test_every_declared_page_opens_with_its_title_and_numbers_and_no_error(
    page: DeclaredPage,
) -> None:
    at = open_app(page=page.path)
    assert not at.exception
    assert not at.error, [e.value for e in at.error]
    assert page.title in [header.value for header in at.header]
    assert at.table or shown_cards(at)  # every page shows its numbers as readable text
