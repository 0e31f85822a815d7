"""The OpenAI chat-completions wire format, which Dashscope's ``result_format="message"``
shares: messages and tools to JSON-ready dicts, an answered message back to a
:class:`~contract_review.llm.client_types.ChatResponse`.

Only the structured ``tool_calls`` (or legacy ``function_call``) field of a reply is
read as tool calls. A model without function calling that writes a call as JSON text
leaves it in ``content``; :func:`contract_review.skills.tool_calls.parse_tool_calls`
reads that form.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..http_json import body_preview, service_error_message
from ..skills.tool_calls import ToolCall, ToolCallParseError, parse_tool_calls
from ..skills.tool_definitions import ToolDefinition
from .client_types import ChatMessage, ChatResponse, InvalidToolCall, TokenUsage, ToolSpec


def message_to_wire(message: ChatMessage) -> dict[str, Any]:
    """One message as the chat-completions API takes it."""
    wire: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.role == "assistant" and message.tool_calls:
        wire["tool_calls"] = [tool_call_to_wire(call) for call in message.tool_calls]
    if message.role == "tool":
        wire["content"] = message.content or ""
        if message.tool_call_id is not None:
            wire["tool_call_id"] = message.tool_call_id
        if message.name is not None:
            wire["name"] = message.name
    elif wire["content"] is None and message.role != "assistant":
        wire["content"] = ""
    return wire


def tool_call_to_wire(call: ToolCall) -> dict[str, Any]:
    """A tool call as an assistant message carries it (arguments as a JSON string)."""
    return {
        "id": call.id,
        "type": "function",
        "function": {
            "name": call.name,
            "arguments": json.dumps(call.arguments, ensure_ascii=False),
        },
    }


def messages_to_wire(messages: Sequence[ChatMessage]) -> list[dict[str, Any]]:
    """Every message, in order."""
    return [message_to_wire(message) for message in messages]


def tools_to_wire(tools: Sequence[ToolSpec]) -> list[dict[str, Any]]:
    """Tool definitions (or their dicts) as the ``tools`` request field."""
    wire: list[dict[str, Any]] = []
    for tool in tools:
        if isinstance(tool, ToolDefinition):
            wire.append(tool.wire())
        else:
            wire.append(dict(tool))
    return wire


def request_options(
    *,
    tools: Sequence[ToolSpec] | None,
    temperature: float | None,
    max_tokens: int | None,
    response_format: str | Mapping[str, Any] | None,
) -> dict[str, Any]:
    """The optional fields of a chat request as both wires spell them: ``tools``,
    ``temperature``, ``max_tokens`` and ``response_format`` (``"json_object"`` →
    ``{"type": "json_object"}``); fields left at None are left out."""
    options: dict[str, Any] = {}
    if tools:
        options["tools"] = tools_to_wire(tools)
    if temperature is not None:
        options["temperature"] = temperature
    if max_tokens is not None:
        options["max_tokens"] = max_tokens
    if response_format is not None:
        options["response_format"] = (
            {"type": response_format} if isinstance(response_format, str) else dict(response_format)
        )
    return options


def response_from_wire(
    message: Mapping[str, Any],
    *,
    finish_reason: object = None,
    usage: object = None,
    model: object = None,
) -> ChatResponse:
    """A chat response from the answered ``message`` (``choices[0].message``).

    Each tool call is decoded on its own: one with unusable arguments becomes an
    :class:`~contract_review.llm.client_types.InvalidToolCall`, the others still run.
    """
    calls: list[ToolCall] = []
    invalid: list[InvalidToolCall] = []
    for index, entry in enumerate(_raw_tool_calls(message)):
        call_id = _call_id(entry, index)
        try:
            [call] = parse_tool_calls({"tool_calls": [entry]})
        except (ToolCallParseError, ValueError) as exc:
            invalid.append(_invalid(entry, call_id, str(exc)))
            continue
        calls.append(call.model_copy(update={"id": call_id}))
    return ChatResponse(
        content=_content_text(message.get("content")),
        tool_calls=tuple(calls),
        invalid_tool_calls=tuple(invalid),
        finish_reason=finish_reason if isinstance(finish_reason, str) and finish_reason else None,
        usage=usage_from_wire(usage),
        model=model if isinstance(model, str) and model else None,
    )


def usage_from_wire(usage: object) -> TokenUsage | None:
    """Token counts in OpenAI (``prompt_tokens``) or Dashscope (``input_tokens``) terms."""
    if not isinstance(usage, Mapping):
        return None

    def count(*keys: str) -> int | None:
        for key in keys:
            value = usage.get(key)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
        return None

    return TokenUsage(
        prompt_tokens=count("prompt_tokens", "input_tokens"),
        completion_tokens=count("completion_tokens", "output_tokens"),
        total_tokens=count("total_tokens"),
    )


def _raw_tool_calls(message: Mapping[str, Any]) -> list[Any]:
    tool_calls = message.get("tool_calls")
    if isinstance(tool_calls, Sequence) and not isinstance(tool_calls, str):
        return list(tool_calls)
    function_call = message.get("function_call")
    if isinstance(function_call, Mapping):
        return [{"type": "function", "function": dict(function_call)}]
    return []


def _call_id(entry: object, index: int) -> str:
    if isinstance(entry, Mapping):
        value = entry.get("id")
        if isinstance(value, str) and value:
            return value
    return f"call_{index}"


def _invalid(entry: object, call_id: str, error: str) -> InvalidToolCall:
    function = entry.get("function") if isinstance(entry, Mapping) else None
    name = function.get("name") if isinstance(function, Mapping) else None
    arguments = function.get("arguments") if isinstance(function, Mapping) else None
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments, ensure_ascii=False, default=str)
    return InvalidToolCall(
        id=call_id,
        name=name if isinstance(name, str) and name else None,
        arguments=arguments,
        error=error,
    )


def _content_text(content: object) -> str | None:
    """The text of a ``content`` field: a string, or a list of text parts."""
    if content is None or isinstance(content, str):
        return content
    if isinstance(content, Sequence):
        parts = [
            part["text"] if isinstance(part, Mapping) else part
            for part in content
            if isinstance(part, str)
            or (isinstance(part, Mapping) and isinstance(part.get("text"), str))
        ]
        return "\n".join(parts)
    return str(content)


__all__ = [
    "body_preview",
    "message_to_wire",
    "messages_to_wire",
    "request_options",
    "response_from_wire",
    "service_error_message",
    "tool_call_to_wire",
    "tools_to_wire",
    "usage_from_wire",
]
