"""The storage interface every backend implements (seed 002 P0, ``StorageBackend``).

Records (review sessions, conversations) are kept under ``(kind, id)`` and replaced
as a whole by :meth:`~StorageBackend.save`. Checkpoints are appended to a review and
never changed; a review killed mid-way resumes from
:meth:`~StorageBackend.latest_checkpoint`. Every write is atomic and durable once the
call returns: a crash leaves either the old or the new version, never a torn one.
Several processes may use one store at once; none of their writes is lost (two saves
of the same record: the later one wins).

Several service processes (on one host or many) share one store: its *work queue*
hands each queued record to exactly one worker at a time (a claim with a lease the
worker renews; a worker that dies loses it when the lease runs out, and another takes
the record over), and :meth:`~StorageBackend.take_rate_slot` counts requests across
processes. Neither is exported: both only describe work in progress.

Use a backend as a context manager, or call :meth:`~StorageBackend.close`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Self, TextIO

from .records import (
    Checkpoint,
    CheckpointInfo,
    ClaimState,
    ExpiryKind,
    ImportReport,
    QueueEntry,
    RecordInfo,
    RecordKind,
    StorageProblem,
    StoredEntry,
    StoredRecord,
)

__all__ = ["RestoreOutcome", "StorageBackend"]

#: What :meth:`StorageBackend.restore` did: stored a new entry, replaced an older one,
#: or kept what the store already held.
RestoreOutcome = Literal["added", "replaced", "kept"]


class StorageBackend(ABC):
    """Where reviews, their checkpoints and conversations are kept.

    Ids follow :data:`~contract_review.storage.record_ids.RECORD_ID_RULE`; a bad id or
    kind raises :class:`~contract_review.errors.InputError`, a store that cannot be
    read or written raises :class:`~contract_review.errors.StorageError`.
    """

    #: Short name of the backend ("sqlite", "json", "postgresql").
    name: str = ""

    @property
    @abstractmethod
    def location(self) -> Path | str:
        """The SQLite file, the JSON store's folder, or the PostgreSQL database (its URL
        without the password)."""

    # --- records

    @abstractmethod
    def save(self, kind: RecordKind, record_id: str, data: Mapping[str, Any]) -> StoredRecord:
        """Store ``data`` as the record ``(kind, record_id)``, replacing any earlier version.

        :param data: A JSON object (``model.model_dump(mode="json")``).
        :returns: The record as stored; ``created_at`` is kept from the first save.
        :raises InputError: for a bad kind or id, or data that is not JSON.
        """

    @abstractmethod
    def load(self, kind: RecordKind, record_id: str) -> StoredRecord | None:
        """The record ``(kind, record_id)``, or None when there is none.

        :raises StorageError: when the stored record is damaged (the message names it).
        """

    @abstractmethod
    def delete(self, kind: RecordKind, record_id: str) -> bool:
        """Remove the record and its queue entry; deleting a review also removes its
        checkpoints.

        :returns: Whether anything was removed.
        """

    @abstractmethod
    def list_records(self, kind: RecordKind, *, prefix: str | None = None) -> list[RecordInfo]:
        """The records of one kind (ids starting with ``prefix`` only, when given), oldest
        update first. A damaged record is left out and logged; :meth:`check` lists it."""

    # --- checkpoints

    @abstractmethod
    def append_checkpoint(self, review_id: str, data: Mapping[str, Any]) -> Checkpoint:
        """Add a checkpoint after the review's latest one.

        :returns: The checkpoint with its sequence number (1 for the first).
        """

    @abstractmethod
    def load_checkpoint(self, review_id: str, seq: int) -> Checkpoint | None:
        """Checkpoint ``seq`` of the review, or None when there is none."""

    @abstractmethod
    def latest_checkpoint(self, review_id: str) -> Checkpoint | None:
        """The review's checkpoint with the highest sequence number, or None.

        :raises StorageError: when that checkpoint is damaged (rather than silently
            resuming from an earlier one).
        """

    @abstractmethod
    def checkpoints(self, review_id: str) -> list[CheckpointInfo]:
        """The review's checkpoints, in sequence order."""

    # --- the work queue

    @abstractmethod
    def enqueue(self, kind: RecordKind, record_id: str) -> bool:
        """Put the record on the work queue; a record already on it stays as it is.

        :returns: Whether it was added (False: it was already queued or held).
        """

    @abstractmethod
    def claim_next(self, kind: RecordKind, *, worker: str, lease_s: float) -> QueueEntry | None:
        """Take the oldest entry of ``kind`` that nobody holds, or whose holder's lease
        has run out, for ``worker`` until ``lease_s`` seconds from now. However many
        processes call it at once, each entry goes to one of them (PostgreSQL: ``SELECT
        … FOR UPDATE SKIP LOCKED``; SQLite: one write transaction; JSON files: a lock
        file).

        :param worker: Who claims it (unique per worker process, e.g. host:pid:random;
            not empty, which means "nobody").
        :param lease_s: Seconds the claim lasts unless renewed (0 or more). Leases are
            read on each process's own clock: hosts sharing a store keep their clocks in
            step (NTP).
        :returns: The entry as claimed (``claims`` counts this claim; check
            ``cancel_requested``), or None when nothing is free (an entry another process
            is claiming at this moment is skipped, not waited for).
        :raises InputError: for an empty ``worker`` or a ``lease_s`` that is not a
            number of seconds, 0 or more.
        """

    @abstractmethod
    def renew_claim(
        self, kind: RecordKind, record_id: str, *, worker: str, lease_s: float
    ) -> ClaimState:
        """Extend ``worker``'s claim to ``lease_s`` seconds from now.

        :returns: ``held``; ``cancelled`` (still held and extended, but someone asked
            for the work to stop); ``lost`` when ``worker`` no longer holds it.
        """

    @abstractmethod
    def release_claim(self, kind: RecordKind, record_id: str, *, worker: str, done: bool) -> bool:
        """Let go of the entry: ``done`` removes it from the queue; otherwise it waits
        again, claimable at once (a server that stops gives back its work).

        :returns: Whether ``worker`` held it (nothing changes when it did not).
        """

    @abstractmethod
    def request_cancel(self, kind: RecordKind, record_id: str) -> bool:
        """Ask whoever holds (or will claim) the entry to stop; whether it is queued."""

    @abstractmethod
    def queue_entries(self, kind: RecordKind) -> list[QueueEntry]:
        """Every entry of ``kind`` on the queue, oldest first."""

    # --- request counts shared by processes

    @abstractmethod
    def take_rate_slot(
        self,
        bucket: str,
        *,
        now: float,
        horizon_s: float,
        decide: Callable[[list[float]], bool],
    ) -> bool:
        """Count one request of ``bucket`` if ``decide`` allows it, atomically with
        respect to every process using the store.

        :param bucket: Whose requests: an id following the record id rule (callers pass
            a hash of the client, never a secret).
        :param now: The time of this request, in seconds since the epoch.
        :param horizon_s: Requests at or before ``now - horizon_s`` are forgotten (in
            every bucket) and not passed to ``decide``.
        :param decide: Called once, with the times of ``bucket``'s requests after
            ``now - horizon_s``, oldest first; returns whether this one may go ahead. It
            runs while the bucket is locked against other processes: keep it quick.
        :returns: What ``decide`` returned (when True the request was counted).
        """

    # --- maintenance

    @abstractmethod
    def cleanup_expired(
        self, days: float, kind: ExpiryKind | None = None, *, now: datetime | None = None
    ) -> int:
        """Remove records not updated, and checkpoints not written, for ``days`` days.

        :param kind: Only records of this kind, or only checkpoints (``"checkpoint"``);
            None removes both.
        :param now: The time to count from (default: the current time).
        :returns: How many records and checkpoints were removed.
        """

    @abstractmethod
    def dump(self) -> Iterator[StoredEntry]:
        """Every record, then every checkpoint.

        :raises StorageError: when one of them is damaged.
        """

    @abstractmethod
    def restore(self, entry: StoredEntry, *, overwrite: bool = False) -> RestoreOutcome:
        """Store ``entry`` exactly as given (timestamps included).

        A record already stored is replaced when ``entry`` is newer (a later
        ``updated_at``) or ``overwrite`` is set; a checkpoint already stored only when
        ``overwrite`` is set.
        """

    @abstractmethod
    def check(self) -> list[StorageProblem]:
        """Everything damaged in the store; empty when all is well."""

    @abstractmethod
    def set_aside_damaged(self) -> list[StorageProblem]:
        """Move every record and checkpoint whose data no longer reads out of the store,
        keeping its bytes (beside the store, the problems' locations say where), so the
        rest reads cleanly; what was moved (empty when nothing was damaged). The store
        file's own damage (``check``'s other problems) is not repaired."""

    def close(self) -> None:  # noqa: B027 - backends without resources need nothing
        """Release the store (connections, handles). Calling it twice is harmless."""

    # --- export and import

    def export_records(self, target: Path | TextIO) -> int:
        """Write every record and checkpoint to ``target`` as JSON lines, one per line.

        A file is written atomically (a temporary file renamed into place).

        :returns: How many lines were written.
        """
        from .transfer import export_entries

        return export_entries(self, target)

    def import_records(self, source: Path | TextIO, *, overwrite: bool = False) -> ImportReport:
        """Read JSON lines written by :meth:`export_records` into this store.

        The whole file is checked first; a malformed line or one from a newer version
        raises :class:`~contract_review.errors.InputError` naming the line, and nothing
        is imported. Data the store holds in a newer version is kept unless
        ``overwrite`` is set.
        """
        from .transfer import import_entries

        return import_entries(self, source, overwrite=overwrite)

    # --- context manager

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.location)!r})"
