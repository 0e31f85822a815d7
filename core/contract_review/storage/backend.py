"""The storage interface every backend implements (seed 002 P0, ``StorageBackend``).

Records (review sessions, conversations) are kept under ``(kind, id)`` and replaced
as a whole by :meth:`~StorageBackend.save`. Checkpoints are appended to a review and
never changed; a review killed mid-way resumes from
:meth:`~StorageBackend.latest_checkpoint`. Every write is atomic and durable once the
call returns: a crash leaves either the old or the new version, never a torn one.
Several processes may use one store at once; none of their writes is lost (two saves
of the same record: the later one wins).

Use a backend as a context manager, or call :meth:`~StorageBackend.close`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Self, TextIO

from .records import (
    Checkpoint,
    CheckpointInfo,
    ExpiryKind,
    ImportReport,
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

    #: Short name of the backend ("sqlite", "json").
    name: str = ""

    @property
    @abstractmethod
    def location(self) -> Path:
        """The SQLite file or the JSON store's folder."""

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
        """Remove the record; deleting a review also removes its checkpoints.

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
