"""The JSON-file store: one readable file per record and per checkpoint
(layout in :mod:`.json_layout`).

Concurrency without locks: a record is replaced atomically (temporary file, fsync,
rename), so readers see the old or the new version and two processes saving one
record leave the later one; a checkpoint is published under a new sequence number
that must not exist yet (:func:`~.json_files.publish_exclusively`), so concurrent
appends each get their own number. Cleanup moves an expired file aside before
deleting it and puts it back if a save replaced it meanwhile.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Mapping
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from ..errors import InputError, StorageError
from .backend import RestoreOutcome, StorageBackend
from .json_cleanup import entry_time, remove_if_expired, sweep_leftovers
from .json_files import publish_exclusively, write_atomically
from .json_layout import (
    CHECKPOINT_FOLDER,
    DAMAGED_FOLDER,
    checkpoint_file_name,
    checkpoint_seqs,
    entry_names,
    open_json_store,
    read_entry,
    read_entry_quietly,
)
from .json_queue import JsonQueue
from .record_codec import decode_payload, encode_payload, entry_to_json
from .record_ids import is_valid_record_id, validate_record_id
from .records import (
    RECORD_KINDS,
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
    utc_now,
)

__all__ = ["JsonStorage"]

#: Every folder of entries, in the order dump() reads them (the SQLite backend's order).
_ALL_FOLDERS = (*sorted(RECORD_KINDS), CHECKPOINT_FOLDER)


class JsonStorage(StorageBackend):
    """Records and checkpoints as JSON files under one folder, created on open.

    :param root: The store folder.
    :param clock: Where timestamps come from (tests pass a fixed clock).
    :raises StorageError: when ``root`` is a file, cannot be created or written, holds
        other files, or was written by a newer version.
    """

    name = "json"

    def __init__(self, root: Path, *, clock: Callable[[], datetime] = utc_now) -> None:
        self._root = Path(root)
        self._clock = clock
        open_json_store(self._root)
        self._queue = JsonQueue(self._root, clock)

    @property
    def location(self) -> Path:
        return self._root

    # --- plumbing

    @contextlib.contextmanager
    def _os_errors(self, action: str, path: Path) -> Iterator[None]:
        try:
            yield
        except OSError as exc:
            raise StorageError(
                f"cannot {action} {path}: {exc.strerror or exc}; check that the store folder "
                f"{self._root} exists and is writable"
            ) from None

    def _record_path(self, kind: str, record_id: str) -> Path:
        return self._root / kind / f"{record_id}.json"

    def _checkpoint_folder(self, review_id: str) -> Path:
        return self._root / CHECKPOINT_FOLDER / review_id

    # --- records

    def save(self, kind: RecordKind, record_id: str, data: Mapping[str, Any]) -> StoredRecord:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        payload = encode_payload(data, what=f"{kind} {record_id!r}")
        path = self._record_path(kind, record_id)
        with self._os_errors("save", path):
            path.parent.mkdir(exist_ok=True)
            existing = read_entry_quietly(path)  # a damaged file is replaced
            if isinstance(existing, StoredRecord) and existing.id != record_id:
                raise StorageError(
                    f"cannot save {kind} {record_id!r}: {path} holds {existing.id!r}, which "
                    "differs only in upper/lower case and this file system does not tell "
                    "them apart; choose another id"
                )
            now = self._clock()
            record = StoredRecord(
                kind=kind,
                id=record_id,
                data=decode_payload(payload),
                created_at=existing.created_at if existing is not None else now,
                updated_at=now,
            )
            write_atomically(path, entry_to_json(record, payload=payload))
        return record

    def load(self, kind: RecordKind, record_id: str) -> StoredRecord | None:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        path = self._record_path(kind, record_id)
        entry = read_entry(path)
        if entry is None:
            return None
        if not isinstance(entry, StoredRecord) or entry.kind != kind:
            raise StorageError(f"{path} does not hold a {kind}; move it aside")
        return entry if entry.id == record_id else None  # case-insensitive file systems

    def delete(self, kind: RecordKind, record_id: str) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        path = self._record_path(kind, record_id)
        with self._os_errors("delete", path):
            try:
                path.unlink()
                removed = True
            except FileNotFoundError:
                removed = False
            self._queue.remove(kind, record_id)
            if kind == "review":
                folder = self._checkpoint_folder(record_id)
                for name in entry_names(folder):
                    with contextlib.suppress(FileNotFoundError):
                        (folder / name).unlink()
                        removed = True
                with contextlib.suppress(OSError):
                    folder.rmdir()
        return removed

    def list_records(self, kind: RecordKind, *, prefix: str | None = None) -> list[RecordInfo]:
        check_kind(kind)
        folder = self._root / kind
        infos: list[RecordInfo] = []
        for name in entry_names(folder):
            record_id = name.removesuffix(".json")
            if not is_valid_record_id(record_id) or not record_id.startswith(prefix or ""):
                continue
            entry = read_entry_quietly(folder / name)
            if isinstance(entry, StoredRecord) and entry.kind == kind and entry.id == record_id:
                infos.append(entry.info())
        return sorted(infos, key=lambda info: (info.updated_at, info.id))

    # --- checkpoints

    def append_checkpoint(self, review_id: str, data: Mapping[str, Any]) -> Checkpoint:
        validate_record_id(review_id, what="review id")
        payload = encode_payload(data, what=f"the checkpoint of review {review_id!r}")
        folder = self._checkpoint_folder(review_id)
        for _attempt in range(1000):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                seq = max(checkpoint_seqs(folder), default=0) + 1
                checkpoint = Checkpoint(
                    review_id=review_id,
                    seq=seq,
                    data=decode_payload(payload),
                    created_at=self._clock(),
                )
                text = entry_to_json(checkpoint, payload=payload)
                if publish_exclusively(folder / checkpoint_file_name(seq), text):
                    return checkpoint
            except FileNotFoundError:
                continue  # a concurrent delete removed the folder: make it again
            except OSError as exc:
                raise StorageError(
                    f"cannot add a checkpoint in {folder}: {exc.strerror or exc}; check that "
                    "the store folder is writable"
                ) from None
        raise StorageError(
            f"cannot add a checkpoint in {folder}: too many processes are adding checkpoints "
            "to this review at once; try again"
        )

    def load_checkpoint(self, review_id: str, seq: int) -> Checkpoint | None:
        validate_record_id(review_id, what="review id")
        path = self._checkpoint_folder(review_id) / checkpoint_file_name(seq)
        entry = read_entry(path)
        if entry is not None and not (
            isinstance(entry, Checkpoint) and entry.review_id == review_id and entry.seq == seq
        ):
            raise StorageError(f"{path} does not hold checkpoint {seq} of {review_id!r}")
        return entry

    def latest_checkpoint(self, review_id: str) -> Checkpoint | None:
        validate_record_id(review_id, what="review id")
        for seq in reversed(checkpoint_seqs(self._checkpoint_folder(review_id))):
            checkpoint = self.load_checkpoint(review_id, seq)
            if checkpoint is not None:  # None: deleted since the folder was listed
                return checkpoint
        return None

    def checkpoints(self, review_id: str) -> list[CheckpointInfo]:
        validate_record_id(review_id, what="review id")
        folder = self._checkpoint_folder(review_id)
        infos = []
        for seq in checkpoint_seqs(folder):
            entry = read_entry_quietly(folder / checkpoint_file_name(seq))
            if isinstance(entry, Checkpoint) and entry.review_id == review_id:
                infos.append(entry.info())
        return infos

    # --- the work queue (:mod:`.json_queue`)

    def enqueue(self, kind: RecordKind, record_id: str) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._os_errors("queue", self._root):
            return self._queue.enqueue(kind, record_id)

    def claim_next(self, kind: RecordKind, *, worker: str, lease_s: float) -> QueueEntry | None:
        check_kind(kind)
        with self._os_errors("claim work in", self._root):
            return self._queue.claim_next(kind, worker=worker, lease_s=lease_s)

    def renew_claim(
        self, kind: RecordKind, record_id: str, *, worker: str, lease_s: float
    ) -> ClaimState:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._os_errors("renew a claim in", self._root):
            return self._queue.renew_claim(kind, record_id, worker=worker, lease_s=lease_s)

    def release_claim(self, kind: RecordKind, record_id: str, *, worker: str, done: bool) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._os_errors("release a claim in", self._root):
            return self._queue.release_claim(kind, record_id, worker=worker, done=done)

    def request_cancel(self, kind: RecordKind, record_id: str) -> bool:
        check_kind(kind)
        validate_record_id(record_id, what=f"{kind} id")
        with self._os_errors("cancel work in", self._root):
            return self._queue.request_cancel(kind, record_id)

    def queue_entries(self, kind: RecordKind) -> list[QueueEntry]:
        check_kind(kind)
        with self._os_errors("read the queue of", self._root):
            return self._queue.entries(kind)

    def take_rate_slot(
        self,
        bucket: str,
        *,
        now: float,
        horizon_s: float,
        decide: Callable[[list[float]], bool],
    ) -> bool:
        validate_record_id(bucket, what="rate bucket")
        with self._os_errors("count a request in", self._root):
            return self._queue.take_rate_slot(bucket, now=now, horizon_s=horizon_s, decide=decide)

    # --- maintenance

    def _checkpoint_folders(self) -> list[Path]:
        base = self._root / CHECKPOINT_FOLDER
        if not base.is_dir():
            return []
        return sorted(p for p in base.iterdir() if p.is_dir() and is_valid_record_id(p.name))

    def _entry_files(self, kinds: tuple[str, ...]) -> Iterator[Path]:
        for kind in kinds:
            if kind == CHECKPOINT_FOLDER:
                for folder in self._checkpoint_folders():
                    yield from (folder / checkpoint_file_name(s) for s in checkpoint_seqs(folder))
            else:
                folder = self._root / kind
                yield from (folder / name for name in entry_names(folder))

    def cleanup_expired(
        self, days: float, kind: ExpiryKind | None = None, *, now: datetime | None = None
    ) -> int:
        if days < 0:
            raise InputError(f"days must be 0 or more, not {days}")
        every = (*RECORD_KINDS, CHECKPOINT_FOLDER)
        chosen = (check_kind(kind, allowed=every),) if kind is not None else every
        cutoff = (now or self._clock()) - timedelta(days=days)
        removed = 0
        with self._os_errors("clean up", self._root):
            for path in list(self._entry_files(chosen)):
                if remove_if_expired(path, cutoff, read_entry_quietly):
                    removed += 1
                    if path.parent.parent.name == CHECKPOINT_FOLDER:
                        with contextlib.suppress(OSError):
                            path.parent.rmdir()  # only when it is empty
            folders = [self._root / kind for kind in RECORD_KINDS] + self._checkpoint_folders()
            sweep_leftovers(folders, cutoff, read_entry_quietly)
        return removed

    def dump(self) -> Iterator[StoredEntry]:
        for path in self._entry_files(_ALL_FOLDERS):
            entry = read_entry(path)
            if entry is not None:
                yield entry

    def restore(self, entry: StoredEntry, *, overwrite: bool = False) -> RestoreOutcome:
        text = entry_to_json(entry)
        if isinstance(entry, StoredRecord):
            path = self._record_path(entry.kind, entry.id)
            with self._os_errors("import into", path):
                path.parent.mkdir(exist_ok=True)
                existing = read_entry_quietly(path)
                if (
                    existing is not None
                    and not overwrite
                    and entry_time(existing) >= entry_time(entry)
                ):
                    return "kept"
                write_atomically(path, text)
            return "added" if existing is None else "replaced"
        folder = self._checkpoint_folder(entry.review_id)
        path = folder / checkpoint_file_name(entry.seq)
        with self._os_errors("import into", path):
            folder.mkdir(parents=True, exist_ok=True)
            if publish_exclusively(path, text):
                return "added"
            if not overwrite:
                return "kept"
            write_atomically(path, text)
        return "replaced"

    def check(self) -> list[StorageProblem]:
        problems = []
        for path in self._entry_files(_ALL_FOLDERS):
            try:
                read_entry(path)
            except StorageError as exc:
                problems.append(StorageProblem(location=str(path), message=str(exc)))
        return problems

    def set_aside_damaged(self) -> list[StorageProblem]:
        moved = []
        for problem in self.check():
            path = Path(problem.location)
            target = self._root / DAMAGED_FOLDER / path.relative_to(self._root)
            target.parent.mkdir(parents=True, exist_ok=True)
            path.replace(target)
            moved.append(StorageProblem(location=f"{path} -> {target}", message=problem.message))
        return moved
