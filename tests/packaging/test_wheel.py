"""The wheel carries what the core and the components read: built from the checkout, installed
(not editable) into a fresh virtual environment, imported from a folder outside the repository,
it loads every seed example, the drag list's JavaScript and CSS, the view's repaint script and
its charts' script with the vendored Vega and Vega-Lite (components/static)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import json
import ndcg_core
from components import sortable_list  # reads components/static/ at import
from components.view_repaint import view_repaint_js  # reads components/static/ when called
from components.view_charts import view_charts_js  # Vega, Vega-Lite and the charts' script
from ndcg_core.teaching.examples import load_examples
print(json.dumps({
    "file": ndcg_core.__file__,
    "component": sortable_list.__file__,
    "repaint": "function repaintView(numbers, order)" in view_repaint_js(),
    "charts": [
        text in view_charts_js()
        for text in ('t.version="6.4.0"', 'var n="6.4.1"', "function drawViewCharts(")
    ],
    "examples": [e.id for e in load_examples()],
}))
"""


def test_the_installed_wheel_loads_every_example(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(wheels)],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("ndcg_lab-*.whl")
    venv = tmp_path / "venv"
    # No pip of its own (ensurepip is slow): this interpreter's pip installs into it.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps"]
    subprocess.run([*install, "-q", str(wheel)], check=True, capture_output=True)
    # The dependencies (numpy, pyarrow...) come from this environment's site-packages, put on
    # the path as a plain folder: its .pth files, the editable install among them, stay unread.
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    environment = os.environ | {"PYTHONPATH": sysconfig.get_paths()["purelib"]}
    environment.pop("PYTHONSAFEPATH", None)
    result = subprocess.run(
        [str(python), "-c", CHECK],
        cwd=outside,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    found = json.loads(result.stdout)
    assert Path(found["file"]).is_relative_to(venv), found["file"]
    assert Path(found["component"]).is_relative_to(venv), found["component"]
    assert found["repaint"]
    assert found["charts"] == [True, True, True]
    shipped = json.loads((ROOT / "ndcg_core" / "data" / "examples.json").read_text())
    assert found["examples"] == [item["id"] for item in shipped["examples"]]
