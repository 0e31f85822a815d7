"""The on-disk embedding cache: vectors already computed are not computed again.

Embedding the same clause twice gives the same vector, so :class:`CachedEmbedder`
keeps every vector it computes in one SQLite database (``embeddings.sqlite3`` under the
``cache_dir`` setting). Re-running a review, or searching the same reference
documents again, then costs a lookup instead of a model run — or, for Dashscope, a
paid request.

Each vector is stored under a SHA-256 digest of the embedder's name, model,
dimension and endpoint (for a server's embedders), the kind of text (query or document)
and the text itself; the text is not stored. Several processes can share the cache (SQLite WAL mode, short transactions).
Each thread keeps its connection open between calls (opening one costs more than a
lookup). A cache that cannot be opened or written (read-only directory, damaged file)
is skipped with a warning: it never makes an embedding fail.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from ..embedder_types import Embedder, EmbedderInfo, EmbeddingKind, Vectors
from ..vectors import FloatArray

logger = logging.getLogger(__name__)

#: The database file inside the cache directory.
DATABASE_NAME = "embeddings.sqlite3"
#: How long to wait for another process holding the database lock, in seconds.
LOCK_TIMEOUT_S = 10.0
#: Keys looked up per SQL statement (SQLite limits the number of parameters).
_LOOKUP_CHUNK = 500
#: Vectors are stored as little-endian float32.
_BLOB_DTYPE = np.dtype("<f4")

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS embeddings ("
    "key TEXT PRIMARY KEY, dim INTEGER NOT NULL, vector BLOB NOT NULL)"
)


def cache_key(info: EmbedderInfo, kind: EmbeddingKind, text: str) -> str:
    """The key a text's vector is stored under: SHA-256 of the embedder's name, model
    and dimension, its endpoint when it has one (two servers may serve different models
    under one name), the kind of text and the text."""
    parts: list[object] = [info.name, info.model, info.dimension, kind, text]
    if info.endpoint is not None:  # keys of local embedders stay as they were
        parts.append(info.endpoint)
    material = json.dumps(parts, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return hashlib.sha256(material).hexdigest()


class CachedEmbedder:
    """Wraps a dense embedder so each text is embedded once, across runs and processes.

    :param inner: The embedder that computes vectors the cache does not hold yet.
    :param directory: Where the database lives; created when needed.

    It describes itself as ``inner`` does (same :attr:`info`). Sparse embedders are
    passed through unchanged: their vectors depend on a fitted vocabulary.
    """

    def __init__(self, inner: Embedder, directory: Path) -> None:
        self.inner = inner
        self.directory = Path(directory)
        self.path = self.directory / DATABASE_NAME
        self._ready = False
        self._disabled = False
        self._write_warned = False
        self._lock = threading.Lock()
        self._local = threading.local()
        #: Every connection opened (one per thread), with the process that opened it.
        self._opened: list[tuple[int, sqlite3.Connection]] = []
        self._opened_lock = threading.Lock()
        weakref.finalize(self, _close_all, self._opened)

    @property
    def info(self) -> EmbedderInfo:
        """What the wrapped embedder is."""
        return self.inner.info

    def embed(self, texts: Sequence[str], *, kind: EmbeddingKind = "document") -> Vectors:
        """Embed ``texts``: cached vectors are read back, the others are computed by the
        wrapped embedder in one call (each distinct text once) and stored.

        :raises EmbeddingError: when the wrapped embedder fails; the cache itself never
            makes this fail.
        """
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not a single string")
        info = self.inner.info
        if len(texts) == 0 or info.sparse or self._disabled:
            return self.inner.embed(texts, kind=kind)
        keys = [cache_key(info, kind, text) for text in texts]
        found = self._lookup(keys)
        missing: dict[str, str] = {}  # key -> text, first appearance order, each once
        for key, text in zip(keys, texts, strict=True):
            if key not in found and key not in missing:
                missing[key] = text
        if missing:
            fresh = self.inner.embed(list(missing.values()), kind=kind)
            if not isinstance(fresh, np.ndarray) or fresh.ndim != 2:
                # Not dense rows after all: nothing to cache, embed everything directly.
                return self.inner.embed(texts, kind=kind)
            fresh = fresh.astype(np.float32, copy=False)
            computed = dict(zip(missing, fresh, strict=True))
            self._store(computed)
            found.update(computed)
        dims = {vector.shape[0] for vector in found.values()}
        if len(dims) != 1:
            logger.warning(
                "embedding cache %s holds vectors of another size for %s; ignoring it",
                self.path,
                info.model,
            )
            return self.inner.embed(texts, kind=kind)
        out = np.empty((len(texts), dims.pop()), dtype=np.float32)
        for row, key in enumerate(keys):
            out[row] = found[key]
        return out

    def close(self) -> None:
        """Close the database connections (not while another thread is embedding); the
        cache opens new ones if it is used again."""
        with self._opened_lock:
            _close_all(self._opened)
            self._local = threading.local()

    # --- the database

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection, opened on first use and kept; one that fails is
        closed (the next call opens another)."""
        local = self._local
        held: tuple[int, sqlite3.Connection] | None = getattr(local, "connection", None)
        if held is None or held[0] != os.getpid():  # none yet, or inherited by a fork
            connection = sqlite3.connect(self.path, timeout=LOCK_TIMEOUT_S, check_same_thread=False)
            held = (os.getpid(), connection)
            with self._opened_lock:
                self._opened.append(held)
            local.connection = held
        try:
            yield held[1]
        except sqlite3.Error:
            local.connection = None
            with self._opened_lock:
                if held in self._opened:
                    self._opened.remove(held)
            held[1].close()
            raise

    def _prepare(self) -> bool:
        """Create the directory and table once; False (and a warning) if impossible."""
        if self._ready:
            return True
        if self._disabled:
            return False
        with self._lock:
            if self._ready:
                return True
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
                self._create()
            except (OSError, sqlite3.Error) as exc:
                self._disabled = True
                logger.warning(
                    "embedding cache %s cannot be used (%s); embedding without it",
                    self.path,
                    exc,
                )
                return False
            self._ready = True
            return True

    def _create(self) -> None:
        """Switch the database to WAL and create the table. Another process or thread
        creating it at the same moment makes SQLite answer "locked" at once (its busy
        timeout does not cover a journal-mode change): wait and try again, up to
        :data:`LOCK_TIMEOUT_S`."""
        deadline = time.monotonic() + LOCK_TIMEOUT_S
        while True:
            try:
                with self._connection() as connection:
                    connection.execute("PRAGMA journal_mode=WAL")
                    with connection:
                        connection.execute(_SCHEMA)
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    def _lookup(self, keys: list[str]) -> dict[str, FloatArray]:
        if not self._prepare():
            return {}
        unique = list(dict.fromkeys(keys))
        found: dict[str, FloatArray] = {}
        try:
            with self._connection() as connection:
                for start in range(0, len(unique), _LOOKUP_CHUNK):
                    chunk = unique[start : start + _LOOKUP_CHUNK]
                    marks = ",".join("?" * len(chunk))
                    rows = connection.execute(
                        f"SELECT key, dim, vector FROM embeddings WHERE key IN ({marks})",
                        chunk,
                    ).fetchall()
                    for key, dim, blob in rows:
                        vector = _decode(dim, blob)
                        if vector is not None:
                            found[key] = vector
        except sqlite3.Error as exc:
            self._disabled = True
            logger.warning(
                "embedding cache %s cannot be read (%s); embedding without it", self.path, exc
            )
            return {}
        return found

    def _store(self, vectors: dict[str, FloatArray]) -> None:
        if not self._prepare() or not vectors:
            return
        rows = [
            (key, int(vector.shape[0]), vector.astype(_BLOB_DTYPE, copy=False).tobytes())
            for key, vector in vectors.items()
        ]
        try:
            with self._connection() as connection, connection:
                connection.executemany(
                    "INSERT OR IGNORE INTO embeddings (key, dim, vector) VALUES (?, ?, ?)", rows
                )
        except sqlite3.Error as exc:
            if not self._write_warned:
                self._write_warned = True
                logger.warning(
                    "embedding cache %s cannot be written (%s); vectors are not being cached",
                    self.path,
                    exc,
                )

    def __repr__(self) -> str:
        return f"CachedEmbedder({self.inner!r}, {str(self.directory)!r})"


def _close_all(connections: list[tuple[int, sqlite3.Connection]]) -> None:
    """Close the ``connections`` this process opened (none may be in use) and forget
    them all (a forked process leaves its parent's alone)."""
    for pid, connection in connections:
        if pid == os.getpid():
            connection.close()
    connections.clear()


def _decode(dim: object, blob: object) -> FloatArray | None:
    """A stored vector, or None when the row is damaged."""
    if not isinstance(dim, int) or not isinstance(blob, bytes) or dim < 1:
        return None
    if len(blob) != dim * _BLOB_DTYPE.itemsize:
        return None
    return np.frombuffer(blob, dtype=_BLOB_DTYPE).astype(np.float32)


__all__ = ["DATABASE_NAME", "CachedEmbedder", "cache_key"]
