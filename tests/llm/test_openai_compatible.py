"""The ``openai`` client on the real wire, against a local stub of a chat-completions
server: request shape, replies and tool calls, retries, error messages, timeouts."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from typing import Any

import pytest

from contract_review.config import Settings
from contract_review.errors import ConfigError, LLMError
from contract_review.llm import ChatMessage, LLMClient, openai_compatible
from contract_review.llm.openai_compatible import OpenAICompatibleClient, is_local_host
from contract_review.skills.tool_calls import ToolCall
from contract_review.skills.tool_definitions import FunctionDefinition, ToolDefinition
from contract_review.testing.llm_stub_server import (
    StubReply,
    StubServer,
    chat_completion,
    wire_tool_call,
)

KEY = "sk-test-not-a-real-key-123"

SEARCH_TOOL = ToolDefinition(
    function=FunctionDefinition(
        name="search_reference_doc",
        description="Search the reference documents.",
        parameters={
            "type": "object",
            "properties": {"query": {"type": "string"}},
            "required": ["query"],
        },
    )
)

PROMPT = [
    ChatMessage.system("You review construction contracts."),
    ChatMessage.user("第14.7条 付款期限是否合理？"),
]


def _client(stub: StubServer, sleeps: list[float], **options: Any) -> OpenAICompatibleClient:
    settings: dict[str, Any] = {"api_key": KEY, "model": "qwen2.5-7b", "backoff_s": 0.01}
    settings.update(options)
    return OpenAICompatibleClient(base_url=stub.url("/v1"), sleep=sleeps.append, **settings)


def _ok(text: str = "The payment term is 56 days.") -> StubReply:
    return StubReply(200, chat_completion(text))


# --- the request and the reply


def test_request_shape_and_text_reply(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [_ok()]
    client = _client(stub, sleeps)
    response = client.chat(
        PROMPT,
        tools=[SEARCH_TOOL],
        temperature=0.2,
        response_format="json_object",
        max_tokens=500,
    )
    [request] = stub.requests
    assert request.method == "POST" and request.path == "/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {KEY}"
    assert request.headers["content-type"] == "application/json"
    body = request.body
    assert body["model"] == "qwen2.5-7b" and body["stream"] is False
    assert body["messages"] == [
        {"role": "system", "content": "You review construction contracts."},
        {"role": "user", "content": "第14.7条 付款期限是否合理？"},
    ]
    assert body["tools"] == [SEARCH_TOOL.wire()]
    assert body["tools"][0]["function"]["name"] == "search_reference_doc"
    assert body["temperature"] == 0.2 and body["max_tokens"] == 500
    assert body["response_format"] == {"type": "json_object"}
    assert response.content == "The payment term is 56 days."
    assert response.finish_reason == "stop" and response.model == "stub-model"
    assert response.usage is not None and response.usage.total_tokens == 15
    assert response.tool_calls == () and not response.wants_tools
    assert sleeps == []


def test_optional_fields_are_left_out(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [_ok()]
    _client(stub, sleeps, api_key=None).chat([ChatMessage.user("hi")])
    [request] = stub.requests
    assert "authorization" not in request.headers
    assert set(request.body) == {"model", "messages", "stream"}


def test_tool_calls_are_parsed_and_replayed(stub: StubServer, sleeps: list[float]) -> None:
    calls = [
        wire_tool_call("call_a", "search_reference_doc", {"query": "付款期限"}),
        wire_tool_call("call_b", "get_clause_context", '{"clause_id": "14.7"}'),
        wire_tool_call("call_c", "search_reference_doc", "{not json"),
    ]
    stub.script = [
        StubReply(200, chat_completion(None, tool_calls=calls, finish_reason="tool_calls")),
        _ok("Done."),
    ]
    client = _client(stub, sleeps)
    first = client.chat(PROMPT, tools=[SEARCH_TOOL])
    assert first.finish_reason == "tool_calls" and first.content is None and first.wants_tools
    assert first.tool_calls == (
        ToolCall(id="call_a", name="search_reference_doc", arguments={"query": "付款期限"}),
        ToolCall(id="call_b", name="get_clause_context", arguments={"clause_id": "14.7"}),
    )
    [invalid] = first.invalid_tool_calls
    assert (invalid.id, invalid.name, invalid.arguments) == (
        "call_c",
        "search_reference_doc",
        "{not json",
    )
    assert "not valid JSON" in invalid.error
    history = [
        *PROMPT,
        first.as_message(),
        *(ChatMessage.tool_result(call, json.dumps({"hits": []})) for call in first.tool_calls),
    ]
    assert client.chat(history, tools=[SEARCH_TOOL]).content == "Done."
    sent = stub.requests[1].body["messages"]
    assert sent[2]["role"] == "assistant" and sent[2]["content"] is None
    assert sent[2]["tool_calls"][0] == {
        "id": "call_a",
        "type": "function",
        "function": {"name": "search_reference_doc", "arguments": '{"query": "付款期限"}'},
    }
    assert sent[3] == {
        "role": "tool",
        "content": '{"hits": []}',
        "tool_call_id": "call_a",
        "name": "search_reference_doc",
    }
    assert sent[4]["tool_call_id"] == "call_b"


def test_base_url_forms(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [_ok(), _ok()]
    OpenAICompatibleClient(
        base_url=stub.url("/v1/chat/completions"), model="m", sleep=sleeps.append
    ).chat(PROMPT)
    OpenAICompatibleClient(base_url=stub.url("/compatible-mode/v1/"), model="m").chat(PROMPT)
    assert [r.path for r in stub.requests] == [
        "/v1/chat/completions",
        "/compatible-mode/v1/chat/completions",
    ]


# --- retries


def test_429_then_200_is_retried(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [
        StubReply(429, {"error": {"message": "Rate limit reached", "type": "requests"}}),
        StubReply(429, {"error": {"message": "Rate limit reached", "type": "requests"}}),
        _ok(),
    ]
    response = _client(stub, sleeps, backoff_s=0.01).chat(PROMPT)
    assert response.content == "The payment term is 56 days."
    assert stub.hits == 3
    assert sleeps == [0.01, 0.02]


def test_retry_after_is_honoured(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [StubReply(503, {"message": "overloaded"}, headers={"Retry-After": "2"}), _ok()]
    _client(stub, sleeps, backoff_s=0.01).chat(PROMPT)
    assert sleeps == [2.0] and stub.hits == 2


def test_500_until_max_retries_is_an_error(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [StubReply(500, {"object": "error", "message": "CUDA out of memory"})] * 4
    with pytest.raises(LLMError) as raised:
        _client(stub, sleeps, max_retries=2).chat(PROMPT)
    message = str(raised.value)
    assert stub.hits == 3 and len(sleeps) == 2
    assert f"127.0.0.1:{stub.port}" in message and "qwen2.5-7b" in message
    assert "HTTP 500" in message and "CUDA out of memory" in message
    assert "kept failing after 3 attempt(s)" in message
    assert raised.value.status == 500 and raised.value.model == "qwen2.5-7b"


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
    with pytest.raises(LLMError) as raised:
        _client(stub, sleeps).chat(PROMPT)
    message = str(raised.value)
    assert stub.hits == 1 and sleeps == []
    assert "HTTP 401" in message and "invalid_api_key" in message
    assert "Incorrect API key provided" in message
    assert "API key was refused" in message and "CONTRACT_REVIEW_LLM_API_KEY" in message
    assert KEY not in message and KEY not in repr(raised.value.args)


@pytest.mark.parametrize(
    ("status", "body", "expected"),
    [
        (400, {"error": {"message": "context length exceeded"}}, "context length exceeded"),
        (404, {"error": "model 'llama9' not found"}, "CONTRACT_REVIEW_LLM_BASE_URL"),
        (403, b"<html>Forbidden</html>", "No API key was sent"),
    ],
)
def test_other_refusals_are_not_retried(
    stub: StubServer, sleeps: list[float], status: int, body: Any, expected: str
) -> None:
    stub.script = [StubReply(status, body)]
    with pytest.raises(LLMError, match=expected) as raised:
        _client(stub, sleeps, api_key=None).chat(PROMPT)
    assert f"HTTP {status}" in str(raised.value)
    assert stub.hits == 1 and sleeps == []


def test_timeout_is_an_error(stub: StubServer, sleeps: list[float]) -> None:
    stub.script = [StubReply(200, chat_completion(), delay_s=1.0)] * 2
    with pytest.raises(LLMError) as raised:
        _client(stub, sleeps, timeout_s=0.2, max_retries=1).chat(PROMPT)
    message = str(raised.value)
    assert "did not answer within 0.2 s (2 attempt(s))" in message
    assert "CONTRACT_REVIEW_LLM_TIMEOUT_S" in message
    assert stub.hits == 2 and len(sleeps) == 1


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b"<html>502 Bad Gateway</html>", "not JSON"),
        (b'{"choices": []}', "no choices"),
        (b"[1, 2]", "not an object"),
        (b'{"error": {"message": "quota exhausted"}}', "quota exhausted"),
    ],
)
def test_unusable_answers_are_errors(
    stub: StubServer, sleeps: list[float], body: bytes, expected: str
) -> None:
    stub.script = [StubReply(200, body)]
    with pytest.raises(LLMError, match=expected):
        _client(stub, sleeps).chat(PROMPT)
    assert stub.hits == 1


def test_unreachable_server(monkeypatch: pytest.MonkeyPatch, sleeps: list[float]) -> None:
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = OpenAICompatibleClient(
        base_url=f"http://127.0.0.1:{port}/v1", model="m", max_retries=1, sleep=sleeps.append
    )
    with pytest.raises(LLMError) as raised:
        client.chat(PROMPT)
    assert f"could not be reached at http://127.0.0.1:{port}/v1/chat/completions" in str(
        raised.value
    )
    assert "after 2 attempt(s)" in str(raised.value) and sleeps == [1.0]


# --- what the client says about itself


def test_info_local_and_remote() -> None:
    local = OpenAICompatibleClient(base_url="http://localhost:11434/v1", model="qwen2.5")
    assert isinstance(local, LLMClient)
    assert local.info.remote is False and local.info.provider == "localhost:11434"
    assert local.info.endpoint == "http://localhost:11434/v1" and local.info.name == "openai"
    remote = OpenAICompatibleClient(
        base_url="https://user:secret@llm.example.com/v1", model="gpt-x", api_key=KEY
    )
    assert remote.info.remote is True and remote.info.provider == "llm.example.com"
    assert "secret" not in remote.endpoint and "secret" not in repr(remote)
    assert KEY not in repr(remote)
    assert is_local_host("127.0.0.2") and is_local_host("::1") and not is_local_host("10.0.0.1")


@pytest.mark.parametrize("url", ["localhost:8000/v1", "ftp://host/v1", "", "http://h:abc/v1"])
def test_invalid_base_url(url: str) -> None:
    with pytest.raises(ConfigError, match="CONTRACT_REVIEW_LLM_BASE_URL"):
        OpenAICompatibleClient(base_url=url, model="m")


# --- build()


def test_build_needs_base_url_and_model(settings: Callable[..., Settings]) -> None:
    with pytest.raises(ConfigError, match="CONTRACT_REVIEW_LLM_BASE_URL") as raised:
        openai_compatible.build(settings(), None)
    assert "Ollama" in str(raised.value)
    with pytest.raises(ConfigError, match="CONTRACT_REVIEW_LLM_MODEL"):
        openai_compatible.build(settings(llm_base_url="http://localhost:8000/v1"), None)


def test_build_reads_the_settings(settings: Callable[..., Settings]) -> None:
    built = openai_compatible.build(
        settings(llm_base_url="http://localhost:8000/v1", llm_model="qwen", llm_api_key=KEY),
        None,
    )
    assert (built.base_url, built.model, built.api_key) == ("http://localhost:8000/v1", "qwen", KEY)
    assert built.timeout_s == openai_compatible.DEFAULT_TIMEOUT_S
    assert openai_compatible.build(
        settings(llm_base_url="http://localhost:8000/v1", llm_model="qwen"), "other"
    ).model == ("other")
    compatible = openai_compatible.build(
        settings(
            llm_base_url="https://dashscope.aliyuncs.com/compatible-mode/v1",
            llm_model="qwen-plus",
            dashscope_api_key=KEY,
        ),
        None,
    )
    assert compatible.api_key == KEY and compatible.info.remote is True


def test_build_uses_the_dashscope_key_for_the_international_host(
    settings: Callable[..., Settings],
) -> None:
    built = openai_compatible.build(
        settings(
            llm_base_url="https://dashscope-intl.aliyuncs.com/compatible-mode/v1",
            llm_model="qwen-plus",
            dashscope_api_key=KEY,
        ),
        None,
    )
    assert built.api_key == KEY
    other = openai_compatible.build(
        settings(llm_base_url="https://llm.example.com/v1", llm_model="m", dashscope_api_key=KEY),
        None,
    )
    assert other.api_key is None
