"""The class database: where it lives, its tables, and the numbered migrations that make them.

SQLite by default (``$NDCG_LAB_DATA_DIR/class.db``, WAL mode, so several Streamlit processes
on one machine share it); PostgreSQL when ``NDCG_LAB_DATABASE_URL`` is set (several machines).
One code path for both: SQLAlchemy Core, every statement parameterised.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

URL_VARIABLE = "NDCG_LAB_DATABASE_URL"
DATA_DIR_VARIABLE = "NDCG_LAB_DATA_DIR"
DEFAULT_DATA_DIR = "data"
# How long a transaction waits for another one's lock before it gives up (SQLite's busy
# timeout, PostgreSQL's lock_timeout): a room's writes queue on its row, each a few ms.
LOCK_WAIT_MS = 10_000
STATEMENT_TIMEOUT_MS = 30_000  # PostgreSQL: no statement runs longer than this
# A transaction that writes on SQLite takes the write lock when it starts (BEGIN IMMEDIATE):
# a read that later turns into a write could otherwise fail at once with "database is locked"
# in WAL mode, without waiting for the busy timeout.
WRITE_OPTIONS = {"ndcg_lab_begin": "IMMEDIATE"}


def database_url() -> str:
    """The configured URL: ``NDCG_LAB_DATABASE_URL``, else SQLite in the data folder."""
    configured = os.environ.get(URL_VARIABLE, "").strip()
    if configured:
        return configured
    data_dir = Path(os.environ.get(DATA_DIR_VARIABLE, "").strip() or DEFAULT_DATA_DIR)
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir.resolve() / 'class.db'}"


class UtcDateTime(sa.types.TypeDecorator[datetime]):
    """A moment in UTC: stored as a timestamp with time zone on PostgreSQL and as naive UTC
    text on SQLite; always read back as an aware UTC ``datetime``."""

    impl = sa.DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: sa.Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


metadata = sa.MetaData()

schema_version = sa.Table(
    "schema_version",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("applied_at", UtcDateTime, nullable=False),
)

rooms = sa.Table(
    "rooms",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("code", sa.String(12), nullable=False, unique=True),
    sa.Column("teacher_key_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.Column("expires_at", UtcDateTime, nullable=False, index=True),
    sa.Column("ended", sa.Boolean, nullable=False, default=False),
    # Grows by one in every transaction that changes the room: pages poll only this.
    sa.Column("stamp", sa.BigInteger, nullable=False, default=0),
)

students = sa.Table(
    "students",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("room_id", sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("nickname", sa.String(64)),
    sa.Column("joined_at", UtcDateTime, nullable=False),
    sa.UniqueConstraint("room_id", "number", name="students_number_once"),
)

questions = sa.Table(
    "questions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("room_id", sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("payload", sa.Text, nullable=False),
    sa.Column("state", sa.String(10), nullable=False),
    sa.Column("created_at", UtcDateTime, nullable=False),
    sa.UniqueConstraint("room_id", "number", name="questions_number_once"),
    sa.CheckConstraint(
        "state IN ('draft', 'open', 'closed', 'revealed')", name="questions_state_known"
    ),
)

answers = sa.Table(
    "answers",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("question_id", sa.ForeignKey("questions.id", ondelete="CASCADE"), nullable=False),
    sa.Column("student_id", sa.ForeignKey("students.id", ondelete="CASCADE"), nullable=False),
    sa.Column("value", sa.String(200), nullable=False),
    sa.Column("answered_at", UtcDateTime, nullable=False),
    # The first answer counts: a second insert for the same student fails here, atomically.
    sa.UniqueConstraint("question_id", "student_id", name="answers_once"),
)

join_attempts = sa.Table(
    "join_attempts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("client_hash", sa.String(64), nullable=False),
    sa.Column("attempted_at", UtcDateTime, nullable=False),
    sa.Index("join_attempts_by_client", "client_hash", "attempted_at"),
)

# One row per student a join made, under the hash of the browser's name and again under the
# hash of its address: the limit on joins per client (classroom.codes.JOIN_LIMITS).
joins_made = sa.Table(
    "joins_made",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("client_hash", sa.String(64), nullable=False),
    sa.Column("joined_at", UtcDateTime, nullable=False),
    sa.Index("joins_made_by_client", "client_hash", "joined_at"),
)


def _create(*tables: sa.Table) -> Callable[[Connection], None]:
    def migrate(connection: Connection) -> None:
        for table in tables:
            table.create(connection)

    return migrate


# Migration n takes the schema from version n - 1 to n. Append, never edit a released one.
MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _create(rooms, students, questions, answers),  # 1: rooms, students, questions, answers
    _create(join_attempts),  # 2: wrong join codes, for the rate limit shared by processes
    _create(joins_made),  # 3: students made per browser and per address, for the join limit
)
CURRENT_VERSION = len(MIGRATIONS)


def _sqlite_settings(dbapi_connection: Any, _record: object) -> None:
    # The driver's own transaction handling is off; "begin" below issues BEGIN itself.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={LOCK_WAIT_MS}")
    _use_wal(cursor)
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _use_wal(cursor: Any) -> None:
    # WAL is a property of the file, set once by whichever process gets there first. Changing
    # the journal mode ignores the busy timeout, so processes opening a new file at the same
    # moment wait for each other here.
    deadline = time.monotonic() + LOCK_WAIT_MS / 1000
    while cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
        except sqlite3.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _sqlite_begin(connection: Connection) -> None:
    mode = connection.get_execution_options().get("ndcg_lab_begin", "DEFERRED")
    connection.exec_driver_sql(f"BEGIN {'IMMEDIATE' if mode == 'IMMEDIATE' else 'DEFERRED'}")


def make_engine(url: str) -> Engine:
    """An engine for ``url`` with the settings class mode needs (see the module docstring)."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = sa.create_engine(
            parsed, connect_args={"timeout": LOCK_WAIT_MS / 1000}, pool_pre_ping=False
        )
        sa.event.listen(engine, "connect", _sqlite_settings)
        sa.event.listen(engine, "begin", _sqlite_begin)
        return engine
    timeouts = f"-c lock_timeout={LOCK_WAIT_MS} -c statement_timeout={STATEMENT_TIMEOUT_MS}"
    return sa.create_engine(
        parsed,
        pool_pre_ping=True,
        pool_size=5,
        max_overflow=10,
        connect_args={"options": timeouts, "connect_timeout": 10},
    )


def installed_version(connection: Connection) -> int:
    """The schema version recorded in the database (0 for an empty database)."""
    if not sa.inspect(connection).has_table("schema_version"):
        return 0
    found = connection.execute(sa.select(sa.func.max(schema_version.c.version))).scalar()
    return int(found or 0)


def migrate(engine: Engine, *, target: int = CURRENT_VERSION) -> int:
    """Bring the schema up to ``target`` (all migrations by default), each migration in its own
    transaction with its version row; safe when several processes start at once. Returns the
    version now installed."""
    for version in range(1, target + 1):
        with engine.execution_options(**WRITE_OPTIONS).begin() as connection:
            if connection.dialect.name == "postgresql":
                # Two processes starting together: the second waits here, then finds it done.
                connection.execute(sa.text("SELECT pg_advisory_xact_lock(1548201515)"))
            if installed_version(connection) >= version:
                continue
            if version == 1:
                schema_version.create(connection, checkfirst=True)
            MIGRATIONS[version - 1](connection)
            connection.execute(
                schema_version.insert().values(version=version, applied_at=datetime.now(UTC))
            )
    with engine.connect() as connection:
        return installed_version(connection)
