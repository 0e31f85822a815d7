"""The ``openai`` LLM client: any server speaking the OpenAI chat-completions API —
OpenAI itself, vLLM, Ollama, LM Studio, Dashscope's compatible mode, a company gateway.

**This client sends the chat (contract text included) to the server at
``CONTRACT_REVIEW_LLM_BASE_URL``**; the command line says so before it does. A server
on this machine (``localhost``, ``127.0.0.1``) counts as local. Only the standard
library is used: one ``POST {base_url}/chat/completions`` per chat, with a timeout,
retries of throttling (429), server errors (5xx), timeouts and network failures, and
every failure turned into an :class:`~contract_review.errors.LLMError` that names the
server, the model, the HTTP status and the server's own message — never the API key.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from ..dashscope_sdk import is_dashscope_host
from ..errors import ConfigError, LLMError
from ..http_json import (
    HTTPFailure,
    SettingNames,
    body_preview,
    describe_failure,
    is_local_host,
    json_object,
    parse_base_url,
    post_json,
)
from ..retry_policy import RetryPolicy
from .client_types import ChatMessage, ChatResponse, LLMInfo, ResponseFormat, ToolSpec
from .wire_format import messages_to_wire, request_options, response_from_wire

if TYPE_CHECKING:
    from ..config import Settings

#: How long one request may take, in seconds, when no timeout is configured.
DEFAULT_TIMEOUT_S = 120.0
#: Retries of a throttled, failed or unreachable request when none are configured.
DEFAULT_MAX_RETRIES = 3
#: The settings (environment variables) this client reads.
BASE_URL_SETTING = "CONTRACT_REVIEW_LLM_BASE_URL"
MODEL_SETTING = "CONTRACT_REVIEW_LLM_MODEL"
API_KEY_SETTING = "CONTRACT_REVIEW_LLM_API_KEY"
TIMEOUT_SETTING = "CONTRACT_REVIEW_LLM_TIMEOUT_S"
_SETTINGS = SettingNames(
    base_url=BASE_URL_SETTING, model=MODEL_SETTING, api_key=API_KEY_SETTING, timeout=TIMEOUT_SETTING
)


class OpenAICompatibleClient:
    """Chats with a model behind an OpenAI-compatible ``/chat/completions`` endpoint.

    :param base_url: The API base, e.g. ``http://localhost:11434/v1`` (Ollama),
        ``http://localhost:8000/v1`` (vLLM) or
        ``https://dashscope.aliyuncs.com/compatible-mode/v1``.
    :param model: The model name the server knows.
    :param api_key: Sent as ``Authorization: Bearer ...``; None sends no header.
    :param timeout_s: How long one request may take, in seconds.
    :param max_retries: Retries of a throttled (429), failed (5xx), timed-out or
        unreachable request.
    :param backoff_s: The first wait before retrying; it doubles with each retry.
    :param sleep: How to wait (tests pass a function that does not).
    :param name: The name this client was chosen by.
    """

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        max_retries: int = DEFAULT_MAX_RETRIES,
        backoff_s: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
        name: str = "openai",
    ) -> None:
        url = parse_base_url(
            base_url,
            suffix="/chat/completions",
            what="LLM",
            setting=BASE_URL_SETTING,
            example="http://localhost:11434/v1",
        )
        if not model.strip():
            raise ConfigError(f"the LLM client needs a model name: set {MODEL_SETTING}")
        if timeout_s <= 0:
            raise ValueError(f"timeout_s must be positive, got {timeout_s}")
        #: host[:port] — never a ``user:password@`` the URL may carry.
        self.host = url.host
        self.base_url = url.base_url
        self._local = url.local
        self.model = model.strip()
        self.api_key = api_key or None
        self.timeout_s = timeout_s
        self.retry = RetryPolicy(max_retries=max_retries, backoff_s=backoff_s, sleep=sleep)
        self.name = name

    @property
    def endpoint(self) -> str:
        """The URL chats are POSTed to."""
        return self.base_url + "/chat/completions"

    @property
    def info(self) -> LLMInfo:
        """The server's host as the provider; local when the host is this machine."""
        return LLMInfo(
            name=self.name,
            provider=self.host,
            model=self.model,
            remote=not self._local,
            endpoint=self.base_url,
        )

    def chat(
        self,
        messages: Sequence[ChatMessage],
        *,
        tools: Sequence[ToolSpec] | None = None,
        temperature: float | None = None,
        response_format: ResponseFormat | None = None,
        max_tokens: int | None = None,
    ) -> ChatResponse:
        """One chat request (see :class:`~contract_review.llm.client_types.LLMClient`).

        :raises LLMError: naming the server, model, HTTP status and the server's message.
        """
        body: dict[str, Any] = {
            "model": self.model,
            "messages": messages_to_wire(messages),
            "stream": False,
        }
        body.update(
            request_options(
                tools=tools,
                temperature=temperature,
                max_tokens=max_tokens,
                response_format=response_format,
            )
        )
        try:
            raw = post_json(
                self.endpoint,
                body,
                api_key=self.api_key,
                timeout_s=self.timeout_s,
                retry=self.retry,
                who=f"LLM at {self.host} (model {self.model})",
            )
            return self._parse(raw)
        except HTTPFailure as failure:
            text = describe_failure(
                failure,
                endpoint=self.endpoint,
                timeout_s=self.timeout_s,
                key_sent=bool(self.api_key),
                names=_SETTINGS,
            )
            raise self._error(text, failure.status) from None

    # --- answers

    def _parse(self, raw: bytes) -> ChatResponse:
        payload = json_object(raw)
        choices = payload.get("choices")
        first = choices[0] if isinstance(choices, list) and choices else None
        message = first.get("message") if isinstance(first, Mapping) else None
        if not isinstance(message, Mapping):
            reason = f"answered without a reply (no choices[0].message): {body_preview(raw)!r}"
            raise HTTPFailure("unusable", body=raw, reason=reason)
        return response_from_wire(
            message,
            finish_reason=first.get("finish_reason") if isinstance(first, Mapping) else None,
            usage=payload.get("usage"),
            model=payload.get("model"),
        )

    def _error(self, text: str, status: int | None = None) -> LLMError:
        message = f"the LLM service at {self.host} (model {self.model}) {text}"
        if self.api_key:
            message = message.replace(self.api_key, "***")
        return LLMError(message, provider=self.host, model=self.model, status=status)

    def __repr__(self) -> str:  # never shows the API key
        return f"OpenAICompatibleClient(base_url={self.base_url!r}, model={self.model!r})"


def build(settings: Settings, model: str | None) -> OpenAICompatibleClient:
    """Build the ``openai`` client from the settings: ``llm_base_url``, ``llm_model``,
    ``llm_api_key`` (for a Dashscope compatible-mode URL, ``dashscope_api_key`` when
    that is unset), ``llm_timeout_s`` and ``llm_max_retries``.

    :raises ConfigError: when the base URL or the model is not set, or the URL is invalid.
    """
    if not settings.llm_base_url:
        raise ConfigError(
            f"the openai LLM client needs the server's address: set {BASE_URL_SETTING}, e.g. "
            "http://localhost:11434/v1 (Ollama), http://localhost:8000/v1 (vLLM) or "
            "https://dashscope.aliyuncs.com/compatible-mode/v1"
        )
    chosen = model or settings.llm_model
    if not chosen:
        raise ConfigError(
            f"the openai LLM client needs a model name: set {MODEL_SETTING} to a model the "
            f"server at {settings.llm_base_url} serves"
        )
    api_key = settings.llm_api_key
    if not api_key and is_dashscope_host(urlsplit(settings.llm_base_url).hostname):
        api_key = settings.dashscope_api_key
    return OpenAICompatibleClient(
        base_url=settings.llm_base_url,
        model=chosen,
        api_key=api_key,
        timeout_s=settings.llm_timeout_s,
        max_retries=settings.llm_max_retries,
    )


__all__ = ["DEFAULT_TIMEOUT_S", "OpenAICompatibleClient", "build", "is_local_host"]
