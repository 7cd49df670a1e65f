"""The Your run page through AppTest: example files, uploads, bad files, comparison."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ndcg_core import Convention, format_real
from ndcg_core.runs.files import read_qrels, read_run
from ndcg_core.runs.scoring import evaluate_run
from ndcg_core.text.formatting import printf_format
from tests.pages.conftest import open_app, shown_cards

PAGE = "pages/runs.py"
ASSETS = Path(__file__).resolve().parents[2] / "assets"


def metric_values(at) -> dict[str, str]:
    return shown_cards(at)


def example_mean(run_file: str, ties: str = "trec_eval") -> float:
    qrels = read_qrels((ASSETS / "example.qrels").read_bytes())
    run = read_run((ASSETS / run_file).read_bytes())
    return evaluate_run(run, qrels, Convention(ties=ties)).mean


def test_the_example_is_scored_until_files_are_given() -> None:
    at = open_app(page=PAGE)
    values = metric_values(at)
    assert values["Mean nDCG, run A"] == format_real(example_mean("example_run_bm25.txt"))
    assert values["Run B"] == format_real(example_mean("example_run_neural.txt"))
    assert values["Queries scored"] == "20"


def test_an_uploaded_run_replaces_the_example() -> None:
    at = open_app(page=PAGE)
    at.file_uploader(key="runs_qrels").upload("q.txt", b"a 0 d1 2\na 0 d2 1\nb 0 d3 1\n").run()
    at.file_uploader(key="runs_a").upload("r.txt", b"a Q0 d2 1 2 x\na Q0 d1 2 1 x\n").run()
    assert not at.exception
    values = metric_values(at)
    # query a: grades 1, 2 against ideal 2, 1; query b missing from the run scores 0
    expected = np.mean([(1 + 2 / np.log2(3)) / (2 + 1 / np.log2(3)), 0.0])
    assert values["Mean nDCG, run A"] == format_real(float(expected))
    assert any("1 judged queries were not in the run" in c.value for c in at.caption)


def test_a_malformed_file_is_named_and_the_last_good_one_stays() -> None:
    at = open_app(page=PAGE)
    before = metric_values(at)["Mean nDCG, run A"]
    at.file_uploader(key="runs_a").upload("bad.txt", b"q01 Q0 d1 1 2.0\n").run()
    assert not at.exception
    errors = [e.value.replace("\\", "") for e in at.error]
    assert any("bad.txt: Line 1 of the run file has 5 columns; expected 6" in e for e in errors)
    assert metric_values(at)["Mean nDCG, run A"] == before


def test_tie_policy_and_missing_queries_options() -> None:
    at = open_app(page=PAGE)
    at.selectbox(key="runs_ties").set_value("average").run()
    assert metric_values(at)["Mean nDCG, run A"] == format_real(
        example_mean("example_run_bm25.txt", ties="average")
    )


def test_open_a_query_in_the_playground() -> None:
    at = open_app(page=PAGE)
    at.selectbox(key="runs_pick").set_value("q04").run()
    at.button(key="runs_open").click().run()
    assert not at.exception
    labels = at.session_state["lab_list"].labels
    assert all(label.startswith("doc04-") for label in labels)
    assert len(labels) == 15


def test_the_playground_shows_the_number_the_run_page_showed_for_the_query() -> None:
    # A page switch used to drop every sidebar value the widgets alone held: the log base
    # fell to the box's minimum (1.01), k to none, and the run page's tie policy was lost.
    at = open_app(page=PAGE)
    at.number_input(key="conv_log_base").set_value(3.0).run()
    at.number_input(key="conv_cutoff_k").set_value(5).run()
    at.radio(key="conv_ideal").set_value("judged").run()
    at.selectbox(key="runs_ties").set_value("pessimistic").run()
    at.selectbox(key="runs_pick").set_value("q04").run()
    table = at.dataframe[0].value
    shown_ndcg = float(table.loc[table["qid"] == "q04", "ndcg"].iloc[0])  # 4 decimals
    at.button(key="runs_open").click().run()
    assert not at.exception
    assert at.number_input(key="conv_log_base").value == 3.0
    assert at.number_input(key="conv_cutoff_k").value == 5
    assert at.radio(key="conv_ideal").value == "judged"
    assert at.selectbox(key="conv_ties").value == "pessimistic"
    playground_ndcg = float(metric_values(at)["nDCG@5"])  # 3 decimals
    assert abs(playground_ndcg - shown_ndcg) <= 0.0005 + 0.00005


def test_every_sidebar_choice_survives_a_switch_to_the_playground() -> None:
    at = open_app(page=PAGE)
    choices = {
        "conv_gain": "exponential",
        "conv_discount": "log",
        "conv_ideal": "judged",
    }
    for key, value in choices.items():
        at.radio(key=key).set_value(value).run()
    at.selectbox(key="conv_zero_ideal").set_value("one").run()
    at.selectbox(key="conv_negative_grades").set_value("as_zero").run()
    at.number_input(key="conv_log_base").set_value(10.0).run()
    before = {key: at.session_state[key] for key in at.session_state if key.startswith("conv_")}
    at.button(key="runs_open").click().run()
    after = {key: at.session_state[key] for key in before}
    after.pop("conv_ties"), before.pop("conv_ties")  # the run page's own tie policy carries
    assert after == before


def test_two_runs_are_compared_with_counts_and_a_p_value() -> None:
    from ndcg_core.runs.significance import compare_runs

    qrels = read_qrels((ASSETS / "example.qrels").read_bytes())
    scores = [
        evaluate_run(read_run((ASSETS / name).read_bytes()), qrels, Convention(ties="trec_eval"))
        for name in ("example_run_bm25.txt", "example_run_neural.txt")
    ]
    comparison = compare_runs(*scores)
    at = open_app(page=PAGE)
    values = metric_values(at)
    assert values["p-value (paired randomisation)"] == format_real(comparison.p_value)
    sentence = " ".join(m.value for m in at.markdown)
    assert (
        f"better on **{comparison.better}** queries and worse on **{comparison.worse}**" in sentence
    )


def test_each_uploader_states_its_size_cap_and_that_it_wants_text() -> None:
    import tomllib

    from ndcg_core.runs.limits import MAX_FILE_BYTES

    config = tomllib.loads((ASSETS.parent / ".streamlit" / "config.toml").read_text())
    cap = config["server"]["maxUploadSize"]
    assert cap * 2**20 == MAX_FILE_BYTES  # the server's cap is the one the core reads to
    at = open_app(page=PAGE)
    for key in ("runs_qrels", "runs_a", "runs_b"):
        assert f"plain text (UTF-8), at most {cap} MB" in at.file_uploader(key=key).help
    at = open_app(page="pages/playground.py")
    at.session_state["lab_input_tab"] = "Open a saved view"
    at.run()
    assert "At most 2 MB of JSON text" in at.file_uploader(key="lab_view_file").help


def test_a_binary_file_is_refused_as_not_text() -> None:
    at = open_app(page=PAGE)
    before = metric_values(at)
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4
    at.file_uploader(key="runs_qrels").upload("judgements.png", png, "image/png").run()
    at.file_uploader(key="runs_a").upload("run.bin", bytes(range(128, 256)) * 8).run()
    assert not at.exception
    errors = [e.value.replace("\\", "") for e in at.error]
    assert any("judgements.png: The qrels file looks binary" in e for e in errors), errors
    assert any("run.bin: The run file is not UTF-8 text" in e for e in errors), errors
    assert metric_values(at) == before


def test_the_per_query_table_keeps_full_values_and_shows_the_cards_decimals() -> None:
    at = open_app(page=PAGE)
    table = at.dataframe[0]
    expected = evaluate_run(
        read_run((ASSETS / "example_run_bm25.txt").read_bytes()),
        read_qrels((ASSETS / "example.qrels").read_bytes()),
        Convention(),
    ).per_query
    # The values are the core's own (not rounded), so the column sorts by the real score ...
    shown = dict(zip(table.value["qid"], table.value["ndcg"], strict=True))
    assert shown == dict(zip(expected["qid"], expected["ndcg"], strict=True))
    # ... and the column draws them with the number rule's decimals.
    assert printf_format() in table.proto.columns


def captions(at) -> list[str]:
    return [c.value.replace("\\", "") for c in at.caption]  # as read, Markdown escapes gone


def many_queries(count: int) -> tuple[bytes, bytes]:
    run = b"".join(
        b"q%04d Q0 d%d 1 %d x\nq%04d Q0 e%d 2 0 x\n" % (i, i, i, i, i) for i in range(count)
    )
    qrels = b"".join(b"q%04d 0 d%d %d\n" % (i, i, i % 3) for i in range(count))
    return run, qrels


def test_the_per_query_table_and_picker_show_one_page_of_a_large_run() -> None:
    # A picker and a table of every query froze Chromium at a million queries (issue 20).
    run, qrels = many_queries(120)
    at = open_app(page=PAGE)
    at.file_uploader(key="runs_qrels").upload("q.txt", qrels).run()
    at.file_uploader(key="runs_a").upload("r.txt", run).run()
    assert not at.exception
    assert metric_values(at)["Queries scored"] == "120"
    assert at.dataframe[0].value["qid"].tolist() == [f"q{i:04d}" for i in range(50)]
    assert at.selectbox(key="runs_pick").options == [f"q{i:04d}" for i in range(50)]
    assert "Queries 1-50 of 120." in captions(at)
    at.number_input(key="runs_table_page").set_value(3).run()
    assert at.dataframe[0].value["qid"].tolist() == [f"q{i:04d}" for i in range(100, 120)]
    assert "Queries 101-120 of 120." in captions(at)


def test_a_search_finds_queries_by_part_of_their_id_and_starts_at_its_first_page() -> None:
    run, qrels = many_queries(120)
    at = open_app(page=PAGE)
    at.file_uploader(key="runs_qrels").upload("q.txt", qrels).run()
    at.file_uploader(key="runs_a").upload("r.txt", run).run()
    at.number_input(key="runs_table_page").set_value(2).run()
    at.text_input(key="runs_find").input("q011").run()
    found = [f"q011{i}" for i in range(10)]
    assert at.dataframe[0].value["qid"].tolist() == found
    assert at.selectbox(key="runs_pick").options == found
    assert "Queries 1-10 of 10 whose id contains “q011” (of 120)." in captions(at)
    at.text_input(key="runs_find").input("nothing like it").run()
    assert not at.exception
    assert at.dataframe[0].value.empty
    assert at.button(key="runs_open").disabled


def test_the_table_orders_queries_worst_first() -> None:
    run, qrels = many_queries(120)
    at = open_app(page=PAGE)
    at.file_uploader(key="runs_qrels").upload("q.txt", qrels).run()
    at.file_uploader(key="runs_a").upload("r.txt", run).run()
    at.selectbox(key="runs_order").set_value("lowest nDCG first").run()
    shown = at.dataframe[0].value["ndcg"].tolist()
    assert shown == sorted(shown)
    assert shown[0] == 0.0  # grade 0 judged, nothing relevant: nDCG 0 under the default
