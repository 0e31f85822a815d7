"""One connection to a SQLite store: opening it (WAL, busy timeout, migrations),
read and write transactions, and SQLite's errors as :class:`StorageError`.

The database runs in WAL mode, so readers never wait for a writer; every write is one
``BEGIN IMMEDIATE`` transaction, so writers from any number of threads and processes
queue for the write lock (waiting up to the busy timeout) instead of failing or
overwriting each other. ``synchronous=FULL`` makes a committed write survive a crash
or a power cut. The connection is shared by threads under a lock.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from ..errors import StorageError
from .migrations import migrate

__all__ = ["SqliteConnection"]


class SqliteConnection:
    """An open store file.

    :raises StorageError: when the path is a folder, its folder cannot be created, or
        the file is not a SQLite database, belongs to another application or to a newer
        version.
    """

    def __init__(self, path: Path, *, busy_timeout_s: float = 30.0) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None
        if self.path.is_dir():
            raise StorageError(
                f"{self.path} is a folder; the SQLite store is a file. Set storage_path to "
                f"a file such as {self.path / 'reviews.sqlite3'}"
            )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(
                f"cannot create the folder {self.path.parent} for the store: "
                f"{exc.strerror or exc}; set storage_path to a writable location"
            ) from None
        try:
            with self._errors("open"):
                conn = sqlite3.connect(
                    self.path, timeout=busy_timeout_s, isolation_level=None, check_same_thread=False
                )
                self._conn = conn
                conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_s * 1000)}")
                _switch_to_wal(conn, busy_timeout_s)
                conn.execute("PRAGMA synchronous = FULL")
                migrate(conn, self.path)
        except BaseException:
            self.close()
            raise

    @contextlib.contextmanager
    def _errors(self, action: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.DatabaseError as exc:
            reason = str(exc)
            if "not a database" in reason or "malformed" in reason:
                advice = (
                    "it is not a SQLite database or is damaged. Move it aside (or restore it "
                    "from an export) and set storage_path to a new file"
                )
            elif "locked" in reason or "busy" in reason:
                advice = "another process kept it busy for too long; try again"
            elif "readonly" in reason or "unable to open" in reason:
                advice = f"{reason}; check that the file and its folder are writable"
            else:
                advice = reason
            raise StorageError(f"cannot {action} the store {self.path}: {advice}") from None

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StorageError(f"the store {self.path} is closed; open it again")
        return self._conn

    @contextlib.contextmanager
    def reading(self, *, snapshot: bool = False) -> Iterator[sqlite3.Connection]:
        """The connection for reads; with ``snapshot``, every read in the block sees the
        same state of the database."""
        with self._lock, self._errors("read"):
            conn = self._connection()
            if not snapshot:
                yield conn
                return
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                conn.execute("COMMIT")

    @contextlib.contextmanager
    def writing(self, *, durable: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed when the block ends, rolled back on error.
        ``durable=False`` commits without waiting for the disk (``synchronous=NORMAL``
        in WAL mode: a power cut may lose the transaction, never tear the database), for
        data that need not outlive a crash, such as request counts."""
        with self._lock, self._errors("write to"):
            conn = self._connection()
            if not durable:
                conn.execute("PRAGMA synchronous = NORMAL")
            try:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    yield conn
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            finally:
                if not durable:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("PRAGMA synchronous = FULL")

    def close(self) -> None:
        """Close the connection; calling it twice is harmless."""
        with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    conn.close()


def _switch_to_wal(conn: sqlite3.Connection, busy_timeout_s: float) -> None:
    """Put the store in WAL mode. While other processes create the same new store, the
    switch can report 'database is locked' at once (SQLite does not wait on the busy
    handler for it), so it is retried until ``busy_timeout_s`` has passed."""
    deadline = time.monotonic() + busy_timeout_s
    delay = 0.005
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            if time.monotonic() >= deadline:
                raise
            time.sleep(delay)
            delay = min(delay * 2, 0.2)
