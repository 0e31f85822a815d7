"""The PostgreSQL store: one database that service processes on several hosts share
(``storage_url = postgresql://user:password@host:port/database``).

Connections, transactions and errors are :mod:`.postgres_connection`'s job; the tables
are :mod:`.postgres_migrations`'s. Timestamps, leases included, come from this
process's clock (as in the other stores), so the hosts sharing a database should keep
their clocks in step. Do not carry a backend across ``fork()``: open one in each
process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from ..errors import InputError
from .backend import RestoreOutcome, StorageBackend
from .postgres_connection import Connection, PostgresConnection
from .record_codec import EntryFormatError, decode_payload, encode_payload
from .record_ids import validate_record_id
from .records import (
    STORE_APPLICATION,
    STORE_SCHEMA_VERSION,
    Checkpoint,
    CheckpointInfo,
    ClaimState,
    ExpiryKind,
    QueueEntry,
    RecordInfo,
    RecordKind,
    StorageProblem,
    StoredEntry,
    StoredRecord,
    check_kind,
    check_worker,
    lease_delta,
    utc_now,
)
from .sql_rows import CHECKPOINT_COLUMNS, QUEUE_COLUMNS, RECORD_COLUMNS, SqlRows

__all__ = ["PostgresStorage"]

_UPSERT_RECORD = (
    f"INSERT INTO records ({RECORD_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s) "
    "ON CONFLICT (kind, id) DO UPDATE SET data = EXCLUDED.data, "
    "created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, "
    "schema_version = EXCLUDED.schema_version"
)
_UPSERT_CHECKPOINT = (
    f"INSERT INTO checkpoints ({CHECKPOINT_COLUMNS}) VALUES (%s, %s, %s, %s, %s) "
    "ON CONFLICT (review_id, seq) DO UPDATE SET data = EXCLUDED.data, "
    "created_at = EXCLUDED.created_at, schema_version = EXCLUDED.schema_version"
)


def _aware(value: datetime) -> datetime:
    """A ``timestamptz`` column's value, as the driver returns it (already aware)."""
    return value


def _lock_key(conn: Connection, namespace: str, name: str) -> None:
    """Hold the transaction-scoped advisory lock of ``namespace:name`` until the
    transaction ends (every process asking for the same name waits)."""
    conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"{namespace}:{name}",))


class PostgresStorage(StorageBackend):
    """Records, checkpoints, the work queue and request counts in one PostgreSQL
    database, whose schema is created (and migrated) on open.

    :param url: ``postgresql://user:password@host:port/database``.
    :param clock: Where timestamps come from (tests pass a fixed clock).
    :param pool_size: Connections kept open at most (threads beyond wait for one).
    :param connect_timeout_s: How long connecting, or waiting for a free connection,
        may take before :class:`StorageError`.
    :raises StorageError: when the server cannot be reached, authentication fails, the
        database is missing or belongs to another application or a newer version.
    """

    name = "postgresql"

    def __init__(
        self,
        url: str,
        *,
        clock: Callable[[], datetime] = utc_now,
        pool_size: int = 4,
        connect_timeout_s: float = 10.0,
    ) -> None:
        self._db = PostgresConnection(
            url, min_size=1, max_size=max(1, pool_size), connect_timeout_s=connect_timeout_s
        )
        self._clock = clock
        self._rows = SqlRows(self._db.location, _aware)

    @property
    def location(self) -> str:
        return self._db.location

    def close(self) -> None:
        self._db.close()

    def _now(self) -> datetime:
        return self._clock().astimezone(UTC)

    # --- records

    def save(self, kind: RecordKind, record_id: str, data: Mapping[str, Any]) -> StoredRecord:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        payload = encode_payload(data, what=f"{kind} {record_id!r}")
        now = self._now()
        with self._db.transaction() as conn:
            row = conn.execute(
                f"INSERT INTO records ({RECORD_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (kind, id) DO UPDATE SET data = EXCLUDED.data, "
                "updated_at = EXCLUDED.updated_at, schema_version = EXCLUDED.schema_version "
                "RETURNING created_at",
                (kind, record_id, payload, now, now, STORE_SCHEMA_VERSION),
            ).fetchone()
        assert row is not None
        return self._rows.record((kind, record_id, payload, row[0], now, STORE_SCHEMA_VERSION))

    def load(self, kind: RecordKind, record_id: str) -> StoredRecord | None:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._db.transaction("read") as conn:
            row = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE kind = %s AND id = %s",
                (kind, record_id),
            ).fetchone()
        return None if row is None else self._rows.record(row)

    def delete(self, kind: RecordKind, record_id: str) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._db.transaction() as conn:
            removed = conn.execute(
                "DELETE FROM records WHERE kind = %s AND id = %s", (kind, record_id)
            ).rowcount
            conn.execute("DELETE FROM queue WHERE kind = %s AND id = %s", (kind, record_id))
            if kind == "review":
                removed += conn.execute(
                    "DELETE FROM checkpoints WHERE review_id = %s", (record_id,)
                ).rowcount
        return removed > 0

    def list_records(self, kind: RecordKind, *, prefix: str | None = None) -> list[RecordInfo]:
        check_kind(kind)
        with self._db.transaction("read") as conn:
            if prefix:
                rows = conn.execute(
                    "SELECT kind, id, created_at, updated_at FROM records WHERE kind = %s "
                    "AND left(id, %s) = %s ORDER BY updated_at, id",
                    (kind, len(prefix), prefix),
                ).fetchall()
            else:
                rows = conn.execute(
                    "SELECT kind, id, created_at, updated_at FROM records WHERE kind = %s "
                    "ORDER BY updated_at, id",
                    (kind,),
                ).fetchall()
        return [
            RecordInfo(kind=row_kind, id=row_id, created_at=created, updated_at=updated)
            for row_kind, row_id, created, updated in rows
        ]

    # --- checkpoints

    def append_checkpoint(self, review_id: str, data: Mapping[str, Any]) -> Checkpoint:
        validate_record_id(review_id, what="review id")
        payload = encode_payload(data, what=f"the checkpoint of review {review_id!r}")
        now = self._now()
        with self._db.transaction() as conn:
            _lock_key(conn, "checkpoints", review_id)  # one appender per review at a time
            row = conn.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM checkpoints WHERE review_id = %s",
                (review_id,),
            ).fetchone()
            assert row is not None
            values = (review_id, int(row[0]) + 1, payload, now, STORE_SCHEMA_VERSION)
            conn.execute(
                f"INSERT INTO checkpoints ({CHECKPOINT_COLUMNS}) VALUES (%s, %s, %s, %s, %s)",
                values,
            )
        return self._rows.checkpoint(values)

    def load_checkpoint(self, review_id: str, seq: int) -> Checkpoint | None:
        validate_record_id(review_id, what="review id")
        with self._db.transaction("read") as conn:
            row = conn.execute(
                f"SELECT {CHECKPOINT_COLUMNS} FROM checkpoints WHERE review_id = %s AND seq = %s",
                (review_id, seq),
            ).fetchone()
        return None if row is None else self._rows.checkpoint(row)

    def latest_checkpoint(self, review_id: str) -> Checkpoint | None:
        validate_record_id(review_id, what="review id")
        with self._db.transaction("read") as conn:
            row = conn.execute(
                f"SELECT {CHECKPOINT_COLUMNS} FROM checkpoints WHERE review_id = %s "
                "ORDER BY seq DESC LIMIT 1",
                (review_id,),
            ).fetchone()
        return None if row is None else self._rows.checkpoint(row)

    def checkpoints(self, review_id: str) -> list[CheckpointInfo]:
        validate_record_id(review_id, what="review id")
        with self._db.transaction("read") as conn:
            rows = conn.execute(
                "SELECT seq, created_at FROM checkpoints WHERE review_id = %s ORDER BY seq",
                (review_id,),
            ).fetchall()
        return [
            CheckpointInfo(review_id=review_id, seq=seq, created_at=created)
            for seq, created in rows
        ]

    # --- the work queue

    def enqueue(self, kind: RecordKind, record_id: str) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._db.transaction() as conn:
            added = conn.execute(
                "INSERT INTO queue (kind, id, enqueued_at) VALUES (%s, %s, %s) "
                "ON CONFLICT (kind, id) DO NOTHING",
                (kind, record_id, self._now()),
            ).rowcount
        return added > 0

    def claim_next(self, kind: RecordKind, *, worker: str, lease_s: float) -> QueueEntry | None:
        check_kind(kind)
        check_worker(worker)
        lease = lease_delta(lease_s)
        now = self._now()
        with self._db.transaction() as conn:
            # Rows another transaction is claiming are skipped, not waited for: each
            # caller takes a different entry, and none blocks on the others.
            row = conn.execute(
                "SELECT id FROM queue WHERE kind = %s AND (worker = '' OR lease_until < %s) "
                "ORDER BY enqueued_at, id LIMIT 1 FOR UPDATE SKIP LOCKED",
                (kind, now),
            ).fetchone()
            if row is None:
                return None
            claimed = conn.execute(
                "UPDATE queue SET worker = %s, lease_until = %s, claims = claims + 1 "
                f"WHERE kind = %s AND id = %s RETURNING {QUEUE_COLUMNS}",
                (worker, now + lease, kind, row[0]),
            ).fetchone()
        assert claimed is not None
        return self._rows.queue_entry(claimed)

    def renew_claim(
        self, kind: RecordKind, record_id: str, *, worker: str, lease_s: float
    ) -> ClaimState:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        check_worker(worker)
        lease = lease_delta(lease_s)
        now = self._now()
        with self._db.transaction() as conn:
            row = conn.execute(
                "UPDATE queue SET lease_until = %s WHERE kind = %s AND id = %s AND worker = %s "
                "AND lease_until >= %s RETURNING cancel_requested",
                (now + lease, kind, record_id, worker, now),
            ).fetchone()
        if row is None:
            return "lost"
        return "cancelled" if row[0] else "held"

    def release_claim(self, kind: RecordKind, record_id: str, *, worker: str, done: bool) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        check_worker(worker)
        with self._db.transaction() as conn:
            if done:
                changed = conn.execute(
                    "DELETE FROM queue WHERE kind = %s AND id = %s AND worker = %s",
                    (kind, record_id, worker),
                ).rowcount
            else:
                changed = conn.execute(
                    "UPDATE queue SET worker = '', lease_until = NULL "
                    "WHERE kind = %s AND id = %s AND worker = %s",
                    (kind, record_id, worker),
                ).rowcount
        return changed > 0

    def request_cancel(self, kind: RecordKind, record_id: str) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._db.transaction() as conn:
            changed = conn.execute(
                "UPDATE queue SET cancel_requested = TRUE WHERE kind = %s AND id = %s",
                (kind, record_id),
            ).rowcount
        return changed > 0

    def queue_entries(self, kind: RecordKind) -> list[QueueEntry]:
        check_kind(kind)
        with self._db.transaction("read") as conn:
            rows = conn.execute(
                f"SELECT {QUEUE_COLUMNS} FROM queue WHERE kind = %s ORDER BY enqueued_at, id",
                (kind,),
            ).fetchall()
        return [self._rows.queue_entry(row) for row in rows]

    # --- request counts shared by processes

    def take_rate_slot(
        self,
        bucket: str,
        *,
        now: float,
        horizon_s: float,
        decide: Callable[[list[float]], bool],
    ) -> bool:
        validate_record_id(bucket, what="rate bucket")
        cutoff = now - horizon_s
        with self._db.transaction() as conn:
            # Counts need not survive a crash: do not wait for the commit to reach disk.
            conn.execute("SET LOCAL synchronous_commit = off")
            _lock_key(conn, "rate", bucket)
            # Forget old requests of every bucket; rows another process is deleting are
            # skipped rather than waited for (no lock order, so no deadlock).
            conn.execute(
                "DELETE FROM rate_events WHERE ctid = ANY(ARRAY(SELECT ctid FROM rate_events "
                "WHERE at <= %s FOR UPDATE SKIP LOCKED))",
                (cutoff,),
            )
            rows = conn.execute(
                "SELECT at FROM rate_events WHERE bucket = %s AND at > %s ORDER BY at",
                (bucket, cutoff),
            ).fetchall()
            allowed = bool(decide([float(at) for (at,) in rows]))
            if allowed:
                conn.execute("INSERT INTO rate_events (bucket, at) VALUES (%s, %s)", (bucket, now))
        return allowed

    # --- maintenance

    def cleanup_expired(
        self, days: float, kind: ExpiryKind | None = None, *, now: datetime | None = None
    ) -> int:
        if days < 0:
            raise InputError(f"days must be 0 or more, not {days}")
        if kind is not None:
            check_kind(kind, allowed=("review", "conversation", "checkpoint"))
        cutoff = (now or self._clock()) - timedelta(days=days)
        removed = 0
        with self._db.transaction() as conn:
            if kind is None:
                removed += conn.execute(
                    "DELETE FROM records WHERE updated_at < %s", (cutoff,)
                ).rowcount
            elif kind != "checkpoint":
                removed += conn.execute(
                    "DELETE FROM records WHERE updated_at < %s AND kind = %s", (cutoff, kind)
                ).rowcount
            if kind in (None, "checkpoint"):
                removed += conn.execute(
                    "DELETE FROM checkpoints WHERE created_at < %s", (cutoff,)
                ).rowcount
        return removed

    def dump(self) -> Iterator[StoredEntry]:
        with self._db.transaction("read") as conn:
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            records = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records ORDER BY kind, id"
            ).fetchall()
            checkpoints = conn.execute(
                f"SELECT {CHECKPOINT_COLUMNS} FROM checkpoints ORDER BY review_id, seq"
            ).fetchall()
        for row in records:
            yield self._rows.record(row)
        for row in checkpoints:
            yield self._rows.checkpoint(row)

    def restore(self, entry: StoredEntry, *, overwrite: bool = False) -> RestoreOutcome:
        payload = encode_payload(entry.data, what="an imported entry")
        with self._db.transaction() as conn:
            if isinstance(entry, StoredRecord):
                found = conn.execute(
                    "SELECT updated_at FROM records WHERE kind = %s AND id = %s FOR UPDATE",
                    (entry.kind, entry.id),
                ).fetchone()
                if found is not None and not overwrite and found[0] >= entry.updated_at:
                    return "kept"
                conn.execute(
                    _UPSERT_RECORD,
                    (
                        entry.kind,
                        entry.id,
                        payload,
                        entry.created_at,
                        entry.updated_at,
                        entry.schema_version,
                    ),
                )
            else:
                _lock_key(conn, "checkpoints", entry.review_id)
                found = conn.execute(
                    "SELECT 1 FROM checkpoints WHERE review_id = %s AND seq = %s",
                    (entry.review_id, entry.seq),
                ).fetchone()
                if found is not None and not overwrite:
                    return "kept"
                conn.execute(
                    _UPSERT_CHECKPOINT,
                    (entry.review_id, entry.seq, payload, entry.created_at, entry.schema_version),
                )
        return "added" if found is None else "replaced"

    def check(self) -> list[StorageProblem]:
        with self._db.transaction("read") as conn:
            problems = self._schema_problems(conn)
            problems += [problem for problem, _ in self._damaged_rows(conn)]
        return problems

    def set_aside_damaged(self) -> list[StorageProblem]:
        moved: list[StorageProblem] = []
        where = f"{self.location} table set_aside"
        with self._db.transaction() as conn:
            for problem, (table, key, data) in self._damaged_rows(conn):
                # Only the damaged text goes: a row saved again since it was read stays.
                if table == "records":
                    removed = conn.execute(
                        "DELETE FROM records WHERE kind = %s AND id = %s AND data = %s",
                        (*key, data),
                    ).rowcount
                else:
                    removed = conn.execute(
                        "DELETE FROM checkpoints WHERE review_id = %s AND seq = %s AND data = %s",
                        (*key, data),
                    ).rowcount
                if not removed:
                    continue
                # The text moves to set_aside in the same transaction: kept whole.
                conn.execute(
                    "INSERT INTO set_aside (moved_at, location, message, data) "
                    "VALUES (%s, %s, %s, %s)",
                    (self._now(), problem.location, problem.message, data),
                )
                moved.append(
                    StorageProblem(
                        location=f"{problem.location} -> {where}", message=problem.message
                    )
                )
        return moved

    def _schema_problems(self, conn: Connection) -> list[StorageProblem]:
        meta = {str(key): str(value) for key, value in conn.execute("SELECT key, value FROM meta")}
        problems = []
        if meta.get("application") != STORE_APPLICATION:
            problems.append("its meta table names another application")
        if meta.get("schema_version") != str(STORE_SCHEMA_VERSION):
            problems.append(
                f"its schema version is {meta.get('schema_version')!r}, not {STORE_SCHEMA_VERSION}"
            )
        return [StorageProblem(location=f"{self.location} meta", message=p) for p in problems]

    def _damaged_rows(
        self, conn: Connection
    ) -> list[tuple[StorageProblem, tuple[str, tuple[Any, ...], str]]]:
        """Every record and checkpoint whose data does not decode: the problem, and the
        row's table, key and text."""
        found: list[tuple[StorageProblem, tuple[str, tuple[Any, ...], str]]] = []
        for kind, record_id, data in conn.execute(
            "SELECT kind, id, data FROM records ORDER BY kind, id"
        ):
            message = _decode_problem(data)
            if message:
                location = f"{self.location} records: {kind} {record_id!r}"
                found.append(
                    (
                        StorageProblem(location=location, message=message),
                        ("records", (kind, record_id), data),
                    )
                )
        for review_id, seq, data in conn.execute(
            "SELECT review_id, seq, data FROM checkpoints ORDER BY review_id, seq"
        ):
            message = _decode_problem(data)
            if message:
                location = f"{self.location} checkpoints: {review_id!r} #{seq}"
                found.append(
                    (
                        StorageProblem(location=location, message=message),
                        ("checkpoints", (review_id, seq), data),
                    )
                )
        return found


def _decode_problem(text: str) -> str:
    """Why ``text`` is not a stored payload; '' when it is one."""
    try:
        decode_payload(text)
    except EntryFormatError as exc:
        return str(exc)
    return ""
