"""Predict: type nDCG of a list under the convention the prompt names (Practice's first
kind, and a class question from it)."""

from __future__ import annotations

from ndcg_core.teaching.kinds.number import NumberKind


class Predict(NumberKind):
    name = "predict"
    title = "Predict nDCG"
    practice_title = "Predict"
    answered_with = "a number (nDCG to two decimals)"


KIND = Predict()
