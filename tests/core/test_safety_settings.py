"""No user text can reach raw HTML, and the server runs with public-deployment settings.

The source checks read every Python file of the project (a grep that understands calls):
``unsafe_allow_html`` is never turned on, and whatever ``st.html``, ``components.html`` or
a custom component's ``html``/``css``/``js`` receives is a constant of its module, fixed
when the module loads, so it cannot hold anything a person typed.
"""

from __future__ import annotations

import ast
import re
import subprocess
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {".venv", "build", ".git", "node_modules", "screenshots"}
# Our own components' front ends build the page from these strings.
HTML_WRITERS = re.compile(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write")


def _python_files() -> list[Path]:
    return sorted(
        path
        for path in ROOT.rglob("*.py")
        if not SKIPPED & set(path.relative_to(ROOT).parts) and "egg-info" not in str(path)
    )


def _with_parents(tree: ast.AST) -> Iterator[tuple[ast.AST, list[ast.AST]]]:
    stack: list[tuple[ast.AST, list[ast.AST]]] = [(tree, [])]
    while stack:
        node, parents = stack.pop()
        yield node, parents
        stack.extend((child, [*parents, node]) for child in ast.iter_child_nodes(node))


def _module_names(tree: ast.Module) -> set[str]:
    """Names bound by the module's own top-level statements (not rebound by `global`)."""
    names: set[str] = set()
    for statement in tree.body:
        targets: list[ast.expr] = []
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign):
            targets = [statement.target]
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    rebound = {n for node in ast.walk(tree) if isinstance(node, ast.Global) for n in node.names}
    return names - rebound


def _constant(expr: ast.expr, module: set[str], function: ast.AST | None) -> bool:
    """Whether ``expr`` is fixed when the module loads: a literal, a module-level name, an
    entry of a module-level table, or a local name only ever set to one of those."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return _constant(expr.left, module, function) and _constant(expr.right, module, function)
    if isinstance(expr, ast.Subscript):
        return isinstance(expr.value, ast.Name) and expr.value.id in module
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
        table = expr.func.value
        return expr.func.attr == "get" and isinstance(table, ast.Name) and table.id in module
    if isinstance(expr, ast.Name):
        values = _assigned_in(function, expr.id) if function is not None else []
        if values:  # a local name: every value it is given must be fixed
            return all(v is not None and _constant(v, module, None) for v in values)
        return expr.id in module
    return False


def _assigned_in(function: ast.AST, name: str) -> list[ast.expr | None]:
    """The values a function gives ``name``; None for a parameter, a loop variable or an
    augmented assignment, whose value is only known at run time."""
    values: list[ast.expr | None] = []
    arguments = getattr(function, "args", None)
    if isinstance(arguments, ast.arguments):
        every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
        values += [None for argument in every if argument.arg == name]
    for node in ast.walk(function):
        value: ast.expr | None = None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign | ast.NamedExpr):
            targets, value = [node.target], node.value
        elif isinstance(node, ast.AugAssign | ast.For | ast.comprehension):
            targets = [node.target]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            targets = [node.optional_vars]
        else:
            continue
        names = {n.id for target in targets for n in ast.walk(target) if isinstance(n, ast.Name)}
        if name in names:
            values.append(value)
    return values


def _html_sinks(path: Path) -> Iterator[tuple[str, ast.expr, set[str], ast.AST | None]]:
    """Every argument that reaches HTML: (where, argument, module names, enclosing function)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    module = _module_names(tree)
    for node, parents in _with_parents(tree):
        if not isinstance(node, ast.Call):
            continue
        functions = [p for p in parents if isinstance(p, ast.FunctionDef | ast.AsyncFunctionDef)]
        function = functions[-1] if functions else None
        name = node.func.attr if isinstance(node.func, ast.Attribute) else ""
        name = node.func.id if isinstance(node.func, ast.Name) else name
        where = f"{path.relative_to(ROOT)}:{node.lineno}"
        if name == "html":  # st.html, components.v1.html
            for argument in [*node.args[:1], *(k.value for k in node.keywords if k.arg == "body")]:
                yield f"{where} {name}()", argument, module, function
        if name == "component":  # components.v2.component(name, html=, css=, js=)
            for keyword in node.keywords:
                if keyword.arg in ("html", "css", "js"):
                    yield f"{where} component({keyword.arg}=)", keyword.value, module, function


def test_unsafe_allow_html_is_never_turned_on() -> None:
    files = _python_files()
    assert len(files) > 40
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            for keyword in getattr(node, "keywords", []):
                if keyword.arg == "unsafe_allow_html":
                    where = f"{path.relative_to(ROOT)}:{node.lineno} turns unsafe_allow_html on"
                    assert isinstance(keyword.value, ast.Constant), where
                    assert keyword.value.value is False, where


def test_html_is_only_ever_a_constant_of_its_module() -> None:
    sinks = [sink for path in _python_files() for sink in _html_sinks(path)]
    found = {where.split(" ")[1] for where, *_ in sinks}
    assert {"html()", "component(css=)", "component(js=)", "component(html=)"} <= found
    for where, argument, module, function in sinks:
        assert _constant(argument, module, function), f"{where}: {ast.unparse(argument)}"


def test_the_constant_check_refuses_text_built_at_run_time() -> None:
    tree = ast.parse(
        "import streamlit as st\n"
        "STYLE = '<style></style>'\n"
        "def show(label):\n"
        "    st.html(STYLE)\n"
        "    st.html(f'<b>{label}</b>')\n"
        "    st.html('<i>' + label + '</i>')\n"
        "    text = label\n"
        "    st.html(text)\n"
    )
    module = _module_names(tree)
    function = tree.body[2]
    calls = [n for n in ast.walk(function) if isinstance(n, ast.Call)]
    verdicts = [_constant(call.args[0], module, function) for call in calls]
    assert verdicts == [True, False, False, False]


def test_our_components_never_write_html_from_their_data() -> None:
    # A component's JavaScript lives in a Python string or in components/static/*.js.
    paths = [*(ROOT / "components").glob("*.py"), *(ROOT / "components" / "static").glob("*.js")]
    sources = {p.name: p.read_text(encoding="utf-8") for p in paths}
    assert {"sortable_list.js", "share_link.py", "Sortable.min.js"} <= set(sources)
    for name, source in sources.items():
        assert not HTML_WRITERS.search(source), name  # labels go in as textContent only


# --------------------------------------------------------------------------- server settings

CONFIG = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
PUBLIC_SETTINGS = {
    ("server", "maxUploadSize"): 200,
    ("server", "enableXsrfProtection"): True,
    ("server", "enableStaticServing"): True,  # static/ holds the live view's library only
    ("server", "headless"): True,
    ("server", "runOnSave"): False,
    ("server", "fileWatcherType"): "none",
    ("browser", "gatherUsageStats"): False,
    ("client", "showErrorDetails"): "none",
    ("client", "toolbarMode"): "viewer",
    ("client", "disableDataExport"): True,  # its CSV writes user text raw (formulas)
    ("runner", "postScriptGC"): False,  # see docs/performance.md, Load: a full GC after every run
}


def test_the_static_folder_commits_nothing_but_its_note() -> None:
    # Streamlit serves static/ to anyone; the server writes the live view's library there.
    committed = subprocess.run(
        ["git", "ls-files", "static"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert committed == ["static/README.md"]
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "library-*.js.gz" in ignored


def test_the_server_is_configured_for_a_public_deployment() -> None:
    for (section, name), value in PUBLIC_SETTINGS.items():
        assert CONFIG[section][name] == value, f"{section}.{name}"
    assert CONFIG["server"].get("enableCORS", True) is True  # XSRF protection needs it


def test_the_deployment_notes_document_each_setting() -> None:
    notes = (ROOT / "docs" / "deployment.md").read_text(encoding="utf-8")
    section = notes.split("## Server settings for a public deployment", 1)[1].split("\n## ", 1)[0]
    for (group, name), value in PUBLIC_SETTINGS.items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert f"{group}.{name}" in section, f"{group}.{name}"
        assert shown in section.split(f"{group}.{name}", 1)[1].split("\n", 1)[0], name
