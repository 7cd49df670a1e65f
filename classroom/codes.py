"""Secrets of class mode: join codes, teacher keys, student tokens, and the rate limit on
wrong join codes.

Join codes are short (they are typed off a projector), so guessing is limited instead:
``WRONG_CODES_ALLOWED`` wrong codes per client in ``WRONG_CODE_WINDOW``, counted in the
database so every process sees the same count. Keys and tokens are long random secrets;
the database keeps only their SHA-256, and a key is compared with ``hmac.compare_digest``.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom.db import join_attempts
from ndcg_core.class_rules import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH

WRONG_CODES_ALLOWED = 10
WRONG_CODE_WINDOW = timedelta(minutes=1)
SECRET_BYTES = 32


def new_join_code() -> str:
    """A random join code (31^6, about 887 million, codes; never sequential)."""
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def new_secret() -> str:
    """A teacher key or student token: 32 random bytes, URL-safe (43 characters)."""
    return secrets.token_urlsafe(SECRET_BYTES)


def digest(secret: str) -> str:
    """What the database keeps of a secret: its SHA-256 in hex (a leaked database gives
    no working teacher link)."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def same_digest(stored: str, secret: str) -> bool:
    """Whether ``secret`` hashes to ``stored``, in time that does not depend on where they
    differ."""
    return hmac.compare_digest(stored.encode("ascii"), digest(secret).encode("ascii"))


def wait_after_wrong_codes(connection: Connection, client: str, now: datetime) -> int:
    """Seconds ``client`` must wait before trying another code (0: may try now)."""
    since = now - WRONG_CODE_WINDOW
    recent = (
        sa.select(join_attempts.c.attempted_at)
        .where(join_attempts.c.client_hash == digest(client))
        .where(join_attempts.c.attempted_at > since)
        .order_by(join_attempts.c.attempted_at.desc())
        .limit(WRONG_CODES_ALLOWED)
    )
    times: list[datetime] = list(connection.execute(recent).scalars())
    if len(times) < WRONG_CODES_ALLOWED:
        return 0
    # The oldest of the last allowed attempts leaves the window first.
    free_at = min(times) + WRONG_CODE_WINDOW
    return max(1, math.ceil((free_at - now).total_seconds()))


def record_wrong_code(connection: Connection, client: str, now: datetime) -> None:
    connection.execute(join_attempts.insert().values(client_hash=digest(client), attempted_at=now))


def forget_old_attempts(connection: Connection, now: datetime) -> int:
    result = connection.execute(
        join_attempts.delete().where(join_attempts.c.attempted_at <= now - WRONG_CODE_WINDOW)
    )
    return int(result.rowcount or 0)
