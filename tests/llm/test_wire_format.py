"""Messages, tools and replies in the chat-completions format."""

from __future__ import annotations

from contract_review.llm import ChatMessage
from contract_review.llm.wire_format import (
    message_to_wire,
    response_from_wire,
    service_error_message,
    tools_to_wire,
    usage_from_wire,
)
from contract_review.skills.tool_calls import ToolCall


def test_messages() -> None:
    call = ToolCall(id="c1", name="get_law", arguments={"article": "第五百八十五条"})
    assert message_to_wire(ChatMessage.user("hi")) == {"role": "user", "content": "hi"}
    assert message_to_wire(ChatMessage(role="system")) == {"role": "system", "content": ""}
    assert message_to_wire(ChatMessage.assistant(None, [call])) == {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "get_law", "arguments": '{"article": "第五百八十五条"}'},
            }
        ],
    }
    assert message_to_wire(ChatMessage.tool_result(call, "text")) == {
        "role": "tool",
        "content": "text",
        "tool_call_id": "c1",
        "name": "get_law",
    }


def test_tools_accept_dicts() -> None:
    tool = {"type": "function", "function": {"name": "x", "description": "", "parameters": {}}}
    assert tools_to_wire([tool]) == [tool]


def test_replies() -> None:
    parts = response_from_wire({"content": [{"type": "text", "text": "a"}, "b"]})
    assert parts.content == "a\nb" and parts.finish_reason is None and parts.usage is None
    legacy = response_from_wire(
        {"content": None, "function_call": {"name": "f", "arguments": "{}"}}
    )
    assert legacy.tool_calls == (ToolCall(id="call_0", name="f", arguments={}),)
    broken = response_from_wire(
        {
            "tool_calls": [
                {"function": {"name": "", "arguments": "{}"}},
                {"id": "x", "function": {"name": "g", "arguments": [1, 2]}},
                {"id": "y", "function": {"name": "h", "arguments": {"k": 1}}},
            ]
        }
    )
    assert [(i.id, i.name) for i in broken.invalid_tool_calls] == [("call_0", None), ("x", "g")]
    assert broken.invalid_tool_calls[1].arguments == "[1, 2]"
    assert "must be a JSON object" in broken.invalid_tool_calls[1].error
    assert broken.tool_calls == (ToolCall(id="y", name="h", arguments={"k": 1}),)
    assert broken.wants_tools and broken.as_message().tool_calls == broken.tool_calls
    text_call = response_from_wire({"content": '{"name": "get_law", "arguments": {}}'})
    assert text_call.tool_calls == () and text_call.text.startswith("{")


def test_usage_both_styles() -> None:
    openai = usage_from_wire({"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5})
    dashscope = usage_from_wire({"input_tokens": 3, "output_tokens": 2, "total_tokens": 5})
    assert openai == dashscope and openai is not None and openai.prompt_tokens == 3
    assert usage_from_wire(None) is None


def test_service_error_messages() -> None:
    assert service_error_message(b'{"error": {"message": "m", "code": "c"}}') == "c: m"
    assert service_error_message(b'{"error": "model not found"}') == "model not found"
    assert service_error_message(b'{"code": "Throttling", "message": "slow"}') == "Throttling: slow"
    assert service_error_message(b"") == "(empty body)"
    assert service_error_message(b"x" * 1000).endswith("…")
