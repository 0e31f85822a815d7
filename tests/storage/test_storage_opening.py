"""Opening the store the settings name."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from contract_review.config import load_settings
from contract_review.errors import ConfigError
from contract_review.storage import JsonStorage, SqliteStorage, default_storage_path, open_storage


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith("CONTRACT_REVIEW_") and name != "CONTRACT_REVIEW_CACHE_DIR":
            monkeypatch.delenv(name)
    monkeypatch.setenv("CONTRACT_REVIEW_DATA_DIR", str(tmp_path / "data"))


def test_default_is_sqlite_in_the_data_dir(tmp_path: Path) -> None:
    settings = load_settings()
    assert settings.storage_backend == "sqlite"
    assert settings.auto_save_interval_s == 300
    assert default_storage_path(settings) == tmp_path / "data" / "reviews.sqlite3"
    with open_storage(settings) as store:
        assert isinstance(store, SqliteStorage)
        assert store.location.is_file()


def test_json_backend_and_path_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_STORAGE_BACKEND", "json")
    assert default_storage_path(load_settings()) == tmp_path / "data" / "store"
    monkeypatch.setenv("CONTRACT_REVIEW_STORAGE_PATH", str(tmp_path / "elsewhere"))
    with open_storage() as store:
        assert isinstance(store, JsonStorage)
        assert store.location == tmp_path / "elsewhere"
        assert (tmp_path / "elsewhere" / "store.json").is_file()


def test_unknown_backend_is_a_config_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_STORAGE_BACKEND", "postgres")
    with pytest.raises(ConfigError, match="storage_backend"):
        load_settings()
