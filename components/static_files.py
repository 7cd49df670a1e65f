"""The browser files under ``components/static`` (package data in the wheel), read as text for
the inline ``st.components.v2`` components, and vendored UMD bundles made into constants."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"


def static_text(name: str) -> str:
    """The text of ``components/static/<name>``."""
    return (STATIC / name).read_text(encoding="utf-8")


def umd_constant(name: str, file: str, require: str = "") -> str:
    """The UMD bundle ``file`` as ``const name``: given a ``module``, a UMD bundle sets no
    global, so a page and a component's ES module load it alike; ``require`` (JavaScript
    defining ``require``) answers the bundle's own dependencies.

    >>> umd_constant("Sortable", "Sortable.min.js").splitlines()[0]
    'const Sortable = (() => {'
    """
    return "\n".join(
        [
            f"const {name} = (() => {{",
            "  const module = { exports: {} };",
            "  const exports = module.exports;",
            *([require] if require else []),
            static_text(file),
            "  ;return module.exports;",
            "})();",
        ]
    )


def chip_list_js() -> str:
    """SortableJS (MIT, see static/SortableJS-LICENSE) as ``const Sortable``, then
    ``static/chip_list.js``: the reorderable chips the drag list and the live view share."""
    return "\n".join([umd_constant("Sortable", "Sortable.min.js"), static_text("chip_list.js")])
