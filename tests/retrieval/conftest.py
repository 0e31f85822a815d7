"""Fixtures the retrieval tests share."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from contract_review.config import Settings, load_settings


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Settings]:
    """Settings independent of the environment (no real key) and of any settings file;
    call it with overrides to get a :class:`Settings`."""
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith("CONTRACT_REVIEW_") or name.startswith("DASHSCOPE_"):
            monkeypatch.delenv(name)
    config = tmp_path / "contract-review.toml"
    config.write_text("", encoding="utf-8")
    monkeypatch.setenv("CONTRACT_REVIEW_CONFIG", str(config))

    def make(**overrides: object) -> Settings:
        return load_settings(cache_dir=tmp_path / "cache", **overrides)

    return make
