"""A page says something went wrong one way: components.chrome.error_box (plain text, one icon).

The red "not yet" after a wrong answer (Practice, the lesson's check) is feedback on an
answer, not an error of input, and keeps its own look: components.exercise_widgets draws it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FEEDBACK = {("components/exercise_widgets.py", "message")}


def _error_calls() -> list[tuple[str, str]]:
    found = []
    for path in sorted([*ROOT.glob("components/**/*.py"), *ROOT.glob("pages/*.py")]):
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "error"
            ):
                found.append((where, ast.unparse(node.args[0]) if node.args else ""))
    return found


def test_errors_are_drawn_only_by_error_box() -> None:
    calls = _error_calls()
    assert ("components/chrome.py", "plain(message)") in calls  # error_box itself
    others = [
        call
        for call in calls
        if call != ("components/chrome.py", "plain(message)")
        and (call[0], call[1].removeprefix("plain(").removesuffix(")")) not in FEEDBACK
    ]
    assert others == []
