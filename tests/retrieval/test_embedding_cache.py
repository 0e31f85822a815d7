"""The on-disk embedding cache: hits skip the embedder, it is shared, it never fails."""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse

from contract_review.retrieval.embedder_types import (
    Embedder,
    EmbedderInfo,
    EmbeddingKind,
    StatefulEmbedder,
)
from contract_review.retrieval.embedders.embedding_cache import (
    DATABASE_NAME,
    CachedEmbedder,
    cache_key,
)
from contract_review.retrieval.vectors import l2_normalize


class CountingEmbedder:
    """A dense embedder that records what it is asked to embed."""

    def __init__(self, model: str = "fake-v1", dimension: int = 3) -> None:
        self.model = model
        self.dimension = dimension
        self.calls: list[tuple[list[str], EmbeddingKind]] = []

    @property
    def info(self) -> EmbedderInfo:
        return EmbedderInfo(
            name="counting",
            model=self.model,
            provider="test",
            dimension=self.dimension,
            search_method="counting",
        )

    def embed(self, texts: Sequence[str], *, kind: EmbeddingKind = "document") -> np.ndarray:
        self.calls.append((list(texts), kind))
        return np.stack([self.vector(t, kind) for t in texts]) if texts else np.zeros((0, 3))

    def vector(self, text: str, kind: EmbeddingKind = "document") -> np.ndarray:
        seed = sum(map(ord, text)) + (7 if kind == "query" else 0)
        raw = np.array([seed % 5 + 1, len(text) + 1, seed % 3], dtype=np.float32)
        return l2_normalize(raw[: self.dimension])


def test_misses_go_to_the_inner_embedder_once_and_hits_do_not(tmp_path: Path) -> None:
    inner = CountingEmbedder()
    cached = CachedEmbedder(inner, tmp_path / "cache")
    texts = ["甲方", "乙方", "甲方", "丙方"]
    first = cached.embed(texts)
    assert inner.calls == [(["甲方", "乙方", "丙方"], "document")]  # each distinct text once
    assert isinstance(first, np.ndarray) and first.dtype == np.float32 and first.shape == (4, 3)
    np.testing.assert_allclose(first, np.stack([inner.vector(t) for t in texts]))
    assert (tmp_path / "cache" / DATABASE_NAME).is_file()

    second = cached.embed(["丙方", "丁方", "甲方"])
    assert inner.calls[1:] == [(["丁方"], "document")]
    np.testing.assert_allclose(
        second, np.stack([inner.vector(t) for t in ["丙方", "丁方", "甲方"]])
    )

    cached.embed(texts)
    assert len(inner.calls) == 2  # all hits: the embedder is not called


def test_kind_and_model_are_part_of_the_key(tmp_path: Path) -> None:
    inner = CountingEmbedder()
    CachedEmbedder(inner, tmp_path).embed(["租金"])
    query = CachedEmbedder(inner, tmp_path).embed(["租金"], kind="query")
    assert inner.calls[-1] == (["租金"], "query")
    np.testing.assert_allclose(query[0], inner.vector("租金", "query"))

    other = CountingEmbedder(model="fake-v2")
    CachedEmbedder(other, tmp_path).embed(["租金"])
    assert other.calls == [(["租金"], "document")]
    assert cache_key(inner.info, "document", "租金") != cache_key(other.info, "document", "租金")
    assert cache_key(inner.info, "document", "租金") != cache_key(inner.info, "query", "租金")


def test_two_caches_on_one_directory_share_entries(tmp_path: Path) -> None:
    writer_inner, reader_inner = CountingEmbedder(), CountingEmbedder()
    writer = CachedEmbedder(writer_inner, tmp_path)
    reader = CachedEmbedder(reader_inner, tmp_path)
    reader.embed(["warm-up"])  # both have the database open
    written = writer.embed(["保密", "违约"])
    read = reader.embed(["违约", "保密"])
    assert reader_inner.calls == [(["warm-up"], "document")]
    np.testing.assert_allclose(read, written[::-1])


def test_concurrent_writers(tmp_path: Path) -> None:
    errors: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            cached = CachedEmbedder(CountingEmbedder(), tmp_path)
            for start in range(0, 40, 10):
                cached.embed([f"text {i}" for i in range(start + offset, start + offset + 10)])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in (0, 5, 10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    final = CountingEmbedder()
    CachedEmbedder(final, tmp_path).embed([f"text {i}" for i in range(50)])
    assert final.calls == []


def test_an_unusable_directory_only_costs_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the cache directory should be", encoding="utf-8")
    inner = CountingEmbedder()
    cached = CachedEmbedder(inner, blocker / "embeddings")
    with caplog.at_level(logging.WARNING):
        vectors = cached.embed(["甲方", "乙方"])
        again = cached.embed(["甲方"])
    np.testing.assert_allclose(vectors, np.stack([inner.vector("甲方"), inner.vector("乙方")]))
    np.testing.assert_allclose(again[0], inner.vector("甲方"))
    assert len(inner.calls) == 2
    warnings = [r for r in caplog.records if "cannot be used" in r.getMessage()]
    assert len(warnings) == 1  # warned once, then the cache is skipped


def test_a_damaged_database_only_costs_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / DATABASE_NAME).write_bytes(b"this is not a SQLite database" * 100)
    inner = CountingEmbedder()
    with caplog.at_level(logging.WARNING):
        vectors = CachedEmbedder(inner, tmp_path).embed(["甲方"])
    np.testing.assert_allclose(vectors[0], inner.vector("甲方"))
    assert any("embedding cache" in r.getMessage() for r in caplog.records)


def test_a_damaged_row_is_recomputed(tmp_path: Path) -> None:
    inner = CountingEmbedder()
    cached = CachedEmbedder(inner, tmp_path)
    cached.embed(["甲方"])
    with sqlite3.connect(tmp_path / DATABASE_NAME) as connection:
        connection.execute("UPDATE embeddings SET vector = ?", (b"\x00\x01",))
    connection.close()
    vectors = cached.embed(["甲方"])
    assert len(inner.calls) == 2
    np.testing.assert_allclose(vectors[0], inner.vector("甲方"))


def test_empty_input_and_identity(tmp_path: Path) -> None:
    inner = CountingEmbedder()
    cached = CachedEmbedder(inner, tmp_path / "never-created")
    assert cached.embed([]).shape[0] == 0
    assert not (tmp_path / "never-created").exists()
    assert cached.info == inner.info
    assert cached.inner is inner
    assert isinstance(cached, Embedder)
    assert not isinstance(cached, StatefulEmbedder)


def test_sparse_embedders_pass_through(tmp_path: Path) -> None:
    class Sparse:
        info = EmbedderInfo(
            name="sparse", model="m", provider="local", sparse=True, search_method="s"
        )

        def embed(
            self, texts: Sequence[str], *, kind: EmbeddingKind = "document"
        ) -> scipy.sparse.csr_matrix:
            return scipy.sparse.csr_matrix(np.eye(len(texts), dtype=np.float32))

    out = CachedEmbedder(Sparse(), tmp_path / "cache").embed(["a", "b"])
    assert scipy.sparse.issparse(out)
    assert not (tmp_path / "cache").exists()


def test_a_failing_write_only_costs_one_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    inner = CountingEmbedder()
    CachedEmbedder(inner, tmp_path).embed(["甲方"])
    with sqlite3.connect(tmp_path / DATABASE_NAME) as connection:
        connection.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON embeddings "
            "BEGIN SELECT RAISE(ABORT, 'read-only cache'); END"
        )
    connection.close()
    cached = CachedEmbedder(inner, tmp_path)
    with caplog.at_level(logging.WARNING):
        first = cached.embed(["甲方", "乙方"])
        second = cached.embed(["丙方"])
    np.testing.assert_allclose(first, np.stack([inner.vector("甲方"), inner.vector("乙方")]))
    np.testing.assert_allclose(second[0], inner.vector("丙方"))
    assert inner.calls[1:] == [(["乙方"], "document"), (["丙方"], "document")]  # reads work
    assert len([r for r in caplog.records if "cannot be written" in r.getMessage()]) == 1


def test_each_thread_keeps_one_connection_until_closed(tmp_path: Path) -> None:
    inner = CountingEmbedder()
    cached = CachedEmbedder(inner, tmp_path)
    for text in ("甲方", "乙方", "甲方", "丙方"):
        cached.embed([text], kind="query")
    assert len(cached._opened) == 1  # opened once, not once per call
    other = threading.Thread(target=lambda: cached.embed(["丁方"], kind="query"))
    other.start()
    other.join()
    assert len(cached._opened) == 2  # a thread has its own
    cached.close()
    assert cached._opened == []
    assert cached.embed(["甲方", "戊方"], kind="query").shape == (2, 3)  # opens a new one
    assert len(cached._opened) == 1
    assert [texts for texts, _ in inner.calls] == [["甲方"], ["乙方"], ["丙方"], ["丁方"], ["戊方"]]
    cached.close()


def test_a_cache_created_while_another_switches_it_to_wal_waits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """SQLite answers "locked" at once, busy timeout or not, to a journal-mode switch while
    another connection is creating the same database: the cache waits and tries again
    instead of giving up (it did, about one time in 150 with three threads)."""
    real_connect = sqlite3.connect
    refusals = [2]

    class Refusing:
        def __init__(self, connection: sqlite3.Connection) -> None:
            self._connection = connection

        def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
            if sql.startswith("PRAGMA journal_mode") and refusals[0] > 0:
                refusals[0] -= 1
                raise sqlite3.OperationalError("database is locked")
            return self._connection.execute(sql, *args)

        def __getattr__(self, name: str) -> object:
            return getattr(self._connection, name)

        def __enter__(self) -> sqlite3.Connection:
            return self._connection.__enter__()

        def __exit__(self, *exc: object) -> object:
            return self._connection.__exit__(*exc)  # type: ignore[arg-type]

    monkeypatch.setattr(
        "contract_review.retrieval.embedders.embedding_cache.sqlite3.connect",
        lambda *a, **k: Refusing(real_connect(*a, **k)),
    )
    with caplog.at_level(logging.WARNING):
        CachedEmbedder(CountingEmbedder(), tmp_path).embed(["甲方"])
    assert refusals == [0]
    assert not [r for r in caplog.records if "cannot be used" in r.getMessage()]
    monkeypatch.undo()
    again = CountingEmbedder()
    CachedEmbedder(again, tmp_path).embed(["甲方"])
    assert again.calls == []  # the first vector was cached, not skipped
