"""Ask about this list: a class predicts nDCG of the Playground's list under its
convention (made by :func:`ndcg_core.questions.class_questions.from_list`; never in
Practice)."""

from __future__ import annotations

from ndcg_core.teaching.kinds.number import NumberKind


class AboutList(NumberKind):
    name = "list"
    title = "Ask about this list"
    practice_title = "Predict"
    answered_with = "a number: nDCG of the Playground's list, under its convention"


KIND = AboutList()
