"""The SQLite store's schema and its migrations, applied in order when a store opens.

Version 0 is the seed's layout (002 P0): one table ``conversations(id, data,
created_at, updated_at)`` with Unix-time stamps and no version table. Version 1 is
this package's first layout:

* ``meta(key, value)`` — ``application`` (``contract-review``) and ``schema_version``;
* ``records(kind, id, data, created_at, updated_at, schema_version)`` keyed by
  ``(kind, id)``, timestamps as fixed-width ISO-8601 UTC text;
* ``checkpoints(review_id, seq, data, created_at, schema_version)`` keyed by
  ``(review_id, seq)``.

Version 2 adds what several service processes share:

* ``queue(kind, id, enqueued_at, worker, lease_until, claims, cancel_requested)`` — the
  work queue, keyed by ``(kind, id)``;
* ``rate_events(bucket, at)`` — request times, seconds since the epoch.

To change the layout, add a :class:`Migration` producing the next version and raise
:data:`~contract_review.storage.records.STORE_SCHEMA_VERSION`. All migrations run in
one ``BEGIN IMMEDIATE`` transaction, so two processes opening an old store at once
migrate it once, and a failed migration leaves the store as it was.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..errors import StorageError
from .record_ids import is_valid_record_id
from .records import STORE_APPLICATION, STORE_SCHEMA_VERSION, format_timestamp

__all__ = ["APPLICATION", "MIGRATIONS", "Migration", "migrate", "read_schema_version"]

#: What the ``meta`` table names as the application, to tell our stores from others.
APPLICATION = STORE_APPLICATION


@dataclass(frozen=True)
class Migration:
    """One step of the schema: what it produces and how."""

    version: int
    description: str
    apply: Callable[[sqlite3.Connection], None]


def _legacy_id(raw: object, taken: set[str]) -> str:
    """An id following the id rule for a seed-era conversation id."""
    text = str(raw)
    candidate = re.sub(r"[^A-Za-z0-9._-]", "-", text).strip(".-")[:128].rstrip(".")
    if not is_valid_record_id(candidate) or candidate in taken:
        candidate = "conv-" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
    taken.add(candidate)
    return candidate


def _legacy_time(value: object) -> str:
    """Seed-era Unix time (seconds) as stored text; the current time when unreadable."""
    try:
        if not isinstance(value, int | float | str):
            raise TypeError(value)
        moment = datetime.fromtimestamp(float(value), UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        moment = datetime.now(UTC)
    return format_timestamp(moment)


_VERSION_1_TABLES = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE records (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        schema_version INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
    )""",
    "CREATE INDEX records_by_update ON records (kind, updated_at)",
    """CREATE TABLE checkpoints (
        review_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        schema_version INTEGER NOT NULL,
        PRIMARY KEY (review_id, seq)
    )""",
    "CREATE INDEX checkpoints_by_time ON checkpoints (created_at)",
)


def _to_version_1(conn: sqlite3.Connection) -> None:
    # One statement at a time: executescript() would commit the migration transaction.
    for statement in _VERSION_1_TABLES:
        conn.execute(statement)
    conn.execute("INSERT INTO meta (key, value) VALUES ('application', ?)", (APPLICATION,))
    if "conversations" not in _tables(conn):
        return
    taken: set[str] = set()
    rows = conn.execute("SELECT id, data, created_at, updated_at FROM conversations").fetchall()
    for raw_id, raw_data, created, updated in rows:
        try:
            is_object = isinstance(raw_data, str) and isinstance(json.loads(raw_data), dict)
        except ValueError:
            is_object = False
        # A JSON object is kept as written; anything else is kept whole under one key.
        data = raw_data if is_object else json.dumps({"legacy_data": str(raw_data)})
        conn.execute(
            "INSERT INTO records VALUES ('conversation', ?, ?, ?, ?, 1)",
            (
                _legacy_id(raw_id, taken),
                data,
                _legacy_time(created),
                _legacy_time(updated),
            ),
        )
    conn.execute("DROP TABLE conversations")


_VERSION_2_TABLES = (
    """CREATE TABLE queue (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        enqueued_at TEXT NOT NULL,
        worker TEXT NOT NULL DEFAULT '',
        lease_until TEXT,
        claims INTEGER NOT NULL DEFAULT 0,
        cancel_requested INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (kind, id)
    )""",
    "CREATE INDEX queue_by_age ON queue (kind, enqueued_at)",
    "CREATE TABLE rate_events (bucket TEXT NOT NULL, at REAL NOT NULL)",
    "CREATE INDEX rate_events_by_bucket ON rate_events (bucket, at)",
    "CREATE INDEX rate_events_by_time ON rate_events (at)",
)


def _to_version_2(conn: sqlite3.Connection) -> None:
    for statement in _VERSION_2_TABLES:
        conn.execute(statement)


#: Every migration, in order; the last produces :data:`STORE_SCHEMA_VERSION`.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1, "records, checkpoints and meta tables; seed-era conversations moved in", _to_version_1
    ),
    Migration(2, "the work queue and shared request counts", _to_version_2),
)
assert MIGRATIONS[-1].version == STORE_SCHEMA_VERSION


def _tables(conn: sqlite3.Connection) -> set[str]:
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {name for (name,) in rows if not name.startswith("sqlite_")}


def read_schema_version(conn: sqlite3.Connection, path: Path) -> int:
    """The schema version of the open store: 0 for an empty database or the seed's layout.

    :raises StorageError: when the database belongs to something else.
    """
    tables = _tables(conn)
    if "meta" not in tables:
        if tables <= {"conversations"}:
            return 0
        raise StorageError(
            f"{path} is a SQLite database of another application (tables: "
            f"{', '.join(sorted(tables))}), not a contract-review store; set storage_path "
            "to a new file"
        )
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("application") != APPLICATION:
        raise StorageError(
            f"{path} is a SQLite database of another application, not a contract-review "
            "store; set storage_path to a new file"
        )
    try:
        return int(meta.get("schema_version", ""))
    except ValueError:
        raise StorageError(
            f"{path} has no valid schema version; it may be damaged. Restore it from an "
            "export or set storage_path to a new file"
        ) from None


def migrate(conn: sqlite3.Connection, path: Path) -> int:
    """Bring the store to :data:`STORE_SCHEMA_VERSION`.

    :param conn: A connection in autocommit mode (``isolation_level=None``).
    :returns: The version the store had before.
    :raises StorageError: when it is from a newer version or another application.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = read_schema_version(conn, path)
        if found > STORE_SCHEMA_VERSION:
            raise StorageError(
                f"{path} was written by a newer contract-review (store schema {found}; this "
                f"version reads up to {STORE_SCHEMA_VERSION}). Upgrade contract-review, or "
                "set storage_path to another file; the store was not changed"
            )
        for step in MIGRATIONS:
            if step.version > found:
                step.apply(conn)
                conn.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
                    (str(step.version),),
                )
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return found
