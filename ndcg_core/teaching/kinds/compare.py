"""Which ranking scores higher? Two rankings of the same documents: which scores the higher
nDCG in the textbook form, and which one change of convention makes the other one win.
Answered with two picks: the winner, and the change (by its number in class)."""

from __future__ import annotations

import random

from ndcg_core.errors import NdcgError
from ndcg_core.metric.choices import Discount, Gain
from ndcg_core.metric.conventions import Convention
from ndcg_core.metric.metrics import ndcg
from ndcg_core.metric.parsing import format_grades

# A module import: practice_checks imports kinds.base, whose package imports this module.
from ndcg_core.teaching import practice_checks
from ndcg_core.teaching.kinds.base import (
    Answer,
    AnswerInput,
    Asked,
    Choice,
    Exercise,
    Feedback,
    Numbered,
    Part,
    QuestionKind,
    RankingsAB,
    link_index,
    numbered,
    pick_number,
)
from ndcg_core.teaching.kinds.dealing import Level, deal_grades, exercise_key
from ndcg_core.text.formatting import format_real
from ndcg_core.text.quoting import quoted

WINNERS = ("A", "B")
WINNER_QUESTION = "Which scores higher in the textbook form?"
_MARGIN = 0.005  # two rankings "differ" only by more than this much nDCG


def _changes(level: Level, length: int) -> list[tuple[str, Convention]]:
    """The changes of convention an exercise at ``level`` offers (a cutoff only when it
    is shorter than the lists)."""
    changes = [
        ("exponential gain 2^rel - 1 instead of the grade", Convention(gain=Gain.EXPONENTIAL)),
        ("log base 10 instead of 2", Convention(log_base=10.0)),
        ("a cutoff: nDCG@2 instead of the whole list", Convention(cutoff_k=2)),
    ]
    if level is not Level.EASY:
        changes.append(
            (
                "Järvelin-Kekäläinen's discount with b = 2 (no discount at ranks 1 and 2)",
                Convention(discount=Discount.JARVELIN_KEKALAINEN),
            )
        )
    if level is Level.HARD:
        changes.append(("a cutoff: nDCG@3 instead of the whole list", Convention(cutoff_k=3)))
    return [(text, c) for text, c in changes if c.cutoff_k is None or c.cutoff_k < length]


class Compare(QuestionKind):
    name = "compare"
    title = "Which ranking scores higher?"
    practice_title = "Compare"
    answered_with = "A or B, and the change of convention that flips it"
    answer_input = AnswerInput.CHOICE

    def deal(self, rng: random.Random, level: Level, seed: int, number: int) -> Exercise:
        while True:
            grades = deal_grades(rng, level)
            a = tuple(rng.sample(grades, len(grades)))
            b = tuple(rng.sample(grades, len(grades)))
            base = ndcg(a) - ndcg(b)
            if abs(base) <= _MARGIN:
                continue
            changes = _changes(level, len(grades))
            margins = [(ndcg(a, c) - ndcg(b, c)) * (1 if base > 0 else -1) for _, c in changes]
            flips = [i for i, m in enumerate(margins) if m < -_MARGIN]
            # Exactly one clear flip, and every other change keeps the verdict (no near-ties).
            if len(flips) == 1 and all(m > 0 for i, m in enumerate(margins) if i != flips[0]):
                break
        order = list(range(len(changes)))
        rng.shuffle(order)
        changes = [changes[i] for i in order]
        flip = order.index(flips[0])
        return Exercise(
            key=exercise_key(seed, level, number),
            number=number,
            kind=self,
            prompt=(
                "Ranking A and ranking B show the same documents in different orders. Which "
                "scores the higher nDCG in the textbook form (linear gain, log2(i+1))? And which "
                "one change of convention makes the other one win?"
            ),
            convention=Convention(),
            grades=a,
            other=b,
            options=tuple(text for text, _ in changes),
            option_conventions=tuple(c for _, c in changes),
            answer="A" if base > 0 else "B",
            answer_index=flip,
        )

    def parse(self, question: Asked, raw: str) -> str:
        winner, _, change = raw.replace(";", ",").partition(",")
        winner = winner.strip().upper()
        if winner not in WINNERS:
            msg = f"Say which ranking scores higher, A or B; {quoted(raw)} does not."
            raise NdcgError(msg)
        return f"{winner}, {pick_number(change, len(question.exercise.options), 'Change')}"

    def is_right(self, question: Asked, value: str) -> bool:
        ex = question.exercise
        winner, change = value.split(", ")
        return winner == ex.answer and int(change) - 1 == ex.answer_index

    def right_answer(self, question: Asked) -> str:
        ex = question.exercise
        return (
            f"{ex.answer} scores higher; change {ex.answer_index + 1} "
            f"({ex.options[ex.answer_index]}) makes the other one win"
        )

    def right_value(self, question: Asked) -> str:
        ex = question.exercise
        return f"{ex.answer}, {ex.answer_index + 1}"

    def label(self, question: Asked, value: str) -> str:
        winner, change = value.split(", ")
        return f"{winner}, change {change}"

    def explanation(self, question: Asked) -> str:
        ex = question.exercise
        rows = practice_checks.compare_scores(ex)
        _, a, b = rows[0]
        flip, a2, b2 = rows[1 + ex.answer_index]
        note = ""
        if any(c.log_base != 2 for c in ex.option_conventions):
            note = " A different log base never flips nDCG: it scales DCG and ideal DCG alike."
        return (
            f"In the textbook form A scores {format_real(a, 4)} and B {format_real(b, 4)}; with "
            f"{flip} A scores {format_real(a2, 4)} and B {format_real(b2, 4)}.{note}"
        )

    def asked(self, question: Asked) -> str:
        ex = question.exercise
        changes = " ".join(f"Change {i}: {text}." for i, text in enumerate(ex.options, start=1))
        return f"A: {format_grades(ex.grades)}. B: {format_grades(ex.other)}. {changes}"

    def shown(self, question: Asked) -> tuple[Part, ...]:
        ex = question.exercise
        return (RankingsAB(ex.grades, ex.other), Numbered("Changes of convention:", ex.options))

    def choices(self, question: Asked) -> tuple[Choice, ...]:
        options = question.exercise.options
        return (
            Choice("winner", WINNER_QUESTION, WINNERS, WINNERS, True),
            Choice(
                "change",
                "Which change makes the other one win?",
                numbered(len(options)),
                tuple(f"{i}. {text}" for i, text in enumerate(options, start=1)),
            ),
        )

    def option_rows(self, exercise: Exercise) -> tuple[tuple[str, float, float], ...]:
        return tuple(practice_checks.compare_scores(exercise))

    def check(self, exercise: Exercise, answer: Answer) -> Feedback:
        return practice_checks.check_compare(exercise, answer.winner, answer.choice)

    def write_answer(self, exercise: Exercise, answer: Answer) -> str:
        return f"{answer.winner}.{answer.choice}"

    def read_answer(self, exercise: Exercise, text: str, where: str) -> Answer:
        winner, _, choice = text.partition(".")
        if winner not in WINNERS or link_index(choice, len(exercise.options)) is None:
            msg = f"{where} is not a ranking (A or B) and one of its changes."
            raise NdcgError(msg)
        return Answer(winner=winner, choice=int(choice))

    def practice_shown(self, exercise: Exercise) -> tuple[Part, ...]:
        return (RankingsAB(exercise.grades, exercise.other),)

    def practice_choices(self, exercise: Exercise) -> tuple[Choice, ...]:
        return (
            Choice("winner", WINNER_QUESTION, WINNERS, WINNERS, True, field="winner"),
            Choice(
                "flip",
                "Which one change makes the other ranking win?",
                tuple(range(len(exercise.options))),
                exercise.options,
            ),
        )


KIND = Compare()
