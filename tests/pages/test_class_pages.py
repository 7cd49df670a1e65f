"""The Class and Join a class pages through AppTest, on a real SQLite class database."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from streamlit.testing.v1 import AppTest

from classroom.store import ClassStore
from ndcg_core import Convention, evaluate, format_real
from ndcg_core.links.secret_params import STUDENT_TOKEN_PARAM
from ndcg_core.questions.class_questions import to_payload
from ndcg_core.teaching import kinds
from ndcg_core.teaching.diagnosis import diagnose
from ndcg_core.teaching.kinds.base import QuestionKind
from ndcg_core.teaching.practice import exercise_set
from ndcg_core.teaching.slips import SlipCount, SlipKind, match_answer, slip_table
from ndcg_core.text.quoting import short_number
from tests import toy_kind
from tests.classroom.support import count_rows
from tests.hostile.case import IMG_LABEL, SCRIPT
from tests.pages.conftest import open_app

TEACHER = "pages/class_teacher.py"
JOIN = "pages/class_join.py"


@pytest.fixture(autouse=True)
def class_database(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Each test its own class database (the real store, never a mock): an SQLite file, or
    for the tests marked BOTH also a new database on the run's throwaway PostgreSQL server."""
    monkeypatch.setenv("NDCG_LAB_DATA_DIR", str(tmp_path))
    if getattr(request, "param", "sqlite") == "sqlite":
        monkeypatch.delenv("NDCG_LAB_DATABASE_URL", raising=False)
        yield tmp_path
        return
    server = sa.make_url(request.getfixturevalue("postgres_server"))
    name = f"pages_{uuid.uuid4().hex}"
    engine = sa.create_engine(server, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    with engine.connect() as connection:
        connection.execute(sa.text(f'CREATE DATABASE "{name}"'))  # a fresh hex name, not input
    engine.dispose()
    url = server.set(database=name).render_as_string(hide_password=False)
    monkeypatch.setenv("NDCG_LAB_DATABASE_URL", url)
    yield tmp_path
    # The pages' store for this URL lives on in the process: it was PostgreSQL's, and it
    # held rooms; close its connections now.
    used = ClassStore.from_settings()
    assert used.backend == "postgresql"
    assert count_rows(url, "rooms") > 0
    used.dispose()


# The core of the class's logic, on both databases the app supports.
BOTH = pytest.mark.parametrize("class_database", ["sqlite", "postgresql"], indirect=True)


def _button(at: AppTest, label: str):
    (found,) = [b for b in at.button if b.label == label]
    return found


def _metric(at: AppTest, label: str) -> str:
    (found,) = [m.value for m in at.metric if m.label == label]
    return found


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [e.value for e in (*at.success, *at.info, *at.warning, *at.error)]
    return "\n".join(parts).replace("\\", "")


def start_session(query: dict[str, str] | None = None) -> AppTest:
    at = open_app(query, TEACHER)
    _button(at, "Start a class session").click().run()
    assert not at.exception
    return at


def join(code: str, nickname: str = "") -> AppTest:
    at = open_app({"code": code}, JOIN)
    if nickname:
        at.text_input(key="class_join_nickname").input(nickname).run()
    _button(at, "Join").click().run()
    assert not at.exception
    return at


def answer_box(at: AppTest):
    (box,) = [t for t in at.text_input if t.key and t.key.endswith("_number")]
    return box


def send(at: AppTest, typed: str) -> AppTest:
    box = answer_box(at)
    box.input(typed).run()
    at.button(key=box.key.replace("_number", "_send")).click().run()
    assert not at.exception
    return at


def _ask_practice(at: AppTest, kind: QuestionKind, seed: int = 3) -> None:
    at.number_input(key="class_seed").set_value(seed).run()
    index = next(i for i, e in enumerate(exercise_set(seed)) if e.kind is kind)
    at.selectbox(key="class_exercise").set_value(index).run()
    at.button(key="class_open").click().run()
    assert not at.exception


@BOTH
def test_a_whole_predict_question_from_practice_to_the_reveal() -> None:
    teacher = start_session()
    code = _metric(teacher, "Join code")
    _ask_practice(teacher, kinds.PREDICT)
    exercise = next(e for e in exercise_set(3) if e.kind is kinds.PREDICT)
    truth = evaluate(exercise.grades, exercise.convention).ndcg
    assert _metric(teacher, "Answers") == "0"

    ada = join(code, "Ada")
    assert "You are student 1 (Ada)" in _texts(ada)
    assert exercise.prompt.replace("\\", "") in _texts(ada)
    send(ada, format_real(truth, 3).replace(".", ","))  # a decimal comma is refused
    assert "has a comma: type a decimal with a point" in ada.error[0].value.replace("\\", "")
    send(ada, format_real(truth, 3))
    assert "Answer received" in _texts(ada)
    bo = join(code)
    send(bo, "2")
    teacher.run()
    assert _metric(teacher, "Answers") == "2"  # the count, with no teacher click but a rerun

    teacher.button(key="class_reveal").click().run()
    assert f"= {format_real(truth, 4)}" in _texts(teacher)
    assert _metric(teacher, "Right") == "1 of 2"
    ada.run()
    assert "Your answer" in _texts(ada)
    assert _metric(ada, "Right") == "1 of 2"


@BOTH
def test_a_bad_answer_is_refused_where_it_was_typed_kept_and_not_stored() -> None:
    teacher = start_session()
    _ask_practice(teacher, kinds.PREDICT)
    student = join(_metric(teacher, "Join code"))
    for typed, message in [
        ("abc", "is not a number"),
        (SCRIPT, "is not a number"),
        ("0.5 0.6", "has a space inside it"),
        ("1e309", "is too large"),
        ("x" * 10_000_000, "That is 10,000,000 characters long"),
    ]:
        send(student, typed)
        assert message in student.error[0].value.replace("\\", "")
        assert answer_box(student).value == typed  # what was typed stays
    teacher.run()
    assert _metric(teacher, "Answers") == "0"


@BOTH
def test_only_the_first_answer_counts_even_from_two_tabs() -> None:
    teacher = start_session()
    _ask_practice(teacher, kinds.PREDICT)
    first_tab = join(_metric(teacher, "Join code"))
    token = first_tab.session_state["class_student_token"]
    # the same student's link, before answering
    second_tab = open_app({STUDENT_TOKEN_PARAM: token}, JOIN)
    answer_box(second_tab).input("0.7").run()
    send(first_tab, "0.5")
    second_tab.button(key=answer_box(second_tab).key.replace("_number", "_send")).click().run()
    assert "the first answer counts" in second_tab.error[0].value
    teacher.run()
    assert _metric(teacher, "Answers") == "1"
    second_tab.run()
    assert "Answer received: 0.5" in _texts(second_tab)


def test_a_wrong_code_is_refused_under_the_form_and_kept() -> None:
    at = open_app(page=JOIN)
    at.text_input(key="class_join_code").input("ZZZZZZ").run()
    at.text_input(key="class_join_nickname").input("Ada").run()
    _button(at, "Join").click().run()
    assert "No class session has the code “ZZZZZZ”" in at.error[0].value
    assert at.text_input(key="class_join_code").value == "ZZZZZZ"
    assert at.text_input(key="class_join_nickname").value == "Ada"


@BOTH
def test_a_hostile_nickname_is_refused_and_nobody_joins() -> None:
    teacher = start_session()
    code = _metric(teacher, "Join code")
    at = open_app({"code": code}, JOIN)
    at.text_input(key="class_join_nickname").input(IMG_LABEL).run()  # within the box's 24
    _button(at, "Join").click().run()
    assert "plain text" in at.error[0].value
    assert "class_student_token" not in at.session_state
    later = join(code)
    assert "You are student 1 in" in _texts(later)  # the refused one took no number


def test_after_the_reveal_each_student_sees_their_own_answers_mistake() -> None:
    """Issue 24: the student who typed a slip's number is told which slip, in words with the
    list's numbers (the core's own_diagnosis); one at no slip is told no slip."""
    teacher = open_app({"g": "3, 2, 0, 0, 1", "k": "3"}, TEACHER)
    _button(teacher, "Start a class session").click().run()
    teacher.segmented_control(key="class_source").set_value("About the Playground's list").run()
    teacher.button(key="class_open").click().run()
    code = _metric(teacher, "Join code")
    table = slip_table([3, 2, 0, 0, 1], Convention(cutoff_k=3))
    assert len(table.groups) == 5  # every slip kind but log2(i), which lands on the answer
    typed = {short_number(round(group.value, 4)): group.slips[0].kind for group in table.groups}
    assert typed["0.9762"] is SlipKind.CUTOFF
    students = {answer: send(join(code), answer) for answer in [*typed, "0.3"]}
    teacher.button(key="class_reveal").click().run()
    for answer, student in students.items():
        said = _texts(student.run())
        if answer not in typed:
            assert "what you get" not in said
            continue
        found = diagnose(table, float(answer))
        assert found.slips == (typed[answer],)
        assert found.message in said


@BOTH
def test_students_follow_the_teacher_closed_then_ended() -> None:
    teacher = start_session()
    student = join(_metric(teacher, "Join code"))
    assert "Waiting for your teacher" in _texts(student)
    _ask_practice(teacher, kinds.SPOT)
    student.run()
    assert [r for r in student.radio if r.label.startswith("Which pair")]
    teacher.button(key="class_close").click().run()
    student.run()
    assert "Answers are closed" in _texts(student)
    teacher.button(key="class_end").click().run()
    assert "This class session has ended" in _texts(teacher)
    student.run()
    assert "This class session has ended" in _texts(student)


@BOTH
def test_a_choice_question_is_answered_by_picking() -> None:
    teacher = start_session()
    _ask_practice(teacher, kinds.COMPARE)
    exercise = next(e for e in exercise_set(3) if e.kind is kinds.COMPARE)
    student = join(_metric(teacher, "Join code"))
    student.radio(key=next(r.key for r in student.radio if r.key.endswith("_winner"))).set_value(
        exercise.answer
    ).run()
    change = next(r.key for r in student.radio if r.key.endswith("_change"))
    student.radio(key=change).set_value(exercise.answer_index + 1).run()
    student.button(key=change.replace("_change", "_send")).click().run()
    assert f"Answer received: {exercise.answer}, change {exercise.answer_index + 1}" in _texts(
        student
    )
    teacher.button(key="class_reveal").click().run()
    assert _metric(teacher, "Right") == "1 of 1"


@BOTH
def test_one_students_wrong_codes_do_not_lock_out_the_rest_of_the_class() -> None:
    # AppTest, like every browser behind HAProxy, reports no address: one name for everyone
    # would let ten typos from one student refuse the whole class for a minute.
    teacher = start_session()
    code = _metric(teacher, "Join code")
    typo = open_app(page=JOIN)
    for _ in range(10):
        typo.text_input(key="class_join_code").input("ZZZZZZ").run()
        _button(typo, "Join").click().run()
        assert "No class session has the code" in typo.error[0].value
    typo.text_input(key="class_join_code").input(code).run()
    _button(typo, "Join").click().run()
    assert "Too many wrong join codes" in typo.error[0].value  # this browser waits
    classmate = join(code)
    assert "You are student 1 in" in _texts(classmate)  # the next browser does not


@pytest.mark.slow  # a whole session, five questions through both pages
def test_a_five_question_session_from_one_link() -> None:
    """The issue's "done": one join link, five questions in a row, each followed by every
    student's screen, answered, revealed with the room's slips, and all in the summary."""
    teacher = start_session()
    code = _metric(teacher, "Join code")
    students = [join(code, name) for name in ("Ada", "Bo", "Cy")]
    for number, seed in enumerate(range(1, 6), start=1):
        exercise = next(e for e in exercise_set(seed) if e.kind is kinds.PREDICT)
        _ask_practice(teacher, kinds.PREDICT, seed=seed)
        table = slip_table(exercise.grades, exercise.convention, tolerance=exercise.tolerance)
        slip_value = table.groups[0].value if table.groups else 0.0
        typed = [format_real(table.right), format_real(slip_value), "0.05"]
        for student, answer in zip(students, typed, strict=True):
            student.run()  # the student's screen follows the teacher to the new question
            assert f"Question {number}." in _texts(student)
            assert exercise.prompt.replace("\\", "") in _texts(student)
            send(student, answer)
            assert "Answer received" in _texts(student)
        teacher.run()
        assert _metric(teacher, "Answers") == "3"
        teacher.button(key="class_reveal").click().run()
        verdicts = [match_answer(table, float(answer)) for answer in typed]
        right = sum(v.right for v in verdicts)
        assert _metric(teacher, "Right") == f"{right} of 3"
        said = _texts(teacher)
        for group in {v.slip for v in verdicts if v.slip is not None}:
            count = sum(v.slip == group for v in verdicts)
            assert SlipCount(group, count).sentence in said
        students[0].run()
        assert _metric(students[0], "Right") == f"{right} of 3"  # the reveal reached them
    rows = ClassStore.from_settings().summary_rows(teacher.session_state["class_teacher_key"])
    assert sorted({row["question"] for row in rows}) == [1, 2, 3, 4, 5]
    assert sorted(row["student"] for row in rows) == sorted([1, 2, 3] * 5)


def test_a_kind_registered_in_a_test_alone_is_drawn_answered_and_revealed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No page names a kind: the toy kind (tests/toy_kind.py), registered here only, is
    drawn from what it declares (its lists, a choice) and revealed like the app's own."""
    toy_kind.registered(monkeypatch)
    teacher = start_session()
    key = teacher.session_state["class_teacher_key"]
    question = toy_kind.toy_question()
    store = ClassStore.from_settings()
    added = store.add_question(key, question.kind.name, to_payload(question))
    store.open_question(key, added.id)
    student = join(_metric(teacher, "Join code"))
    said = _texts(student)
    assert "Question 1. Which list scores higher?" in said
    assert "The lists:\n1. 3, 0, 1\n2. 0, 1, 3" in said
    (choice,) = [r for r in student.radio if r.label == "Which list scores higher?"]
    assert choice.options == ["List 1", "List 2"]
    choice.set_value(1).run()
    student.button(key=choice.key.replace("_list", "_send")).click().run()
    assert not student.exception
    assert "Answer received: List 1" in _texts(student)
    teacher.run()
    teacher.button(key="class_reveal").click().run()
    assert not teacher.exception
    assert "List 1 scores higher" in _texts(teacher)
    assert _metric(teacher, "Right") == "1 of 1"
