"""Core's LLM clients, registered by name: ``openai`` (any OpenAI-compatible server:
OpenAI, vLLM, Ollama, Dashscope's compatible mode) and ``dashscope`` (the Dashscope
SDK, an optional extra).

Registration is cheap: each factory imports its client module (and the SDK) only when
that client is chosen.
"""

from __future__ import annotations

from collections.abc import Callable

from ..config import Settings
from ..hookspecs import hookimpl
from ..llm.client_types import LLMClient, LLMSpec

OPENAI = "openai"
DASHSCOPE = "dashscope"


def _openai(settings: Settings, model: str | None) -> LLMClient:
    from ..llm.openai_compatible import build

    return build(settings, model)


def _dashscope(settings: Settings, model: str | None) -> LLMClient:
    from ..llm.dashscope_client import build

    return build(settings, model)


LLM_CLIENTS: tuple[LLMSpec, ...] = (
    LLMSpec(
        name=OPENAI,
        description="Any OpenAI-compatible chat-completions server (OpenAI, vLLM, Ollama, "
        "Dashscope compatible mode); sends the chat to CONTRACT_REVIEW_LLM_BASE_URL with "
        "CONTRACT_REVIEW_LLM_MODEL and, if set, CONTRACT_REVIEW_LLM_API_KEY.",
        factory=_openai,
        remote=True,
        provider="the server at CONTRACT_REVIEW_LLM_BASE_URL",
    ),
    LLMSpec(
        name=DASHSCOPE,
        description="Alibaba Cloud Dashscope (Qwen models) through the dashscope SDK; "
        "sends the chat to Dashscope, needs DASHSCOPE_API_KEY.",
        factory=_dashscope,
        default_model="qwen-plus",
        remote=True,
        provider="Dashscope (Alibaba Cloud)",
        extra="dashscope",
    ),
)

BUILTIN_LLM_CLIENTS: dict[str, LLMSpec] = {spec.name: spec for spec in LLM_CLIENTS}


@hookimpl
def register_llm_clients(register: Callable[[LLMSpec], None]) -> None:
    """Register core's LLM clients."""
    for spec in LLM_CLIENTS:
        register(spec)
