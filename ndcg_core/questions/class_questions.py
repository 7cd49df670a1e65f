"""Questions a teacher asks a whole class, and what the class answered.

A :class:`ClassQuestion` is one of Practice's exercises (:mod:`ndcg_core.teaching.practice`),
or "ask about this list": predict nDCG for the Playground's list under its convention. Its
kind (a registered :class:`~ndcg_core.teaching.kinds.base.QuestionKind`,
:mod:`ndcg_core.teaching.kinds`) words, reads, judges and reveals it; nothing here names a
kind. It travels through the class store as the kind's name and JSON text
(:func:`to_payload`, :func:`from_payload`); a student's answer is stored as canonical text
made by :func:`parse_answer`; :mod:`ndcg_core.questions.class_reveal` builds the reveal from
both.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit, urlunsplit

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choices import IdealSource
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import Evaluation, evaluate
from ndcg_core.metric.parsing import GradeList
from ndcg_core.questions.payload_format import read_payload
from ndcg_core.teaching.exercise_prompts import predict_prompt
from ndcg_core.teaching.kinds import LIST, kind_named
from ndcg_core.teaching.kinds.base import AnswerInput, Exercise, QuestionKind
from ndcg_core.teaching.practice import Level
from ndcg_core.text.quoting import quoted

PAYLOAD_VERSION = 1
MAX_LIST_DOCUMENTS = 12  # what a projector and a phone show in one line or two
LIST_TOLERANCE = 0.005  # two decimals, rounded


@dataclass(frozen=True)
class ClassQuestion:
    """One question: the exercise it asks, and for a list question the grades of judged
    documents the list did not retrieve (used when the ideal comes from judged documents)."""

    kind: QuestionKind
    exercise: Exercise
    source: str
    unretrieved: tuple[float, ...] = ()

    @property
    def title(self) -> str:
        return self.kind.title

    @property
    def prompt(self) -> str:
        return self.exercise.prompt

    @property
    def numeric(self) -> bool:
        """Whether the answer is a number (predict, list) rather than a choice or order."""
        return self.kind.answer_input is AnswerInput.NUMBER

    @property
    def judged_grades(self) -> tuple[float, ...] | None:
        """Every judged document's grade, when the convention's ideal needs them."""
        if self.exercise.convention.ideal is IdealSource.JUDGED:
            return self.exercise.grades + self.unretrieved
        return None

    def evaluation(self) -> Evaluation:
        """The worked evaluation of a numeric question's list (what the answer is)."""
        ex = self.exercise
        return evaluate(
            ex.grades, ex.convention, labels=ex.labels, judged_grades=self.judged_grades
        )


def from_exercise(exercise: Exercise, seed: int, level: Level) -> ClassQuestion:
    """A Practice exercise asked of the class.

    >>> from ndcg_core.teaching.practice import exercise_set
    >>> q = from_exercise(exercise_set(5)[0], 5, Level.EASY)
    >>> q.kind.name, q.source
    ('predict', 'Practice set 5, easy, exercise 1')
    """
    source = f"Practice set {seed}, {Level(level).value}, exercise {exercise.number}"
    return ClassQuestion(exercise.kind, exercise, source)


def from_list(
    grade_list: GradeList, convention: Convention, unretrieved: Sequence[float] = ()
) -> ClassQuestion:
    """ "What is nDCG@k of this list?" for the Playground's list and convention.

    >>> from ndcg_core import parse_grades
    >>> q = from_list(parse_grades("3, 2, 0, 0, 1"), Convention(cutoff_k=3))
    >>> q.prompt
    'What is nDCG@3 of this ranking (nDCG@3, linear gain, log2(i+1), ideal from the list)? Answer to within 0.005.'
    >>> from_list(parse_grades("0, 0"), Convention(zero_ideal="nan"))
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: nDCG of this list is undefined (no document is relevant): a class cannot answer it. Give one document a grade above 0.
    """
    grades = grade_list.grades
    if len(grades) > MAX_LIST_DOCUMENTS:
        msg = (
            f"A class question shows at most {MAX_LIST_DOCUMENTS} documents; this list has "
            f"{len(grades)}. Shorten it in the Playground first."
        )
        raise NdcgError(msg)
    exercise = Exercise(
        key="class-list",
        number=1,
        kind=LIST,
        prompt=predict_prompt(convention, LIST_TOLERANCE),
        convention=convention,
        grades=tuple(grades),
        labels=tuple(grade_list.labels),
        tolerance=LIST_TOLERANCE,
    )
    question = ClassQuestion(LIST, exercise, "the Playground's list", tuple(unretrieved))
    value = question.evaluation().ndcg
    if not math.isfinite(value):
        msg = (
            "nDCG of this list is undefined (no document is relevant): a class cannot answer "
            "it. Give one document a grade above 0."
        )
        raise NdcgError(msg)
    return question


# --------------------------------------------------------------------------- payload


def to_payload(question: ClassQuestion) -> str:
    """The question as JSON text (ASCII only) for the store; :func:`from_payload` reads it.

    >>> from ndcg_core.teaching.practice import exercise_set
    >>> q = from_exercise(exercise_set(5)[2], 5, Level.EASY)
    >>> from_payload(q.kind.name, to_payload(q)) == q
    True
    """
    ex = question.exercise
    body: dict[str, Any] = {
        "v": PAYLOAD_VERSION,
        "source": question.source,
        "key": ex.key,
        "number": ex.number,
        "prompt": ex.prompt,
        "convention": ex.convention.to_params(),
        "grades": list(ex.grades),
        "labels": list(ex.labels),
        "other": list(ex.other),
        "tolerance": ex.tolerance,
        "goal_k": ex.goal_k,
        "miss_k": ex.miss_k,
        "options": list(ex.options),
        "option_conventions": [c.to_params() for c in ex.option_conventions],
        "pairs": [[list(a), list(b)] for a, b in ex.pairs],
        "answer": ex.answer,
        "answer_index": ex.answer_index,
        "explanation": ex.explanation,
        "unretrieved": list(question.unretrieved),
    }
    return json.dumps(body, separators=(",", ":"))


def _floats(raw: object) -> tuple[float, ...]:
    """Finite numbers only: JSON reads 1e400 as infinity."""
    if not isinstance(raw, list) or not all(
        isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in raw
    ):
        msg = "a list of grades is not a list of numbers"
        raise TypeError(msg)
    return tuple(float(x) for x in raw)


def from_payload(kind: str, payload: str) -> ClassQuestion:
    """Read a question back from the store; :class:`NdcgError` if it is not one of ours
    (its kind is looked up in the registry, :func:`~ndcg_core.teaching.kinds.kind_named`)."""
    try:
        question_kind = kind_named(kind)
        body = read_payload(payload)  # its format, stated once: questions/payload_format.py
        exercise = Exercise(
            key=body["key"],
            number=body["number"],
            kind=question_kind,
            prompt=body["prompt"],
            convention=Convention.from_params(body["convention"]),
            grades=_floats(body["grades"]),
            labels=tuple(body["labels"]),
            other=_floats(body["other"]),
            tolerance=float(body["tolerance"]),
            goal_k=body["goal_k"],
            miss_k=body["miss_k"],
            options=tuple(body["options"]),
            option_conventions=tuple(Convention.from_params(c) for c in body["option_conventions"]),
            pairs=tuple((_floats(a), _floats(b)) for a, b in body["pairs"]),
            answer=body["answer"],
            answer_index=body["answer_index"],
            explanation=body["explanation"],
        )
        return ClassQuestion(question_kind, exercise, body["source"], _floats(body["unretrieved"]))
    except (ValueError, TypeError, KeyError, NdcgError) as error:
        msg = f"This question could not be read ({type(error).__name__}); ask the next one."
        raise NdcgError(msg) from None


# --------------------------------------------------------------------------- answers


def parse_answer(question: ClassQuestion, raw: str) -> str:
    """A student's answer as canonical text, or :class:`NdcgError` with a message for them.

    The question's kind reads it: numbers (predict, list) by
    :func:`ndcg_core.text.numbers.read_number`, as every box in the app reads them (a comma
    is refused, not taken as a point); spot takes a pair number, compare ``A, 2`` (the
    winner and the number of the change that flips it), reorder the labels in order.

    >>> from ndcg_core.teaching.practice import exercise_set
    >>> predict = from_exercise(exercise_set(5)[0], 5, Level.EASY)
    >>> parse_answer(predict, " 0.88 "), parse_answer(predict, "٠٫٥")
    ('0.88', '0.5')
    >>> parse_answer(predict, "0.8 8")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: “0.8 8” has a space inside it; type one number without spaces, like 0.86.
    """
    return question.kind.parse(question, raw)


def check_stored_answer(kind: str, payload: str, value: str) -> None:
    """Refuse, with the student's message, an answer that is not the canonical text
    :func:`parse_answer` makes for this question: the store keeps only what
    :func:`is_right` and the summary read back. A payload that is not a question of ours
    (none the pages make) has no canonical answer, and nothing to check.

    >>> from ndcg_core.teaching.practice import exercise_set
    >>> q = from_exercise(exercise_set(5)[0], 5, Level.EASY)
    >>> check_stored_answer("predict", to_payload(q), "0.5")
    >>> check_stored_answer("predict", to_payload(q), "0,5")
    Traceback (most recent call last):
    ...
    ndcg_core.errors.NdcgError: “0,5” has a comma: type a decimal with a point, like 0.86 (and no comma between thousands).
    """
    try:
        question = from_payload(kind, payload)
    except NdcgError:
        return
    canonical = parse_answer(question, value)
    if canonical != value:
        msg = f"The answer {quoted(value)} is kept as {quoted(canonical)}; send it that way."
        raise NdcgError(msg)


def is_right(question: ClassQuestion, value: str) -> bool:
    """Whether a canonical answer (from :func:`parse_answer`) is right, by its kind; a number
    by :func:`~ndcg_core.teaching.grading.within_tolerance`, as Practice and the slip table
    judge it."""
    return question.kind.is_right(question, value)


def right_answer(question: ClassQuestion) -> str:
    """The right answer in words, as the reveal states it."""
    return question.kind.right_answer(question)


def answer_label(question: ClassQuestion, value: str) -> str:
    """A canonical answer as a short label for a chart or table (numbers as they are)."""
    return question.kind.label(question, value)


def join_link(page_url: str, code: str) -> str:
    """The join link students open, beside ``page_url`` (the address of the page on screen;
    the app's pages sit side by side under one path). It opens the content-only view
    (``mode=embed``): on a phone the app's menu would otherwise cover the page, and a student
    in class needs none of it. It carries the code only: never the teacher's key.

    >>> join_link("https://lab.example/ndcg/class_teacher?teacher_key=x", "K7M2QX")
    'https://lab.example/ndcg/class_join?code=K7M2QX&mode=embed'
    """
    parts = urlsplit(page_url or "http://localhost:8501/")
    base = parts.path.rsplit("/", 1)[0]
    query = urlencode({"code": code, "mode": "embed"})
    return urlunsplit((parts.scheme, parts.netloc, f"{base}/class_join", query, ""))
