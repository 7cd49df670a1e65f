"""Your run's uploads (issue 20): once read, an upload's uploader is replaced by an empty one
in the same run (Streamlit copied a held 200 MB file on every rerun, and kept it); the
file read stays in use, named under the uploader; the interval and the p-value say how
they were made."""

from __future__ import annotations

import gc

import numpy as np

from components.run_uploads import per_query_csv_later
from ndcg_core.runs.scoring import evaluate_run_files
from ndcg_core.runs.significance import EXACT_MAX_QUERIES
from tests.pages.conftest import open_app

PAGE = "pages/runs.py"
QRELS = b"a 0 d1 2\na 0 d2 1\nb 0 d3 1\n"
RUN = b"a Q0 d2 1 2 x\na Q0 d1 2 1 x\nb Q0 d3 1 1 x\n"


def _uploader_keys(at) -> list[str]:
    return [u.key for u in at.get("file_uploader")]


def test_a_read_upload_leaves_an_empty_uploader_and_stays_in_use() -> None:
    at = open_app(page=PAGE)
    at.file_uploader(key="runs_qrels").upload("judged.txt", QRELS).run()
    at.file_uploader(key="runs_a").upload("mine.txt", RUN).run()
    assert not at.exception
    at.run()  # and on any later rerun
    assert _uploader_keys(at) == ["runs_qrels_1", "runs_a_1", "runs_b"]
    assert all(not at.file_uploader(key=k).value for k in ("runs_qrels_1", "runs_a_1"))
    captions = [c.value.replace("\\", "") for c in at.caption]
    assert "Read judged.txt: 3 lines" in captions
    assert "Read mine.txt: 3 lines" in captions
    at.selectbox(key="runs_ties").set_value("average").run()  # a rerun scores the same files
    assert {m.label: m.value for m in at.metric}["Queries scored"] == "2"
    assert any("qrels: judged.txt" in c.value.replace("\\", "") for c in at.caption)


def test_a_read_uploads_bytes_are_not_kept_in_the_spent_uploaders_value() -> None:
    """A closed browser's session keeps its widget values: the spent uploader's value (its
    own copy of the file) kept two people's files in the server after they closed (CI:
    idle + 269 MB). Once read, no widget value holds the upload."""
    at = open_app(page=PAGE)
    at.file_uploader(key="runs_qrels").upload("judged.txt", QRELS).run()
    at.file_uploader(key="runs_a").upload("mine.txt", RUN).run()
    assert not at.exception
    held = [key for key in ("runs_qrels", "runs_a") if key in at.session_state]
    assert held == []
    assert "Read mine.txt: 3 lines" in [c.value.replace("\\", "") for c in at.caption]


def test_a_second_upload_replaces_the_first() -> None:
    at = open_app(page=PAGE)
    at.file_uploader(key="runs_qrels").upload("judged.txt", QRELS).run().run()
    at.file_uploader(key="runs_qrels_1").upload("other.txt", b"a 0 d1 2\n").run().run()
    assert not at.exception
    assert "runs_qrels_2" in _uploader_keys(at)
    assert any("qrels: other.txt" in c.value.replace("\\", "") for c in at.caption)


def test_the_interval_and_the_p_value_say_how_they_were_made() -> None:
    at = open_app(page=PAGE)  # the examples: 20 queries, resampled
    captions = " ".join(c.value for c in at.caption)
    assert "queries resampled 2,000 times (bootstrap)" in captions
    assert "each query's two scores swapped at random 10,000 times" in captions
    queries = EXACT_MAX_QUERIES + 1
    qrels = b"".join(b"q%d 0 d %d\n" % (q, q % 3) for q in range(queries))
    run = b"".join(b"q%d Q0 d 1 1 x\n" % q for q in range(queries))
    at.file_uploader(key="runs_qrels").upload("q.txt", qrels).run()
    at.file_uploader(key="runs_a").upload("r.txt", run).run()
    assert not at.exception
    captions = " ".join(c.value for c in at.caption)
    assert "mean ± 1.96 standard errors (normal approximation)" in captions
    assert "the normal approximation of the random swaps" in captions


def test_the_csv_download_does_not_keep_the_scores_alive() -> None:
    scores = evaluate_run_files(b"q Q0 a 1 2 t\n", b"q 0 a 1\n")
    csv = per_query_csv_later(scores)
    assert csv().splitlines()[1].startswith("q,")
    assert np.isclose(float(csv().splitlines()[1].split(",")[3]), 1.0)  # nDCG
    del scores
    gc.collect()
    assert csv() == ""  # the session's scores went: nothing held for a closed browser
