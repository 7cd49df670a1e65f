"""The Your run page's work on a run at the upload cap: about 200 MB, 3.8 million lines,
38,000 queries, document ids from a large collection (nearly all distinct).

Run: .venv/bin/python benchmarks/upload.py [queries] [--before REV]  (with --before, the
files path of ``ndcg_core`` at commit REV, from ``git archive``, also runs, taking turns)

Each path runs three times, taking turns, each time in a fresh process from the files'
bytes (as the page has them after an upload) to the mean nDCG with its 95% bootstrap
interval, under the page's default convention (the app's default with trec_eval's tie
order); it prints the median time of each step and the process's peak memory (RSS):

- "files": ``evaluate_run_files`` on the bytes (Arrow and NumPy), then ``bootstrap_interval``
  on the per-query scores: what the page does;
- "frames": ``read_qrels`` and ``read_run`` into pandas frames, ``evaluate_run`` on them,
  then ``bootstrap_interval``: what the page did before.

Both must give the same per-query scores to the bit.
"""

from __future__ import annotations

import compileall
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
REPEATS = 3

PATHS = {
    "files": """
import hashlib, json, resource, sys, time
start = time.perf_counter()
from ndcg_core import Convention, bootstrap_interval, evaluate_run_files
qrels = open(sys.argv[1], "rb").read()
run = open(sys.argv[2], "rb").read()
steps = {"import": time.perf_counter() - start}
mark = time.perf_counter()
scores = evaluate_run_files(run, qrels, Convention(ties="trec_eval"))
steps["read and score"] = time.perf_counter() - mark
mark = time.perf_counter()
low, high = bootstrap_interval(scores.ndcg)
steps["bootstrap"] = time.perf_counter() - mark
""",
    "frames": """
import hashlib, json, resource, sys, time
start = time.perf_counter()
from ndcg_core import Convention, bootstrap_interval, evaluate_run, read_qrels, read_run
qrels = open(sys.argv[1], "rb").read()
run = open(sys.argv[2], "rb").read()
steps = {"import": time.perf_counter() - start}
mark = time.perf_counter()
qrels_frame = read_qrels(qrels)
run_frame = read_run(run)
steps["read"] = time.perf_counter() - mark
mark = time.perf_counter()
scores = evaluate_run(run_frame, qrels_frame, Convention(ties="trec_eval"))
steps["score"] = time.perf_counter() - mark
mark = time.perf_counter()
low, high = bootstrap_interval(scores.per_query["ndcg"].to_numpy(float))
steps["bootstrap"] = time.perf_counter() - mark
""",
}
REPORT = """
seconds = time.perf_counter() - start
digest = hashlib.sha256(scores.ndcg.tobytes() + "|".join(scores.qids).encode()).hexdigest()
print(json.dumps({"seconds": seconds, "steps": steps, "interval": [low, high],
    "mean": scores.mean, "digest": digest, "queries": len(scores.qids),
    "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def write_files(folder: Path, queries: int) -> tuple[Path, Path]:
    """100 documents a query, 30 judged (10 of them never retrieved), crawl-style ids."""
    from benchmarks.batch import crawl_ids, write_query  # main() put the repository on the path

    rng = np.random.default_rng(20261123)
    qrels_path, run_path = folder / "upload.qrels", folder / "upload.run"
    with qrels_path.open("w") as qrels_file, run_path.open("w") as run_file:
        for q in range(queries):
            names = crawl_ids(rng)
            qid = str(100_000 + q)
            write_query(qrels_file, run_file, rng, qid, names, scale=30, digits=3, tag="upload")
    return qrels_path, run_path


def timed(code: str, qrels: Path, run: Path) -> dict[str, object]:
    output = subprocess.run(
        [sys.executable, "-c", code + REPORT, str(qrels), str(run)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    result: dict[str, object] = json.loads(output.strip().splitlines()[-1])
    return result


def main() -> None:
    sys.path.insert(0, str(ROOT))  # run as a script: the repository's benchmarks package
    from benchmarks.batch import at_commit, before_argument, commit_copy

    rev, arguments = before_argument(sys.argv[1:])
    queries = int(arguments[0]) if arguments else 38_000
    compileall.compile_dir(ROOT / "ndcg_core", quiet=1)
    paths = dict(PATHS)
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as old:
        if rev is not None:
            paths = {
                "files": PATHS["files"],
                f"files at {rev}": at_commit(PATHS["files"], commit_copy(rev, Path(old))),
                "frames": PATHS["frames"],
            }
        qrels, run = write_files(Path(folder), queries)
        lines = sum(1 for _ in run.open("rb"))
        print(
            f"run: {run.stat().st_size / 2**20:.0f} MB, {lines:,} lines, {queries:,} queries; "
            f"qrels: {qrels.stat().st_size / 2**20:.0f} MB"
        )
        results: dict[str, list[dict[str, object]]] = {name: [] for name in paths}
        before = os.getloadavg()[0]
        for _ in range(REPEATS):
            for name, code in paths.items():
                results[name].append(timed(code, qrels, run))
    print(f"each path {REPEATS} times in fresh processes, taking turns; medians")
    print(
        f"load average (1 min) on this machine: {before:.1f} before, {os.getloadavg()[0]:.1f} after"
    )
    for name, runs in results.items():
        steps = runs[0]["steps"]
        assert isinstance(steps, dict)
        median = {
            step: float(np.median([float(r["steps"][step]) for r in runs]))  # type: ignore[index]
            for step in steps
        }
        seconds = float(np.median([float(str(r["seconds"])) for r in runs]))
        peak = max(float(str(r["peak_mb"])) for r in runs)
        low, high = runs[0]["interval"]  # type: ignore[misc]
        print(
            f"{name:<{max(map(len, results))}} {seconds:5.2f} s ("
            + ", ".join(f"{step} {value:.2f} s" for step, value in median.items())
            + f"); peak {peak:,.0f} MB; mean {float(str(runs[0]['mean'])):.6f}, "
            f"95% interval {low:.6f} to {high:.6f}"
        )
    digests = {str(r["digest"]) for runs in results.values() for r in runs}
    print(
        f"per-query scores identical across paths and runs: {'yes' if len(digests) == 1 else 'NO'}"
    )
    assert len(digests) == 1
    files_seconds = float(np.median([float(str(r["seconds"])) for r in results["files"]]))
    print(f"target: scored with its interval in <= 3 s ({files_seconds:.2f} s), peak < 1,024 MB")


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(benchmark took {time.perf_counter() - started:.0f} s)")
