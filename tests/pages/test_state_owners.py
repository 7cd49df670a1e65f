"""One owner for each piece of state: the function that writes it is the only one.

The static checks read every write to ``st.session_state`` and ``st.query_params`` in app.py,
pages/ and components/ (item assignment, ``del``, ``setdefault``, ``pop``, ``update`` and
the query parameters' own methods) and name the function it happens in. A second writer
coming back, even one that writes the same value, fails them. The AppTests check what a
person sees of the same rules.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import components
import components.state
from components.navigation import PAGES
from components.state import LIST_KEY, VERSION_KEY
from ndcg_core.metric.lists import reversed_order
from tests.pages.conftest import grade_box_text, open_app, type_grades

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    ROOT / "app.py",
    *sorted((ROOT / "pages").glob("*.py")),
    *sorted((ROOT / "components").glob("*.py")),
]
_KEY_METHODS = {"setdefault", "pop", "__setitem__", "__delitem__"}
_URL_METHODS = {"from_dict", "clear", "update", "pop", "setdefault", "__setitem__", "__delitem__"}


def _constants() -> dict[str, str]:
    """Every upper-case string constant of the components, by name (the state keys)."""
    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(components.__path__):
        module = importlib.import_module(f"components.{info.name}")
        for name, value in vars(module).items():
            if name.isupper() and isinstance(value, str):
                found[name] = value
    return found


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return ""


def _is_session_state(node: ast.AST) -> bool:
    # ``state = st.session_state`` is how several functions name it.
    return _dotted(node) in ("st.session_state", "state")


def _is_query_params(node: ast.AST) -> bool:
    return _dotted(node) == "st.query_params"


def _writes(tree: ast.Module, constants: dict[str, str]) -> Iterator[tuple[str, str]]:
    """(what, function) for each write: what is a session state key, or "URL"."""

    def key_of(node: ast.AST) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return constants.get(node.id)
        return None

    def targets(node: ast.AST) -> list[ast.AST]:
        if isinstance(node, ast.Assign):
            found = []
            for target in node.targets:
                found += target.elts if isinstance(target, ast.Tuple) else [target]
            return found
        if isinstance(node, ast.AugAssign | ast.AnnAssign):
            return [node.target]
        if isinstance(node, ast.Delete):
            return list(node.targets)
        return []

    def visit(node: ast.AST, function: str) -> Iterator[tuple[str, str]]:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            function = getattr(node, "name", "<lambda>")
        for target in targets(node):
            if isinstance(target, ast.Subscript) and _is_session_state(target.value):
                key = key_of(target.slice)
                yield (key or f"? {ast.unparse(target.slice)}", function)
            elif isinstance(target, ast.Attribute) and _is_session_state(target.value):
                yield (target.attr, function)
            elif isinstance(target, ast.Subscript | ast.Attribute) and _is_query_params(
                target.value
            ):
                yield ("URL", function)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner, method = node.func.value, node.func.attr
            if _is_query_params(owner) and method in _URL_METHODS:
                yield ("URL", function)
            elif _is_session_state(owner) and method in _KEY_METHODS and node.args:
                yield (key_of(node.args[0]) or f"? {ast.unparse(node.args[0])}", function)
            elif _is_session_state(owner) and method == "update":
                yield ("? update", function)
        for child in ast.iter_child_nodes(node):
            yield from visit(child, function)

    yield from visit(tree, "<module>")


def writers(what: str) -> set[str]:
    """``file:function`` of every write to the session state key (or "URL")."""
    constants = _constants()
    found = set()
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for written, function in _writes(tree, constants):
            if written == what:
                found.add(f"{path.relative_to(ROOT)}:{function}")
    return found


def test_the_scan_sees_the_writes_it_must_see() -> None:
    # The list itself: its one writer, so the scan is known to find writes at all.
    assert writers(components.state.LIST_KEY) == {"components/state.py:store_list"}


def test_the_practice_set_has_one_writer() -> None:
    owner = {"components/state.py:choose_practice_set"}
    assert writers(components.state.PRACTICE_LEVEL_KEY) == owner
    assert writers(components.state.PRACTICE_SEED_KEY) == owner
    assert writers("practice_level_choice") == set()  # the level picker's own value


def test_the_grade_text_box_has_one_writer() -> None:
    # Typing, a reorder, a table edit and a new example all change the list; only the
    # editor says what the box shows: the list's text when the box did not type it, else
    # what was typed (a drop is followed in the browser, components/grade_box.py).
    assert writers(components.state.TEXT_KEY) == {
        "components/grade_editor.py:_text_box_follows_list",
        "components/grade_editor.py:apply_typed_text",
    }


def test_only_sync_url_writes_the_url() -> None:
    assert writers("URL") == {"components/state.py:sync_url"}


def _count_calls(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    calls: list[int] = []
    original: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.path)
def test_the_url_is_written_once_per_run(monkeypatch: pytest.MonkeyPatch, page: Any) -> None:
    calls = _count_calls(monkeypatch, components.state, "sync_url")
    at = open_app({"g": "3,1,2"}, page.path)
    calls.clear()
    at.run()
    assert len(calls) == 1
    assert at.query_params["g"] == "3, 1, 2"


def test_the_practice_level_outlives_a_visit_to_another_page() -> None:
    at = open_app({"seed": "5"}, "pages/practice.py")
    at.button_group(key="practice_level_choice").set_value("hard").run()
    at.switch_page("pages/playground.py").run()
    at.switch_page("pages/practice.py").run()
    assert at.button_group(key="practice_level_choice").value == "hard"
    assert at.query_params["level"] == "hard"
    assert at.query_params["seed"] == "5"


def test_typed_text_stays_as_typed_and_a_reorder_rewrites_it() -> None:
    at = open_app(page="pages/playground.py")
    type_grades(at, "D1=3,   D2=1").run()
    assert grade_box_text(at) == "D1=3,   D2=1"  # their spacing kept
    at.session_state[LIST_KEY] = reversed_order(at.session_state[LIST_KEY])  # as Reverse stores
    at.session_state[VERSION_KEY] += 1
    at.run()
    assert grade_box_text(at) == "D2=1, D1=3"
