"""The PostgreSQL store's schema and its migrations, applied in order when a store opens.

The tables mirror the SQLite store's (:mod:`.migrations`), in the database's current
schema (``search_path``; give the store a database or a schema of its own):

Version 1:

* ``meta(key, value)`` — ``application`` (``contract-review``) and ``schema_version``;
* ``records(kind, id, data, created_at, updated_at, schema_version)`` keyed by
  ``(kind, id)``;
* ``checkpoints(review_id, seq, data, created_at, schema_version)`` keyed by
  ``(review_id, seq)``;
* ``set_aside(moved_at, location, message, data)`` — damaged rows moved out of the
  other tables by :meth:`~.PostgresStorage.set_aside_damaged`, their text kept.

Version 2 (the work queue and the request counts the service's processes share):

* ``queue(kind, id, enqueued_at, worker, lease_until, claims, cancel_requested)`` keyed
  by ``(kind, id)``;
* ``rate_events(bucket, at)`` — one row per counted request, ``at`` in seconds since
  the epoch.

``data`` is the text :func:`~.record_codec.encode_payload` wrote, byte for byte (not
``jsonb``, which would reorder keys and refuse ``\\u0000`` and lone surrogates).
Timestamps are ``timestamptz`` (microseconds, exact round trips); ids are compared
with the ``"C"`` collation, so listings sort as in the other stores whatever the
database's locale.

To change the layout, add a :class:`Migration` producing the next version and raise
:data:`~contract_review.storage.records.STORE_SCHEMA_VERSION`. The migrations run in
one transaction holding an advisory lock, so processes opening a new or old database
at once migrate it once, and a failed migration leaves the database as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

from ..errors import StorageError
from .records import STORE_APPLICATION, STORE_SCHEMA_VERSION

__all__ = ["MIGRATIONS", "MIGRATION_LOCK", "Migration", "migrate", "read_schema_version"]

#: The advisory lock migrations hold (any number; this one reads "contract-review").
MIGRATION_LOCK = 0x636F6E74726576


@dataclass(frozen=True)
class Migration:
    """One step of the schema: what it produces and the statements that do it."""

    version: int
    description: str
    statements: Sequence[str]


_VERSION_1 = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE records (
        kind TEXT COLLATE "C" NOT NULL,
        id TEXT COLLATE "C" NOT NULL,
        data TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL,
        schema_version INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
    )""",
    "CREATE INDEX records_by_update ON records (kind, updated_at, id)",
    """CREATE TABLE checkpoints (
        review_id TEXT COLLATE "C" NOT NULL,
        seq INTEGER NOT NULL,
        data TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        schema_version INTEGER NOT NULL,
        PRIMARY KEY (review_id, seq)
    )""",
    "CREATE INDEX checkpoints_by_time ON checkpoints (created_at)",
    """CREATE TABLE set_aside (
        moved_at TIMESTAMPTZ NOT NULL,
        location TEXT NOT NULL,
        message TEXT NOT NULL,
        data TEXT NOT NULL
    )""",
    f"INSERT INTO meta (key, value) VALUES ('application', '{STORE_APPLICATION}')",
)

_VERSION_2 = (
    """CREATE TABLE queue (
        kind TEXT COLLATE "C" NOT NULL,
        id TEXT COLLATE "C" NOT NULL,
        enqueued_at TIMESTAMPTZ NOT NULL,
        worker TEXT NOT NULL DEFAULT '',
        lease_until TIMESTAMPTZ,
        claims INTEGER NOT NULL DEFAULT 0,
        cancel_requested BOOLEAN NOT NULL DEFAULT FALSE,
        PRIMARY KEY (kind, id)
    )""",
    "CREATE INDEX queue_by_age ON queue (kind, enqueued_at, id)",
    "CREATE TABLE rate_events (bucket TEXT NOT NULL, at DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX rate_events_by_bucket ON rate_events (bucket, at)",
    "CREATE INDEX rate_events_by_time ON rate_events (at)",
)

#: Every migration, in order; the last produces :data:`STORE_SCHEMA_VERSION`.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "records, checkpoints, set_aside and meta tables", _VERSION_1),
    Migration(2, "the work queue and the shared request counts", _VERSION_2),
)
assert MIGRATIONS[-1].version == STORE_SCHEMA_VERSION


def _tables(conn: psycopg.Connection[tuple[Any, ...]]) -> set[str]:
    rows = conn.execute(
        "SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = current_schema()"
    ).fetchall()
    return {str(name) for (name,) in rows}


def read_schema_version(conn: psycopg.Connection[tuple[Any, ...]], location: str) -> int:
    """The schema version of the open database: 0 when its schema has no tables.

    :raises StorageError: when the database belongs to something else.
    """
    tables = _tables(conn)
    if not tables:
        return 0
    if "meta" not in tables:
        shown = ", ".join(sorted(tables)[:8]) + (", ..." if len(tables) > 8 else "")
        raise StorageError(
            f"the PostgreSQL database {location} holds another application's tables "
            f"({shown}), not a contract-review store; give the store a database (or a "
            "schema) of its own"
        )
    meta = {str(key): str(value) for key, value in conn.execute("SELECT key, value FROM meta")}
    if meta.get("application") != STORE_APPLICATION:
        raise StorageError(
            f"the PostgreSQL database {location} belongs to another application, not "
            "contract-review; give the store a database (or a schema) of its own"
        )
    try:
        return int(meta.get("schema_version", ""))
    except ValueError:
        raise StorageError(
            f"the PostgreSQL database {location} has no valid schema version in its meta "
            "table; it may be damaged. Restore it from an export into a new database"
        ) from None


def migrate(conn: psycopg.Connection[tuple[Any, ...]], location: str) -> int:
    """Bring the database to :data:`STORE_SCHEMA_VERSION`, in one transaction.

    :param conn: A connection with no transaction open.
    :param location: The database as messages name it (its URL without the password).
    :returns: The version the database had before.
    :raises StorageError: when it is from a newer version or another application.
    """
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        found = read_schema_version(conn, location)
        if found > STORE_SCHEMA_VERSION:
            raise StorageError(
                f"the PostgreSQL database {location} was written by a newer contract-review "
                f"(store schema {found}; this version reads up to {STORE_SCHEMA_VERSION}). "
                "Upgrade contract-review, or use another database; the database was not "
                "changed"
            )
        for step in MIGRATIONS:
            if step.version > found:
                for statement in step.statements:
                    conn.execute(statement)
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES ('schema_version', %s) "
                    "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                    (str(step.version),),
                )
    return found
