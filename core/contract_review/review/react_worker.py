"""The ReAct worker (seed SPEC-20): an LLM analyses one clause, choosing skills as tools.

The model sees the clause (:func:`~contract_review.review.react_prompts.user_prompt`) and
the skills' tool definitions. Each reply's tool calls are run in order through
``run_tool`` and every result goes back as a tool message — the output as JSON, cut to
``result_chars`` — until the model answers with its findings as JSON. Nothing a tool
does ends the loop: an unknown tool, arguments that are not a JSON object, invalid
arguments, a skill that fails and an exception raised by ``run_tool`` all become an
error tool message the model can act on.

``max_iterations`` counts the LLM calls offered the tools. When they are used up, one
last call without tools asks for the answer (``stopped="max_iterations"``). An answer
that is not usable JSON gets one repair request (a counted call while the budget lasts,
else the last call); when that fails too the worker stops with no findings and an error
note. An LLM failure stops it with ``stopped="llm_error"`` — the engine then falls back
to the offline playbook. A model without native function calling may write a call as
JSON text (``{"name": ..., "arguments": {...}}``); it is run when it names an offered tool.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import ContractReviewError
from ..llm.client_types import ChatMessage, ChatResponse, InvalidToolCall, LLMClient
from ..llm.json_responses import JSONReplyError, parse_json_reply
from ..skills.dispatcher import SkillDispatcher
from ..skills.registration import SkillRegistration, SkillResult
from ..skills.tool_calls import ToolCall, ToolCallParseError, parse_tool_calls
from ..skills.tool_definitions import ToolDefinition, tool_definitions
from .react_findings import findings_from_drafts
from .react_models import ClauseTask, FindingsAnswer, StopReason, ToolInvocation, WorkerResult
from .react_prompts import ReactPrompts, prompts_for, truncate, user_prompt
from .skill_runs import SkillRuns
from .state import ReviewState

logger = logging.getLogger(__name__)

__all__ = [
    "SUMMARY_CHARS",
    "TOOL_RESULT_CHARS",
    "RunTool",
    "findings_from_drafts",
    "run_react",
    "tool_runner",
]

#: Most characters of one tool result sent back to the model.
TOOL_RESULT_CHARS = 8000
#: Most characters of a tool result kept in :attr:`ToolInvocation.summary`.
SUMMARY_CHARS = 200
#: The name a replayed tool call gets when the model's call named no tool.
_NAMELESS = "invalid_tool_call"

#: Runs one skill on the model's arguments (see :func:`tool_runner`).
RunTool = Callable[[SkillRegistration, Mapping[str, Any]], SkillResult]


def tool_runner(
    dispatcher: SkillDispatcher,
    state: ReviewState,
    clause_id: str,
    *,
    runs: SkillRuns | None = None,
) -> RunTool:
    """Runs a tool the way the engine does: the input built from the review state by
    the ``build_skill_input`` hook, the model's arguments over its visible fields
    (:meth:`SkillDispatcher.prepare_and_call`). With the review's ``runs``, on the
    review's event loop and once per tool and arguments for the clause."""

    def run(skill: SkillRegistration, arguments: Mapping[str, Any]) -> SkillResult:
        if runs is not None:
            return runs.prepare_and_call(
                skill.skill_id, clause_id=clause_id, state=state, arguments=arguments
            )
        return asyncio.run(
            dispatcher.prepare_and_call(
                skill.skill_id, clause_id=clause_id, state=state, arguments=arguments
            )
        )

    return run


def run_react(
    llm: LLMClient,
    task: ClauseTask,
    *,
    tools: Sequence[SkillRegistration],
    run_tool: RunTool,
    max_iterations: int,
    result_chars: int = TOOL_RESULT_CHARS,
    temperature: float | None = 0.1,
) -> WorkerResult:
    """Analyse ``task`` with ``llm``, letting it call ``tools`` through ``run_tool``.

    :param tools: The skills offered (their tool definitions hide the internal fields).
    :param run_tool: Runs one skill on the model's arguments; it may raise (the error
        goes back to the model).
    :param max_iterations: LLM calls that may use tools (the clause plan's limit); then
        one last call without tools.
    :param result_chars: Most characters of one tool result sent back.
    :raises ValueError: when ``max_iterations`` is negative or ``result_chars`` < 1.
    """
    if max_iterations < 0:
        raise ValueError(f"max_iterations must be 0 or more, got {max_iterations}")
    if result_chars < 1:
        raise ValueError(f"result_chars must be at least 1, got {result_chars}")
    return _Run(llm, task, tools, run_tool, max_iterations, result_chars, temperature).run()


class _Run:
    """One ReAct loop: the chat so far, the tool calls made, the budget used."""

    def __init__(
        self,
        llm: LLMClient,
        task: ClauseTask,
        tools: Sequence[SkillRegistration],
        run_tool: RunTool,
        max_iterations: int,
        result_chars: int,
        temperature: float | None,
    ) -> None:
        self.llm = llm
        self.texts: ReactPrompts = prompts_for(task.language)
        self.skills = {skill.skill_id: skill for skill in tools}
        self.definitions: list[ToolDefinition] = tool_definitions(tools)
        self.run_tool = run_tool
        self.max_iterations = max_iterations
        self.result_chars = result_chars
        self.temperature = temperature
        self.messages = [ChatMessage.system(self.texts.system), ChatMessage.user(user_prompt(task))]
        self.invocations: list[ToolInvocation] = []
        self.iterations = 0
        self.last_call_asked = False  # the no-tools request has been sent
        self.forced = False  # ... because the tool budget ran out

    def run(self) -> WorkerResult:
        repaired = False
        while True:
            offered = self.iterations < self.max_iterations and not self.last_call_asked
            if offered:
                self.iterations += 1
            elif not self.last_call_asked:
                self.messages.append(ChatMessage.user(self.texts.final_request))
                self.last_call_asked = self.forced = True
            try:
                response = self.llm.chat(
                    self.messages,
                    tools=self.definitions if offered and self.definitions else None,
                    temperature=self.temperature,
                )
            except AssertionError:  # test doubles signal misuse this way
                raise
            except Exception as exc:  # LLMError and any failure of a client plugin
                detail = str(exc) if isinstance(exc, ContractReviewError) else repr(exc)
                logger.warning("ReAct worker: the LLM failed: %s", detail)
                return self._result("llm_error", error=f"the LLM failed: {detail}")
            calls = self._tool_calls(response) if offered else ()
            if calls or (offered and response.invalid_tool_calls):
                self._run_calls(response, calls)
                continue
            if response.wants_tools:  # tools asked for on the last call, which has none
                names = ", ".join(c.name for c in response.tool_calls) or "a tool"
                return self._result(
                    self._stop(),
                    error=f"the model still asked for {names} after its "
                    f"{self.max_iterations} tool-call round(s) were used up; no findings",
                )
            try:
                answer = parse_json_reply(response.text, FindingsAnswer)
            except JSONReplyError as exc:
                if repaired or self.last_call_asked:
                    return self._result(
                        self._stop(), error=f"the model's answer could not be used: {exc}"
                    )
                repaired = True
                self.messages += [
                    ChatMessage.assistant(response.text),
                    ChatMessage.user(self.texts.repair_request.format(error=exc)),
                ]
                self.last_call_asked = self.iterations >= self.max_iterations
                continue
            return self._result(self._stop(), findings=answer)

    # ------------------------------------------------------------------ tools

    def _tool_calls(self, response: ChatResponse) -> tuple[ToolCall, ...]:
        """The native tool calls, else calls written as JSON text naming offered tools."""
        if response.tool_calls or response.invalid_tool_calls or not response.text:
            return response.tool_calls
        try:
            calls = parse_tool_calls(response.text)
        except ToolCallParseError:
            return ()
        if calls and all(call.name in self.skills for call in calls):
            return tuple(calls)
        return ()

    def _run_calls(self, response: ChatResponse, calls: Sequence[ToolCall]) -> None:
        """Replay the model's turn, run its calls in order and append their results."""
        invalid = response.invalid_tool_calls
        replayed = [*calls, *(_placeholder(bad) for bad in invalid)]
        content = response.content if response.tool_calls or invalid else None
        self.messages.append(ChatMessage.assistant(content, replayed))
        for call in calls:
            self.messages.append(ChatMessage.tool_result(call, self._run_one(call)))
        for bad, placeholder in zip(invalid, replayed[len(calls) :], strict=True):
            self._record(bad.name or "", {}, error=bad.error)
            self.messages.append(ChatMessage.tool_result(placeholder, self._error(bad.error)))

    def _run_one(self, call: ToolCall) -> str:
        """Run one call; the tool message's content (the output, or the error)."""
        skill = self.skills.get(call.name)
        if skill is None:
            known = ", ".join(self.skills) or "none"
            error = f"unknown tool {call.name!r}; the tools you can call are: {known}"
            return self._error(self._record(call.name, call.arguments, error=error))
        try:
            result = self.run_tool(skill, call.arguments)
        except Exception as exc:  # the engine's input building, a plugin, anything
            detail = str(exc) if isinstance(exc, ContractReviewError) else repr(exc)
            if not isinstance(exc, ContractReviewError):
                logger.warning("ReAct worker: running %s raised %s", call.name, detail)
            error = f"tool {call.name!r} could not run: {detail}"
            return self._error(self._record(call.name, call.arguments, error=error))
        if not result.success:
            error = result.error or f"tool {call.name!r} failed without saying why"
            return self._error(self._record(call.name, call.arguments, error=error))
        output = json.dumps(result.data or {}, ensure_ascii=False, default=str)
        self._record(call.name, call.arguments, summary=output[:SUMMARY_CHARS])
        return truncate(output, self.result_chars, self.texts)

    def _record(
        self, skill_id: str, arguments: Mapping[str, Any], *, summary: str = "", error: str = ""
    ) -> str:
        self.invocations.append(
            ToolInvocation(
                iteration=self.iterations,
                skill_id=skill_id,
                arguments=dict(arguments),
                success=not error,
                summary=summary,
                error=error or None,
            )
        )
        logger.info("ReAct worker: %s %s", skill_id, "failed: " + error if error else "ran")
        return error

    def _error(self, error: str) -> str:
        return json.dumps({"error": error, "hint": self.texts.tool_error_hint}, ensure_ascii=False)

    # ------------------------------------------------------------------ results

    def _stop(self) -> StopReason:
        return "max_iterations" if self.forced else "answered"

    def _result(
        self, stopped: StopReason, *, findings: FindingsAnswer | None = None, error: str = ""
    ) -> WorkerResult:
        return WorkerResult(
            findings=list(findings.findings) if findings else [],
            tool_calls=list(self.invocations),
            iterations=self.iterations,
            stopped=stopped,
            error=error or None,
        )


def _placeholder(bad: InvalidToolCall) -> ToolCall:
    """An unusable call as the replayed assistant turn carries it, so that its error
    message answers a call the service knows."""
    return ToolCall(id=bad.id, name=bad.name or _NAMELESS, arguments={})
