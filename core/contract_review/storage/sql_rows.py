"""Rows of the SQL stores (SQLite, PostgreSQL) read into the store's models: one reader
for both, since their tables have the same columns in the same order.

The stores differ only in how a timestamp comes back (SQLite: ISO text; PostgreSQL: a
``datetime``), which the reader is given.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..errors import StorageError
from .record_codec import EntryFormatError, decode_payload
from .records import Checkpoint, QueueEntry, StoredRecord

__all__ = ["CHECKPOINT_COLUMNS", "QUEUE_COLUMNS", "RECORD_COLUMNS", "SqlRows"]

RECORD_COLUMNS = "kind, id, data, created_at, updated_at, schema_version"
CHECKPOINT_COLUMNS = "review_id, seq, data, created_at, schema_version"
QUEUE_COLUMNS = "kind, id, enqueued_at, worker, lease_until, claims, cancel_requested"


class SqlRows:
    """Reads rows selected as :data:`RECORD_COLUMNS`, :data:`CHECKPOINT_COLUMNS` and
    :data:`QUEUE_COLUMNS` of the store at ``location``.

    :param location: The store, as its damage messages name it.
    :param timestamp: A timestamp column's value to an aware ``datetime``.
    """

    def __init__(self, location: str, timestamp: Callable[[Any], datetime]) -> None:
        self._location = location
        self._timestamp = timestamp

    def payload(self, text: str, where: str) -> dict[str, Any]:
        """The data of ``where`` (e.g. ``review 'rv-1'``) decoded from ``text``.

        :raises StorageError: naming the entry and the store when the text is damaged.
        """
        try:
            return decode_payload(text)
        except EntryFormatError as exc:
            raise StorageError(
                f"{where} in {self._location} is damaged: {exc}. Delete it or restore it from "
                "an export ('contract-review store check --move-aside' moves it aside)"
            ) from None

    def record(self, row: tuple[Any, ...]) -> StoredRecord:
        kind, record_id, data, created, updated, version = row
        return StoredRecord(
            kind=kind,
            id=record_id,
            data=self.payload(data, f"{kind} {record_id!r}"),
            created_at=self._timestamp(created),
            updated_at=self._timestamp(updated),
            schema_version=version,
        )

    def checkpoint(self, row: tuple[Any, ...]) -> Checkpoint:
        review_id, seq, data, created, version = row
        return Checkpoint(
            review_id=review_id,
            seq=seq,
            data=self.payload(data, f"checkpoint {seq} of review {review_id!r}"),
            created_at=self._timestamp(created),
            schema_version=version,
        )

    def queue_entry(self, row: tuple[Any, ...]) -> QueueEntry:
        kind, record_id, enqueued, worker, until, claims, cancel = row
        return QueueEntry(
            kind=kind,
            id=record_id,
            enqueued_at=self._timestamp(enqueued),
            worker=worker,
            lease_until=self._timestamp(until) if until else None,
            claims=claims,
            cancel_requested=bool(cancel),
        )
