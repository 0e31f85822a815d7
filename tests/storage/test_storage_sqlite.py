"""The SQLite store: migrations from the seed's layout, refusing newer and foreign
databases, clear errors for bad paths and damaged files, WAL mode, threads."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest

from contract_review.errors import StorageError
from contract_review.storage import STORE_SCHEMA_VERSION, SqliteStorage


def _schema_version(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        (value,) = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return str(value)


def test_a_new_store_is_at_the_current_version_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "reviews.sqlite3"
    with SqliteStorage(path):
        pass
    assert _schema_version(path) == str(STORE_SCHEMA_VERSION)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_version_1_store_gains_the_work_queue_and_keeps_its_records(tmp_path: Path) -> None:
    from contract_review.storage.migrations import MIGRATIONS

    path = tmp_path / "v1.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS[0].apply(conn)  # the version-1 layout, as an older release left it
    conn.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    conn.execute(
        "INSERT INTO records VALUES ('review', 'r-1', '{\"status\": \"queued\"}', "
        "'2024-01-01T00:00:00.000000Z', '2024-01-01T00:00:00.000000Z', 1)"
    )
    conn.close()
    with SqliteStorage(path) as store:
        record = store.load("review", "r-1")
        assert record is not None and record.data == {"status": "queued"}
        assert record.schema_version == 1
        assert store.enqueue("review", "r-1") is True
        assert [e.id for e in store.queue_entries("review")] == ["r-1"]
    assert _schema_version(path) == "2"


def test_the_seed_layout_is_migrated_keeping_every_conversation(tmp_path: Path) -> None:
    path = tmp_path / "seed.sqlite3"
    seed_data = {"id": "conv-1", "messages": [{"role": "user", "content": "304不锈钢的强度？"}]}
    with sqlite3.connect(path) as conn:
        conn.execute(
            "CREATE TABLE conversations (id TEXT PRIMARY KEY, data TEXT NOT NULL, "
            "created_at REAL NOT NULL, updated_at REAL NOT NULL)"
        )
        rows = [
            ("conv-1", json.dumps(seed_data, ensure_ascii=False), 1706000000.0, 1706001000.0),
            ("会话 2/x", "not json at all", 1706000000.0, 1706000500.0),
            ("conv-3", "[1, 2]", "garbage", 1706000500.0),
        ]
        conn.executemany("INSERT INTO conversations VALUES (?, ?, ?, ?)", rows)
    conn.close()
    with SqliteStorage(path) as store:
        listed = store.list_records("conversation")
        assert len(listed) == 3
        first = store.load("conversation", "conv-1")
        assert first is not None and first.data == seed_data
        assert first.created_at.timestamp() == 1706000000.0
        assert first.updated_at.timestamp() == 1706001000.0
        kept_whole = [store.load("conversation", info.id) for info in listed]
        legacy = [r.data["legacy_data"] for r in kept_whole if r and "legacy_data" in r.data]
        assert sorted(legacy) == ["[1, 2]", "not json at all"]
        assert store.check() == []
    assert _schema_version(path) == str(STORE_SCHEMA_VERSION)
    with sqlite3.connect(path) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    assert "conversations" not in tables


def test_a_failed_migration_leaves_the_old_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from contract_review.storage import migrations

    path = tmp_path / "seed.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE conversations (id TEXT, data TEXT, created_at, updated_at)")
        conn.execute("INSERT INTO conversations VALUES ('c', '{}', 1, 2)")
    conn.close()

    def broken(conn: sqlite3.Connection) -> None:
        migrations._to_version_1(conn)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(migrations, "MIGRATIONS", (migrations.Migration(1, "broken", broken),))
    with pytest.raises(StorageError, match="disk I/O error"):
        SqliteStorage(path)
    with sqlite3.connect(path) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        assert tables == {"conversations"}
        assert conn.execute("SELECT COUNT(*) FROM conversations").fetchone() == (1,)
    conn.close()


def test_a_store_from_a_newer_version_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "reviews.sqlite3"
    with SqliteStorage(path) as store:
        store.save("review", "r-1", {})
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    conn.close()
    with pytest.raises(StorageError, match=r"newer contract-review \(store schema 99"):
        SqliteStorage(path)
    assert _schema_version(path) == "99"


def test_another_applications_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (n INTEGER)")
    conn.close()
    with pytest.raises(StorageError, match=r"another application \(tables: invoices\)"):
        SqliteStorage(path)


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "reviews.sqlite3"
    path.write_bytes(b"these are the minutes of the meeting, not a database" * 100)
    with pytest.raises(StorageError, match=r"reviews\.sqlite3: it is not a SQLite database"):
        SqliteStorage(path)
    assert path.read_bytes().startswith(b"these are the minutes")


def test_a_folder_where_the_file_should_be(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="is a folder; the SQLite store is a file"):
        SqliteStorage(tmp_path)


def test_a_file_where_the_folder_should_be(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("x", encoding="utf-8")
    with pytest.raises(StorageError, match=r"cannot create the folder .*blocker"):
        SqliteStorage(tmp_path / "blocker" / "reviews.sqlite3")


def test_a_closed_store_says_so(tmp_path: Path) -> None:
    store = SqliteStorage(tmp_path / "reviews.sqlite3")
    store.close()
    with pytest.raises(StorageError, match="is closed"):
        store.load("review", "r-1")


def test_a_damaged_payload_is_named_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "reviews.sqlite3"
    with SqliteStorage(path) as store:
        store.save("review", "good", {})
        store.save("review", "bad", {})
        store.append_checkpoint("bad", {})
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE records SET data = '{broken' WHERE id = 'bad'")
        conn.execute("UPDATE checkpoints SET data = '[]'")
    conn.close()
    with SqliteStorage(path) as store:
        with pytest.raises(StorageError, match=r"review 'bad' in .*is damaged"):
            store.load("review", "bad")
        assert [info.id for info in store.list_records("review")] == ["good", "bad"]
        assert store.load("review", "good") is not None
        problems = store.check()
        assert [p.location.split(" ", 1)[1] for p in problems] == [
            "records: review 'bad'",
            "checkpoints: 'bad' #1",
        ]


def test_a_rolled_back_write_keeps_the_old_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from contract_review.storage import sqlite_backend

    with SqliteStorage(tmp_path / "reviews.sqlite3") as store:
        store.save("review", "r-1", {"v": "old"})
        monkeypatch.setattr(sqlite_backend, "STORE_SCHEMA_VERSION", None)  # NOT NULL fails
        with pytest.raises(StorageError, match="NOT NULL"):
            store.save("review", "r-1", {"v": "new"})
        monkeypatch.undo()
        assert store.load("review", "r-1").data == {"v": "old"}  # type: ignore[union-attr]
        store.save("review", "r-1", {"v": "newer"})
        assert store.load("review", "r-1").data == {"v": "newer"}  # type: ignore[union-attr]


def test_threads_share_one_store(tmp_path: Path) -> None:
    with SqliteStorage(tmp_path / "reviews.sqlite3") as store:

        def work(n: int) -> None:
            for i in range(25):
                store.save("review", f"t{n}-{i}", {"n": n, "i": i})
                store.append_checkpoint("shared", {"n": n, "i": i})

        threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(store.list_records("review")) == 100
        assert [c.seq for c in store.checkpoints("shared")] == list(range(1, 101))
