"""The SQLite store: one file, the default (``<data_dir>/reviews.sqlite3``).

Connections, transactions and concurrency are :mod:`.sqlite_connection`'s job; the
tables are :mod:`.migrations`'s. Do not carry a backend across ``fork()``: open one in
each process.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ..errors import InputError
from .backend import RestoreOutcome, StorageBackend
from .record_codec import EntryFormatError, decode_payload, encode_payload
from .record_ids import validate_record_id
from .records import (
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
    format_timestamp,
    lease_delta,
    parse_timestamp,
    utc_now,
)
from .sql_rows import CHECKPOINT_COLUMNS, QUEUE_COLUMNS, RECORD_COLUMNS, SqlRows
from .sqlite_connection import SqliteConnection

__all__ = ["SqliteStorage"]

_INSERT_RECORD = f"INSERT OR REPLACE INTO records ({RECORD_COLUMNS}) VALUES (?,?,?,?,?,?)"
_INSERT_CHECKPOINT = f"INSERT OR REPLACE INTO checkpoints ({CHECKPOINT_COLUMNS}) VALUES (?,?,?,?,?)"


class SqliteStorage(StorageBackend):
    """Records and checkpoints in one SQLite file, created (and migrated) on open.

    :param path: The database file; its folder is created when missing.
    :param busy_timeout_s: How long a write waits for another process's write.
    :param clock: Where timestamps come from (tests pass a fixed clock).
    :raises StorageError: when the path is a folder, cannot be created, is not a
        SQLite database, belongs to another application or to a newer version.
    """

    name = "sqlite"

    def __init__(
        self,
        path: Path,
        *,
        busy_timeout_s: float = 30.0,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        self._db = SqliteConnection(path, busy_timeout_s=busy_timeout_s)
        self._clock = clock
        self._rows = SqlRows(str(self._db.path), parse_timestamp)

    @property
    def location(self) -> Path:
        return self._db.path

    def close(self) -> None:
        self._db.close()

    # --- records

    def save(self, kind: RecordKind, record_id: str, data: Mapping[str, Any]) -> StoredRecord:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        payload = encode_payload(data, what=f"{kind} {record_id!r}")
        now = format_timestamp(self._clock())
        with self._db.writing() as conn:
            row = conn.execute(
                "SELECT created_at FROM records WHERE kind = ? AND id = ?", (kind, record_id)
            ).fetchone()
            created = row[0] if row else now
            values = (kind, record_id, payload, created, now, STORE_SCHEMA_VERSION)
            conn.execute(_INSERT_RECORD, values)
        return self._rows.record(values)

    def load(self, kind: RecordKind, record_id: str) -> StoredRecord | None:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._db.reading() as conn:
            row = conn.execute(
                f"SELECT {RECORD_COLUMNS} FROM records WHERE kind = ? AND id = ?",
                (kind, record_id),
            ).fetchone()
        return None if row is None else self._rows.record(row)

    def delete(self, kind: RecordKind, record_id: str) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._db.writing() as conn:
            removed = conn.execute(
                "DELETE FROM records WHERE kind = ? AND id = ?", (kind, record_id)
            ).rowcount
            conn.execute("DELETE FROM queue WHERE kind = ? AND id = ?", (kind, record_id))
            if kind == "review":
                removed += conn.execute(
                    "DELETE FROM checkpoints WHERE review_id = ?", (record_id,)
                ).rowcount
        return removed > 0

    def list_records(self, kind: RecordKind, *, prefix: str | None = None) -> list[RecordInfo]:
        check_kind(kind)
        query = "SELECT kind, id, created_at, updated_at FROM records WHERE kind = ?"
        params: tuple[Any, ...] = (kind,)
        if prefix:
            query += " AND substr(id, 1, ?) = ?"
            params += (len(prefix), prefix)
        with self._db.reading() as conn:
            rows = conn.execute(query + " ORDER BY updated_at, id", params).fetchall()
        return [
            RecordInfo(
                kind=row_kind,
                id=row_id,
                created_at=parse_timestamp(created),
                updated_at=parse_timestamp(updated),
            )
            for row_kind, row_id, created, updated in rows
        ]

    # --- checkpoints

    def append_checkpoint(self, review_id: str, data: Mapping[str, Any]) -> Checkpoint:
        validate_record_id(review_id, what="review id")
        payload = encode_payload(data, what=f"the checkpoint of review {review_id!r}")
        now = format_timestamp(self._clock())
        with self._db.writing() as conn:
            (last,) = conn.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM checkpoints WHERE review_id = ?", (review_id,)
            ).fetchone()
            values = (review_id, last + 1, payload, now, STORE_SCHEMA_VERSION)
            conn.execute(_INSERT_CHECKPOINT, values)
        return self._rows.checkpoint(values)

    def load_checkpoint(self, review_id: str, seq: int) -> Checkpoint | None:
        validate_record_id(review_id, what="review id")
        with self._db.reading() as conn:
            row = conn.execute(
                f"SELECT {CHECKPOINT_COLUMNS} FROM checkpoints WHERE review_id = ? AND seq = ?",
                (review_id, seq),
            ).fetchone()
        return None if row is None else self._rows.checkpoint(row)

    def latest_checkpoint(self, review_id: str) -> Checkpoint | None:
        validate_record_id(review_id, what="review id")
        with self._db.reading() as conn:
            row = conn.execute(
                f"SELECT {CHECKPOINT_COLUMNS} FROM checkpoints WHERE review_id = ? "
                "ORDER BY seq DESC LIMIT 1",
                (review_id,),
            ).fetchone()
        return None if row is None else self._rows.checkpoint(row)

    def checkpoints(self, review_id: str) -> list[CheckpointInfo]:
        validate_record_id(review_id, what="review id")
        with self._db.reading() as conn:
            rows = conn.execute(
                "SELECT seq, created_at FROM checkpoints WHERE review_id = ? ORDER BY seq",
                (review_id,),
            ).fetchall()
        return [
            CheckpointInfo(review_id=review_id, seq=seq, created_at=parse_timestamp(created))
            for seq, created in rows
        ]

    # --- the work queue

    def enqueue(self, kind: RecordKind, record_id: str) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        now = format_timestamp(self._clock())
        with self._db.writing() as conn:
            added = conn.execute(
                "INSERT OR IGNORE INTO queue (kind, id, enqueued_at) VALUES (?, ?, ?)",
                (kind, record_id, now),
            ).rowcount
        return added > 0

    def claim_next(self, kind: RecordKind, *, worker: str, lease_s: float) -> QueueEntry | None:
        check_kind(kind)
        check_worker(worker)
        moment = self._clock()
        now = format_timestamp(moment)
        until = format_timestamp(moment + lease_delta(lease_s))
        with self._db.writing() as conn:  # BEGIN IMMEDIATE: one claimer at a time
            row = conn.execute(
                "SELECT id FROM queue WHERE kind = ? AND (worker = '' OR lease_until < ?) "
                "ORDER BY enqueued_at, id LIMIT 1",
                (kind, now),
            ).fetchone()
            if row is None:
                return None
            conn.execute(
                "UPDATE queue SET worker = ?, lease_until = ?, claims = claims + 1 "
                "WHERE kind = ? AND id = ?",
                (worker, until, kind, row[0]),
            )
            claimed = conn.execute(
                f"SELECT {QUEUE_COLUMNS} FROM queue WHERE kind = ? AND id = ?", (kind, row[0])
            ).fetchone()
        return self._rows.queue_entry(claimed)

    def renew_claim(
        self, kind: RecordKind, record_id: str, *, worker: str, lease_s: float
    ) -> ClaimState:
        check_kind(kind)
        check_worker(worker)
        moment = self._clock()
        now = format_timestamp(moment)
        until = format_timestamp(moment + lease_delta(lease_s))
        with self._db.writing() as conn:
            row = conn.execute(
                "SELECT worker, lease_until, cancel_requested FROM queue WHERE kind = ? AND id = ?",
                (kind, record_id),
            ).fetchone()
            if row is None or row[0] != worker or (row[1] is not None and row[1] < now):
                return "lost"
            conn.execute(
                "UPDATE queue SET lease_until = ? WHERE kind = ? AND id = ?",
                (until, kind, record_id),
            )
        return "cancelled" if row[2] else "held"

    def release_claim(self, kind: RecordKind, record_id: str, *, worker: str, done: bool) -> bool:
        check_kind(kind)
        with self._db.writing() as conn:
            if done:
                query = "DELETE FROM queue WHERE kind = ? AND id = ? AND worker = ?"
            else:
                query = (
                    "UPDATE queue SET worker = '', lease_until = NULL "
                    "WHERE kind = ? AND id = ? AND worker = ?"
                )
            changed = conn.execute(query, (kind, record_id, worker)).rowcount
        return changed > 0

    def request_cancel(self, kind: RecordKind, record_id: str) -> bool:
        check_kind(kind)
        with self._db.writing() as conn:
            changed = conn.execute(
                "UPDATE queue SET cancel_requested = 1 WHERE kind = ? AND id = ?",
                (kind, record_id),
            ).rowcount
        return changed > 0

    def queue_entries(self, kind: RecordKind) -> list[QueueEntry]:
        check_kind(kind)
        with self._db.reading() as conn:
            rows = conn.execute(
                f"SELECT {QUEUE_COLUMNS} FROM queue WHERE kind = ? ORDER BY enqueued_at, id",
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
        with self._db.writing(durable=False) as conn:
            conn.execute("DELETE FROM rate_events WHERE at <= ?", (now - horizon_s,))
            rows = conn.execute(
                "SELECT at FROM rate_events WHERE bucket = ? ORDER BY at", (bucket,)
            ).fetchall()
            allowed = decide([at for (at,) in rows])
            if allowed:
                conn.execute("INSERT INTO rate_events (bucket, at) VALUES (?, ?)", (bucket, now))
        return allowed

    # --- maintenance

    def cleanup_expired(
        self, days: float, kind: ExpiryKind | None = None, *, now: datetime | None = None
    ) -> int:
        if days < 0:
            raise InputError(f"days must be 0 or more, not {days}")
        if kind is not None:
            check_kind(kind, allowed=("review", "conversation", "checkpoint"))
        cutoff = format_timestamp((now or self._clock()) - timedelta(days=days))
        removed = 0
        with self._db.writing() as conn:
            if kind != "checkpoint":
                query = "DELETE FROM records WHERE updated_at < ?"
                params: tuple[str, ...] = (cutoff,)
                if kind is not None:
                    query += " AND kind = ?"
                    params += (kind,)
                removed += conn.execute(query, params).rowcount
            if kind in (None, "checkpoint"):
                removed += conn.execute(
                    "DELETE FROM checkpoints WHERE created_at < ?", (cutoff,)
                ).rowcount
        return removed

    def dump(self) -> Iterator[StoredEntry]:
        with self._db.reading(snapshot=True) as conn:
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
        with self._db.writing() as conn:
            if isinstance(entry, StoredRecord):
                row = conn.execute(
                    "SELECT updated_at FROM records WHERE kind = ? AND id = ?",
                    (entry.kind, entry.id),
                ).fetchone()
                updated = format_timestamp(entry.updated_at)
                if row is not None and not overwrite and row[0] >= updated:
                    return "kept"
                conn.execute(
                    _INSERT_RECORD,
                    (
                        entry.kind,
                        entry.id,
                        payload,
                        format_timestamp(entry.created_at),
                        updated,
                        entry.schema_version,
                    ),
                )
            else:
                row = conn.execute(
                    "SELECT 1 FROM checkpoints WHERE review_id = ? AND seq = ?",
                    (entry.review_id, entry.seq),
                ).fetchone()
                if row is not None and not overwrite:
                    return "kept"
                conn.execute(
                    _INSERT_CHECKPOINT,
                    (
                        entry.review_id,
                        entry.seq,
                        payload,
                        format_timestamp(entry.created_at),
                        entry.schema_version,
                    ),
                )
        return "added" if row is None else "replaced"

    def check(self) -> list[StorageProblem]:
        problems: list[StorageProblem] = []
        with self._db.reading() as conn:
            for (message,) in conn.execute("PRAGMA quick_check").fetchall():
                if message != "ok":
                    problems.append(StorageProblem(location=str(self._db.path), message=message))
            rows = conn.execute("SELECT kind, id, data FROM records").fetchall()
            checkpoint_rows = conn.execute(
                "SELECT review_id, seq, data FROM checkpoints"
            ).fetchall()
        for kind, record_id, data in rows:
            problems.extend(self._payload_problem(f"records: {kind} {record_id!r}", data))
        for review_id, seq, data in checkpoint_rows:
            problems.extend(self._payload_problem(f"checkpoints: {review_id!r} #{seq}", data))
        return problems

    def set_aside_damaged(self) -> list[StorageProblem]:
        moved: list[StorageProblem] = []
        kept: list[dict[str, Any]] = []
        with self._db.reading() as conn:
            rows = conn.execute("SELECT kind, id, data FROM records").fetchall()
            checkpoint_rows = conn.execute(
                "SELECT review_id, seq, data FROM checkpoints"
            ).fetchall()
        for kind, record_id, data in rows:
            for problem in self._payload_problem(f"records: {kind} {record_id!r}", data):
                kept.append({"table": "records", "kind": kind, "id": record_id, "data": data})
                moved.append(problem)
        for review_id, seq, data in checkpoint_rows:
            for problem in self._payload_problem(f"checkpoints: {review_id!r} #{seq}", data):
                kept.append(
                    {"table": "checkpoints", "review_id": review_id, "seq": seq, "data": data}
                )
                moved.append(problem)
        if not kept:
            return []
        stamp = self._clock().strftime("%Y%m%dT%H%M%SZ")
        target = self._db.path.with_name(f"{self._db.path.name}.damaged-{stamp}.jsonl")
        lines = "".join(json.dumps(entry, ensure_ascii=False) + "\n" for entry in kept)
        temporary = target.with_name(target.name + ".tmp")
        temporary.write_text(lines, encoding="utf-8")
        temporary.replace(target)  # the bytes are safe before the rows go
        with self._db.writing() as conn:
            for entry in kept:
                if entry["table"] == "records":
                    conn.execute(
                        "DELETE FROM records WHERE kind = ? AND id = ?",
                        (entry["kind"], entry["id"]),
                    )
                else:
                    conn.execute(
                        "DELETE FROM checkpoints WHERE review_id = ? AND seq = ?",
                        (entry["review_id"], entry["seq"]),
                    )
        return [
            StorageProblem(location=f"{problem.location} -> {target}", message=problem.message)
            for problem in moved
        ]

    def _payload_problem(self, location: str, text: str) -> list[StorageProblem]:
        try:
            decode_payload(text)
        except EntryFormatError as exc:
            return [StorageProblem(location=f"{self._db.path} {location}", message=str(exc))]
        return []
