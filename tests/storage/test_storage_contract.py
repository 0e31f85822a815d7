"""The storage contract, run against every backend: records, checkpoints, listing,
cleanup, export and import."""

from __future__ import annotations

import io
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from contract_review.errors import InputError
from contract_review.storage import (
    Checkpoint,
    ImportReport,
    StorageBackend,
    StoredRecord,
)

from .conftest import BACKENDS

STATE = {"review_id": "r-1", "clauses": [{"id": "20.1", "risk": "high"}], "note": "合同审查"}


def test_save_then_load_returns_the_same_record(store: StorageBackend) -> None:
    saved = store.save("review", "r-1", STATE)
    loaded = store.load("review", "r-1")
    assert isinstance(saved, StoredRecord)
    assert loaded == saved
    assert loaded.data == STATE
    assert loaded.created_at == loaded.updated_at
    assert loaded.created_at.tzinfo is not None


def test_load_of_a_missing_record_is_none(store: StorageBackend) -> None:
    assert store.load("review", "nope") is None
    assert store.load_checkpoint("nope", 1) is None
    assert store.latest_checkpoint("nope") is None
    assert store.checkpoints("nope") == []


def test_saving_again_replaces_data_and_keeps_created_at(store: StorageBackend, clock: Any) -> None:
    first = store.save("review", "r-1", {"v": 1})
    clock.advance(hours=1)
    second = store.save("review", "r-1", {"v": 2})
    assert second.created_at == first.created_at
    assert second.updated_at > first.updated_at
    assert store.load("review", "r-1") == second


def test_kinds_are_separate(store: StorageBackend) -> None:
    store.save("review", "x", {"kind": "review"})
    store.save("conversation", "x", {"kind": "conversation"})
    assert store.load("review", "x").data == {"kind": "review"}  # type: ignore[union-attr]
    assert store.load("conversation", "x").data == {"kind": "conversation"}  # type: ignore[union-attr]
    assert store.delete("conversation", "x") is True
    assert store.load("review", "x") is not None


def test_delete(store: StorageBackend) -> None:
    store.save("conversation", "c-1", {})
    assert store.delete("conversation", "c-1") is True
    assert store.delete("conversation", "c-1") is False
    assert store.load("conversation", "c-1") is None


def test_list_is_sorted_by_update_and_filters_by_prefix(store: StorageBackend) -> None:
    for record_id in ("b-1", "a-1", "a-2"):
        store.save("review", record_id, {})
    store.save("review", "b-1", {"touched": True})
    store.save("conversation", "a-3", {})
    assert [info.id for info in store.list_records("review")] == ["a-1", "a-2", "b-1"]
    assert [info.id for info in store.list_records("review", prefix="a-")] == ["a-1", "a-2"]
    assert store.list_records("review", prefix="zz") == []
    assert [info.kind for info in store.list_records("conversation")] == ["conversation"]


def test_unknown_kind_and_bad_data_are_input_errors(store: StorageBackend) -> None:
    with pytest.raises(InputError, match="unknown record kind 'session'"):
        store.save("session", "x", {})  # type: ignore[arg-type]
    with pytest.raises(InputError, match="cannot be stored as JSON"):
        store.save("review", "x", {"when": object()})
    with pytest.raises(InputError, match="cannot be stored as JSON"):
        store.save("review", "x", {"score": float("nan")})
    with pytest.raises(InputError, match="must be a JSON object"):
        store.save("review", "x", ["not", "an", "object"])  # type: ignore[arg-type]
    assert store.load("review", "x") is None


def test_checkpoints_are_numbered_in_order(store: StorageBackend) -> None:
    appended = [store.append_checkpoint("r-1", {"node": name}) for name in ("parse", "plan", "x")]
    assert [c.seq for c in appended] == [1, 2, 3]
    assert all(isinstance(c, Checkpoint) for c in appended)
    assert store.latest_checkpoint("r-1") == appended[-1]
    assert store.load_checkpoint("r-1", 2) == appended[1]
    assert [info.seq for info in store.checkpoints("r-1")] == [1, 2, 3]
    assert store.checkpoints("r-2") == []
    assert store.append_checkpoint("r-2", {}).seq == 1


def test_deleting_a_review_removes_its_checkpoints(store: StorageBackend) -> None:
    store.save("review", "r-1", STATE)
    store.append_checkpoint("r-1", {"n": 1})
    store.append_checkpoint("r-2", {"n": 1})
    assert store.delete("review", "r-1") is True
    assert store.checkpoints("r-1") == []
    assert store.latest_checkpoint("r-1") is None
    assert store.latest_checkpoint("r-2") is not None
    assert store.append_checkpoint("r-1", {"n": 2}).seq == 1


def test_cleanup_removes_only_what_expired(store: StorageBackend, clock: Any) -> None:
    store.save("review", "old", {})
    store.save("conversation", "old-chat", {})
    store.append_checkpoint("old", {"n": 1})
    clock.advance(days=10)
    store.save("review", "new", {})
    store.append_checkpoint("old", {"n": 2})
    assert store.cleanup_expired(5, "conversation") == 1
    assert store.cleanup_expired(5) == 2  # the old review and its first checkpoint
    assert [info.id for info in store.list_records("review")] == ["new"]
    assert [info.seq for info in store.checkpoints("old")] == [2]
    assert store.cleanup_expired(5) == 0
    assert store.cleanup_expired(0, "checkpoint", now=clock.now + timedelta(seconds=1)) == 1
    assert store.list_records("review") != []


def test_cleanup_checks_its_arguments(store: StorageBackend) -> None:
    with pytest.raises(InputError, match="days"):
        store.cleanup_expired(-1)
    with pytest.raises(InputError, match="unknown record kind"):
        store.cleanup_expired(1, "everything")  # type: ignore[arg-type]


def _fill(store: StorageBackend) -> None:
    store.save("review", "r-1", STATE)
    store.save("conversation", "c-1", {"messages": [{"role": "user", "content": "304不锈钢"}]})
    store.append_checkpoint("r-1", {"n": 1})
    store.append_checkpoint("r-1", {"n": 2})


@pytest.mark.parametrize("target_backend", BACKENDS)
def test_export_then_import_into_an_empty_store_copies_everything(
    store: StorageBackend,
    tmp_path: Path,
    target_backend: str,
    open_store: Callable[..., StorageBackend],
) -> None:
    _fill(store)
    export = tmp_path / "export.jsonl"
    assert store.export_records(export) == 4
    with open_store(target_backend) as target:
        report = target.import_records(export)
        assert report == ImportReport(added=4)
        assert report.total == 4
        assert list(target.dump()) == list(store.dump())
        assert target.import_records(export) == ImportReport(kept=4)


def test_import_keeps_newer_data_unless_asked(store: StorageBackend, clock: Any) -> None:
    store.save("review", "r-1", {"v": "old"})
    store.append_checkpoint("r-1", {"n": 1})
    stream = io.StringIO()
    store.export_records(stream)
    clock.advance(hours=1)
    store.save("review", "r-1", {"v": "new"})
    stream.seek(0)
    assert store.import_records(stream) == ImportReport(kept=2)
    assert store.load("review", "r-1").data == {"v": "new"}  # type: ignore[union-attr]
    stream.seek(0)
    assert store.import_records(stream, overwrite=True) == ImportReport(replaced=2)
    assert store.load("review", "r-1").data == {"v": "old"}  # type: ignore[union-attr]


def test_import_replaces_older_data(store: StorageBackend, clock: Any) -> None:
    store.save("review", "r-1", {"v": "old"})
    clock.advance(hours=1)
    newer = store.save("review", "r-1", {"v": "new"})
    stream = io.StringIO()
    store.export_records(stream)
    store.restore(
        newer.model_copy(update={"data": {"v": "older"}, "updated_at": newer.created_at}),
        overwrite=True,
    )
    stream.seek(0)
    assert store.import_records(stream) == ImportReport(replaced=1)
    assert store.load("review", "r-1") == newer


def test_import_refuses_a_newer_format_and_imports_nothing(store: StorageBackend) -> None:
    lines = (
        '{"kind":"review","id":"a","created_at":"2024-01-01T00:00:00Z",'
        '"updated_at":"2024-01-01T00:00:00Z","schema_version":1,"data":{}}\n'
        '{"kind":"review","id":"b","created_at":"2024-01-01T00:00:00Z",'
        '"updated_at":"2024-01-01T00:00:00Z","schema_version":99,"data":{}}\n'
    )
    source = io.StringIO(lines)
    with pytest.raises(InputError, match=r"line 2 .*newer contract-review.*Nothing was imported"):
        store.import_records(source)
    assert store.list_records("review") == []


@pytest.mark.parametrize(
    ("line", "complaint"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"kind": "memo", "id": "a"}', "its kind is 'memo'"),
        (
            '{"kind": "review", "id": "../a", "created_at": "2024-01-01T00:00:00Z", '
            '"updated_at": "2024-01-01T00:00:00Z", "data": {}}',
            "invalid record id",
        ),
        ('{"kind": "review", "id": "a", "data": {}}', "created_at"),
    ],
)
def test_import_names_the_bad_line(
    store: StorageBackend, tmp_path: Path, line: str, complaint: str
) -> None:
    source = tmp_path / "bad.jsonl"
    source.write_text("\n" + line + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=rf"bad\.jsonl line 2 .*{complaint}"):
        store.import_records(source)


def test_context_manager_closes_and_close_is_idempotent(store: StorageBackend) -> None:
    with store as same:
        assert same is store
        store.save("review", "r-1", {})
    store.close()
    assert repr(store).startswith(type(store).__name__)


def test_a_store_reopened_sees_what_was_saved(
    backend_name: str, tmp_path: Path, open_store: Callable[..., StorageBackend]
) -> None:
    folder = tmp_path / "again"
    folder.mkdir()
    with open_store(backend_name, folder) as first:
        first.save("review", "r-1", STATE)
        first.append_checkpoint("r-1", {"n": 1})
    with open_store(backend_name, folder) as second:
        assert second.load("review", "r-1").data == STATE  # type: ignore[union-attr]
        assert second.latest_checkpoint("r-1").seq == 1  # type: ignore[union-attr]
        assert second.check() == []
