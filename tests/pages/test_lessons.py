"""The lesson pages through AppTest: they render, react, and show the seed figures right."""

from __future__ import annotations

import pandas as pd
from streamlit.testing.v1 import AppTest

from ndcg_core import Convention, evaluate, format_real
from ndcg_core.metric.choice_labels import choice_label
from ndcg_core.metric.choices import NegativeGrades
from ndcg_core.pictures.tables import escape_markdown
from ndcg_core.teaching.worked import all_steps
from tests.pages.conftest import formulas, open_app, type_grades

STEPS = "pages/step_by_step.py"
DRAWBACKS = "pages/drawbacks.py"
CONVENTIONS = "pages/conventions.py"


def latex(at: AppTest) -> list[str]:
    return formulas(at)


def test_guess_then_reveal_walks_the_seed_example() -> None:
    at = open_app(page=STEPS)
    assert not any("= 11" in text for text in latex(at))  # hidden until revealed
    at.text_input(key="step_guess_CG").set_value("10").run()
    at.button(key="step_reveal_CG").click().run()
    assert "CG_{6} = 3 + 2 + 3 + 0 + 1 + 2 = 11" in latex(at)
    assert [i.value for i in at.info] == ["You guessed 10; the answer is 11, off by 1 (9.1%)."]
    at.button(key="step_reveal_DCG").click().run()
    dcg = next(text for text in latex(at) if text.startswith("DCG_{6} ="))
    assert dcg.endswith("= 6.861")
    assert r"\frac{2}{1.585}" in dcg
    at.button(key="step_reveal_IDCG").click().run()
    at.button(key="step_reveal_nDCG").click().run()
    assert r"nDCG_{6} = \frac{6.861}{7.141} = 0.961" in latex(at)


def test_answers_hide_again_when_the_list_changes() -> None:
    at = open_app(page=STEPS)
    at.button(key="step_reveal_CG").click().run()
    type_grades(at, "1, 0, 2").run()
    assert not any(text.startswith("CG_{3} =") for text in latex(at))
    at.toggle(key="step_reveal_all").set_value(True).run()
    assert "CG_{3} = 1 + 0 + 2 = 3" in latex(at)


def test_every_filled_formula_matches_the_core() -> None:
    at = open_app({"g": "3, 2, 0, 0, 1", "gain": "exponential"}, page=STEPS)
    at.toggle(key="step_reveal_all").set_value(True).run()
    expected = all_steps(evaluate([3, 2, 0, 0, 1], Convention(gain="exponential")))
    shown = latex(at)
    for step in expected:
        assert step.filled in shown
        assert step.filled.endswith(format_real(step.result))


def test_log_base_table_shows_dcg_changing_and_ndcg_not() -> None:
    at = open_app(page=STEPS)
    table = at.table[-1].value
    assert table["nDCG"].tolist() == ["0.961"] * 3
    assert len(set(table["DCG"])) == 3


def test_drawbacks_pairs_tie_and_the_fixes_separate_them() -> None:
    at = open_app(page=DRAWBACKS)
    values = [m.value for m in at.metric]
    # bad documents, missing documents: two sides each, DCG then nDCG
    assert values[1] == values[3] == "1"
    assert values[5] == values[7] == "1"
    at.toggle(key="drawback_bad_fix").set_value(True).run()
    at.toggle(key="drawback_pad").set_value(True).run()
    assert [m.value for m in at.metric][5] == [m.value for m in at.metric][7] == "1"  # pad alone
    at.toggle(key="drawback_judged").set_value(True).run()
    values = [m.value for m in at.metric]
    assert values[3] == format_real(
        evaluate([2, -1, -1], Convention(negative_grades="penalise")).ndcg
    )
    judged = Convention(cutoff_k=5, ideal="judged")
    assert values[5] == format_real(evaluate([1, 1, 1], judged, judged_grades=[1] * 5).ndcg)
    assert values[7] == "1"
    assert any("undefined" in m.value for m in at.markdown)


def test_restaurants_curve_separates_only_with_a_judged_ideal() -> None:
    at = open_app(page=DRAWBACKS)
    curve = at.table[0].value
    assert curve["one good result"].tolist() == ["1"] * 5
    at.toggle(key="drawback_restaurants_judged").set_value(True).run()
    curve = at.table[0].value
    assert curve["one good result"].tolist()[0] == "1"
    assert curve["one good result"].tolist()[1] == format_real(1 / (1 + 1 / 1.584962500721156))


def test_seed004_discrepancy_table_shows_both_numbers() -> None:
    at = open_app(page=DRAWBACKS)
    table = at.table[-1].value
    assert table["DCG"].tolist()[:2] == ["4.6487", "4.6706"]
    assert "4.65" in " ".join(m.value for m in at.markdown)


def test_conventions_page_compares_and_reacts() -> None:
    at = open_app(page=CONVENTIONS)
    variants = at.table[0].value
    assert variants.loc[0, "nDCG"] == "0.961"
    assert variants.loc[2, "nDCG"] == variants.loc[3, "nDCG"] == "0.961"  # ln, log10
    judged_row = variants.loc[len(variants) - 1]
    expected = evaluate(
        [3, 2, 3, 0, 1, 2], Convention(ideal="judged"), judged_grades=[3, 2, 3, 0, 1, 2, 3, 1]
    )
    assert judged_row["nDCG"] == format_real(expected.ndcg)
    at.text_input(key="conv_page_unretrieved").input("").run()
    assert at.table[0].value.loc[len(variants) - 1, "nDCG"] == "0.961"


def test_conventions_page_bad_scores_show_an_error_in_place() -> None:
    at = open_app(page=CONVENTIONS)
    tables_before = [t.value for t in at.table]
    at.text_input(key="conv_page_scores").input("1, 2").run()
    assert not at.exception
    assert any("Give 6 numbers" in e.value for e in at.error)
    at.text_input(key="conv_page_negatives").input("1, x").run()
    assert any("is not a number" in e.value for e in at.error)
    at.text_input(key="conv_page_unretrieved").input("3, ?").run()
    errors = " ".join(e.value for e in at.error).replace("\\", "")  # Markdown escapes
    assert "Still showing 3, 1." in errors
    assert "Still showing 1, 1, 1, -1." in errors
    # Every table stays as it was, built from the last good numbers of each box.
    assert len(at.table) == len(tables_before)
    for table, before in zip(at.table, tables_before, strict=True):
        pd.testing.assert_frame_equal(table.value, before)


def test_conventions_page_uses_the_new_numbers_after_a_bad_edit() -> None:
    at = open_app(page=CONVENTIONS)
    at.text_input(key="conv_page_negatives").input("1, x").run()
    at.text_input(key="conv_page_negatives").input("2, -1").run()
    assert not at.error
    expected = evaluate([2, -1], Convention(negative_grades="penalise"))
    policies = at.table[-2].value
    penalise = choice_label(NegativeGrades.PENALISE)
    assert policies.loc[policies["policy"] == penalise, "nDCG"].item() == format_real(expected.ndcg)


def test_library_panel_flags_what_sklearn_would_refuse() -> None:
    at = open_app({"g": "1, -1, 2"}, page=CONVENTIONS)
    verdicts = at.table[-1].value
    assert "negative" in verdicts.loc[0, "what the library does"]


def test_seed004_tie_policy_toggle_switches_the_library_number() -> None:
    at = open_app(page=DRAWBACKS)
    library_dcg = [m.value for m in at.metric][-2]
    assert library_dcg == "4.6706"
    at.button_group(key="drawback_seed004_ties").set_value("pessimistic").run()
    assert [m.value for m in at.metric][-2] == "4.6487"
    assert [m.value for m in at.metric][-4] == "4.6487"  # the text's own list


def test_conventions_page_shows_document_labels_as_text_not_markdown() -> None:
    at = open_app({"g": "**a**=3, [b](x.org)=1"}, page=CONVENTIONS)
    ranked = at.table[1].value["ranked documents"].tolist()
    assert ranked
    shown = {escape_markdown("**a**"), escape_markdown("[b](x.org)")}
    assert all(set(row.split(", ")) == shown for row in ranked), ranked


def test_conventions_page_scores_follow_a_list_of_another_length() -> None:
    # Scores typed (or defaulted) for a 6-document list cannot fit a 5-document one: the box
    # starts again from the new list's default instead of showing an error nobody caused.
    at = open_app(page=CONVENTIONS)
    assert not at.error
    at.switch_page("pages/playground.py").run()
    type_grades(at, "3, 2, 1, 0, 0").run()
    at.switch_page(CONVENTIONS).run()
    assert not at.exception
    assert [e.value for e in at.error] == []
    assert at.text_input(key="conv_page_scores").value == "3, 2, 0, 0, 1"  # seed 004's scores
