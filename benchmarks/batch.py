"""Mean nDCG@10 of a 1,000,000-line run, end to end from files: ours, pytrec_eval and ranx,
on two shapes of document ids.

Run: .venv/bin/pip install -e '.[bench]' && .venv/bin/python benchmarks/batch.py [queries]
[--before REV]  (with --before, ``ndcg_core`` at commit REV, from ``git archive``, also runs,
taking turns with the others: a before-and-after in one run)

Generates (seeded) runs of 10,000 queries x 100 documents with tied scores and qrels of 30
judged documents per query (10 of them never retrieved), in two shapes:

- shared ids: every query draws from ``d0``..``d109``, a few hundred distinct ids in all
  (what Arrow's dictionary encoding loves);
- distinct ids: ids from a large collection (``clueweb09-en0003-47-01234``), nearly every
  line its own id, as real runs are.

Then times, each in a fresh process so nothing is warm (three times each, interleaved,
reporting the median): reading both files and computing mean nDCG@10 under trec_eval's
convention; wall clock, and CPU time (user + system of all threads: ours parses on both
cores, so on an idle machine its wall time is below its CPU time; on a loaded one the CPU
ratio moves less than the wall ratio). The load average is printed beside the figures. Checks that ours and pytrec_eval agree to 1e-12 on every query, and (shared
ids) all three on every query whose score no order of tied documents can change (ranx
orders ties its own way); prints the ratios and our peak memory.

"ours" is ``evaluate_run_files`` (Arrow and NumPy, no pandas); "ours, frames" is the old
page path (``read_qrels``, ``read_run`` and ``evaluate_run`` on pandas frames), shown on the
shared shape for comparison only: the ratios are for the first. ranx (cold, its numba
functions compiled in each fresh process) runs on the shared shape only, to keep the
benchmark short.
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
from typing import TextIO

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
REPEATS = 3

OURS = """
import json, resource, sys, time
start = time.perf_counter()
from ndcg_core import PRESETS, evaluate_run_files
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
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": seconds, "mean": mean, "per_query": per_query, "peak_mb": peak,
                  "pandas": pandas, "cpu": usage.ru_utime + usage.ru_stime}))
"""

FRAMES = """
import json, resource, sys, time
start = time.perf_counter()
from ndcg_core import PRESETS, evaluate_run, read_qrels, read_run
qrels = read_qrels(open(sys.argv[1], "rb").read())
run = read_run(open(sys.argv[2], "rb").read())
scores = evaluate_run(run, qrels, PRESETS["trec_eval_ndcg_cut"].convention, score_missing_as_zero=False)
mean = scores.mean
seconds = time.perf_counter() - start
per_query = dict(zip(scores.per_query["qid"], scores.per_query["ndcg"].tolist()))
import resource
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": seconds, "mean": mean, "per_query": per_query,
                  "cpu": usage.ru_utime + usage.ru_stime}))
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
import resource
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": seconds, "mean": mean, "per_query": per_query,
                  "cpu": usage.ru_utime + usage.ru_stime}))
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
import resource
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"seconds": seconds, "mean": mean, "per_query": per_query,
                  "cpu": usage.ru_utime + usage.ru_stime}))
"""


def crawl_ids(rng: np.random.Generator, count: int = 110) -> list[str]:
    """Segment, file and document numbers of a web crawl: ids rarely met twice."""
    segment, file, number = (rng.integers(0, top, count) for top in (10_000, 100, 10**5))
    return [
        f"clueweb09-en{s:04d}-{f:02d}-{n:05d}"
        for s, f, n in zip(segment, file, number, strict=True)
    ]


def write_query(
    qrels_file: TextIO,
    run_file: TextIO,
    rng: np.random.Generator,
    qid: str,
    names: list[str],
    *,
    scale: float,
    digits: int,
    tag: str,
) -> None:
    """One query: 30 of its 110 documents judged (ids >= 100 are never retrieved), and the
    first 100 ranked by scores rounded to ``digits`` (few digits: plenty of ties)."""
    judged = rng.choice(110, size=30, replace=False)
    grades = rng.choice([0, 0, 1, 1, 2, 3], size=30)
    qrels_file.write(
        "".join(f"{qid} 0 {names[d]} {g}\n" for d, g in zip(judged, grades, strict=True))
    )
    scores = np.round(rng.random(100) * scale, digits)
    order = np.argsort(-scores, kind="stable")
    run_file.write(
        "".join(
            f"{qid} Q0 {names[d]} {rank} {scores[d]:.{digits}f} {tag}\n"
            for rank, d in enumerate(order, start=1)
        )
    )


def write_files(folder: Path, queries: int, *, shared_ids: bool) -> tuple[Path, Path]:
    rng = np.random.default_rng(20261122)
    shape = "shared" if shared_ids else "distinct"
    qrels_path, run_path = folder / f"{shape}.qrels", folder / f"{shape}.run"
    with qrels_path.open("w") as qrels_file, run_path.open("w") as run_file:
        for q in range(queries):
            names = [f"d{d}" for d in range(110)] if shared_ids else crawl_ids(rng)
            write_query(qrels_file, run_file, rng, f"q{q}", names, scale=1, digits=2, tag="bench")
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


def interleaved(codes: dict[str, str], qrels: Path, run: Path) -> dict[str, dict[str, object]]:
    """For each program, the median of REPEATS fresh-process runs (the result of the median
    one), with the fastest and slowest times. The programs take turns, so a busy spell on
    this shared 2-core machine falls on all of them alike."""
    runs: dict[str, list[dict[str, object]]] = {name: [] for name in codes}
    for _ in range(REPEATS):
        for name, code in codes.items():
            runs[name].append(timed(code, qrels, run))
    medians = {}
    for name, results in runs.items():
        results.sort(key=_seconds)
        median = dict(results[len(results) // 2])
        median["range"] = f"{_seconds(results[0]):.2f}-{_seconds(results[-1]):.2f} s"
        median["cpu"] = float(np.median([float(str(result["cpu"])) for result in results]))
        medians[name] = median
    return medians


def _seconds(result: dict[str, object]) -> float:
    return float(str(result["seconds"]))


def _per_query(result: dict[str, object]) -> dict[str, float]:
    per_query = result["per_query"]
    assert isinstance(per_query, dict)
    return per_query


def at_commit(code: str, tree: Path | None) -> str:
    """The snippet, importing ``ndcg_core`` from ``tree`` (a commit's copy) first."""
    return code if tree is None else f"import sys; sys.path.insert(0, {str(tree)!r})\n" + code


def shape(folder: Path, queries: int, *, shared_ids: bool, before: tuple[str, Path] | None) -> None:
    qrels, run = write_files(folder, queries, shared_ids=shared_ids)
    lines = sum(1 for _ in run.open())
    size = run.stat().st_size / 2**20
    print(
        f"\n{'shared' if shared_ids else 'distinct'} ids: run of {lines:,} lines ({size:.0f} MB), "
        f"{queries:,} queries; qrels: {queries * 30:,} judgements"
    )
    codes = {"ours": OURS}
    if before is not None:
        codes[f"ours at {before[0]}"] = at_commit(OURS, before[1])
    codes["pytrec_eval"] = PYTREC
    if shared_ids:
        codes |= {"ours, frames": FRAMES, "ranx (cold)": RANX}
    load = os.getloadavg()[0]
    results = interleaved(codes, qrels, run)
    print(
        f"load average (1 min) on this machine: {load:.1f} before, {os.getloadavg()[0]:.1f} after"
    )
    for name, result in results.items():
        print(
            f"{name:<12}{_seconds(result):7.2f} s ({result['range']}), "
            f"CPU {float(str(result['cpu'])):.2f} s   mean nDCG@10 {float(str(result['mean'])):.12f}"
        )
    ours, pytrec = _per_query(results["ours"]), _per_query(results["pytrec_eval"])
    assert ours.keys() == pytrec.keys()
    worst = max(abs(ours[q] - pytrec[q]) for q in pytrec)
    print(f"largest per-query difference from pytrec_eval: {worst:.2e} (must be <= 1e-12)")
    assert worst <= 1e-12
    if shared_ids:
        frames = _per_query(results["ours, frames"])
        assert frames.keys() == pytrec.keys()
        worst_frames = max(abs(frames[q] - pytrec[q]) for q in pytrec)
        print(f"  (ours, frames: {worst_frames:.2e})")
        assert worst_frames <= 1e-12
        ranx = _per_query(results["ranx (cold)"])
        assert ranx.keys() == pytrec.keys()
        proof = tie_proof_queries(qrels, run)
        assert proof, "no query is free of ties that matter: the agreement check means nothing"
        three_way = max(max(abs(ours[q] - ranx[q]), abs(ours[q] - pytrec[q])) for q in proof)
        tied = max(abs(ours[q] - ranx[q]) for q in pytrec)
        print(
            f"all three, on the {len(proof):,} queries no tie order can change: largest "
            f"difference {three_way:.2e} (must be <= 1e-12)"
        )
        print(f"  ranx on every query, tied documents in its own order: up to {tied:.2e}")
        assert three_way <= 1e-12
    seconds = _seconds(results["ours"])
    print(f"pytrec_eval / ours: {_seconds(results['pytrec_eval']) / seconds:.2f}x (target >= 4x)")
    cpu = float(str(results["ours"]["cpu"]))
    print(
        f"  in CPU time (user + system, all threads; less moved by other work on the machine): "
        f"{float(str(results['pytrec_eval']['cpu'])) / cpu:.2f}x"
    )
    if before is not None:
        earlier = results[f"ours at {before[0]}"]
        assert _per_query(earlier) == ours, "the commit before scores differently"
        print(
            f"at {before[0]}: pytrec_eval / ours {_seconds(results['pytrec_eval']) / _seconds(earlier):.2f}x, "
            f"in CPU time {float(str(results['pytrec_eval']['cpu'])) / float(str(earlier['cpu'])):.2f}x; "
            f"peak {float(str(earlier['peak_mb'])):.0f} MB"
        )
    if shared_ids:
        print(f"ranx / ours: {_seconds(results['ranx (cold)']) / seconds:.2f}x (target >= 20x)")
    print(
        f"our peak memory: {float(str(results['ours']['peak_mb'])):.0f} MB (target < 1,024 MB); "
        f"pandas imported: {'yes' if results['ours']['pandas'] else 'no'}"
    )


def commit_copy(rev: str, folder: Path) -> Path:
    """``ndcg_core`` as it was at commit ``rev``, compiled, in ``folder``."""
    archive = subprocess.run(
        ["git", "archive", rev, "ndcg_core"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    compileall.compile_dir(folder / "ndcg_core", quiet=1)
    return folder


def before_argument(arguments: list[str]) -> tuple[str | None, list[str]]:
    """``--before REV`` taken out of the command line: the commit to measure beside this
    tree (or None), and the arguments left."""
    rest = list(arguments)
    if "--before" not in rest:
        return None, rest
    at = rest.index("--before")
    rev = rest[at + 1]
    del rest[at : at + 2]
    return rev, rest


def main() -> None:
    rev, arguments = before_argument(sys.argv[1:])
    queries = int(arguments[0]) if arguments else 10_000
    # An editable install leaves our modules uncompiled, and with PYTHONDONTWRITEBYTECODE
    # every run would compile them again; a regular pip install compiles them, so do that.
    compileall.compile_dir(ROOT / "ndcg_core", quiet=1)
    print(
        f"each timed {REPEATS} times in fresh processes, taking turns; medians, (fastest-slowest)"
    )
    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as old:
        before = None if rev is None else (rev, commit_copy(rev, Path(old)))
        shape(Path(folder), queries, shared_ids=True, before=before)
        shape(Path(folder), queries, shared_ids=False, before=before)


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(benchmark took {time.perf_counter() - started:.0f} s)")
