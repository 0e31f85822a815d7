"""A scripted LLM client for tests: no network, answers from a queue, records every call.

Use it wherever a test needs an LLM at the seam (the planner, the ReAct worker)::

    from contract_review.errors import LLMError
    from contract_review.llm import LLMClient
    from contract_review.testing.fake_llm import ScriptedLLM

    llm = ScriptedLLM(
        responses=[
            ScriptedLLM.tool_call("search_reference_doc", {"query": "delay damages"}),
            "Clause 8.7 caps delay damages at 10 %.",   # text becomes a reply
            LLMError("throttled"),                      # exceptions are raised
        ]
    )
    assert isinstance(llm, LLMClient)
    ...
    assert llm.calls[0].tools  # what the model was offered
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from ..llm.client_types import ChatMessage, ChatResponse, LLMInfo, ResponseFormat, ToolSpec
from ..llm.wire_format import tools_to_wire
from ..skills.tool_calls import ToolCall

#: What a script entry may be: a reply, the text of a reply, or an exception to raise.
ScriptEntry = ChatResponse | str | BaseException


class ScriptExhaustedError(AssertionError):
    """The code under test asked the scripted LLM more often than the test expected."""


@attrs.frozen
class RecordedCall:
    """One ``chat`` call as the scripted LLM received it."""

    messages: tuple[ChatMessage, ...]
    tools: tuple[dict[str, Any], ...]
    temperature: float | None
    response_format: ResponseFormat | None
    max_tokens: int | None

    @property
    def tool_names(self) -> list[str]:
        """The names of the tools offered."""
        return [str(tool.get("function", {}).get("name")) for tool in self.tools]

    @property
    def last_user_text(self) -> str:
        """The text of the last user message ("" when there is none)."""
        for message in reversed(self.messages):
            if message.role == "user":
                return message.content or ""
        return ""


class ScriptedLLM:
    """An :class:`~contract_review.llm.client_types.LLMClient` answering from a script.

    :param responses: Replies in order: a :class:`ChatResponse`, text (a reply with that
        content and ``finish_reason="stop"``), or an exception to raise.
    :param model: The model name ``info`` reports.
    :param remote: What ``info.remote`` says (to test the CLI's notice).
    """

    def __init__(
        self,
        responses: Iterable[ScriptEntry] = (),
        *,
        model: str = "scripted-model",
        remote: bool = False,
        name: str = "scripted",
    ) -> None:
        self._script: list[ScriptEntry] = list(responses)
        self.calls: list[RecordedCall] = []
        self._info = LLMInfo(name=name, provider="scripted test double", model=model, remote=remote)

    @property
    def info(self) -> LLMInfo:
        """What this client is."""
        return self._info

    @property
    def remaining(self) -> int:
        """Script entries not yet used."""
        return len(self._script)

    def add(self, *responses: ScriptEntry) -> None:
        """Append entries to the script."""
        self._script.extend(responses)

    def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        tools: Sequence[ToolSpec] | None = None,
        temperature: float | None = None,
        response_format: ResponseFormat | None = None,
        max_tokens: int | None = None,
    ) -> ChatResponse:
        """Record the call and answer with the next script entry.

        :raises ScriptExhaustedError: when the script is used up.
        """
        self.calls.append(
            RecordedCall(
                messages=tuple(messages),
                tools=tuple(tools_to_wire(tools or ())),
                temperature=temperature,
                response_format=response_format,
                max_tokens=max_tokens,
            )
        )
        if not self._script:
            raise ScriptExhaustedError(
                f"ScriptedLLM was called {len(self.calls)} time(s) but scripted for "
                f"{len(self.calls) - 1}; last user message: {self.calls[-1].last_user_text!r}"
            )
        entry = self._script.pop(0)
        if isinstance(entry, BaseException):
            raise entry
        if isinstance(entry, str):
            return ChatResponse(content=entry, finish_reason="stop", model=self._info.model)
        return entry

    @staticmethod
    def tool_call(
        name: str, arguments: Mapping[str, Any] | None = None, *, call_id: str | None = None
    ) -> ChatResponse:
        """A reply asking for one tool call."""
        call = ToolCall(id=call_id or f"call_{name}", name=name, arguments=dict(arguments or {}))
        return ChatResponse(tool_calls=(call,), finish_reason="tool_calls")

    @staticmethod
    def tool_calls(*calls: tuple[str, Mapping[str, Any]]) -> ChatResponse:
        """A reply asking for several tool calls at once, ``(name, arguments)`` each."""
        return ChatResponse(
            tool_calls=tuple(
                ToolCall(id=f"call_{index}", name=name, arguments=dict(arguments))
                for index, (name, arguments) in enumerate(calls)
            ),
            finish_reason="tool_calls",
        )

    def __repr__(self) -> str:
        return f"ScriptedLLM(calls={len(self.calls)}, remaining={self.remaining})"


__all__ = ["RecordedCall", "ScriptEntry", "ScriptExhaustedError", "ScriptedLLM"]
