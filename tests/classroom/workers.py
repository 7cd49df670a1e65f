"""Work done in another process by the concurrency tests (importable by a spawned child)."""

from __future__ import annotations

import time

from classroom.store import ClassError, ClassStore


def submit_each(url: str, tokens: list[str], question_id: int, start_at: float) -> list[str]:
    """Submit one answer for each student, starting together with the other processes; one
    outcome per token: "stored", "already answered", or the refusal's sentence."""
    store = ClassStore(url)
    outcomes: list[str] = []
    time.sleep(max(0.0, start_at - time.time()))
    try:
        for token in tokens:
            try:
                stored = store.submit_answer(token, question_id, f"from {token[:6]}")
            except ClassError as refusal:
                outcomes.append(str(refusal))
            else:
                outcomes.append("stored" if stored else "already answered")
    finally:
        store.dispose()
    return outcomes


def guess_codes(url: str, guesses: list[str], client: str) -> list[str]:
    """Try each join code from ``client``; the refusal's sentence for each."""
    store = ClassStore(url)
    outcomes: list[str] = []
    try:
        for code in guesses:
            try:
                store.join(code, None, client=client)
            except ClassError as refusal:
                outcomes.append(str(refusal))
            else:
                outcomes.append("joined")
    finally:
        store.dispose()
    return outcomes
