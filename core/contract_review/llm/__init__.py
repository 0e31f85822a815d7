"""LLM clients behind one protocol: Dashscope and any OpenAI-compatible server.

No LLM is ever required: with none configured, :func:`choose_llm` returns None and the
review runs on the domains' playbook rules. Retries and back-off are
:mod:`contract_review.retry_policy`'s, and the ``openai`` client's HTTP plumbing is
:mod:`contract_review.http_json`, both shared with the remote embedders.

Modules, one job each, in the order a newcomer reads them:

* :mod:`.client_types` — the :class:`LLMClient` protocol, messages, replies, :class:`LLMSpec`;
* :mod:`.llm_choice` — which client the settings ask for, and the notice the CLI prints;
* :mod:`.openai_compatible` — the ``openai`` client (standard library HTTP);
* :mod:`.dashscope_client` — the ``dashscope`` client (the optional SDK);
* :mod:`.wire_format` — messages, tools and replies in the chat-completions format;
* :mod:`.json_responses` — JSON out of a reply (fences, prose, small mistakes);
* :mod:`.structured_output` — JSON that fits a pydantic model, with one repair turn.

Names are imported on first use, so ``import contract_review.llm`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .client_types import (
        ChatMessage,
        ChatResponse,
        InvalidToolCall,
        LLMClient,
        LLMInfo,
        LLMSpec,
        TokenUsage,
        UnknownLLMError,
    )
    from .json_responses import JSONReplyError, extract_json, parse_json_reply
    from .llm_choice import choose_llm, llm_notice
    from .structured_output import chat_for_model, json_instruction

_EXPORTS = {
    "ChatMessage": "client_types",
    "ChatResponse": "client_types",
    "InvalidToolCall": "client_types",
    "LLMClient": "client_types",
    "LLMInfo": "client_types",
    "LLMSpec": "client_types",
    "TokenUsage": "client_types",
    "UnknownLLMError": "client_types",
    "JSONReplyError": "json_responses",
    "extract_json": "json_responses",
    "parse_json_reply": "json_responses",
    "choose_llm": "llm_choice",
    "llm_notice": "llm_choice",
    "chat_for_model": "structured_output",
    "json_instruction": "structured_output",
}


__all__ = [
    "ChatMessage",
    "ChatResponse",
    "InvalidToolCall",
    "JSONReplyError",
    "LLMClient",
    "LLMInfo",
    "LLMSpec",
    "TokenUsage",
    "UnknownLLMError",
    "chat_for_model",
    "choose_llm",
    "extract_json",
    "json_instruction",
    "llm_notice",
    "parse_json_reply",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
