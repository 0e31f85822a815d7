"""The JSON store's work queue and request counts, shared by processes through a lock
file (POSIX ``flock``).

::

    <root>/queue/.lock                      held while an entry is claimed or changed
    <root>/queue/<kind>/<id>.json           one queue entry per file
    <root>/rates/.lock                      held while requests are counted
    <root>/rates/<bucket>.json              a bucket's request times, oldest first

Every change happens under the folder's lock, so two processes never claim one entry
or both take the last request slot. Queue files are written atomically; request counts
are rewritten without waiting for the disk (they need not outlive a crash).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from ..errors import StorageError
from .json_files import write_atomically
from .json_layout import entry_names
from .records import ClaimState, QueueEntry, RecordKind, check_worker, lease_delta

__all__ = ["QUEUE_FOLDER", "RATES_FOLDER", "JsonQueue"]

QUEUE_FOLDER = "queue"
RATES_FOLDER = "rates"
_LOCK_NAME = ".lock"
#: How often (seconds) the request counts of idle buckets are swept away.
_SWEEP_EVERY_S = 60.0


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold ``folder``'s lock file for the block (every process waits its turn)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        raise StorageError(
            "the JSON store's work queue needs POSIX file locks; use the sqlite or "
            "postgresql store on this system"
        ) from None
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / _LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


class JsonQueue:
    """The work queue and request counts of the JSON store under ``root``."""

    def __init__(self, root: Path, clock: Callable[[], datetime]) -> None:
        self._queue = root / QUEUE_FOLDER
        self._rates = root / RATES_FOLDER
        self._clock = clock
        self._last_sweep = 0.0

    def _path(self, kind: str, record_id: str) -> Path:
        return self._queue / kind / f"{record_id}.json"

    def _read(self, path: Path) -> QueueEntry | None:
        try:
            return QueueEntry.model_validate_json(path.read_bytes())
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            raise StorageError(
                f"cannot read the queue entry {path}: {exc}; delete the file to drop it "
                "from the queue"
            ) from None

    def _write(self, path: Path, entry: QueueEntry) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, entry.model_dump_json() + "\n")

    def _entries(self, kind: str) -> list[tuple[Path, QueueEntry]]:
        folder = self._queue / kind
        found = []
        for name in entry_names(folder):
            entry = self._read(folder / name)
            if entry is not None:
                found.append((folder / name, entry))
        return sorted(found, key=lambda pair: (pair[1].enqueued_at, pair[1].id))

    # --- the work queue

    def enqueue(self, kind: RecordKind, record_id: str) -> bool:
        path = self._path(kind, record_id)
        with _locked(self._queue):
            if path.exists():
                return False
            self._write(path, QueueEntry(kind=kind, id=record_id, enqueued_at=self._clock()))
        return True

    def claim_next(self, kind: RecordKind, *, worker: str, lease_s: float) -> QueueEntry | None:
        check_worker(worker)
        lease = lease_delta(lease_s)
        with _locked(self._queue):
            now = self._clock()
            for path, entry in self._entries(kind):
                free = not entry.worker or (
                    entry.lease_until is not None and entry.lease_until < now
                )
                if free:
                    claimed = entry.model_copy(
                        update={
                            "worker": worker,
                            "lease_until": now + lease,
                            "claims": entry.claims + 1,
                        }
                    )
                    self._write(path, claimed)
                    return claimed
        return None

    def renew_claim(
        self, kind: RecordKind, record_id: str, *, worker: str, lease_s: float
    ) -> ClaimState:
        path = self._path(kind, record_id)
        check_worker(worker)
        lease = lease_delta(lease_s)
        with _locked(self._queue):
            now = self._clock()
            entry = self._read(path)
            if (
                entry is None
                or entry.worker != worker
                or (entry.lease_until is not None and entry.lease_until < now)
            ):
                return "lost"
            self._write(path, entry.model_copy(update={"lease_until": now + lease}))
        return "cancelled" if entry.cancel_requested else "held"

    def release_claim(self, kind: RecordKind, record_id: str, *, worker: str, done: bool) -> bool:
        path = self._path(kind, record_id)
        with _locked(self._queue):
            entry = self._read(path)
            if entry is None or entry.worker != worker:
                return False
            if done:
                path.unlink()
            else:
                self._write(path, entry.model_copy(update={"worker": "", "lease_until": None}))
        return True

    def request_cancel(self, kind: RecordKind, record_id: str) -> bool:
        path = self._path(kind, record_id)
        with _locked(self._queue):
            entry = self._read(path)
            if entry is None:
                return False
            self._write(path, entry.model_copy(update={"cancel_requested": True}))
        return True

    def remove(self, kind: str, record_id: str) -> None:
        """Drop the record's entry (the record was deleted)."""
        with _locked(self._queue), contextlib.suppress(FileNotFoundError):
            self._path(kind, record_id).unlink()

    def entries(self, kind: RecordKind) -> list[QueueEntry]:
        return [entry for _, entry in self._entries(kind)]

    # --- request counts

    def take_rate_slot(
        self,
        bucket: str,
        *,
        now: float,
        horizon_s: float,
        decide: Callable[[list[float]], bool],
    ) -> bool:
        path = self._rates / f"{bucket}.json"
        oldest = now - horizon_s
        with _locked(self._rates):
            if now - self._last_sweep >= _SWEEP_EVERY_S:
                self._last_sweep = now
                self._sweep(oldest, keep=path)
            times = [t for t in _read_times(path) if t > oldest]
            allowed = decide(list(times))
            if allowed:
                times.append(now)
            if times:
                temporary = path.with_name(f".{path.name}.tmp")
                temporary.write_text(json.dumps(times), encoding="utf-8")
                temporary.replace(path)
            else:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
        return allowed

    def _sweep(self, oldest: float, *, keep: Path) -> None:
        """Remove the files of buckets with no request after ``oldest``."""
        for name in entry_names(self._rates):
            other = self._rates / name
            if other != keep and all(t <= oldest for t in _read_times(other)):
                with contextlib.suppress(FileNotFoundError):
                    other.unlink()


def _read_times(path: Path) -> list[float]:
    """The request times in ``path``; none when it is missing or unreadable (a damaged
    count file only forgets requests, it never refuses them)."""
    try:
        value: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(value, list):
        return []
    return sorted(float(t) for t in value if isinstance(t, int | float))
