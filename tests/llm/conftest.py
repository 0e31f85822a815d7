"""Fixtures the LLM tests share: settings cut off from the environment, and a local
HTTP server that answers from a script like an LLM service would."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from contract_review.config import Settings, load_settings
from contract_review.testing.llm_stub_server import StubServer, running_stub


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Settings]:
    """Settings independent of the environment (no real key, no LLM) and of any settings
    file; call it with overrides to get a :class:`Settings`."""
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith(("CONTRACT_REVIEW_", "DASHSCOPE_", "LLM_")):
            monkeypatch.delenv(name)
    config = tmp_path / "contract-review.toml"
    config.write_text("", encoding="utf-8")
    monkeypatch.setenv("CONTRACT_REVIEW_CONFIG", str(config))

    def make(**overrides: object) -> Settings:
        return load_settings(cache_dir=tmp_path / "cache", **overrides)

    return make


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[StubServer]:
    """A running stub LLM server on 127.0.0.1; proxies are bypassed."""
    for name in (
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    with running_stub() as server:
        yield server


@pytest.fixture
def sleeps() -> list[float]:
    """Collects the waits a client asks for (passed as its ``sleep``)."""
    return []
