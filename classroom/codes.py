"""Secrets of class mode: join codes, teacher keys, student tokens, and the limits on wrong
join codes and on joins.

Join codes are short (they are typed off a projector), so guessing is limited instead: wrong
codes per browser and per address within a minute, and new students per browser and per
address within 10 minutes (:class:`Limit`), counted in the database so every process sees the
same count. Keys and tokens are long random secrets;
the database keeps only their SHA-256, and a key is compared with ``hmac.compare_digest``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from classroom.db import join_attempts, joins_made
from ndcg_core.questions.class_rules import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH

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


@dataclass(frozen=True)
class Limit:
    """At most ``allowed`` events of one kind per name (a browser, an address) within
    ``window``, counted in ``table`` (one row per event, by the name's hash)."""

    allowed: int
    window: timedelta
    table: sa.Table
    what: str  # the refusal's words: "Too many {what} from this {device or network}"


# Wrong codes: a student mistypes a few times; 10 a minute per browser stops a guesser at 14,400
# codes a day (of 887 million). Per address 60: a school's class shares one public address,
# and 60 is a class of 30 each mistyping twice in the same minute; a guesser who makes a fresh
# browser for every try gets 86,400 a day from that address, not unlimited.
WRONG_CODES_PER_BROWSER = Limit(10, timedelta(minutes=1), join_attempts, "wrong join codes")
WRONG_CODES_PER_ADDRESS = Limit(60, timedelta(minutes=1), join_attempts, "wrong join codes")
# New students: a student joins once a lesson (a rejoin from the same browser gives back its
# student and is not counted), so 5 in 10 minutes per browser leaves room for another class or
# two and stops a script making hundreds. Per address 150: a lecture of up to 150 behind one
# school address, all joining in the first minutes.
JOINS_PER_BROWSER = Limit(5, timedelta(minutes=10), joins_made, "joins")
JOINS_PER_ADDRESS = Limit(150, timedelta(minutes=10), joins_made, "joins")
WRONG_CODES_ALLOWED = WRONG_CODES_PER_BROWSER.allowed
WRONG_CODE_WINDOW = WRONG_CODES_PER_BROWSER.window


def _names(client: str, address: str | None) -> list[tuple[str, str]]:
    """The hashes a join is counted under, each with the word a refusal uses for it."""
    names = [(digest(client), "device")]
    if address:
        names.append((address_hash(address), "network"))
    return names


def address_hash(address: str) -> str:
    """What the database keeps of a network address it counts: a hash, never the address."""
    return digest(f"address/{address}")


def _wait(connection: Connection, limit: Limit, name_hash: str, now: datetime) -> int:
    """Seconds until ``name_hash`` may act again under ``limit`` (0: now)."""
    table = limit.table
    at = table.c.attempted_at if table is join_attempts else table.c.joined_at
    recent = (
        sa.select(at)
        .where(table.c.client_hash == name_hash, at > now - limit.window)
        .order_by(at.desc())
        .limit(limit.allowed)
    )
    times: list[datetime] = list(connection.execute(recent).scalars())
    if len(times) < limit.allowed:
        return 0
    # The oldest of the last allowed events leaves the window first.
    free_at = min(times) + limit.window
    return max(1, math.ceil((free_at - now).total_seconds()))


def _refusal(
    connection: Connection,
    limits: tuple[Limit, Limit],
    client: str,
    address: str | None,
    now: datetime,
) -> str | None:
    for limit, (name_hash, where) in zip(limits, _names(client, address), strict=False):
        wait = _wait(connection, limit, name_hash, now)
        if wait:
            return f"Too many {limit.what} from this {where}; try again in {_duration(wait)}."
    return None


def _duration(seconds: int) -> str:
    """``51 seconds``, ``1 second``; from two minutes on, whole minutes rounded up.

    >>> _duration(1), _duration(119), _duration(121)
    ('1 second', '119 seconds', '3 minutes')
    """
    if seconds < 120:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{math.ceil(seconds / 60)} minutes"


def _record(
    connection: Connection, limit: Limit, client: str, address: str | None, now: datetime
) -> None:
    column = "attempted_at" if limit.table is join_attempts else "joined_at"
    rows = [{"client_hash": name_hash, column: now} for name_hash, _ in _names(client, address)]
    connection.execute(limit.table.insert(), rows)


def wrong_code_refusal(
    connection: Connection, client: str, address: str | None, now: datetime
) -> str | None:
    """Why ``client`` (a browser's name) from ``address`` may not try a code now, or None.
    Refused after 10 wrong codes within a minute from the browser, or 60 from the address."""
    limits = (WRONG_CODES_PER_BROWSER, WRONG_CODES_PER_ADDRESS)
    return _refusal(connection, limits, client, address, now)


def record_wrong_code(
    connection: Connection, client: str, address: str | None, now: datetime
) -> None:
    _record(connection, WRONG_CODES_PER_BROWSER, client, address, now)


def join_refusal(
    connection: Connection, client: str, address: str | None, now: datetime
) -> str | None:
    """Why ``client`` from ``address`` may not become a new student now, or None. Refused
    after 5 students made within 10 minutes from the browser, or 150 from the address."""
    return _refusal(connection, (JOINS_PER_BROWSER, JOINS_PER_ADDRESS), client, address, now)


def record_join(connection: Connection, client: str, address: str | None, now: datetime) -> None:
    _record(connection, JOINS_PER_BROWSER, client, address, now)


def student_token(client: str, room_id: int, room_code: str) -> str:
    """The token of ``client``'s student in a room: HMAC-SHA256 keyed by the browser's secret
    name, of the room. The same browser joining again gets the same token, so the same student
    (the database keeps only the token's hash, as for a random one); without the browser's
    name nobody can compute it. 43 URL-safe characters, like :func:`new_secret`.

    >>> a = student_token("x" * 43, 1, "K7M2QX")
    >>> a == student_token("x" * 43, 1, "K7M2QX"), a == student_token("y" * 43, 1, "K7M2QX")
    (True, False)
    >>> len(a)
    43
    """
    message = f"ndcg-lab student/{room_id}/{room_code}".encode()
    mac = hmac.new(client.encode("utf-8", "surrogatepass"), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


def forget_old_attempts(connection: Connection, now: datetime) -> int:
    """Delete counted events past their window; returns how many wrong codes were forgotten."""
    connection.execute(
        joins_made.delete().where(joins_made.c.joined_at <= now - JOINS_PER_BROWSER.window)
    )
    result = connection.execute(
        join_attempts.delete().where(
            join_attempts.c.attempted_at <= now - WRONG_CODES_PER_BROWSER.window
        )
    )
    return int(result.rowcount or 0)
