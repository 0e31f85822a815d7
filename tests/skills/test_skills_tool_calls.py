"""Parsing tool calls out of OpenAI, Dashscope and plain-text LLM responses."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.errors import InputError
from contract_review.skills.tool_calls import ToolCall, ToolCallParseError, parse_tool_calls


def openai_response(message: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
    }


def test_openai_chat_completion() -> None:
    response = openai_response(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_abc",
                    "type": "function",
                    "function": {
                        "name": "get_clause_context",
                        "arguments": '{"clause_id": "4.1"}',
                    },
                },
                {
                    "id": "call_def",
                    "type": "function",
                    "function": {"name": "resolve_definition", "arguments": ""},
                },
            ],
        }
    )
    assert parse_tool_calls(response) == [
        ToolCall(id="call_abc", name="get_clause_context", arguments={"clause_id": "4.1"}),
        ToolCall(id="call_def", name="resolve_definition", arguments={}),
    ]


def test_bare_message_with_dict_arguments_and_missing_ids() -> None:
    message = {
        "role": "assistant",
        "tool_calls": [
            {"function": {"name": "a", "arguments": {"x": 1}}},
            {"function": {"name": "b", "arguments": {"y": [1, 2]}}},
        ],
    }
    assert parse_tool_calls(message) == [
        ToolCall(id="call_0", name="a", arguments={"x": 1}),
        ToolCall(id="call_1", name="b", arguments={"y": [1, 2]}),
    ]


def test_legacy_function_call() -> None:
    message = {
        "role": "assistant",
        "content": None,
        "function_call": {"name": "compare_with_baseline", "arguments": '{"clause_id": "17.6"}'},
    }
    assert parse_tool_calls(openai_response(message)) == [
        ToolCall(id="call_0", name="compare_with_baseline", arguments={"clause_id": "17.6"})
    ]


def test_dashscope_response() -> None:
    response = {
        "status_code": 200,
        "request_id": "r-1",
        "output": {
            "choices": [
                {
                    "finish_reason": "tool_calls",
                    "message": {
                        "role": "assistant",
                        "content": "",
                        "tool_calls": [
                            {
                                "id": "call_9",
                                "type": "function",
                                "function": {
                                    "name": "extract_financial_terms",
                                    "arguments": '{"clause_id": "第十四条"}',
                                },
                            }
                        ],
                    },
                }
            ]
        },
    }
    assert parse_tool_calls(response) == [
        ToolCall(id="call_9", name="extract_financial_terms", arguments={"clause_id": "第十四条"})
    ]


def test_dashscope_text_output() -> None:
    response = {"output": {"text": '{"tool": "get_clause_context", "args": {"clause_id": "1"}}'}}
    assert parse_tool_calls(response) == [
        ToolCall(id="call_0", name="get_clause_context", arguments={"clause_id": "1"})
    ]


@pytest.mark.parametrize(
    "text",
    [
        '{"name": "get_clause_context", "arguments": {"clause_id": "4.1"}}',
        'I will look at the clause.\n```json\n{"tool": "get_clause_context", '
        '"parameters": {"clause_id": "4.1"}}\n```',
        'Calling: {"name": "get_clause_context", "args": {"clause_id": "4.1"}} now.',
        '```\n{"name": "get_clause_context", "arguments": "{\\"clause_id\\": \\"4.1\\"}"}\n```',
    ],
)
def test_text_with_a_json_tool_call(text: str) -> None:
    assert parse_tool_calls(text) == [
        ToolCall(id="call_0", name="get_clause_context", arguments={"clause_id": "4.1"})
    ]


def test_text_with_a_list_of_calls_in_message_content() -> None:
    content = json.dumps(
        [
            {"name": "a", "arguments": {"n": 1}},
            {"id": "mine", "tool": "b", "args": {}},
        ]
    )
    message = {"role": "assistant", "content": [{"type": "text", "text": content}]}
    assert parse_tool_calls(message) == [
        ToolCall(id="call_0", name="a", arguments={"n": 1}),
        ToolCall(id="mine", name="b", arguments={}),
    ]


@pytest.mark.parametrize(
    "response",
    [
        "",
        "The clause is fine; no tools needed.",
        '{"risk_level": "high", "summary": "uncapped liability"}',
        '{"name": "Contract Price", "risk": "low"}',  # a final answer, not a call
        "```json\n{not json}\n```",
        openai_response({"role": "assistant", "content": "All done."}),
        openai_response({"role": "assistant", "content": None, "tool_calls": []}),
        {"choices": []},
        {"output": {"choices": []}},
    ],
)
def test_no_tool_call(response: Any) -> None:
    assert parse_tool_calls(response) == []


@pytest.mark.parametrize(
    ("response", "fragment"),
    [
        (
            {"tool_calls": [{"function": {"name": "a", "arguments": "{bad json"}}]},
            "the arguments of tool call 'a' are not valid JSON",
        ),
        (
            {"tool_calls": [{"function": {"name": "a", "arguments": "[1, 2]"}}]},
            "the arguments of tool call 'a' must be a JSON object, got list",
        ),
        (
            '{"name": "b", "arguments": 5}',
            "the arguments of tool call 'b' must be a JSON object, got int",
        ),
        ({"tool_calls": [{"function": {"arguments": "{}"}}]}, "tool call 0 has no tool name"),
        ({"tool_calls": ["nonsense"]}, "tool call 0 is a str"),
    ],
)
def test_malformed_tool_calls_raise(response: Any, fragment: str) -> None:
    with pytest.raises(ToolCallParseError) as raised:
        parse_tool_calls(response)
    assert fragment in str(raised.value)
    assert isinstance(raised.value, InputError)


# ---------------------------------------------------------------------- round trip

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10)
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=10,
)
tool_names = st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True)
call_ids = st.from_regex(r"call_[A-Za-z0-9]{1,12}", fullmatch=True)


@st.composite
def tool_call_lists(draw: st.DrawFn) -> list[ToolCall]:
    count = draw(st.integers(1, 3))
    ids = draw(st.lists(call_ids, min_size=count, max_size=count, unique=True))
    return [
        ToolCall(
            id=ids[i],
            name=draw(tool_names),
            arguments=draw(st.dictionaries(st.text(max_size=8), json_values, max_size=4)),
        )
        for i in range(count)
    ]


def _openai_message(calls: list[ToolCall], *, string_args: bool) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": call.id,
                "type": "function",
                "function": {
                    "name": call.name,
                    "arguments": json.dumps(call.arguments) if string_args else call.arguments,
                },
            }
            for call in calls
        ],
    }


def _text_objects(calls: list[ToolCall]) -> list[dict[str, Any]]:
    return [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in calls]


FORMATS: dict[str, Callable[[list[ToolCall]], Any]] = {
    "openai_response": lambda calls: openai_response(_openai_message(calls, string_args=True)),
    "bare_message_string_args": lambda calls: _openai_message(calls, string_args=True),
    "bare_message_dict_args": lambda calls: _openai_message(calls, string_args=False),
    "dashscope": lambda calls: {
        "output": {"choices": [{"message": _openai_message(calls, string_args=True)}]}
    },
    "text_json": lambda calls: json.dumps(
        _text_objects(calls) if len(calls) > 1 else _text_objects(calls)[0], ensure_ascii=False
    ),
    "text_fenced": lambda calls: (
        "Let me check.\n```json\n" + json.dumps(_text_objects(calls), indent=2) + "\n```\n"
    ),
    "message_text_content": lambda calls: {
        "role": "assistant",
        "content": json.dumps(_text_objects(calls)),
    },
}


@settings(deadline=None, max_examples=60)
@given(calls=tool_call_lists(), format_name=st.sampled_from(sorted(FORMATS)))
def test_tool_calls_round_trip_through_every_format(
    calls: list[ToolCall], format_name: str
) -> None:
    assert parse_tool_calls(FORMATS[format_name](calls)) == calls


@settings(deadline=None, max_examples=40)
@given(calls=tool_call_lists())
def test_legacy_function_call_round_trip(calls: list[ToolCall]) -> None:
    call = calls[0]
    message = {"function_call": {"name": call.name, "arguments": json.dumps(call.arguments)}}
    assert parse_tool_calls(message) == [call.model_copy(update={"id": "call_0"})]
