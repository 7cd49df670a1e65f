"""Why a number is what it is, when a reader would not expect it: a page shows these notes
next to the numbers they explain.

nDCG = DCG / ideal DCG lies in [0, 1] only while no gain is negative. With negative grades
kept, DCG can be negative (nDCG below 0), and the ideal DCG itself can be 0 or negative,
where the ratio means nothing and the convention's empty-ideal rule gives the answer.
"""

from __future__ import annotations

import math

from ndcg_core.metric.choice_labels import choice_label
from ndcg_core.metric.choices import NegativeGrades
from ndcg_core.metric.metrics import Evaluation
from ndcg_core.text.formatting import format_real


def evaluation_notes(evaluation: Evaluation) -> tuple[str, ...]:
    """Sentences that explain an nDCG outside [0, 1], or one set by the empty-ideal rule.

    >>> from ndcg_core import evaluate
    >>> evaluation_notes(evaluate([3, 2, 1]))
    ()
    >>> print(evaluation_notes(evaluate([-5, -3]))[0])
    The ideal DCG is -6.155: with negative grades kept, no order of these grades scores above 0. DCG / ideal DCG means nothing then: the rule for an empty ideal (“score 0”) gives nDCG 0.
    """
    convention = evaluation.convention
    notes: list[str] = []
    ideal_dcg = float(evaluation.ideal_dcg)
    negative = any(grade < 0 for grade in evaluation.grades)
    if ideal_dcg <= 0:
        rule = choice_label(convention.zero_ideal)
        shown = "undefined" if math.isnan(evaluation.ndcg) else format_real(evaluation.ndcg)
        if ideal_dcg < 0:
            why = (
                f"The ideal DCG is {format_real(evaluation.ideal_dcg)}: with negative grades "
                "kept, no order of these grades scores above 0. DCG / ideal DCG means nothing "
                "then"
            )
        else:
            why = "No document has a positive gain, so the ideal DCG is 0 and DCG / ideal DCG is 0 / 0"
        notes.append(f"{why}: the rule for an empty ideal (“{rule}”) gives nDCG {shown}.")
    elif evaluation.ndcg < 0:
        notes.append(
            f"nDCG is below 0 because negative grades are kept "
            f"(“{choice_label(convention.negative_grades)}”): the "
            "negative gains near the top cost more than the positive ones earn, so DCG is "
            "below 0. Under “count as 0” nDCG stays between 0 and 1."
        )
    elif negative and convention.negative_grades is NegativeGrades.AS_ZERO:
        notes.append("Negative grades count as 0 under this convention: they add nothing.")
    return tuple(notes)
