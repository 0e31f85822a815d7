"""Settings: environment variables, seed aliases, TOML file, clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from contract_review.config import load_settings
from contract_review.errors import ConfigError


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("USE_ORCHESTRATOR", "CONTRACT_REVIEW_USE_ORCHESTRATOR", "CONTRACT_REVIEW_CONFIG"):
        monkeypatch.delenv(name, raising=False)


def test_defaults_need_no_environment() -> None:
    settings = load_settings()
    assert settings.use_orchestrator is False
    assert settings.load_plugins is None
    assert settings.dashscope_api_key is None or isinstance(settings.dashscope_api_key, str)


@pytest.mark.parametrize("name", ["USE_ORCHESTRATOR", "CONTRACT_REVIEW_USE_ORCHESTRATOR"])
def test_seed_alias_and_prefixed_name(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    monkeypatch.setenv(name, "true")
    assert load_settings().use_orchestrator is True


def test_plugin_lists_are_comma_separated(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_LOAD_PLUGINS", "fidic, generic")
    monkeypatch.setenv("CONTRACT_REVIEW_DISABLE_PLUGINS", "sha_spa")
    settings = load_settings()
    assert settings.load_plugins == ["fidic", "generic"]
    assert settings.disable_plugins == ["sha_spa"]


def test_toml_file_in_working_directory(tmp_path: Path) -> None:
    (tmp_path / "contract-review.toml").write_text(
        "use_orchestrator = true\nskill_timeout_s = 5\n", encoding="utf-8"
    )
    settings = load_settings()
    assert settings.use_orchestrator is True
    assert settings.skill_timeout_s == 5


def test_environment_beats_toml(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "contract-review.toml").write_text("skill_timeout_s = 5\n", encoding="utf-8")
    monkeypatch.setenv("CONTRACT_REVIEW_SKILL_TIMEOUT_S", "7")
    assert load_settings().skill_timeout_s == 7


def test_invalid_value_names_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_SKILL_TIMEOUT_S", "soon")
    with pytest.raises(ConfigError, match="skill_timeout_s"):
        load_settings()


def test_missing_explicit_config_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_CONFIG", str(tmp_path / "absent.toml"))
    with pytest.raises(ConfigError, match=r"absent\.toml"):
        load_settings()


def test_malformed_toml_is_a_config_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("use_orchestrator = = true\n", encoding="utf-8")
    monkeypatch.setenv("CONTRACT_REVIEW_CONFIG", str(path))
    with pytest.raises(ConfigError, match=r"broken\.toml"):
        load_settings()
