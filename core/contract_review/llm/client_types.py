"""What an LLM client is: the :class:`LLMClient` protocol every client implements, the
messages and replies that cross it, the :class:`LLMInfo` a client describes itself
with, and the :class:`LLMSpec` a plugin registers (``register_llm_clients`` hook) so the
client can be chosen by name.

Tool calls use :class:`~contract_review.skills.tool_calls.ToolCall` (id, tool name,
decoded arguments), the same model the skill dispatcher reads, and tools are offered as
:class:`~contract_review.skills.tool_definitions.ToolDefinition` objects.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeAlias, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from ..errors import InputError
from ..skills.tool_calls import ToolCall
from ..skills.tool_definitions import ToolDefinition

if TYPE_CHECKING:
    from ..config import Settings

#: Who speaks in a chat message.
Role = Literal["system", "user", "assistant", "tool"]

#: A tool offered to the model: a definition, or its OpenAI-format dict.
ToolSpec: TypeAlias = ToolDefinition | Mapping[str, Any]

#: ``"json_object"`` asks for a JSON reply (OpenAI's JSON mode); a mapping is sent as the
#: ``response_format`` as it is (e.g. a ``json_schema`` format).
ResponseFormat: TypeAlias = Literal["json_object"] | Mapping[str, Any]


class UnknownLLMError(InputError):
    """An LLM client name was asked for that no installed plugin registers."""


class ChatMessage(BaseModel):
    """One message of a chat: a system prompt, a user turn, an assistant reply (text
    and/or tool calls), or the result of one tool call (``role="tool"``)."""

    model_config = ConfigDict(frozen=True)

    role: Role
    content: str | None = Field(
        default=None, description="The text; None for an assistant turn of only tool calls."
    )
    tool_calls: tuple[ToolCall, ...] = Field(
        default=(), description="The tools an assistant turn asked for."
    )
    tool_call_id: str | None = Field(
        default=None, description="For role 'tool': the id of the call this answers."
    )
    name: str | None = Field(default=None, description="For role 'tool': the tool's name.")

    @classmethod
    def system(cls, text: str) -> ChatMessage:
        """A system prompt."""
        return cls(role="system", content=text)

    @classmethod
    def user(cls, text: str) -> ChatMessage:
        """A user turn."""
        return cls(role="user", content=text)

    @classmethod
    def assistant(cls, text: str | None, tool_calls: Sequence[ToolCall] = ()) -> ChatMessage:
        """An assistant turn (to replay the model's own earlier replies)."""
        return cls(role="assistant", content=text, tool_calls=tuple(tool_calls))

    @classmethod
    def tool_result(cls, call: ToolCall, content: str) -> ChatMessage:
        """The answer to one tool call, sent back to the model."""
        return cls(role="tool", content=content, tool_call_id=call.id, name=call.name)


class InvalidToolCall(BaseModel):
    """A tool call the model made that cannot be run (no name, arguments that are not a
    JSON object). The ReAct worker tells the model what was wrong instead of running it."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str | None
    arguments: str = Field(description="The arguments as the model wrote them.")
    error: str = Field(description="What is wrong with the call.")


class TokenUsage(BaseModel):
    """Tokens the request used, as the service reported them (None when not reported)."""

    model_config = ConfigDict(frozen=True)

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    total_tokens: int | None = None


class ChatResponse(BaseModel):
    """The model's reply to one chat request."""

    model_config = ConfigDict(frozen=True)

    content: str | None = Field(default=None, description="The reply text, if any.")
    tool_calls: tuple[ToolCall, ...] = Field(
        default=(), description="The tool calls the model asked for (native function calling)."
    )
    invalid_tool_calls: tuple[InvalidToolCall, ...] = ()
    finish_reason: str | None = Field(
        default=None, description="'stop', 'tool_calls', 'length' (cut off), ... as reported."
    )
    usage: TokenUsage | None = None
    model: str | None = Field(default=None, description="The model that answered, if reported.")

    @property
    def text(self) -> str:
        """The reply text, ``""`` when there is none."""
        return self.content or ""

    @property
    def wants_tools(self) -> bool:
        """True when the model asked for at least one tool call."""
        return bool(self.tool_calls or self.invalid_tool_calls)

    def as_message(self) -> ChatMessage:
        """The assistant message to append to the chat history before the tool results."""
        return ChatMessage.assistant(self.content, self.tool_calls)


class LLMInfo(BaseModel):
    """What an LLM client is, as the CLI reports it before sending any text."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="The name users choose it by: 'openai', 'dashscope', ...")
    provider: str = Field(description="Who runs the model: a service or host name.")
    model: str
    remote: bool = Field(description="True when messages leave this machine.")
    endpoint: str | None = Field(default=None, description="Where requests go (no secrets).")


@runtime_checkable
class LLMClient(Protocol):
    """Sends a chat to a model and returns its reply."""

    @property
    def info(self) -> LLMInfo:
        """What this client is and where it sends messages."""
        ...

    def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        tools: Sequence[ToolSpec] | None = None,
        temperature: float | None = None,
        response_format: ResponseFormat | None = None,
        max_tokens: int | None = None,
    ) -> ChatResponse:
        """One chat request.

        :param messages: The chat so far, oldest first.
        :param tools: Tools the model may call (OpenAI function-calling format).
        :param temperature: Sampling temperature; None uses the service's default.
        :param response_format: ``"json_object"`` to ask for a JSON reply.
        :param max_tokens: The longest reply wanted; None uses the service's default.
        :raises LLMError: when the service refuses, keeps failing, cannot be reached,
            times out, or answers with something that is not a chat reply.
        """
        ...


#: Builds a client from the settings and an optional model name (None: the default).
LLMFactory = Callable[["Settings", "str | None"], LLMClient]

#: Names ``choose_llm`` gives a meaning of its own; no client may be registered under them.
RESERVED_LLM_NAMES = frozenset({"none", "auto"})


class LLMSpec(BaseModel):
    """An LLM client a plugin offers, registered through ``register_llm_clients``."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    name: str = Field(
        pattern=r"^[a-z0-9][a-z0-9_.-]*$",
        description="The name users choose it by (setting ``llm_provider``); not 'none' or 'auto'.",
    )
    description: str
    factory: LLMFactory = Field(
        description="Builds the client: ``factory(settings, model)``; ``model`` None means "
        "the configured or default model. Raises MissingExtraError when an optional package "
        "is missing, ConfigError when a setting (an API key, a base URL) is missing."
    )
    default_model: str | None = None
    remote: bool = Field(
        default=True, description="True when the client (usually) sends text over the network."
    )
    provider: str = Field(description="Who runs the model, for the notice the CLI prints.")
    extra: str | None = Field(
        default=None, description="The pip extra that installs what it needs, if any."
    )


__all__ = [
    "RESERVED_LLM_NAMES",
    "ChatMessage",
    "ChatResponse",
    "InvalidToolCall",
    "LLMClient",
    "LLMFactory",
    "LLMInfo",
    "LLMSpec",
    "ResponseFormat",
    "Role",
    "TokenUsage",
    "ToolSpec",
    "UnknownLLMError",
]
