"""One damaged review record does not disable the rest: ``review --list`` lists the
others and names the damaged one on stderr; the service starts, resumes what it should
and lists the others; both backends leave the damaged record out with a warning."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from contract_review.cli.context import CliState
from contract_review.cli.main import cli
from contract_review.service.app import create_app
from contract_review.storage.backend import StorageBackend
from contract_review.storage.json_backend import JsonStorage
from contract_review.storage.readable import readable_records
from contract_review.storage.sqlite_backend import SqliteStorage

from .conftest import SettingsFactory

GOOD = {"status": "complete", "domain_id": "generic"}


def _damage_sqlite(path: Path, record_id: str) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE records SET data = '{broken' WHERE id = ?", (record_id,))
    conn.close()


def _damage_json(store: JsonStorage, record_id: str) -> None:
    [path] = [p for p in Path(store.location).rglob(f"*{record_id}*") if p.is_file()]
    path.write_text("{broken", encoding="utf-8")


def _store_with_a_damaged_record(folder: Path, backend: str) -> StorageBackend:
    """A store in ``folder`` (as the settings' default paths name it) holding 'rv-good'
    and 'rv-bad', whose stored data no longer reads; still open."""
    store: StorageBackend
    if backend == "sqlite":
        store = SqliteStorage(folder / "reviews.sqlite3")
    else:
        store = JsonStorage(folder / "store")
    store.save("review", "rv-good", GOOD)
    store.save("review", "rv-bad", GOOD)
    if isinstance(store, SqliteStorage):
        _damage_sqlite(folder / "reviews.sqlite3", "rv-bad")
    else:
        _damage_json(store, "rv-bad")
    return store


@pytest.mark.parametrize("backend", ["sqlite", "json"])
def test_a_damaged_record_is_left_out_with_a_warning_naming_it(
    tmp_path: Path, backend: str, caplog: pytest.LogCaptureFixture
) -> None:
    with _store_with_a_damaged_record(tmp_path, backend) as store:
        warnings: list[str] = []
        with caplog.at_level(logging.WARNING):
            ids = [r.id for r in readable_records(store, "review", warn=warnings.append)]
    assert "rv-good" in ids and "rv-bad" not in ids
    if backend == "sqlite":  # the JSON backend already leaves it out of its listing
        assert len(warnings) == 1 and "rv-bad" in warnings[0] and "\n" not in warnings[0]


def test_review_list_names_the_damaged_record_and_lists_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(data))
    monkeypatch.setenv("CONTRACT_REVIEW_LLM_PROVIDER", "none")
    data.mkdir()
    with SqliteStorage(data / "reviews.sqlite3") as store:
        store.save("review", "rv-good", GOOD)
        store.save("review", "rv-bad", GOOD)
    _damage_sqlite(data / "reviews.sqlite3", "rv-bad")
    result = CliRunner().invoke(cli, ["review", "--list"], obj=CliState())
    assert result.exit_code == 0, result.output
    assert "rv-good  complete" in result.stdout and "rv-bad" not in result.stdout
    assert "rv-bad" in result.stderr and "Traceback" not in result.output


def test_the_service_starts_and_lists_the_others(make_settings: SettingsFactory) -> None:
    settings = make_settings()
    path = Path(settings.data_dir) / "reviews.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    with SqliteStorage(path) as store:
        store.save("review", "rv-good", GOOD)
        store.save("review", "rv-bad", {**GOOD, "status": "running"})
    _damage_sqlite(path, "rv-bad")
    with TestClient(
        create_app(settings), base_url="http://localhost"
    ) as client:  # start-up resumes what it can read
        response = client.get("/reviews")
    assert response.status_code == 200, response.text
    listed = [item["review_id"] for item in response.json()["data"]]
    assert listed == ["rv-good"]


@pytest.mark.parametrize("backend", ["sqlite", "json"])
def test_store_check_finds_the_damaged_record_and_moves_it_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, backend: str
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(data))
    monkeypatch.setenv("CONTRACT_REVIEW_STORAGE_BACKEND", backend)
    data.mkdir()
    _store_with_a_damaged_record(data, backend).close()

    def run(*args: str) -> str:
        result = CliRunner().invoke(cli, ["store", "check", *args], obj=CliState())
        assert result.exit_code == 0, result.output
        return result.output

    found = run()
    assert "rv-bad" in found and "rv-good" not in found
    moved = run("--move-aside")
    assert "moved aside" in moved and "rv-bad" in moved
    assert "nothing damaged" in run()
    kept = [p for p in data.rglob("*") if p.is_file() and "damaged" in str(p.relative_to(data))]
    assert len(kept) == 1 and "{broken" in kept[0].read_text(encoding="utf-8")
    listed = CliRunner().invoke(cli, ["review", "--list"], obj=CliState())
    assert listed.exit_code == 0 and "rv-good" in listed.stdout and listed.stderr == ""
