"""The core stays pure: no Streamlit, no module-level mutable state."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import types
from pathlib import Path

import ndcg_core

CORE_DIR = Path(ndcg_core.__file__).parent
COMPONENTS_DIR = CORE_DIR.parent / "components"
MUTABLE = (list, dict, set, bytearray)


def _core_modules() -> list[types.ModuleType]:
    # Every module of every room: walk_packages goes into the sub-packages, iter_modules does not.
    names = [m.name for m in pkgutil.walk_packages([str(CORE_DIR)], prefix="ndcg_core.")]
    widgets = [f"components.{m.name}" for m in pkgutil.iter_modules([str(COMPONENTS_DIR)])]
    return [importlib.import_module(name) for name in ["ndcg_core", *names, *widgets]]


def test_core_never_imports_streamlit() -> None:
    for path in CORE_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n.split(".")[0] == "streamlit" for n in names), path.name


def test_core_and_widget_modules_hold_no_mutable_globals() -> None:
    for module in _core_modules():
        for name, value in vars(module).items():
            if name.startswith("__") or name == "__all__":
                continue
            assert not isinstance(value, MUTABLE), f"{module.__name__}.{name} is mutable"


def test_classes_of_the_core_and_widgets_hold_no_mutable_class_attributes() -> None:
    # A class attribute is module state too: one object for every session of the server.
    for module in _core_modules():
        for value in vars(module).values():
            if not isinstance(value, type) or value.__module__ != module.__name__:
                continue
            for name, attribute in vars(value).items():
                if name.startswith("__") or (name.startswith("_") and name.endswith("_")):
                    continue  # Python's and Enum's own bookkeeping
                assert not isinstance(attribute, MUTABLE), f"{value.__qualname__}.{name}"


def test_only_the_cache_module_caches_a_resource() -> None:
    # st.cache_resource hands one object to every session (st.cache_data hands out copies):
    # only components/cache.py may use it, behind shared_view and shared_call, which take
    # immutable results (issue 14: a class opening the app computes each view once).
    root = CORE_DIR.parent
    sources = [root / "app.py", *root.glob("pages/*.py"), *COMPONENTS_DIR.glob("*.py")]
    assert len(sources) > 5
    # A session-scoped resource cache (scope="session") is each session's own, cleared when
    # it disconnects (components/run_uploads.py keeps an upload's scores there).
    shared_resource = re.compile(r"cache_resource(?!\(scope=\"session\")")
    for path in sources:
        if path == COMPONENTS_DIR / "cache.py":
            continue
        assert not shared_resource.search(path.read_text(encoding="utf-8")), path.name
    cache_module = (COMPONENTS_DIR / "cache.py").read_text(encoding="utf-8")
    assert cache_module.count("@st.cache_resource") == 1  # one store, two documented doors


def test_the_purity_checks_see_every_module_of_every_room() -> None:
    # The core is sub-packages by job; a module the walk missed would escape every check above.
    on_disk = {
        ".".join(("ndcg_core", *path.relative_to(CORE_DIR).with_suffix("").parts)).removesuffix(
            ".__init__"
        )
        for path in CORE_DIR.rglob("*.py")
    }
    assert len(on_disk) > 40
    assert on_disk <= {module.__name__ for module in _core_modules()}
