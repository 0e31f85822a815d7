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

import http.client
import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from ..errors import ConfigError, LLMError
from ..retry_policy import RetryPolicy, is_retryable_status, parse_retry_after
from .client_types import ChatMessage, ChatResponse, LLMInfo, ResponseFormat, ToolSpec
from .wire_format import (
    body_preview,
    messages_to_wire,
    request_options,
    response_from_wire,
    service_error_message,
)

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

_LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})


def is_local_host(host: str | None) -> bool:
    """True for this machine: ``localhost``, ``*.localhost``, 127.x.x.x and ``::1``."""
    if not host:
        return False
    host = host.lower()
    return host in _LOOPBACK_HOSTS or host.endswith(".localhost") or host.startswith("127.")


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
        parts = urlsplit(base_url.strip())
        try:
            port = parts.port
        except ValueError:  # "host:abc"
            port, parts = None, parts._replace(netloc="")
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ConfigError(
                f"the LLM base URL must be an http:// or https:// URL such as "
                f"http://localhost:11434/v1; got {base_url!r} (setting {BASE_URL_SETTING})"
            )
        if not model.strip():
            raise ConfigError(f"the LLM client needs a model name: set {MODEL_SETTING}")
        if timeout_s <= 0:
            raise ValueError(f"timeout_s must be positive, got {timeout_s}")
        path = parts.path.rstrip("/").removesuffix("/chat/completions")
        hostname = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
        #: host[:port] — never a ``user:password@`` the URL may carry.
        self.host = f"{hostname}:{port}" if port else hostname
        self.base_url = f"{parts.scheme}://{self.host}{path}"
        self._local = is_local_host(parts.hostname)
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
        return self._parse(self._post(json.dumps(body, ensure_ascii=False).encode("utf-8")))

    # --- one request, retried

    def _post(self, data: bytes) -> bytes:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        attempt = 0
        while True:
            request = urllib.request.Request(self.endpoint, data=data, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                    body: bytes = response.read()
                    return body
            except urllib.error.HTTPError as exc:
                status, raw = exc.code, _read(exc)
                retry_after = parse_retry_after(exc.headers.get("Retry-After"))
                exc.close()
                if is_retryable_status(status) and self.retry.can_retry(attempt):
                    reason = f"HTTP {status} {service_error_message(raw)}"
                    self._wait(attempt, reason, retry_after)
                    attempt += 1
                    continue
                raise self._refusal(status, raw, attempt + 1) from None
            except (OSError, http.client.HTTPException) as exc:  # URLError, timeouts, resets
                timed_out = isinstance(exc, TimeoutError) or isinstance(
                    getattr(exc, "reason", None), TimeoutError
                )
                reason = (
                    f"no answer within {self.timeout_s:g} s" if timed_out else _network_reason(exc)
                )
                if self.retry.can_retry(attempt):
                    self._wait(attempt, reason, None)
                    attempt += 1
                    continue
                if timed_out:
                    raise self._error(
                        f"did not answer within {self.timeout_s:g} s ({attempt + 1} attempt(s)); "
                        f"raise the timeout ({TIMEOUT_SETTING}) for long contracts or slow models"
                    ) from None
                raise self._error(
                    f"could not be reached at {self.endpoint} after {attempt + 1} attempt(s): "
                    f"{reason}"
                ) from None

    def _wait(self, attempt: int, reason: str, retry_after: float | None) -> None:
        who = f"LLM at {self.host} (model {self.model})"
        self.retry.wait(attempt, who=who, reason=reason, retry_after=retry_after)

    # --- answers

    def _parse(self, raw: bytes) -> ChatResponse:
        try:
            payload = json.loads(raw)
        except ValueError:
            raise self._error(
                f"answered with something that is not JSON: {body_preview(raw)!r}"
            ) from None
        if not isinstance(payload, Mapping):
            raise self._error(f"answered with JSON that is not an object: {body_preview(raw)!r}")
        if payload.get("error"):
            raise self._error(f"answered with an error: {service_error_message(raw)}")
        choices = payload.get("choices")
        first = choices[0] if isinstance(choices, list) and choices else None
        message = first.get("message") if isinstance(first, Mapping) else None
        if not isinstance(message, Mapping):
            raise self._error(
                f"answered without a reply (no choices[0].message): {body_preview(raw)!r}"
            )
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

    def _refusal(self, status: int, raw: bytes, attempts: int) -> LLMError:
        text = f"refused the request: HTTP {status}: {service_error_message(raw)}"
        if status in (401, 403):
            text += (
                f". The API key was refused: check {API_KEY_SETTING}"
                if self.api_key
                else f". No API key was sent: set {API_KEY_SETTING}"
            )
        elif status == 404:
            text += (
                f". Check {BASE_URL_SETTING} (it usually ends in /v1) and that the server "
                f"has the model (setting {MODEL_SETTING})"
            )
        elif status == 429:
            text += f". Still throttled after {attempts} attempt(s): wait, or check the quota"
        elif status >= 500:
            text += f". The service kept failing after {attempts} attempt(s)"
        return self._error(text, status)

    def __repr__(self) -> str:  # never shows the API key
        return f"OpenAICompatibleClient(base_url={self.base_url!r}, model={self.model!r})"


def _read(exc: urllib.error.HTTPError) -> bytes:
    try:
        return exc.read() or b""
    except OSError:
        return b""


def _network_reason(exc: BaseException) -> str:
    reason = getattr(exc, "reason", None)
    return f"{type(reason or exc).__name__}: {reason or exc}"


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
    host = urlsplit(settings.llm_base_url).hostname or ""
    if not api_key and host.endswith("dashscope.aliyuncs.com"):
        api_key = settings.dashscope_api_key
    return OpenAICompatibleClient(
        base_url=settings.llm_base_url,
        model=chosen,
        api_key=api_key,
        timeout_s=settings.llm_timeout_s,
        max_retries=settings.llm_max_retries,
    )


__all__ = ["DEFAULT_TIMEOUT_S", "OpenAICompatibleClient", "build", "is_local_host"]
