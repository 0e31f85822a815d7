"""Parse the tool calls out of an LLM response (seed SPEC-19 ``parse_tool_calls``).

Accepted shapes:

* an OpenAI chat-completions response — ``choices[0].message.tool_calls``;
* a Dashscope response — ``output.choices[0].message`` (or ``output.text``);
* a bare assistant message — ``tool_calls`` (``function.arguments`` a JSON string or
  an object) or the legacy ``function_call``;
* plain text (or a message whose ``content`` is text) holding a JSON object, optionally
  in a ```` ```json ```` fence, of the form ``{"name"|"tool": ..., "arguments"|"args"|
  "parameters": {...}}``, or a list of those.

No tool call gives ``[]``. A tool call whose arguments are not valid JSON, or not a
JSON object, raises :class:`ToolCallParseError` naming the tool and the problem.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from pydantic import BaseModel, Field

from ..errors import InputError

_NAME_KEYS = ("name", "tool")
_ARGUMENT_KEYS = ("arguments", "args", "parameters")
_FENCE_RE = re.compile(r"```[ \t]*([A-Za-z0-9_-]*)[ \t]*\r?\n?(.*?)```", re.DOTALL)


class ToolCallParseError(InputError):
    """An LLM response holds a tool call that cannot be used (bad or non-object arguments,
    no tool name)."""


class ToolCall(BaseModel):
    """One call of one tool, as an LLM asked for it."""

    id: str = Field(description="The call id from the response, or 'call_<n>' when absent.")
    name: str = Field(description="The tool (skill id) called.")
    arguments: dict[str, Any] = Field(default_factory=dict)


def parse_tool_calls(response: Mapping[str, Any] | str) -> list[ToolCall]:
    """The tool calls in ``response``, in order; ``[]`` when it holds none.

    :param response: A chat-completions or Dashscope response, an assistant message,
        or the text an LLM answered with.
    :raises ToolCallParseError: when a tool call has malformed or non-object arguments
        or no name.
    """
    if isinstance(response, str):
        raw = _calls_in_text(response)
    elif isinstance(response, Mapping):
        raw = _calls_in_response(response)
    else:
        raise ToolCallParseError(
            f"an LLM response must be a mapping or text, got {type(response).__name__}"
        )
    return [_tool_call(index, entry) for index, entry in enumerate(raw)]


# ---------------------------------------------------------------------- shapes


class _RawCall(NamedTuple):
    """A tool call located in a response, before its arguments are decoded."""

    name: object
    arguments: object
    call_id: object = None


def _calls_in_response(response: Mapping[str, Any]) -> list[_RawCall]:
    choices = response.get("choices")
    if isinstance(choices, Sequence) and not isinstance(choices, str):
        return _calls_in_choices(choices)
    output = response.get("output")
    if isinstance(output, Mapping):  # Dashscope
        output_choices = output.get("choices")
        if isinstance(output_choices, Sequence) and not isinstance(output_choices, str):
            return _calls_in_choices(output_choices)
        text = output.get("text")
        return _calls_in_text(text) if isinstance(text, str) else []
    message = response.get("message")
    if isinstance(message, Mapping):  # a single choice
        return _calls_in_message(message)
    return _calls_in_message(response)


def _calls_in_choices(choices: Sequence[Any]) -> list[_RawCall]:
    if not choices:
        return []
    first = choices[0]
    if not isinstance(first, Mapping):
        return []
    message = first.get("message")
    if not isinstance(message, Mapping):
        message = first.get("delta")
    return _calls_in_message(message) if isinstance(message, Mapping) else []


def _calls_in_message(message: Mapping[str, Any]) -> list[_RawCall]:
    tool_calls = message.get("tool_calls")
    if isinstance(tool_calls, Sequence) and not isinstance(tool_calls, str) and tool_calls:
        return [_raw_from_tool_call(index, entry) for index, entry in enumerate(tool_calls)]
    function_call = message.get("function_call")
    if isinstance(function_call, Mapping):
        return [_RawCall(function_call.get("name"), function_call.get("arguments"))]
    if _looks_like_call(message):  # a text-form call given as a dict
        return [_raw_from_object(message)]
    content = message.get("content")
    text = _content_text(content)
    return _calls_in_text(text) if text else []


def _raw_from_tool_call(index: int, entry: object) -> _RawCall:
    if not isinstance(entry, Mapping):
        raise ToolCallParseError(
            f"tool call {index} is a {type(entry).__name__}, not an object with a 'function'"
        )
    function = entry.get("function")
    if not isinstance(function, Mapping):
        if _looks_like_call(entry):
            return _raw_from_object(entry)
        raise ToolCallParseError(f"tool call {index} has no 'function' object")
    return _RawCall(function.get("name"), function.get("arguments"), entry.get("id"))


def _content_text(content: object) -> str:
    """Text of a message ``content``: a string, or a list of text parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):
        parts = []
        for part in content:
            if isinstance(part, Mapping) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, str):
                parts.append(part)
        return "\n".join(parts)
    return ""


def _looks_like_call(value: Mapping[str, Any]) -> bool:
    """A text-form call: a string name and an arguments key (or nothing else but an id)."""
    name_key = next((key for key in _NAME_KEYS if isinstance(value.get(key), str)), None)
    if name_key is None:
        return False
    if any(key in value for key in _ARGUMENT_KEYS):
        return True
    return set(value) <= {name_key, "id", "type"}


def _raw_from_object(value: Mapping[str, Any]) -> _RawCall:
    name = next(value[key] for key in _NAME_KEYS if isinstance(value.get(key), str))
    arguments = next((value[key] for key in _ARGUMENT_KEYS if key in value), None)
    return _RawCall(name, arguments, value.get("id"))


# ---------------------------------------------------------------------- text


def _calls_in_text(text: str) -> list[_RawCall]:
    """Tool calls written as JSON in text: fenced blocks first, then the whole text,
    then the first JSON value embedded in prose."""
    for candidate in _json_candidates(text):
        calls = _calls_in_json(candidate)
        if calls is not None:
            return calls
    return []


def _json_candidates(text: str) -> list[Any]:
    values: list[Any] = []
    for match in _FENCE_RE.finditer(text):
        language = match.group(1).lower()
        if language and language not in ("json", "json5", "javascript", "js"):
            continue
        try:
            values.append(json.loads(match.group(2)))
        except ValueError:
            continue
    if values:
        return values
    stripped = text.strip()
    if not stripped:
        return []
    try:
        return [json.loads(stripped)]
    except ValueError:
        pass
    decoder = json.JSONDecoder()
    for match in re.finditer(r"[\[{]", stripped):
        try:
            value, _ = decoder.raw_decode(stripped, match.start())
        except ValueError:
            continue
        values.append(value)
        break
    return values


def _calls_in_json(value: Any) -> list[_RawCall] | None:
    """The calls a decoded JSON value holds, or None when it is not a tool call."""
    if isinstance(value, Mapping):
        if _looks_like_call(value):
            return [_raw_from_object(value)]
        if "tool_calls" in value or "function_call" in value:
            return _calls_in_message(value)
        return None
    if isinstance(value, list) and value:
        if all(isinstance(item, Mapping) and _looks_like_call(item) for item in value):
            return [_raw_from_object(item) for item in value]
        if all(isinstance(item, Mapping) and "function" in item for item in value):
            return [_raw_from_tool_call(index, item) for index, item in enumerate(value)]
    return None


# ---------------------------------------------------------------------- decoding


def _tool_call(index: int, raw: _RawCall) -> ToolCall:
    if not isinstance(raw.name, str) or not raw.name.strip():
        raise ToolCallParseError(f"tool call {index} has no tool name")
    name = raw.name.strip()
    arguments = _decode_arguments(name, raw.arguments)
    call_id = raw.call_id if isinstance(raw.call_id, str) and raw.call_id else f"call_{index}"
    return ToolCall(id=call_id, name=name, arguments=arguments)


def _decode_arguments(name: str, arguments: object) -> dict[str, Any]:
    if arguments is None:
        return {}
    if isinstance(arguments, str):
        if not arguments.strip():
            return {}
        try:
            arguments = json.loads(arguments)
        except ValueError as exc:
            raise ToolCallParseError(
                f"the arguments of tool call {name!r} are not valid JSON: {exc}"
            ) from None
    if not isinstance(arguments, Mapping):
        raise ToolCallParseError(
            f"the arguments of tool call {name!r} must be a JSON object, "
            f"got {type(arguments).__name__}"
        )
    return dict(arguments)
