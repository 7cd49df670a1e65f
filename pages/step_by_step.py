"""Step by step: from CG to DCG to ideal DCG to nDCG, on the reader's own list."""

import streamlit as st

from components.chrome import linked_toggle, page_header, plain
from components.formula import formula, log2_reminder, read_aloud
from components.glossary import tooltip, what_is
from components.grade_editor import grade_editor
from components.guess_help import ladder_box, show_diagnosis
from components.navigation import run_through_app
from components.number_box import box_number, box_problem, number_box
from components.results import current_slip_table, evaluate_current, table_columns
from components.stale_note import list_stale_note
from components.state import current_convention, current_list
from ndcg_core import Evaluation, format_grades
from ndcg_core.pictures.tables import column_names
from ndcg_core.teaching.diagnosis import diagnose
from ndcg_core.teaching.help_ladder import help_ladder
from ndcg_core.teaching.lessons import log_base_comparison
from ndcg_core.teaching.readings import Reading, worked_readings
from ndcg_core.teaching.slips import Quantity
from ndcg_core.teaching.worked import WorkedStep, all_steps, guess_feedback

run_through_app()


#: Each step's number, as the slip table and the help ladder name it.
QUANTITIES = {
    "CG": Quantity.CG,
    "DCG": Quantity.DCG,
    "IDCG": Quantity.IDEAL_DCG,
    "nDCG": Quantity.NDCG,
}


def worked_step(
    step: WorkedStep,
    reading: Reading,
    *,
    explanation: str,
    list_key: str,
    evaluation: Evaluation,
    terms: tuple[str, ...] = (),
) -> bool:
    """A formula read aloud, a guess box with help one rung at a time, and on "Reveal" the
    formula with the reader's numbers, read aloud too, and what a wrong guess's mistake was.
    ``terms`` are the glossary's words the explanation names first.

    Returns whether the answer is shown. Answers hide again when the list changes, so a
    class can guess afresh.
    """
    st.markdown(explanation)
    for term_key in terms:
        what_is(term_key)
    if "discount" in terms:
        log2_reminder()
    formula(step.symbolic)
    read_aloud(reading.symbols)
    revealed: dict[str, str] = st.session_state.setdefault("step_revealed", {})
    shown = revealed.get(step.name) == list_key or st.session_state.get("step_reveal_all", False)
    guess_box, button_box = st.columns([3, 1], vertical_alignment="bottom")
    guess_key = f"step_guess_{step.name}"
    with guess_box:
        number_box(
            f"Your guess for {step.name}", key=guess_key, placeholder="type a number, then reveal"
        )
    button_box.button(
        "Reveal",
        key=f"step_reveal_{step.name}",
        on_click=_reveal,
        args=(step.name, list_key),
        disabled=shown,
        width="stretch",
    )
    box_problem(guess_key)
    guess = box_number(guess_key)
    quantity = QUANTITIES[step.name]
    if not shown:
        ladder_box(guess_key, list_key, help_ladder(evaluation, quantity))
        return False
    formula(step.filled)
    read_aloud(reading.numbers)
    if guess is not None:
        parts = {
            part: value
            for part, name in ((Quantity.DCG, "DCG"), (Quantity.IDEAL_DCG, "IDCG"))
            if quantity is Quantity.NDCG and (value := box_number(f"step_guess_{name}")) is not None
        }
        table = current_slip_table(evaluation.convention, quantity)
        diagnosis = diagnose(table, guess, parts=parts)
        off = guess_feedback(guess, step.result)
        if diagnosis.names_the_mistake:
            show_diagnosis(diagnosis, lead=off)
        else:
            st.info(off, icon=":material/target:")
    return True


def _reveal(name: str, list_key: str) -> None:
    revealed = dict(st.session_state.get("step_revealed", {}))
    revealed[name] = list_key
    st.session_state["step_revealed"] = revealed


def list_summary(limit: int = 60) -> str:
    """The current list as short plain text, for labels."""
    grade_list = current_list()
    text = format_grades(grade_list.grades, grade_list.labels)
    return plain(text if len(text) <= limit else text[: limit - 1] + "…")


def list_key() -> str:
    """A short identity of the current list (changes when the list or its order does)."""
    return repr(current_list())


convention = current_convention()
page_header(
    "Step by step",
    "Four steps from a list of grades to nDCG. Guess each number before you reveal it; "
    "change the list (or the gain and log base in the sidebar) and the steps follow.",
)
with st.expander(f"Your list: {list_summary()} (change it here or in the Playground)"):
    grade_editor(convention)
linked_toggle("Reveal every answer (for presenting)", key="step_reveal_all", switch="reveal")

list_stale_note(convention)  # an error in the list above keeps the last list's numbers
evaluation = evaluate_current(convention)
if evaluation is not None:
    names = column_names(evaluation)
    cg, dcg, ideal, ndcg = all_steps(evaluation)
    readings = worked_readings(evaluation)
    key = list_key()
    gain_words = (
        "the grade itself (linear gain)"
        if convention.gain.value == "linear"
        else "2 to the power of the grade, minus 1 (exponential gain, common in industry "
        "and in Kaggle competitions; for grades 0 and 1 it equals the grade)"
    )

    st.subheader("1. Cumulative gain: add the gains up", anchor=False, help=tooltip("cg"))
    if worked_step(
        cg,
        readings.cg,
        explanation=f"Each document's gain is {gain_words}. CG adds the gains of the top "
        "p positions. It does not look at the order: swap any two documents and CG stays "
        "the same.",
        list_key=key,
        terms=("gain",),
        evaluation=evaluation,
    ):
        table_columns(
            evaluation, [names["position"], names["label"], names["grade"], names["gain"]]
        )

    st.subheader(
        "2. Discounted cumulative gain: lower places count less", anchor=False, help=tooltip("dcg")
    )
    if worked_step(
        dcg,
        readings.dcg,
        explanation=f"Divide each gain by {convention.discount_label}, a number that grows "
        "with the position i: the top result keeps its whole gain, the third keeps half of "
        "it (log2(4) = 2), and so on. Moving a good document down now costs something. "
        "(Some notes print the divisor as log₂ i+1; it means log₂(i+1), never log₂(i) + 1.)",
        list_key=key,
        terms=("discount",),
        evaluation=evaluation,
    ):
        table_columns(
            evaluation,
            [
                names["position"],
                names["label"],
                names["gain"],
                names["discount"],
                names["contribution"],
                names["running_dcg"],
            ],
        )

    st.subheader("3. Ideal DCG: the best this list could do", anchor=False, help=tooltip("idcg"))
    if worked_step(
        ideal,
        readings.ideal,
        explanation="Sort the same grades from best to worst and compute DCG again. No "
        "order of these documents can score more, so this is the yardstick. Use the same gain "
        "as for DCG: seed 000 writes its IDCG formula with 2^rel - 1 but works its example "
        "with rel, and only the example's way gives its 0.961. When judgements are partial, "
        "the true best order is unknown: that is nDCG's main practical difficulty.",
        list_key=key,
        terms=("ideal",),
        evaluation=evaluation,
    ):
        table_columns(
            evaluation,
            [
                names["position"],
                names["ideal_grade"],
                names["ideal_contribution"],
                names["running_ideal_dcg"],
                names["running_dcg"],
            ],
        )

    st.subheader("4. nDCG: how close to ideal", anchor=False, help=tooltip("ndcg"))
    if worked_step(
        ndcg,
        readings.ndcg,
        explanation="Divide DCG by the ideal DCG. 1 means no better order exists; 0 means "
        "no relevant document was found. Because it is a ratio, lists of different "
        "lengths and queries with different grades can be compared.",
        list_key=key,
        evaluation=evaluation,
    ):
        table_columns(
            evaluation,
            [
                names["position"],
                names["running_dcg"],
                names["running_ideal_dcg"],
                names["ndcg_at_i"],
            ],
        )

    st.subheader("Does the logarithm's base matter?", anchor=False)
    st.markdown(
        "Changing the base multiplies every discount, so every DCG, by the same factor "
        "(log2(x) = ln(x) / ln(2)). In the ratio DCG / ideal DCG that factor cancels: "
        "nDCG is the same whatever the base, but DCG values are not comparable across bases."
    )
    st.table(log_base_comparison(evaluation.grades, convention), hide_index=True)
