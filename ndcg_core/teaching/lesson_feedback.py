"""Feedback on the guided lesson's predictions: a guessed number (spot on, close or off) and
"which ranking scores higher?" (right or wrong), each with the numbers that settle it."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from ndcg_core.errors import NdcgError
from ndcg_core.metric.compare_words import format_pair
from ndcg_core.metric.metrics import Real
from ndcg_core.teaching import worked
from ndcg_core.text.formatting import format_real


@dataclass(frozen=True)
class Feedback:
    """How a prediction went: a verdict a page can style, and a sentence for the reader."""

    verdict: Literal["spot on", "close", "off", "right", "wrong"]
    message: str


def number_feedback(guess: float, answer: Real, *, close_within: float = 0.1) -> Feedback:
    """Feedback on a guessed number: spot on (to 3 decimals), close, or off.

    Close means within ``close_within`` (10%) of the answer, or within 0.05 of it.


    >>> number_feedback(7.0, 6.861).message
    'You guessed 7; the answer is 6.861, off by 0.139 (2.0%). Close.'
    >>> number_feedback(11, 11.0).verdict
    'spot on'
    """
    if not math.isfinite(guess):
        msg = "A guess must be a number, such as 0.9."
        raise NdcgError(msg)
    message = worked.guess_feedback(guess, answer)
    answer_float = float(answer)
    off = abs(guess - answer_float)
    if round(off, 3) == 0:
        return Feedback("spot on", message)
    if off <= max(close_within * abs(answer_float), 0.05):
        return Feedback("close", message + " Close.")
    return Feedback("off", message)


def ranking_feedback(
    choice: Literal["A", "B", "same"], score_a: float, score_b: float, *, measure: str = "nDCG"
) -> Feedback:
    """Right or wrong for "which ranking scores higher?", with both scores.

    >>> ranking_feedback("B", 0.961, 0.978).message
    'Right: B scores higher, nDCG 0.978 against 0.961.'
    >>> ranking_feedback("A", 0.9612, 0.9614).message
    'Not this time: B scores higher, nDCG 0.9614 against 0.9612.'
    """
    if math.isclose(score_a, score_b, rel_tol=1e-12, abs_tol=1e-12):
        truth, text = "same", f"A and B score the same, {measure} {format_real(score_a)}."
    else:
        truth = "A" if score_a > score_b else "B"
        high, low = (score_a, score_b) if truth == "A" else (score_b, score_a)
        shown_high, shown_low = format_pair(high, low)
        text = f"{truth} scores higher, {measure} {shown_high} against {shown_low}."
    if choice == truth:
        return Feedback("right", f"Right: {text}")
    return Feedback("wrong", f"Not this time: {text}")
