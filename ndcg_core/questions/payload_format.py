"""The format of a class question as the store keeps it (the JSON ``to_payload`` writes),
stated once; :func:`read_payload` reads it back and names any field that does not fit.

>>> read_payload('{"v": 1, "source": 3}')
Traceback (most recent call last):
...
ndcg_core.errors.NdcgError: The stored question's field "source" should be text; it holds 3.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ndcg_core.text.json_files import read_json
from ndcg_core.text.json_shapes import check_shape

MAX_PAYLOAD_BYTES = 1_000_000


class QuestionPayload(TypedDict):
    """A stored question: its exercise's fields, where it came from, and its unretrieved
    grades (``ndcg_core.questions.class_questions.to_payload`` writes it)."""

    v: Literal[1]
    source: str
    key: str
    number: int
    prompt: str
    convention: dict[str, str]  # as Convention.to_params writes it
    grades: list[float]
    labels: list[str]
    other: list[float]
    tolerance: float
    goal_k: int | None
    miss_k: int | None
    options: list[str]
    option_conventions: list[dict[str, str]]
    pairs: list[tuple[list[float], list[float]]]
    answer: str
    answer_index: int
    explanation: str
    unretrieved: list[float]


def read_payload(payload: str | bytes) -> QuestionPayload:
    """A stored question's fields, each of its declared type (:class:`NdcgError` otherwise)."""
    document = read_json(
        payload, what="The stored question", kind="a question", max_bytes=MAX_PAYLOAD_BYTES
    )
    return check_shape(document, QuestionPayload, what="The stored question")
