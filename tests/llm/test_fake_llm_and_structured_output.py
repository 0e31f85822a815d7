"""The scripted LLM the engine tests use, and asking for JSON that fits a model."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from contract_review.errors import LLMError
from contract_review.llm import (
    ChatMessage,
    ChatResponse,
    JSONReplyError,
    LLMClient,
    chat_for_model,
    json_instruction,
)
from contract_review.skills.tool_calls import ToolCall
from contract_review.skills.tool_definitions import FunctionDefinition, ToolDefinition
from contract_review.testing.fake_llm import ScriptedLLM, ScriptExhaustedError

TOOL = ToolDefinition(
    function=FunctionDefinition(name="get_law", description="Read a law.", parameters={})
)


class Plan(BaseModel):
    depth: str
    clause_ids: list[str]


def test_scripted_llm_answers_in_order_and_records() -> None:
    llm = ScriptedLLM(
        [
            ScriptedLLM.tool_call("get_law", {"article": "585"}, call_id="c1"),
            "Final answer.",
            LLMError("throttled", provider="scripted", status=429),
        ]
    )
    assert isinstance(llm, LLMClient) and llm.remaining == 3
    first = llm.chat([ChatMessage.user("审查第14条")], tools=[TOOL], temperature=0.0)
    assert first.tool_calls == (ToolCall(id="c1", name="get_law", arguments={"article": "585"}),)
    assert first.finish_reason == "tool_calls" and first.wants_tools
    second = llm.chat([ChatMessage.user("继续")], response_format="json_object")
    assert second == ChatResponse(
        content="Final answer.", finish_reason="stop", model="scripted-model"
    )
    with pytest.raises(LLMError, match="throttled"):
        llm.chat([ChatMessage.user("again")])
    assert [call.last_user_text for call in llm.calls] == ["审查第14条", "继续", "again"]
    assert llm.calls[0].tool_names == ["get_law"] and llm.calls[0].temperature == 0.0
    assert llm.calls[1].response_format == "json_object" and llm.calls[1].tools == ()
    with pytest.raises(ScriptExhaustedError, match="called 4 time"):
        llm.chat([ChatMessage.user("one more")])


def test_scripted_llm_helpers() -> None:
    llm = ScriptedLLM(remote=True, model="qwen-test")
    llm.add(ScriptedLLM.tool_calls(("a", {}), ("b", {"x": 1})))
    reply = llm.chat([ChatMessage.system("s")])
    assert [(c.id, c.name) for c in reply.tool_calls] == [("call_0", "a"), ("call_1", "b")]
    assert llm.info.remote is True and llm.info.model == "qwen-test"
    assert "remaining=0" in repr(llm)


def test_chat_for_model_reads_fenced_json() -> None:
    llm = ScriptedLLM(['```json\n{"depth": "deep", "clause_ids": ["14.7"]}\n```'])
    prompt = [ChatMessage.system(json_instruction(Plan)), ChatMessage.user("Plan the review.")]
    assert chat_for_model(llm, prompt, Plan) == Plan(depth="deep", clause_ids=["14.7"])
    [call] = llm.calls
    assert call.response_format == "json_object" and call.temperature == 0.0
    assert '"clause_ids"' in (call.messages[0].content or "")


def test_chat_for_model_asks_again_with_the_problem() -> None:
    llm = ScriptedLLM(['{"depth": "deep"}', '{"depth": "quick", "clause_ids": []}'])
    plan = chat_for_model(llm, [ChatMessage.user("Plan.")], Plan, json_mode=False)
    assert plan == Plan(depth="quick", clause_ids=[])
    retry = llm.calls[1]
    assert retry.response_format is None
    assert [m.role for m in retry.messages] == ["user", "assistant", "user"]
    assert retry.messages[1].content == '{"depth": "deep"}'
    assert "clause_ids: Field required" in retry.last_user_text


def test_chat_for_model_gives_up_naming_the_model() -> None:
    llm = ScriptedLLM(["I would rather not.", "Still no."], model="qwen-test")
    with pytest.raises(JSONReplyError) as raised:
        chat_for_model(llm, [ChatMessage.user("Plan.")], Plan)
    message = str(raised.value)
    assert "qwen-test" in message and "2 replies, none usable" in message
    assert "Still no." in message and raised.value.model == "qwen-test"
    no_repair = ScriptedLLM(["nope"])
    with pytest.raises(JSONReplyError, match="holds no JSON"):
        chat_for_model(no_repair, [ChatMessage.user("Plan.")], Plan, repair_attempts=0)
    assert len(no_repair.calls) == 1
