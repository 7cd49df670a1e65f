"""Our 64-bit key join (ndcg_core/runs/id_keys.py) against pyarrow's own, end to end (issue 22).

Run: .venv/bin/python benchmarks/join.py [queries]   (default 10,000: a 1,000,000-line run)

On ``benchmarks/batch.py``'s "distinct ids" files (a web crawl's ids, nearly every run line
its own id: the files that take the key path), each program reads both files and computes
mean nDCG@10 under trec_eval's convention in a fresh process, three times, taking turns
(medians, fastest-slowest). The pyarrow variants replace only the key path's two jobs,
with the rest of the reader and the scoring unchanged (the functions are swapped into
``ndcg_core.runs.coded_files`` and ``ndcg_core.runs.scoring`` in the child process; nothing
in the product changes):

- a (query, document) pair met twice in a file (it then goes to the careful reader):
  ours hashes the ids into 64-bit keys and sorts them a table of groups at a time;
  pyarrow groups the rows by (query code, document id) (``Table.group_by``);
- the grade of each run row that counts (the top 10 of a query): ours finds its key among
  the qrels' and confirms the ids byte for byte; pyarrow joins the rows with the qrels on
  (query code, document id), either with ``Table.join`` (a hash join) or with
  ``pyarrow.compute.index_in`` on one "code, NUL, id" string per row.

Every variant's per-query scores must equal ours exactly. The ratio (pyarrow / ours) is
printed from the same run. Keep ours only if it is clearly faster (about 1.3x end to end).
"""

from __future__ import annotations

import compileall
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.batch import OURS, ROOT, interleaved, write_files

# Swapped in before OURS runs; JOIN is "table" or "index_in".
PYARROW_JOIN = """
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
from ndcg_core.runs import coded_files as rf
from ndcg_core.runs import scoring as runs

MARK = np.zeros(0, dtype=np.uint64)  # "checked for repeats": read_coded takes the key path


def plain_docs(table):
    docs = table.column("docid")
    if pa.types.is_dictionary(docs.type):
        plain = pa.chunked_array(
            [chunk.dictionary.take(chunk.indices) for chunk in docs.chunks], type=pa.string()
        )
        table = table.set_column(table.schema.get_field_index("docid"), "docid", plain)
    return table


def pair_repeats(table):
    queries, _ = rf._codes([table.column("qid")])
    pairs = pa.table({"q": queries, "d": table.column("docid")})
    return pairs.group_by(["q", "d"]).aggregate([]).num_rows < pairs.num_rows


def read_evaluation_file(data, what):
    trec_columns, wanted = rf._COLUMNS[what]
    docs_repeat = rf._ids_repeat(data, trec_columns.index("docid"))
    table = rf._coded_table(data, list(trec_columns), list(wanted), docs_repeat=docs_repeat)
    if table is not None:
        if docs_repeat and rf._few_ids(table.column("docid")):
            queries, query_names = rf._codes([table.column("qid")])
            docs, doc_names = rf._codes([table.column("docid")])
            if not rf._repeats(queries, docs, len(query_names), max(len(doc_names), 1)):
                return rf.EvaluationFile(what, table, None, None)
        else:
            table = plain_docs(table)
            if not pair_repeats(table):
                return rf.EvaluationFile(what, table, MARK, None)
    frame = rf.read_run(data) if what == "run" else rf.read_qrels(data)
    return rf.EvaluationFile(what, None, None, frame)


def combined(codes, ids):
    return pc.binary_join_element_wise(pa.array(codes).cast(pa.string()), ids, "\\x00")


def read_coded(run, qrels):
    if run.table is None or qrels.table is None:
        return None
    if run.keys is None and qrels.keys is None:
        return rf._dictionary_coded(run.table, qrels.table)
    ranked = run.table if run.keys is not None else plain_docs(run.table)
    if qrels.keys is not None:
        judged = qrels.table
    else:
        judged = plain_docs(qrels.table)
        if pair_repeats(judged):
            return None
    qids, qid_names = rf._codes([ranked.column("qid"), judged.column("qid")])
    run_q, rel_q = qids[: ranked.num_rows], qids[ranked.num_rows :]
    run_ids, rel_ids = ranked.column("docid"), judged.column("docid")
    rel_grades = rf.column_numbers(judged.column("grade"), np.float64)
    if JOIN == "index_in":
        rel_keys = combined(rel_q, rel_ids.combine_chunks())

    def grades_of(rows):
        grades = np.zeros(len(rows))
        ids = run_ids.take(rows)
        if JOIN == "table":
            left = pa.table({"q": run_q[rows], "d": ids, "i": np.arange(len(rows))})
            right = pa.table({"q": rel_q, "d": rel_ids, "g": rel_grades})
            joined = left.join(right, keys=["q", "d"], join_type="inner")
            grades[joined.column("i").to_numpy()] = joined.column("g").to_numpy()
        else:
            at = pc.index_in(combined(run_q[rows], ids.combine_chunks()), value_set=rel_keys)
            found = np.flatnonzero(at.is_valid().to_numpy(zero_copy_only=False))
            grades[found] = rel_grades[at.drop_null().to_numpy()]
        return grades

    return rf.CodedFiles(
        run=(run_q, rf._row_numbers(ranked.num_rows), rf.column_numbers(ranked.column("score"), np.float64)),
        judged=(rel_q, np.full(len(rel_q), -1), rel_grades),
        qid_names=np.array(qid_names.to_pylist(), dtype=object),
        n_docs=ranked.num_rows,
        grades_of=grades_of,
        doc_ranks=lambda rows: rf._string_ranks(run_ids, rows),
    )


rf.read_evaluation_file = runs.read_evaluation_file = read_evaluation_file
rf.read_coded = runs.read_coded = read_coded
"""


def variant(join: str) -> str:
    """OURS, with pyarrow's join swapped in first (timed from the same start)."""
    head, body = OURS.split("from ndcg_core import PRESETS, evaluate_run_files\n", 1)
    swap = f"JOIN = {join!r}\n" + PYARROW_JOIN
    return head + "from ndcg_core import PRESETS, evaluate_run_files\n" + swap + body


def main() -> None:
    queries = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    compileall.compile_dir(ROOT / "ndcg_core", quiet=1)
    codes = {
        "ours (id_keys)": OURS,
        "pyarrow Table.join": variant("table"),
        "pyarrow index_in": variant("index_in"),
    }
    with tempfile.TemporaryDirectory() as folder:
        qrels, run = write_files(Path(folder), queries, shared_ids=False)
        lines = sum(1 for _ in run.open())
        print(
            f"distinct ids: run of {lines:,} lines ({run.stat().st_size / 2**20:.0f} MB), "
            f"{queries:,} queries; qrels: {queries * 30:,} judgements; "
            f"each timed 3 times in fresh processes, taking turns; medians (fastest-slowest)"
        )
        load = os.getloadavg()[0]
        results = interleaved(codes, qrels, run)
    print(f"load average (1 min): {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    ours = results["ours (id_keys)"]
    for name, result in results.items():
        assert result["per_query"] == ours["per_query"], f"{name} scores differently"
        seconds, cpu = float(str(result["seconds"])), float(str(result["cpu"]))
        print(
            f"{name:<20}{seconds:6.2f} s ({result['range']}), CPU {cpu:.2f} s, "
            f"peak {float(str(result['peak_mb'])):.0f} MB, "
            f"{seconds / float(str(ours['seconds'])):.2f}x ours' time"
        )
    per_query = ours["per_query"]
    assert isinstance(per_query, dict)
    print(f"every variant's scores equal ours on all {len(per_query):,} queries")


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"(benchmark took {time.perf_counter() - started:.0f} s)")
