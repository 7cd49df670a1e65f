"""A question kind registered by a test alone (tests/toy_kind.py) goes through the class
store's answer path as the five the app declares do: the store refuses an answer that is
not the kind's canonical text, keeps the one that is, and the reveal and the summary read
what it kept. Nothing in the store, the core's class questions or the reveal names it."""

from __future__ import annotations

import csv
import io

import pytest

from classroom.store import ClassError, ClassStore
from ndcg_core.questions.class_questions import from_payload, to_payload
from ndcg_core.questions.class_reveal import reveal, summary_csv
from tests import toy_kind


def test_a_kind_registered_in_a_test_is_answered_through_the_store_and_revealed(
    store: ClassStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    toy_kind.registered(monkeypatch)
    room = store.create_room()
    question = toy_kind.toy_question()
    added = store.add_question(room.teacher_key, question.kind.name, to_payload(question))
    store.open_question(room.teacher_key, added.id)
    ada = store.join(room.code, "Ada", client="phone-1")
    bo = store.join(room.code, None, client="phone-2")
    with pytest.raises(ClassError, match="Choose a list from 1 to 2"):
        store.submit_answer(ada.token, added.id, "3")
    with pytest.raises(ClassError, match="kept as “1”"):
        store.submit_answer(ada.token, added.id, "List 1")
    assert store.my_answer(ada.token, added.id) is None  # nothing kept from a refusal
    assert store.submit_answer(ada.token, added.id, "1")
    assert store.submit_answer(bo.token, added.id, "2")
    store.reveal_question(room.teacher_key, added.id)

    (kept,) = store.questions(room.teacher_key)
    read = from_payload(kept.kind, kept.payload)  # as the teacher's page reads it back
    assert read.kind is toy_kind.KIND
    values = [answer.value for answer in store.answers(room.teacher_key, added.id)]
    shown = reveal(read, values)
    assert shown.right_answer == "List 1 scores higher"
    assert shown.spread.right_count == 1
    assert [(bar.label, bar.count) for bar in shown.spread.bars] == [("List 1", 1), ("List 2", 1)]
    lines = csv.DictReader(
        io.StringIO(summary_csv({kept.number: read}, store.summary_rows(room.teacher_key)))
    )
    assert sorted((line["answer"], line["right"]) for line in lines) == [
        ("1", "yes"),
        ("2", "no"),
    ]
