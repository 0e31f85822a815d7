"""What crosses the storage boundary: stored records, checkpoints, listings, reports.

A *record* is one review session or conversation, kept under ``(kind, id)`` and
replaced as a whole on every save. A *checkpoint* is one snapshot of a review in
progress; a review has many, numbered 1, 2, 3, ... in the order they were written, and
a review killed mid-way resumes from its latest one.

Payloads (``data``) are JSON objects: pass ``model.model_dump(mode="json")``.
Timestamps are timezone-aware UTC datetimes with microsecond precision.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, get_args

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, field_validator

from ..errors import InputError
from .record_ids import RECORD_ID_RULE, is_valid_record_id

__all__ = [
    "RECORD_KINDS",
    "STORE_APPLICATION",
    "STORE_SCHEMA_VERSION",
    "Checkpoint",
    "CheckpointInfo",
    "ClaimState",
    "ExpiryKind",
    "ImportReport",
    "QueueEntry",
    "RecordInfo",
    "RecordKind",
    "StorageProblem",
    "StoredEntry",
    "StoredRecord",
    "check_kind",
    "check_worker",
    "format_timestamp",
    "lease_delta",
    "parse_timestamp",
    "utc_now",
]

#: How both backends mark a store as ours (the SQLite ``meta`` table, the JSON store's
#: ``store.json``), to tell it from another application's files.
STORE_APPLICATION = "contract-review"

#: The version of the stored layout and record format this code writes. Every backend
#: records it; a store or export file from a newer version is refused. Version 2 added
#: the work queue and the request counts the service's processes share.
STORE_SCHEMA_VERSION = 2

#: What a record is: a review session or a conversation.
RecordKind = Literal["review", "conversation"]
RECORD_KINDS: tuple[str, ...] = get_args(RecordKind)

#: What :meth:`StorageBackend.renew_claim` found: the caller still holds the entry
#: (``held``), holds it but was asked to stop (``cancelled``), or no longer holds it
#: (``lost``: done, removed, or its lease ran out — whether or not another worker has
#: taken it since).
ClaimState = Literal["held", "cancelled", "lost"]

#: What :meth:`StorageBackend.cleanup_expired` may be limited to.
ExpiryKind = Literal["review", "conversation", "checkpoint"]


def check_kind(kind: object, *, allowed: tuple[str, ...] = RECORD_KINDS) -> str:
    """``kind`` itself when it is one of ``allowed``; otherwise :class:`InputError`."""
    if kind not in allowed:
        raise InputError(
            f"unknown record kind {kind!r}; use one of {', '.join(repr(k) for k in allowed)}"
        )
    assert isinstance(kind, str)
    return kind


def lease_delta(lease_s: float) -> timedelta:
    """A claim's lease as a duration; :class:`InputError` unless a finite number of
    seconds, 0 or more."""
    if not math.isfinite(lease_s) or lease_s < 0:
        raise InputError(f"lease_s must be a number of seconds, 0 or more, not {lease_s}")
    return timedelta(seconds=lease_s)


def check_worker(worker: str) -> str:
    """``worker`` itself when it names a worker; '' means "nobody" on the queue."""
    if not worker:
        raise InputError("worker must name the worker (e.g. host:pid:random), not ''")
    return worker


def utc_now() -> datetime:
    """The current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


def format_timestamp(moment: datetime) -> str:
    """``moment`` as fixed-width ISO-8601 UTC text (``2024-05-01T09:30:00.000000Z``), so
    that sorting the text sorts the times."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_timestamp(text: str) -> datetime:
    """The inverse of :func:`format_timestamp` (any ISO-8601 text with an offset)."""
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is None:
        raise ValueError(f"timestamp {text!r} has no time zone")
    return moment.astimezone(UTC)


def _checked_id(value: str, what: str) -> str:
    # ValueError, not InputError: pydantic turns it into a validation error.
    if not is_valid_record_id(value):
        raise ValueError(f"invalid {what} {value!r}: an id must be {RECORD_ID_RULE}")
    return value


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    @field_validator("created_at", "updated_at", mode="after", check_fields=False)
    @classmethod
    def _in_utc(cls, value: datetime) -> datetime:
        return value.astimezone(UTC)


class RecordInfo(_Frozen):
    """One record as listed: which it is and when it was written."""

    kind: RecordKind
    id: str
    created_at: AwareDatetime
    updated_at: AwareDatetime

    _valid_id = field_validator("id")(classmethod(lambda cls, v: _checked_id(v, "record id")))


class StoredRecord(RecordInfo):
    """One review session or conversation with its payload."""

    data: dict[str, Any] = Field(description="The JSON payload, as saved.")
    schema_version: int = Field(
        default=STORE_SCHEMA_VERSION, ge=1, description="The store format it was written in."
    )

    def info(self) -> RecordInfo:
        """This record without its payload."""
        return RecordInfo(
            kind=self.kind, id=self.id, created_at=self.created_at, updated_at=self.updated_at
        )


class CheckpointInfo(_Frozen):
    """One checkpoint as listed."""

    review_id: str
    seq: int = Field(ge=1, description="1 for a review's first checkpoint, then 2, 3, ...")
    created_at: AwareDatetime

    _valid_id = field_validator("review_id")(
        classmethod(lambda cls, v: _checked_id(v, "review id"))
    )


class Checkpoint(CheckpointInfo):
    """One snapshot of a review in progress."""

    kind: Literal["checkpoint"] = "checkpoint"
    data: dict[str, Any] = Field(description="The JSON payload, as saved.")
    schema_version: int = Field(default=STORE_SCHEMA_VERSION, ge=1)

    def info(self) -> CheckpointInfo:
        """This checkpoint without its payload."""
        return CheckpointInfo(review_id=self.review_id, seq=self.seq, created_at=self.created_at)


#: What an export file holds, one per line.
StoredEntry = StoredRecord | Checkpoint


class ImportReport(_Frozen):
    """What :meth:`StorageBackend.import_records` did with each line of the file."""

    added: int = Field(default=0, description="Records and checkpoints that were new.")
    replaced: int = Field(
        default=0, description="Records the file held a newer version of (or, when asked, any)."
    )
    kept: int = Field(
        default=0,
        description="Lines not imported because the store already held the same or newer data.",
    )

    @property
    def total(self) -> int:
        """Every entry the file held."""
        return self.added + self.replaced + self.kept


class StorageProblem(_Frozen):
    """Something :meth:`StorageBackend.check` found wrong: where, and what."""

    location: str = Field(description="The file, or the table and key, that is damaged.")
    message: str


class QueueEntry(_Frozen):
    """One record waiting on the work queue, or being worked on (seed 002 P3: several
    service processes share one queue; each entry is worked on by one at a time)."""

    kind: RecordKind
    id: str
    enqueued_at: AwareDatetime
    worker: str = Field(default="", description="Who holds it now; '' when nobody does.")
    lease_until: AwareDatetime | None = Field(
        default=None, description="When the holder's claim runs out unless renewed."
    )
    claims: int = Field(default=0, ge=0, description="How many times it has been claimed.")
    cancel_requested: bool = False

    _valid_id = field_validator("id")(classmethod(lambda cls, v: _checked_id(v, "record id")))

    @field_validator("enqueued_at", "lease_until", mode="after")
    @classmethod
    def _utc(cls, value: datetime | None) -> datetime | None:
        return None if value is None else value.astimezone(UTC)
