"""``contract-review serve``: its mistakes are one clear line (exit 2), before any server
starts."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from contract_review.cli.main import cli

pytest.importorskip("fastapi", reason="the HTTP service needs the 'server' extra")


def _serve(*args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["serve", *args], env=env)
    return result.exit_code, result.output


def test_a_missing_law_index_folder_is_named(tmp_path: Path) -> None:
    code, output = _serve("--law-index", str(tmp_path / "nowhere"))
    assert code == 2
    assert "no such folder" in output and "contract-review law index" in output
    assert "Traceback" not in output


def test_a_folder_that_is_no_law_index_is_named(tmp_path: Path) -> None:
    code, output = _serve("--law-index", str(tmp_path))
    assert code == 2
    assert "is not a law index" in output


def test_an_open_address_without_keys_does_not_start(tmp_path: Path) -> None:
    env = {"CONTRACT_REVIEW_DATA_DIR": str(tmp_path), "CONTRACT_REVIEW_API_KEYS": ""}
    code, output = _serve("--host", "0.0.0.0", "--port", "1", env=env)
    assert code == 2
    assert "requires API keys" in output and "CONTRACT_REVIEW_API_KEYS" in output


def test_help_names_the_defaults() -> None:
    code, output = _serve("--help")
    assert code == 0
    assert "127.0.0.1" in output and "8000" in output and "--law-index" in output
