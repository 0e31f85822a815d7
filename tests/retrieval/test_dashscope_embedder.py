# ruff: noqa: E402  (dashscope is imported through importorskip first)
"""The Dashscope embedder, tested two ways and never over the internet:

* at the SDK seam, with ``dashscope.TextEmbedding.call`` replaced by a fake returning
  response objects (batching, order, retries, errors);
* on the wire, with the real SDK talking to a stub HTTP server on 127.0.0.1 that
  answers as Dashscope does (URL, JSON body, headers, error bodies).
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

dashscope = pytest.importorskip(
    "dashscope", reason="the dashscope extra is not installed (pip install '.[dashscope]')"
)
import requests  # installed with dashscope

from contract_review.config import Settings
from contract_review.errors import ConfigError, EmbeddingError, MissingExtraError
from contract_review.retrieval.embedders import dashscope_embedder
from contract_review.retrieval.embedders.dashscope_embedder import (
    EMBEDDING_PATH,
    DashscopeEmbedder,
    max_batch_size,
)
from contract_review.testing.llm_stub_server import (
    RecordedRequest,
    StubReply,
    StubServer,
)

KEY = "sk-test-not-a-real-key"


def _vector(text: str) -> list[float]:
    """A deterministic fake embedding: the text's number, then a constant."""
    return [float(text.removeprefix("t")) + 1.0, 1.0, 0.0, 0.5]


def _expected(texts: list[str]) -> np.ndarray:
    rows = np.array([_vector(t) for t in texts], dtype=np.float32)
    normalised: np.ndarray = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    return normalised


def _ok(batch: list[str]) -> SimpleNamespace:
    embeddings = [{"text_index": i, "embedding": _vector(t)} for i, t in enumerate(batch)]
    return SimpleNamespace(
        status_code=200,
        output={"embeddings": embeddings[::-1]},  # out of order on purpose
        code="",
        message="",
        request_id="req-1",
        headers={},
    )


def _failure(status: int, code: str, message: str, **headers: str) -> SimpleNamespace:
    return SimpleNamespace(
        status_code=status,
        output=None,
        code=code,
        message=message,
        request_id="req-2",
        headers=headers,
    )


@dataclass
class FakeCall:
    """Stands in for ``dashscope.TextEmbedding.call``; answers from a script."""

    script: list[Any] = field(default_factory=list)  # responses or exceptions, then OK
    calls: list[dict[str, Any]] = field(default_factory=list)

    def __call__(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        if self.script:
            answer = self.script.pop(0)
            if isinstance(answer, BaseException):
                raise answer
            return answer
        return _ok(list(kwargs["input"]))


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeCall:
    fake_call = FakeCall()
    monkeypatch.setattr(dashscope.TextEmbedding, "call", staticmethod(fake_call))
    return fake_call


def _embedder(sleeps: list[float], **options: Any) -> DashscopeEmbedder:
    return DashscopeEmbedder(KEY, sleep=sleeps.append, **options)


# --- at the SDK seam


def test_batches_of_ten_in_order_with_text_type(fake: FakeCall, sleeps: list[float]) -> None:
    texts = [f"t{i}" for i in range(23)]
    vectors = _embedder(sleeps).embed(texts, kind="query")
    assert [len(call["input"]) for call in fake.calls] == [10, 10, 3]
    assert all(call["text_type"] == "query" for call in fake.calls)
    assert all(
        call["api_key"] == KEY and call["model"] == "text-embedding-v3" for call in fake.calls
    )
    assert "dimension" not in fake.calls[0] and "base_address" not in fake.calls[0]
    assert vectors.dtype == np.float32 and vectors.shape == (23, 4)
    np.testing.assert_allclose(vectors, _expected(texts), rtol=1e-6)
    assert sleeps == []


def test_batch_size_follows_the_model(fake: FakeCall, sleeps: list[float]) -> None:
    assert max_batch_size("text-embedding-v2") == 25
    assert max_batch_size("text-embedding-v4") == 10
    _embedder(sleeps, model="text-embedding-v2").embed([f"t{i}" for i in range(23)])
    assert [len(call["input"]) for call in fake.calls] == [23]
    assert _embedder(sleeps, batch_size=50).batch_size == 10
    assert _embedder(sleeps, batch_size=4).batch_size == 4


def test_document_kind_dimension_and_base_url(fake: FakeCall, sleeps: list[float]) -> None:
    before = dashscope.base_http_api_url
    embedder = _embedder(sleeps, dimension=512, base_url="https://example.invalid/api/v1/")
    embedder.embed(["t1"])
    assert fake.calls[0]["text_type"] == "document"
    assert fake.calls[0]["dimension"] == 512
    assert fake.calls[0]["base_address"] == "https://example.invalid/api/v1"
    assert dashscope.base_http_api_url == before  # no global state changed
    assert embedder.endpoint == "https://example.invalid/api/v1" + EMBEDDING_PATH
    assert embedder.info.dimension == 512


def test_blank_texts_are_not_sent(fake: FakeCall, sleeps: list[float]) -> None:
    vectors = _embedder(sleeps).embed(["t1", "  ", "t2", ""])
    assert [call["input"] for call in fake.calls] == [["t1", "t2"]]
    np.testing.assert_allclose(vectors[[0, 2]], _expected(["t1", "t2"]), rtol=1e-6)
    assert not vectors[1].any() and not vectors[3].any()
    assert _embedder(sleeps).embed([]).shape == (0, 1024)
    assert _embedder(sleeps).embed(["", " "]).shape == (2, 1024)
    assert len(fake.calls) == 1


def test_429_is_retried_with_backoff_then_succeeds(fake: FakeCall, sleeps: list[float]) -> None:
    fake.script = [
        _failure(429, "Throttling.RateQuota", "Requests rate limit exceeded"),
        _failure(429, "Throttling.RateQuota", "Requests rate limit exceeded"),
    ]
    vectors = _embedder(sleeps, backoff_s=0.5).embed(["t1", "t2"])
    assert len(fake.calls) == 3
    assert sleeps == [0.5, 1.0]
    np.testing.assert_allclose(vectors, _expected(["t1", "t2"]), rtol=1e-6)


def test_retry_after_is_honoured(fake: FakeCall, sleeps: list[float]) -> None:
    fake.script = [_failure(429, "Throttling", "slow down", **{"Retry-After": "3"})]
    _embedder(sleeps, backoff_s=0.5).embed(["t1"])
    assert sleeps == [3.0]


def test_500_is_retried_then_reported(fake: FakeCall, sleeps: list[float]) -> None:
    fake.script = [_failure(500, "InternalError", "An internal error has occured")] * 3
    with pytest.raises(EmbeddingError) as raised:
        _embedder(sleeps, max_retries=2).embed(["t1"])
    message = str(raised.value)
    assert "Dashscope" in message and "text-embedding-v3" in message
    assert "500" in message and "InternalError" in message and "internal error" in message
    assert len(fake.calls) == 3 and sleeps == [1.0, 2.0]


def test_401_is_not_retried_and_names_the_key_setting(fake: FakeCall, sleeps: list[float]) -> None:
    fake.script = [_failure(401, "InvalidApiKey", "Invalid API-key provided.")]
    with pytest.raises(EmbeddingError) as raised:
        _embedder(sleeps).embed(["t1"])
    message = str(raised.value)
    assert "401" in message and "InvalidApiKey" in message
    assert "API key was refused" in message and "DASHSCOPE_API_KEY" in message
    assert KEY not in message
    assert len(fake.calls) == 1 and sleeps == []


def test_400_is_not_retried(fake: FakeCall, sleeps: list[float]) -> None:
    fake.script = [
        _failure(400, "DataInspectionFailed", "Input data may contain inappropriate content.")
    ]
    with pytest.raises(EmbeddingError, match="content inspection"):
        _embedder(sleeps).embed(["t1"])
    assert len(fake.calls) == 1


def test_network_errors_are_retried_then_name_the_endpoint(
    fake: FakeCall, sleeps: list[float]
) -> None:
    fake.script = [requests.exceptions.ConnectionError("connection refused")]
    np.testing.assert_allclose(_embedder(sleeps).embed(["t1"]), _expected(["t1"]), rtol=1e-6)
    assert sleeps == [1.0]
    fake.script = [requests.exceptions.Timeout("read timed out")] * 2
    with pytest.raises(EmbeddingError) as raised:
        _embedder(sleeps, max_retries=1, base_url="https://dash.example/api/v1").embed(["t1"])
    assert "https://dash.example/api/v1" + EMBEDDING_PATH in str(raised.value)
    assert "could not be reached" in str(raised.value)


def test_malformed_answers_are_reported(fake: FakeCall, sleeps: list[float]) -> None:
    short = _ok(["t1"])
    fake.script = [short]
    with pytest.raises(EmbeddingError, match="1 embedding"):
        _embedder(sleeps).embed(["t1", "t2"])
    fake.script = [SimpleNamespace(status_code=200, output=None, headers={})]
    with pytest.raises(EmbeddingError, match="without usable embeddings"):
        _embedder(sleeps).embed(["t1"])


def test_info_and_repr_hide_the_key(sleeps: list[float]) -> None:
    embedder = _embedder(sleeps, model="text-embedding-v4")
    info = embedder.info
    assert (info.name, info.model, info.provider) == ("dashscope", "text-embedding-v4", "dashscope")
    assert info.remote is True and info.sparse is False and info.dimension == 1024
    assert info.search_method == "dashscope_embedding"
    assert KEY not in repr(embedder)


def test_missing_sdk_is_a_missing_extra(
    monkeypatch: pytest.MonkeyPatch, sleeps: list[float]
) -> None:
    monkeypatch.setitem(sys.modules, "dashscope", None)
    with pytest.raises(MissingExtraError, match=r"contract-review\[dashscope\]"):
        _embedder(sleeps).embed(["t1"])


# --- build()


def test_build_needs_a_key(settings: Callable[..., Settings]) -> None:
    with pytest.raises(ConfigError) as raised:
        dashscope_embedder.build(settings(), None)
    message = str(raised.value)
    assert "API key" in message and "DASHSCOPE_API_KEY" in message
    assert "usem3" in message and "char-ngram" in message


def test_build_reads_key_model_and_base_url(settings: Callable[..., Settings]) -> None:
    built = dashscope_embedder.build(
        settings(
            dashscope_api_key=KEY, dashscope_base_url="https://dashscope-intl.aliyuncs.com/api/v1"
        ),
        None,
    )
    assert built.api_key == KEY and built.model == "text-embedding-v3"
    assert built.base_url == "https://dashscope-intl.aliyuncs.com/api/v1"
    assert dashscope_embedder.build(settings(dashscope_api_key=KEY), "text-embedding-v4").model == (
        "text-embedding-v4"
    )
    with pytest.raises(ConfigError, match="qwen-plus"):
        dashscope_embedder.build(settings(dashscope_api_key=KEY), "qwen-plus")


def test_build_without_the_sdk(
    settings: Callable[..., Settings], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "dashscope", None)
    with pytest.raises(MissingExtraError):
        dashscope_embedder.build(settings(dashscope_api_key=KEY), None)


# --- on the wire, against a stub of the Dashscope HTTP API


BASE_PATH = "/api/v1"


def _embeddings(request: RecordedRequest) -> StubReply:
    """Dashscope's answer to an embedding request: one vector per text, out of order."""
    texts = request.body["input"]["texts"]
    return StubReply(
        200,
        {
            "output": {
                "embeddings": [
                    {"text_index": i, "embedding": _vector(t)}
                    for i, t in reversed(list(enumerate(texts)))
                ]
            },
            "usage": {"total_tokens": sum(len(t) for t in texts)},
            "request_id": "stub-request",
        },
    )


@pytest.fixture
def stub(stub: StubServer) -> StubServer:
    """The shared stub server, answering embedding requests like Dashscope."""
    stub.default = _embeddings
    return stub


def test_wire_format(stub: StubServer, sleeps: list[float]) -> None:
    texts = [f"t{i}" for i in range(12)]
    embedder = _embedder(sleeps, base_url=stub.url(BASE_PATH), dimension=4)
    vectors = embedder.embed(texts, kind="query")
    np.testing.assert_allclose(vectors, _expected(texts), rtol=1e-6)
    assert len(stub.requests) == 2
    first = stub.requests[0]
    assert first.path == "/api/v1/services/embeddings/text-embedding/text-embedding"
    assert first.headers["authorization"] == f"Bearer {KEY}"
    assert first.body["model"] == "text-embedding-v3"
    assert first.body["input"]["texts"] == texts[:10]
    assert first.body["parameters"]["text_type"] == "query"
    assert first.body["parameters"]["dimension"] == 4
    assert stub.requests[1].body["input"]["texts"] == texts[10:]


def test_wire_invalid_key(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [
        StubReply(
            401,
            {"code": "InvalidApiKey", "message": "Invalid API-key provided.", "request_id": "x"},
        )
    ]
    with pytest.raises(EmbeddingError) as raised:
        _embedder(sleeps, base_url=stub.url(BASE_PATH)).embed(["t1"])
    message = str(raised.value)
    assert "InvalidApiKey" in message and "Invalid API-key provided." in message
    assert "401" in message and "DASHSCOPE_API_KEY" in message
    assert len(stub.requests) == 1


def test_wire_throttled_then_ok(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [
        StubReply(
            429,
            {
                "code": "Throttling.RateQuota",
                "message": "Requests rate limit exceeded",
                "request_id": "x",
            },
        )
    ]
    vectors = _embedder(sleeps, base_url=stub.url(BASE_PATH)).embed(["t3", "t4"], kind="document")
    np.testing.assert_allclose(vectors, _expected(["t3", "t4"]), rtol=1e-6)
    assert len(stub.requests) == 2 and sleeps == [1.0]
    assert stub.requests[1].body["parameters"]["text_type"] == "document"


def test_wire_unreachable_endpoint(monkeypatch: pytest.MonkeyPatch, sleeps: list[float]) -> None:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base_url = f"http://127.0.0.1:{port}/api/v1"
    with pytest.raises(EmbeddingError) as raised:
        _embedder(sleeps, base_url=base_url, max_retries=1).embed(["t1"])
    assert base_url + EMBEDDING_PATH in str(raised.value)
    assert sleeps == [1.0]
