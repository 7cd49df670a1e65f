"""A class question about the Playground's list: asked with the list's settings and its
slips counted at the reveal, refused in the picker when no class can answer it, and kept in
the store as the class saw it."""

from __future__ import annotations

from pathlib import Path

from classroom.store import ClassStore
from components.state import LIST_KEY
from ndcg_core import Convention, evaluate, parse_grades
from tests.pages.conftest import open_app
from tests.pages.test_class_pages import (  # noqa: F401  (class_database is a fixture)
    TEACHER,
    _button,
    _metric,
    _texts,
    class_database,
    join,
    send,
)


def test_ask_about_the_playgrounds_list_counts_the_slips_at_the_reveal() -> None:
    teacher = open_app({"g": "3, 2, 0, 0, 1", "k": "3"}, TEACHER)
    _button(teacher, "Start a class session").click().run()
    teacher.segmented_control(key="class_source").set_value("About the Playground's list").run()
    assert "What is nDCG@3 of this ranking" in _texts(teacher)
    teacher.button(key="class_open").click().run()
    code = _metric(teacher, "Join code")
    for typed in ["0.976", "0.98", "0.895", "0.833"]:
        send(join(code), typed)
    teacher.button(key="class_close").click().run()
    assert _metric(teacher, "Answers") == "4"
    teacher.button(key="class_reveal").click().run()
    said = _texts(teacher)
    assert "nDCG@3 = 0.8950" in said
    assert "2 students answered about 0.976: what the cutoff ignored gives." in said
    assert "1 student answered about 0.833: what CG instead of DCG gives." in said
    assert _metric(teacher, "Right") == "1 of 4"


def test_a_list_a_class_cannot_answer_is_refused_in_the_picker() -> None:
    teacher = open_app({"g": "0, 0, 0", "zero": "nan"}, TEACHER)
    _button(teacher, "Start a class session").click().run()
    teacher.segmented_control(key="class_source").set_value("About the Playground's list").run()
    assert "undefined" in teacher.error[0].value
    assert not [b for b in teacher.button if b.key == "class_open"]


def test_the_list_the_class_saw_is_the_one_the_store_keeps(
    class_database: Path,  # noqa: F811  (the fixture imported above)
) -> None:
    teacher = open_app({"g": "3, 1, 2", "k": "2"}, TEACHER)
    assert teacher.session_state[LIST_KEY] == parse_grades("3, 1, 2")
    _button(teacher, "Start a class session").click().run()
    teacher.segmented_control(key="class_source").set_value("About the Playground's list").run()
    teacher.button(key="class_open").click().run()
    store = ClassStore(f"sqlite:///{class_database / 'class.db'}")
    try:
        (question,) = store.questions(teacher.session_state["class_teacher_key"])
    finally:
        store.dispose()
    assert question.kind == "list"
    assert question.state == "open"
    assert '"k":"2"' in question.payload
    assert evaluate([3, 1, 2], Convention(cutoff_k=2)).ndcg < 1
