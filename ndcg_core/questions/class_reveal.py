"""What the class answered: the spread (live, and at the reveal with the right value marked),
the right answer worked out, the slips named with how many answers sit at each, and the
session summary as CSV.

Answers arrive as the canonical text :func:`ndcg_core.questions.class_questions.parse_answer` made;
text that is not (it cannot come from the pages) is counted as unreadable, never guessed.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ndcg_core.errors import NdcgError
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.pictures.export import csv_text
from ndcg_core.questions.class_questions import (
    ClassQuestion,
    answer_label,
    is_right,
    parse_answer,
    right_answer,
)
from ndcg_core.teaching.diagnosis import Diagnosis, diagnose
from ndcg_core.teaching.slips import SlipCount, SlipTable, count_slips, match_answer
from ndcg_core.teaching.worked import WorkedStep, all_steps
from ndcg_core.text.formatting import format_real

DOT_STEP = 0.01  # a dot per answer, stacked on its value rounded to two decimals
MAX_BARS = 8  # choice answers beyond the most common few are counted as "other"


@dataclass(frozen=True)
class Dot:
    """One numeric answer in the dot plot: its value rounded to ``DOT_STEP``, its place in
    the stack of answers with that value (0 at the bottom), and where the answer itself sits:
    ``right``, at a named ``slip``, or ``other``."""

    value: float
    stack: int
    mark: str = "other"


@dataclass(frozen=True)
class Bar:
    """How many answers chose one option (or order), and whether it is right."""

    label: str
    count: int
    right: bool


@dataclass(frozen=True)
class Spread:
    """The class's answers, ready to draw: ``dots`` for numbers from 0 to 1, ``outside``
    for numbers beyond that range (sorted), ``bars`` for choices. ``right_value`` is the
    number a numeric question's answer is (None for choices: their bars say it)."""

    answered: int
    unreadable: int
    dots: tuple[Dot, ...]
    outside: tuple[float, ...]
    bars: tuple[Bar, ...]
    right_value: float | None
    right_count: int

    @property
    def axis_low(self) -> float:
        """Where a dot plot's axis starts: a tenth below the lowest dot or the right value,
        so a class that answered between 0.7 and 1 fills the width (never below 0).

        >>> Spread(2, 0, (Dot(0.74, 0),), (), (), 0.86, 0).axis_low
        0.6
        """
        lowest = min([d.value for d in self.dots] + [self.right_value or 1.0])
        return max(0.0, math.floor(round(lowest * 10, 6)) / 10 - 0.1)


def _readable(question: ClassQuestion, values: Sequence[str]) -> tuple[list[str], int]:
    """The values that are canonical answers to this question, and how many were not."""
    good = [value for value in values if _canonical(question, value)]
    return good, len(values) - len(good)


def _canonical(question: ClassQuestion, value: str) -> bool:
    """Whether ``value`` is this question's canonical form of an answer (a stored value
    that no longer parses, or parses to another text, is not counted)."""
    try:
        return parse_answer(question, value) == value
    except NdcgError:
        return False


def spread(question: ClassQuestion, values: Sequence[str]) -> Spread:
    """The spread of ``values`` (canonical answers) for ``question``.

    >>> from ndcg_core import Convention, parse_grades
    >>> from ndcg_core.questions.class_questions import from_list
    >>> q = from_list(parse_grades("3, 2, 3, 0, 1, 2"), Convention())
    >>> s = spread(q, ["0.96", "0.93", "0.96", "6.86", "no"])
    >>> [(d.value, d.stack, d.mark) for d in s.dots]
    [(0.93, 0, 'slip'), (0.96, 0, 'right'), (0.96, 1, 'right')]
    >>> s.outside, s.right_count, s.unreadable
    ((6.86,), 2, 1)
    """
    good, unreadable = _readable(question, values)
    # One evaluation for the question, not one per answer: the table knows the right value.
    table = slips_for(question)
    if table is not None:
        numbers = sorted(float(v) for v in good)
        verdicts = [match_answer(table, x) for x in numbers]
        heights: Counter[float] = Counter()
        dots = []
        for x, verdict in zip(numbers, verdicts, strict=True):
            if not 0 <= x <= 1:
                continue
            mark = "right" if verdict.right else "slip" if verdict.slip else "other"
            shown = round(round(x / DOT_STEP) * DOT_STEP, 10)
            dots.append(Dot(shown, heights[shown], mark))
            heights[shown] += 1
        return Spread(
            answered=len(good),
            unreadable=unreadable,
            dots=tuple(dots),
            outside=tuple(x for x in numbers if not 0 <= x <= 1),
            bars=(),
            right_value=table.right,
            right_count=sum(verdict.right for verdict in verdicts),
        )
    counts = Counter(good).most_common()
    bars = [Bar(answer_label(question, v), n, is_right(question, v)) for v, n in counts]
    right_count = sum(bar.count for bar in bars if bar.right)
    if len(bars) > MAX_BARS:
        rest = bars[MAX_BARS - 1 :]
        bars = bars[: MAX_BARS - 1]
        bars.append(Bar("other orders", sum(b.count for b in rest), False))
    return Spread(len(good), unreadable, (), (), tuple(bars), None, right_count)


@dataclass(frozen=True)
class Reveal:
    """Everything the reveal shows: the right answer, how to get it, and the class's answers
    (``slip_counts`` and ``slip_notes`` for numeric questions only)."""

    right_answer: str
    explanation: str
    worked: Evaluation | None
    steps: tuple[WorkedStep, ...]
    spread: Spread
    slip_counts: tuple[SlipCount, ...]
    slip_notes: tuple[str, ...]
    compare_rows: tuple[tuple[str, float, float], ...]


def _slip_notes(table: SlipTable) -> tuple[str, ...]:
    notes = [
        f"{slip.name} changes nothing here."
        if math.isclose(slip.value, table.right, rel_tol=1e-12, abs_tol=1e-12)
        else f"{slip.name} gives {format_real(slip.value)} here, too close to the right answer "
        "to tell apart."
        for slip in table.same_as_right
    ]
    notes += [f"{slip.name} gives no number here." for slip in table.no_value]
    return tuple(notes)


def slips_for(question: ClassQuestion) -> SlipTable | None:
    """The slip table of a numeric question (None for choices), by its kind."""
    return question.kind.slips(question)


def own_diagnosis(question: ClassQuestion, value: str) -> Diagnosis | None:
    """What one student's answer says about their mistake (the slip, in words, with the
    list's numbers), for a numeric question; None for a choice or an unreadable answer.

    >>> from ndcg_core import Convention, parse_grades
    >>> from ndcg_core.questions.class_questions import from_list
    >>> q = from_list(parse_grades("3, 2, 3, 0, 1, 2"), Convention())
    >>> own_diagnosis(q, "0.93").slips
    (<SlipKind.DISCOUNT: 'discount'>,)
    """
    table = slips_for(question)
    if table is None or not _canonical(question, value):
        return None
    return diagnose(table, float(value))


def reveal(question: ClassQuestion, values: Sequence[str]) -> Reveal:
    """The reveal of ``question`` after the class answered ``values`` (canonical text).

    >>> from ndcg_core import Convention, parse_grades
    >>> from ndcg_core.questions.class_questions import from_list
    >>> q = from_list(parse_grades("3, 2, 3, 0, 1, 2"), Convention())
    >>> r = reveal(q, ["0.96", "0.93", "0.932", "0.95", "6.86"])
    >>> r.right_answer, r.spread.right_count
    ('nDCG = 0.9608', 1)
    >>> [c.sentence for c in r.slip_counts if c.count][0]
    '2 students answered about 0.932: what log2(i) instead of log2(i+1) gives.'
    """
    worked = question.evaluation() if question.numeric else None
    table = slips_for(question)
    found = spread(question, values)
    counts: tuple[SlipCount, ...] = ()
    if table is not None:
        good, _ = _readable(question, values)
        counts = count_slips(table, [float(v) for v in good])
    return Reveal(
        right_answer=right_answer(question),
        explanation=question.kind.explanation(question),
        worked=worked,
        steps=all_steps(worked) if worked is not None else (),
        spread=found,
        slip_counts=counts,
        slip_notes=_slip_notes(table) if table is not None else (),
        compare_rows=question.kind.option_rows(question.exercise),
    )


# --------------------------------------------------------------------------- summary

SUMMARY_COLUMNS = (
    "question",
    "kind",
    "prompt",
    "right_answer",
    "student",
    "answer",
    "right",
    "slip",
    "diagnosis",
    "answered_at",
)


def asked(question: ClassQuestion) -> str:
    """The question as the class saw it: its prompt and the list or lists it asked about
    (grades, labels where they are not D1, D2, ...).

    >>> from ndcg_core import Convention, parse_grades
    >>> from ndcg_core.questions.class_questions import from_list
    >>> asked(from_list(parse_grades("a=3, b=0"), Convention())).endswith("List: a=3, b=0.")
    True
    """
    return f"{question.prompt} {question.kind.asked(question)}"


def right_value(question: ClassQuestion) -> float | str:
    """The right answer as the ``answer`` column holds one: a numeric question's nDCG as a
    number (full precision), a choice in its canonical text (``2``, ``A, 3``, ``D1, D3, D2``).

    >>> from ndcg_core import Convention, parse_grades
    >>> from ndcg_core.questions.class_questions import from_list
    >>> round(right_value(from_list(parse_grades("3, 2, 3, 0, 1, 2"), Convention())), 4)
    0.9608
    """
    return question.kind.right_value(question)


def summary_csv(
    questions: Mapping[int, ClassQuestion], rows: Sequence[Mapping[str, object]]
) -> str:
    """The session summary: one line per answer (anonymous student numbers) with the right
    answer (:func:`right_value`), whether it was right and the slip it sits at; the prompt
    names the list asked about (:func:`asked`). Written by
    :func:`ndcg_core.pictures.export.csv_text`: numbers as numbers, text made spreadsheet-safe. ``questions`` maps each question's
    number to it; ``rows`` are the store's summary rows (question, kind, student, answer,
    answered_at; a question nobody answered has one row with no student).

    >>> import csv, io
    >>> from ndcg_core import Convention, parse_grades
    >>> from ndcg_core.questions.class_questions import from_list
    >>> q = from_list(parse_grades("3, 2, 3, 0, 1, 2"), Convention())
    >>> row = {"question": 1, "kind": "list", "student": 4, "answer": "0.93", "answered_at": ""}
    >>> next(csv.DictReader(io.StringIO(summary_csv({1: q}, [row]))))["slip"]
    'log2(i) instead of log2(i+1)'
    >>> row["answer"] = "0.961"
    >>> next(csv.DictReader(io.StringIO(summary_csv({1: q}, [row]))))["right"]
    'yes'
    """
    # Worked once per question, not once per answer.
    tables = {n: slips_for(q) for n, q in questions.items()}
    answers = {n: right_value(q) for n, q in questions.items()}
    prompts = {n: asked(q) for n, q in questions.items()}
    columns: dict[str, list[object]] = {name: [] for name in SUMMARY_COLUMNS}
    for row in rows:
        number = int(str(row["question"]))
        question = questions.get(number)
        answer = row.get("answer")
        right: bool | None = None
        slip = said = ""
        table = tables.get(number)
        if question is not None and answer is not None:
            value = str(answer)
            if table is not None:
                verdict = match_answer(table, float(value))
                right = verdict.right
                slip = verdict.slip.name if verdict.slip is not None else ""
                diagnosis = diagnose(table, float(value))
                said = diagnosis.message if diagnosis.names_the_mistake else ""
            else:
                right = is_right(question, value)
            if question.numeric:
                answer = float(value)  # a number, not text (a negative one too)
        cells = (
            number,
            row.get("kind"),
            prompts.get(number, ""),
            answers.get(number),
            row.get("student"),
            answer,
            right,
            slip,
            said,
            row.get("answered_at"),
        )
        for name, cell in zip(SUMMARY_COLUMNS, cells, strict=True):
            columns[name].append(cell)
    return csv_text(columns)
