"""The JSON store: its files, atomic writes, damaged files, refusing foreign and newer
folders, and cleanup that never removes a concurrent save."""

from __future__ import annotations

import json
import os
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from contract_review.errors import StorageError
from contract_review.storage import JsonStorage, StoredEntry
from contract_review.storage.json_cleanup import remove_if_expired
from contract_review.storage.json_layout import read_entry


@pytest.fixture
def json_store(tmp_path: Path, clock: Any) -> JsonStorage:
    return JsonStorage(tmp_path / "store", clock=clock)


def test_one_readable_file_per_record_and_checkpoint(json_store: JsonStorage) -> None:
    json_store.save("review", "r-1", {"note": "合同"})
    json_store.append_checkpoint("r-1", {"n": 1})
    root = json_store.location
    files = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    assert files == ["checkpoint/r-1/0000000001.json", "review/r-1.json", "store.json"]
    content = json.loads((root / "review" / "r-1.json").read_text(encoding="utf-8"))
    assert content["data"] == {"note": "合同"} and content["id"] == "r-1"
    assert "合同" in (root / "review" / "r-1.json").read_text(encoding="utf-8")
    marker = json.loads((root / "store.json").read_text(encoding="utf-8"))
    assert marker == {"application": "contract-review", "schema_version": 2}


def test_a_crash_while_replacing_keeps_the_old_record(
    json_store: JsonStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    json_store.save("review", "r-1", {"v": "old"})

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(StorageError, match=r"cannot save .*r-1\.json: No space left"):
        json_store.save("review", "r-1", {"v": "new"})
    monkeypatch.undo()
    assert json_store.load("review", "r-1").data == {"v": "old"}  # type: ignore[union-attr]
    leftovers = [p.name for p in (json_store.location / "review").iterdir()]
    assert leftovers == ["r-1.json"]


def test_a_crash_while_writing_a_checkpoint_leaves_no_file(
    json_store: JsonStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    json_store.append_checkpoint("r-1", {"n": 1})

    def crash(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(StorageError, match="Input/output error"):
        json_store.append_checkpoint("r-1", {"n": 2})
    monkeypatch.undo()
    assert [c.seq for c in json_store.checkpoints("r-1")] == [1]
    assert len(list((json_store.location / "checkpoint" / "r-1").iterdir())) == 1
    assert json_store.append_checkpoint("r-1", {"n": 2}).seq == 2


def test_a_damaged_file_is_named_and_does_not_hide_the_others(json_store: JsonStorage) -> None:
    json_store.save("review", "good", {})
    json_store.save("review", "bad", {})
    json_store.append_checkpoint("r-1", {"n": 1})
    json_store.append_checkpoint("r-1", {"n": 2})
    (json_store.location / "review" / "bad.json").write_text("{trunc", encoding="utf-8")
    (json_store.location / "checkpoint" / "r-1" / "0000000002.json").write_bytes(b"\xff\xfe")
    with pytest.raises(StorageError, match=r"bad\.json cannot be read: it is not valid JSON"):
        json_store.load("review", "bad")
    assert [info.id for info in json_store.list_records("review")] == ["good"]
    with pytest.raises(StorageError, match=r"0000000002\.json"):
        json_store.latest_checkpoint("r-1")  # never resumes silently from an older one
    assert [c.seq for c in json_store.checkpoints("r-1")] == [1]
    problems = sorted(Path(p.location).name for p in json_store.check())
    assert problems == ["0000000002.json", "bad.json"]
    with pytest.raises(StorageError, match=r"bad\.json"):
        list(json_store.dump())
    json_store.save("review", "bad", {"fixed": True})  # saving over it repairs it
    assert json_store.load("review", "bad").data == {"fixed": True}  # type: ignore[union-attr]


def test_a_file_of_the_wrong_kind_is_reported(json_store: JsonStorage) -> None:
    json_store.save("conversation", "c-1", {})
    source = json_store.location / "conversation" / "c-1.json"
    (json_store.location / "review").mkdir()
    (json_store.location / "review" / "c-1.json").write_bytes(source.read_bytes())
    with pytest.raises(StorageError, match="does not hold a review"):
        json_store.load("review", "c-1")


def test_temporary_and_foreign_files_are_ignored(json_store: JsonStorage) -> None:
    json_store.save("review", "r-1", {})
    folder = json_store.location / "review"
    (folder / ".r-2.json.abc.tmp").write_text("{half", encoding="utf-8")
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    (folder / "bad id.json").write_text("{}", encoding="utf-8")
    assert [info.id for info in json_store.list_records("review")] == ["r-1"]


def test_a_file_where_the_folder_should_be(tmp_path: Path) -> None:
    (tmp_path / "store").write_text("x", encoding="utf-8")
    with pytest.raises(StorageError, match="is a file; the JSON store is a folder"):
        JsonStorage(tmp_path / "store")
    with pytest.raises(StorageError, match="cannot create or read the store folder"):
        JsonStorage(tmp_path / "store" / "inner")


def test_a_folder_of_other_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "contract.docx").write_text("x", encoding="utf-8")
    with pytest.raises(StorageError, match=r"holds other files \(contract\.docx\)"):
        JsonStorage(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["contract.docx"]


@pytest.mark.parametrize(
    ("marker", "complaint"),
    [
        ('{"application": "contract-review", "schema_version": 7}', "newer contract-review"),
        ('{"application": "invoices", "schema_version": 1}', "another application"),
        ("{half", "cannot read .*store.json"),
    ],
)
def test_a_bad_marker_is_refused(tmp_path: Path, marker: str, complaint: str) -> None:
    (tmp_path / "store.json").write_text(marker, encoding="utf-8")
    with pytest.raises(StorageError, match=complaint):
        JsonStorage(tmp_path)
    assert (tmp_path / "store.json").read_text(encoding="utf-8") == marker


@pytest.mark.skipif(
    os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions, not root"
)
def test_an_unwritable_folder(tmp_path: Path) -> None:
    root = tmp_path / "store"
    with JsonStorage(root) as store:
        store.save("review", "r-1", {"v": 1})
    (root / "review").chmod(0o500)
    try:
        with pytest.raises(StorageError, match=r"cannot save .*writable"):
            JsonStorage(root).save("review", "r-1", {"v": 2})
        assert JsonStorage(root).load("review", "r-1").data == {"v": 1}  # type: ignore[union-attr]
    finally:
        (root / "review").chmod(0o700)


def test_a_permission_error_names_the_path_and_keeps_the_record(
    json_store: JsonStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    json_store.save("review", "r-1", {"v": 1})

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)
    with pytest.raises(StorageError, match=r"cannot save .*r-1\.json: Permission denied; check"):
        json_store.save("review", "r-1", {"v": 2})
    with pytest.raises(StorageError, match=r"cannot add a checkpoint .*Permission denied"):
        json_store.append_checkpoint("r-1", {})
    monkeypatch.undo()
    assert json_store.load("review", "r-1").data == {"v": 1}  # type: ignore[union-attr]


def test_cleanup_puts_back_a_record_saved_while_it_ran(json_store: JsonStorage, clock: Any) -> None:
    json_store.save("review", "r-1", {"v": "old"})
    clock.advance(days=30)
    path = json_store.location / "review" / "r-1.json"
    calls = 0

    def read_then_someone_saves(p: Path) -> StoredEntry | None:
        nonlocal calls
        calls += 1
        entry = read_entry(p)
        if calls == 1:  # between cleanup's read and its move, a save lands
            json_store.save("review", "r-1", {"v": "new"})
        return entry

    assert not remove_if_expired(path, clock.now - timedelta(days=1), read_then_someone_saves)
    assert json_store.load("review", "r-1").data == {"v": "new"}  # type: ignore[union-attr]
    assert [p.name for p in path.parent.iterdir()] == ["r-1.json"]


def test_cleanup_tidies_what_interrupted_writes_left(json_store: JsonStorage, clock: Any) -> None:
    json_store.save("review", "keep", {"v": 1})
    folder = json_store.location / "review"
    moved_aside = folder / ".keep.json.0123abcd.deleting"
    (folder / "keep.json").rename(moved_aside)  # a cleanup died after moving it aside
    stale_temp = folder / ".other.json.xyz.tmp"
    stale_temp.write_text("{half", encoding="utf-8")
    fresh_temp = folder / ".busy.json.xyz.tmp"
    fresh_temp.write_text("{half", encoding="utf-8")
    an_hour_ago = time.time() - 7200
    for path in (moved_aside, stale_temp):
        os.utime(path, (an_hour_ago, an_hour_ago))
    assert json_store.cleanup_expired(10) == 0
    assert sorted(p.name for p in folder.iterdir()) == [".busy.json.xyz.tmp", "keep.json"]
    assert json_store.load("review", "keep").data == {"v": 1}  # type: ignore[union-attr]
