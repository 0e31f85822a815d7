"""The ``dashscope`` client: at the SDK seam (``dashscope.Generation.call`` replaced) and
on the wire, against a local stub of Dashscope's HTTP API."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from contract_review.config import Settings
from contract_review.errors import ConfigError, LLMError, MissingExtraError
from contract_review.llm import ChatMessage, LLMClient, dashscope_client
from contract_review.llm.dashscope_client import GENERATION_PATH, DashscopeLLM
from contract_review.skills.tool_calls import ToolCall
from contract_review.skills.tool_definitions import FunctionDefinition, ToolDefinition
from contract_review.testing.llm_stub_server import StubReply, StubServer, wire_tool_call

KEY = "sk-dashscope-test-not-real"
HAS_SDK = importlib.util.find_spec("dashscope") is not None
needs_sdk = pytest.mark.skipif(not HAS_SDK, reason="the dashscope extra is not installed")

TOOL = ToolDefinition(
    function=FunctionDefinition(
        name="get_law",
        description="Read an article of a law.",
        parameters={"type": "object", "properties": {"article": {"type": "string"}}},
    )
)
PROMPT = [ChatMessage.system("你是合同审查助手。"), ChatMessage.user("违约金条款是否过高？")]


def _generation(message: dict[str, Any], finish_reason: str = "stop") -> dict[str, Any]:
    """A Dashscope text-generation response body (result_format="message")."""
    return {
        "output": {"choices": [{"finish_reason": finish_reason, "message": message}]},
        "usage": {"input_tokens": 20, "output_tokens": 5, "total_tokens": 25},
        "request_id": "stub-request",
    }


def _client(sleeps: list[float], **options: Any) -> DashscopeLLM:
    return DashscopeLLM(KEY, sleep=sleeps.append, backoff_s=0.01, **options)


# --- at the SDK seam


@dataclass
class FakeGeneration:
    """Stands in for ``dashscope.Generation.call``; answers from a script."""

    script: list[Any] = field(default_factory=list)
    calls: list[dict[str, Any]] = field(default_factory=list)

    def __call__(self, **kwargs: Any) -> Any:
        self.calls.append(kwargs)
        answer = self.script.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer


def _sdk_ok(text: str) -> SimpleNamespace:
    body = _generation({"role": "assistant", "content": text})
    return SimpleNamespace(
        status_code=200, output=body["output"], usage=body["usage"], headers={}, code="", message=""
    )


def _sdk_failure(status: int, code: str, message: str, **headers: str) -> SimpleNamespace:
    return SimpleNamespace(
        status_code=status, output=None, code=code, message=message, request_id="r", headers=headers
    )


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> FakeGeneration:
    if not HAS_SDK:
        pytest.skip("the dashscope extra is not installed")
    import dashscope

    generation = FakeGeneration()
    monkeypatch.setattr(dashscope.Generation, "call", staticmethod(generation))
    return generation


def test_call_arguments(fake: FakeGeneration, sleeps: list[float]) -> None:
    fake.script = [_sdk_ok("偏高。")]
    client = _client(sleeps, model="qwen-max", base_url="https://example.invalid/api/v1/")
    assert isinstance(client, LLMClient)
    response = client.chat(PROMPT, tools=[TOOL], temperature=0.1, response_format="json_object")
    [call] = fake.calls
    assert call["model"] == "qwen-max" and call["api_key"] == KEY
    assert call["result_format"] == "message" and call["temperature"] == 0.1
    assert call["messages"][1] == {"role": "user", "content": "违约金条款是否过高？"}
    assert call["tools"] == [TOOL.wire()]
    assert call["response_format"] == {"type": "json_object"}
    assert call["base_address"] == "https://example.invalid/api/v1"
    assert response.content == "偏高。" and response.usage is not None
    assert (response.usage.prompt_tokens, response.usage.completion_tokens) == (20, 5)


def test_seam_timeout_and_network_errors(fake: FakeGeneration, sleeps: list[float]) -> None:
    import requests

    fake.script = [requests.exceptions.ConnectionError("reset"), _sdk_ok("ok")]
    assert _client(sleeps).chat(PROMPT).content == "ok"
    assert len(sleeps) == 1
    fake.script = [requests.exceptions.ReadTimeout("read timed out")] * 2
    with pytest.raises(LLMError, match="could not be reached") as raised:
        _client(sleeps, max_retries=1, timeout_s=5).chat(PROMPT)
    assert "no answer within 5 s" in str(raised.value)


def test_seam_unusable_answers(fake: FakeGeneration, sleeps: list[float]) -> None:
    import requests

    fake.script = [requests.exceptions.JSONDecodeError("Expecting value", "<html>", 0)]
    with pytest.raises(LLMError, match="not JSON"):
        _client(sleeps).chat(PROMPT)
    fake.script = [ValueError("messages must not be empty")]
    with pytest.raises(LLMError, match="SDK failed: ValueError"):
        _client(sleeps).chat(PROMPT)
    fake.script = [SimpleNamespace(status_code=200, output={}, usage=None, headers={})]
    with pytest.raises(LLMError, match="without a reply"):
        _client(sleeps).chat(PROMPT)
    assert sleeps == []


def test_seam_retry_after_and_content_inspection(fake: FakeGeneration, sleeps: list[float]) -> None:
    fake.script = [
        _sdk_failure(429, "Throttling", "slow down", **{"Retry-After": "3"}),
        _sdk_ok(""),
    ]
    _client(sleeps).chat(PROMPT)
    assert sleeps == [3.0]
    fake.script = [_sdk_failure(400, "DataInspectionFailed", "Input data may contain ...")]
    with pytest.raises(LLMError, match="content inspection"):
        _client(sleeps).chat(PROMPT)


def test_missing_sdk_is_a_missing_extra(
    monkeypatch: pytest.MonkeyPatch, sleeps: list[float], settings: Callable[..., Settings]
) -> None:
    monkeypatch.setitem(sys.modules, "dashscope", None)
    with pytest.raises(MissingExtraError, match=r"contract-review\[dashscope\]"):
        _client(sleeps).chat(PROMPT)
    with pytest.raises(MissingExtraError):
        dashscope_client.build(settings(dashscope_api_key=KEY), None)


# --- build()


@needs_sdk
def test_build(settings: Callable[..., Settings]) -> None:
    with pytest.raises(ConfigError, match="DASHSCOPE_API_KEY"):
        dashscope_client.build(settings(), None)
    built = dashscope_client.build(
        settings(
            dashscope_api_key=KEY, dashscope_base_url="https://dashscope-intl.aliyuncs.com/api/v1"
        ),
        None,
    )
    assert (built.model, built.base_url) == (
        "qwen-plus",
        "https://dashscope-intl.aliyuncs.com/api/v1",
    )
    assert built.info.remote is True and built.info.name == "dashscope"
    assert KEY not in repr(built)
    assert dashscope_client.build(
        settings(dashscope_api_key=KEY, llm_model="qwen-max"), None
    ).model == ("qwen-max")
    with pytest.raises(ConfigError, match="embedding model"):
        dashscope_client.build(settings(dashscope_api_key=KEY), "text-embedding-v3")


# --- on the wire


@pytest.fixture
def sdk_at_stub(stub: StubServer, monkeypatch: pytest.MonkeyPatch) -> StubServer:
    """The SDK's global base URL pointed at the stub (NOTES.md: read at call time)."""
    if not HAS_SDK:
        pytest.skip("the dashscope extra is not installed")
    import dashscope

    monkeypatch.setattr(dashscope, "base_http_api_url", stub.url("/api/v1"))
    return stub


@needs_sdk
def test_wire_request_and_tool_calls(sdk_at_stub: StubServer, sleeps: list[float]) -> None:
    stub = sdk_at_stub
    calls = [wire_tool_call("call_1", "get_law", {"article": "民法典第五百八十五条"})]
    stub.script = [
        StubReply(
            200,
            _generation({"role": "assistant", "content": "", "tool_calls": calls}, "tool_calls"),
        )
    ]
    client = _client(sleeps)
    assert client.endpoint == stub.url("/api/v1") + GENERATION_PATH
    response = client.chat(PROMPT, tools=[TOOL])
    [request] = stub.requests
    assert request.path == "/api/v1" + GENERATION_PATH
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.body["model"] == "qwen-plus"
    assert request.body["input"]["messages"][0] == {
        "role": "system",
        "content": "你是合同审查助手。",
    }
    assert request.body["parameters"]["result_format"] == "message"
    assert request.body["parameters"]["tools"][0]["function"]["name"] == "get_law"
    assert response.finish_reason == "tool_calls"
    assert response.tool_calls == (
        ToolCall(id="call_1", name="get_law", arguments={"article": "民法典第五百八十五条"}),
    )


@needs_sdk
def test_wire_base_url_per_request(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [StubReply(200, _generation({"role": "assistant", "content": "好"}))]
    import dashscope

    before = dashscope.base_http_api_url
    assert _client(sleeps, base_url=stub.url("/api/v1")).chat(PROMPT).content == "好"
    assert stub.requests[0].path == "/api/v1" + GENERATION_PATH
    assert dashscope.base_http_api_url == before  # no global state changed


@needs_sdk
def test_wire_throttled_then_ok(sdk_at_stub: StubServer, sleeps: list[float]) -> None:
    stub = sdk_at_stub
    stub.script = [
        StubReply(429, {"code": "Throttling.RateQuota", "message": "Requests rate limit exceeded"}),
        StubReply(200, _generation({"role": "assistant", "content": "OK"})),
    ]
    assert _client(sleeps).chat(PROMPT).content == "OK"
    assert stub.hits == 2 and sleeps == [0.01]


@needs_sdk
def test_wire_server_errors_until_max_retries(sdk_at_stub: StubServer, sleeps: list[float]) -> None:
    stub = sdk_at_stub
    stub.script = [StubReply(500, {"code": "InternalError", "message": "internal error"})] * 3
    with pytest.raises(LLMError) as raised:
        _client(sleeps, max_retries=2).chat(PROMPT)
    message = str(raised.value)
    assert stub.hits == 3 and "HTTP 500" in message and "InternalError" in message
    assert "Dashscope (model qwen-plus)" in message and raised.value.status == 500


@needs_sdk
def test_wire_invalid_key(sdk_at_stub: StubServer, sleeps: list[float]) -> None:
    stub = sdk_at_stub
    stub.script = [
        StubReply(
            401,
            {"code": "InvalidApiKey", "message": "Invalid API-key provided.", "request_id": "x"},
        )
    ]
    with pytest.raises(LLMError) as raised:
        _client(sleeps).chat(PROMPT)
    message = str(raised.value)
    assert stub.hits == 1 and sleeps == []
    assert (
        "401" in message and "InvalidApiKey" in message and "Invalid API-key provided." in message
    )
    assert "DASHSCOPE_API_KEY" in message and KEY not in message
