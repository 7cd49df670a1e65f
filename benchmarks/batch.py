"""Mean nDCG@10 of a 1,000,000-line run, end to end from files: ours, pytrec_eval and ranx.

Run: .venv/bin/pip install -e '.[bench]' && .venv/bin/python benchmarks/batch.py [queries]

Generates (seeded) a run of 10,000 queries x 100 documents with tied scores and qrels of
30 judged documents per query (10 of them never retrieved), then times, each in a fresh
process so nothing is warm (three times each, reporting the median): reading both files
and computing mean nDCG@10 under trec_eval's convention. Checks that ours and pytrec_eval agree to 1e-9 on every query, and all three on
every query whose score no order of tied documents can change (ranx orders ties its own
way); prints the ratios and our peak memory.

"ours" is ``evaluate_run_files`` (Arrow and NumPy, no pandas); "ours, frames" is the Runs
page's path (``read_qrels``, ``read_run`` and ``evaluate_run`` on pandas frames), for
comparison only: the ratios are for the first.
"""

from __future__ import annotations

import compileall
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
REPEATS = 3

OURS = """
import json, resource, sys, time
start = time.perf_counter()
from ndcg_core import PRESETS
from ndcg_core.runs import evaluate_run_files
qrels = open(sys.argv[1], "rb").read()
run = open(sys.argv[2], "rb").read()
scores = evaluate_run_files(
    run, qrels, PRESETS["trec_eval_ndcg_cut"].convention, score_missing_as_zero=False
)
mean = scores.mean
seconds = time.perf_counter() - start
per_query = dict(zip(scores.qids.tolist(), scores.ndcg.tolist()))
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
pandas = "pandas" in sys.modules
print(json.dumps({"seconds": seconds, "mean": mean, "per_query": per_query, "peak_mb": peak,
                  "pandas": pandas}))
"""

FRAMES = """
import json, resource, sys, time
start = time.perf_counter()
from ndcg_core import PRESETS
from ndcg_core.run_files import read_qrels, read_run
from ndcg_core.runs import evaluate_run
qrels = read_qrels(open(sys.argv[1], "rb").read())
run = read_run(open(sys.argv[2], "rb").read())
scores = evaluate_run(run, qrels, PRESETS["trec_eval_ndcg_cut"].convention, score_missing_as_zero=False)
mean = scores.mean
seconds = time.perf_counter() - start
per_query = dict(zip(scores.per_query["qid"], scores.per_query["ndcg"].tolist()))
print(json.dumps({"seconds": seconds, "mean": mean, "per_query": per_query}))
"""

PYTREC = """
import json, sys, time
start = time.perf_counter()
import pytrec_eval
with open(sys.argv[1]) as f:
    qrels = pytrec_eval.parse_qrel(f)
with open(sys.argv[2]) as f:
    run = pytrec_eval.parse_run(f)
results = pytrec_eval.RelevanceEvaluator(qrels, {"ndcg_cut.10"}).evaluate(run)
seconds = time.perf_counter() - start
per_query = {q: v["ndcg_cut_10"] for q, v in results.items()}
mean = sum(per_query.values()) / len(per_query)
print(json.dumps({"seconds": seconds, "mean": mean, "per_query": per_query}))
"""

RANX = """
import json, sys, time
start = time.perf_counter()
from ranx import Qrels, Run, evaluate
qrels = Qrels.from_file(sys.argv[1], kind="trec")
run = Run.from_file(sys.argv[2], kind="trec")
mean = float(evaluate(qrels, run, "ndcg@10"))
seconds = time.perf_counter() - start
per_query = {q: float(v) for q, v in run.scores["ndcg@10"].items()}
print(json.dumps({"seconds": seconds, "mean": mean, "per_query": per_query}))
"""


def write_files(folder: Path, queries: int) -> tuple[Path, Path]:
    rng = np.random.default_rng(20261122)
    qrels_path, run_path = folder / "bench.qrels", folder / "bench.run"
    docs = np.arange(110)
    with qrels_path.open("w") as qrels_file, run_path.open("w") as run_file:
        for q in range(queries):
            qid = f"q{q}"
            judged = rng.choice(docs, size=30, replace=False)  # ids >= 100 are never retrieved
            grades = rng.choice([0, 0, 1, 1, 2, 3], size=30)
            qrels_file.write(
                "".join(f"{qid} 0 d{d} {g}\n" for d, g in zip(judged, grades, strict=True))
            )
            scores = np.round(rng.random(100), 2)  # two decimals: plenty of ties
            order = np.argsort(-scores, kind="stable")
            run_file.write(
                "".join(
                    f"{qid} Q0 d{d} {rank} {scores[d]:.2f} bench\n"
                    for rank, d in enumerate(order, start=1)
                )
            )
    return qrels_path, run_path


def tie_proof_queries(qrels: Path, run: Path, k: int = 10) -> set[str]:
    """Queries whose nDCG@k no order of tied scores can change: in the top k, and the rest of
    a tie that crosses k, every tie's documents have one grade. ranx orders tied documents
    its own way (a quicksort on hashed ids), trec_eval by document id, descending; only on
    these queries must all three agree."""
    grades: dict[tuple[str, str], float] = {}
    for line in qrels.open():
        qid, _, doc, grade = line.split()
        grades[qid, doc] = float(grade)
    rows: dict[str, list[tuple[float, str]]] = {}
    for line in run.open():
        qid, _, doc, _, score, _ = line.split()
        rows.setdefault(qid, []).append((float(score), doc))
    proof = set()
    for qid, ranked in rows.items():
        ranked.sort(key=lambda row: -row[0])
        last = ranked[min(k, len(ranked)) - 1][0]
        counting = [row for row in ranked if row[0] >= last]
        tie_grades: dict[float, set[float]] = {}
        for score, doc in counting:
            tie_grades.setdefault(score, set()).add(grades.get((qid, doc), 0.0))
        if all(len(levels) == 1 for levels in tie_grades.values()):
            proof.add(qid)
    return proof


def timed(code: str, qrels: Path, run: Path) -> dict[str, object]:
    output = subprocess.run(
        [sys.executable, "-c", code, str(qrels), str(run)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    result: dict[str, object] = json.loads(output.strip().splitlines()[-1])
    return result


def repeated(code: str, qrels: Path, run: Path) -> dict[str, object]:
    """The median of REPEATS fresh-process runs (the result of the median one), with the
    fastest and slowest times: one run alone swings by a third on a 2-core machine."""
    results = sorted((timed(code, qrels, run) for _ in range(REPEATS)), key=_seconds)
    median = dict(results[len(results) // 2])
    median["range"] = f"{_seconds(results[0]):.2f}-{_seconds(results[-1]):.2f} s"
    return median


def _seconds(result: dict[str, object]) -> float:
    return float(str(result["seconds"]))


def main() -> None:
    queries = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    # An editable install leaves our modules uncompiled, and with PYTHONDONTWRITEBYTECODE
    # every run would compile them again; a regular pip install compiles them, so do that.
    compileall.compile_dir(ROOT / "ndcg_core", quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        qrels, run = write_files(Path(folder), queries)
        lines = sum(1 for _ in run.open())
        print(f"run: {lines:,} lines, {queries:,} queries; qrels: {queries * 30:,} judgements")
        print(f"each timed {REPEATS} times in fresh processes; medians, with (fastest-slowest)")
        ours = repeated(OURS, qrels, run)
        frames = repeated(FRAMES, qrels, run)
        pytrec = repeated(PYTREC, qrels, run)
        ranx = repeated(RANX, qrels, run)
        proof = tie_proof_queries(qrels, run)
    ours_per_query = ours["per_query"]
    frames_per_query = frames["per_query"]
    pytrec_per_query = pytrec["per_query"]
    assert isinstance(ours_per_query, dict)
    assert isinstance(frames_per_query, dict)
    assert isinstance(pytrec_per_query, dict)
    assert ours_per_query.keys() == pytrec_per_query.keys() == frames_per_query.keys()
    worst = max(abs(ours_per_query[q] - pytrec_per_query[q]) for q in pytrec_per_query)
    worst_frames = max(abs(frames_per_query[q] - pytrec_per_query[q]) for q in pytrec_per_query)
    for name, result in (
        ("ours", ours),
        ("ours, frames", frames),
        ("pytrec_eval", pytrec),
        ("ranx (cold)", ranx),
    ):
        print(
            f"{name:<12}{_seconds(result):7.2f} s ({result['range']})   "
            f"mean nDCG@10 {float(str(result['mean'])):.12f}"
        )
    print(f"largest per-query difference from pytrec_eval: {worst:.2e} (must be <= 1e-9)")
    print(f"  (ours, frames: {worst_frames:.2e})")
    assert worst <= 1e-9
    assert worst_frames <= 1e-9
    ranx_per_query = ranx["per_query"]
    assert isinstance(ranx_per_query, dict)
    assert ranx_per_query.keys() == pytrec_per_query.keys()
    three_way = max(
        max(
            abs(ours_per_query[q] - ranx_per_query[q]), abs(ours_per_query[q] - pytrec_per_query[q])
        )
        for q in proof
    )
    tied = max(abs(ours_per_query[q] - ranx_per_query[q]) for q in pytrec_per_query)
    print(
        f"all three, on the {len(proof):,} queries no tie order can change: largest difference "
        f"{three_way:.2e} (must be <= 1e-9)"
    )
    print(
        f"  ranx on every query, tied documents in its own order: up to {tied:.2e}; "
        f"means differ by {abs(float(ours['mean']) - float(ranx['mean'])):.2e}"
    )
    assert proof, "no query is free of ties that matter: the agreement check means nothing"
    assert three_way <= 1e-9
    print(
        f"pytrec_eval / ours: {float(pytrec['seconds']) / float(ours['seconds']):.2f}x "
        f"(target >= 4x); ranx / ours: {float(ranx['seconds']) / float(ours['seconds']):.2f}x "
        f"(target >= 20x)"
    )
    print(
        f"our peak memory: {float(ours['peak_mb']):.0f} MB (target < 1,024 MB); "
        f"pandas imported: {'yes' if ours['pandas'] else 'no'}"
    )


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(benchmark took {time.perf_counter() - started:.0f} s)")
