"""The ``dashscope`` LLM client: Alibaba Cloud's Qwen models through the Dashscope SDK.

**This client sends the chat (contract text included) to Dashscope** (Alibaba Cloud);
the command line says so before it does, and ``offline`` mode never chooses it. It
needs the ``dashscope`` package (``pip install 'contract-review[dashscope]'``), imported
only when a chat is sent, and an API key (``DASHSCOPE_API_KEY`` or
``CONTRACT_REVIEW_DASHSCOPE_API_KEY``).

The SDK reports a refusal by returning a response with an HTTP status rather than by
raising; this client retries throttling (429), server errors (5xx) and network
failures with exponential back-off and turns every other failure into an
:class:`~contract_review.errors.LLMError` naming the model, the HTTP status and
Dashscope's own error code and message. Replies use ``result_format="message"``, the
OpenAI message shape, so tool calls read exactly as from the ``openai`` client.
"""

from __future__ import annotations

import importlib.util
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..dashscope_sdk import import_dashscope, response_field, response_header, sdk_endpoint
from ..errors import ConfigError, LLMError, MissingExtraError
from ..retry_policy import RetryPolicy, is_retryable_status, parse_retry_after
from .client_types import ChatMessage, ChatResponse, LLMInfo, ResponseFormat, ToolSpec
from .wire_format import messages_to_wire, request_options, response_from_wire

if TYPE_CHECKING:
    from ..config import Settings

#: The model used when none is configured.
DEFAULT_MODEL = "qwen-plus"
#: The path the SDK appends to the base URL for chats.
GENERATION_PATH = "/services/aigc/text-generation/generation"
#: The settings (environment variables) that hold the API key.
API_KEY_SETTINGS = "DASHSCOPE_API_KEY (or CONTRACT_REVIEW_DASHSCOPE_API_KEY)"
#: How long one request may take, in seconds, when no timeout is configured.
DEFAULT_TIMEOUT_S = 120.0

_FEATURE = "the dashscope LLM client"


class DashscopeLLM:
    """Chats with a Dashscope model (``qwen-plus``, ``qwen-max``, ...); messages are sent
    to Alibaba Cloud.

    :param api_key: The Dashscope API key.
    :param model: The model; ``qwen-plus`` by default.
    :param base_url: The HTTP API base URL, e.g. the international endpoint
        ``https://dashscope-intl.aliyuncs.com/api/v1``; None uses the SDK's default.
    :param timeout_s: How long one request may take, in seconds.
    :param max_retries: Retries of a throttled (429), failed (5xx) or unreachable request.
    :param backoff_s: The first wait before retrying; it doubles with each retry.
    :param sleep: How to wait (tests pass a function that does not).
    """

    def __init__(
        self,
        api_key: str,
        model: str = DEFAULT_MODEL,
        base_url: str | None = None,
        *,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        max_retries: int = 3,
        backoff_s: float = 1.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not api_key:
            raise ConfigError(f"{_FEATURE} needs an API key: set {API_KEY_SETTINGS}")
        if timeout_s <= 0:
            raise ValueError(f"timeout_s must be positive, got {timeout_s}")
        self.api_key = api_key
        self.model = model
        self.base_url = base_url.rstrip("/") if base_url else None
        self.timeout_s = timeout_s
        self.retry = RetryPolicy(max_retries=max_retries, backoff_s=backoff_s, sleep=sleep)

    @property
    def endpoint(self) -> str:
        """The URL chats are POSTed to."""
        return sdk_endpoint(self.base_url, GENERATION_PATH)

    @property
    def info(self) -> LLMInfo:
        """``dashscope``, the model, remote."""
        return LLMInfo(
            name="dashscope",
            provider="Dashscope (Alibaba Cloud)",
            model=self.model,
            remote=True,
            endpoint=self.endpoint.removesuffix(GENERATION_PATH),
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

        :raises LLMError: naming the model, HTTP status and Dashscope's code and message.
        :raises MissingExtraError: when the ``dashscope`` package is not installed.
        """
        dashscope = import_dashscope(_FEATURE)
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": messages_to_wire(messages),
            "result_format": "message",
            "api_key": self.api_key,
            "request_timeout": max(1, math.ceil(self.timeout_s)),
        }
        kwargs.update(
            request_options(
                tools=tools,
                temperature=temperature,
                max_tokens=max_tokens,
                response_format=response_format,
            )
        )
        if self.base_url:
            # Per request rather than dashscope.base_http_api_url, which would change the
            # endpoint for every other user of the SDK.
            kwargs["base_address"] = self.base_url
        return self._reply(self._call(dashscope, kwargs))

    def _call(self, dashscope: Any, kwargs: dict[str, Any]) -> Any:
        import requests

        attempt = 0
        while True:
            try:
                response = dashscope.Generation.call(**kwargs)
            except requests.exceptions.JSONDecodeError as exc:
                raise self._error(f"answered with something that is not JSON: {exc}") from None
            except requests.RequestException as exc:
                timed_out = isinstance(exc, requests.Timeout)
                reason = f"no answer within {self.timeout_s:g} s" if timed_out else str(exc)
                if self.retry.can_retry(attempt):
                    self._wait(attempt, reason, None)
                    attempt += 1
                    continue
                raise self._error(
                    f"could not be reached at {self.endpoint} after {attempt + 1} attempt(s): "
                    f"{type(exc).__name__}: {reason}"
                ) from None
            except Exception as exc:  # the SDK may raise anything on a bad request
                raise self._error(
                    f"the Dashscope SDK failed: {type(exc).__name__}: {exc}"
                ) from None
            status = int(getattr(response, "status_code", 0) or 0)
            if status == 200:
                return response
            if is_retryable_status(status) and self.retry.can_retry(attempt):
                retry_after = response_header(response, "retry-after")
                reason = f"HTTP {status} {response_field(response, 'code')}"
                self._wait(attempt, reason, parse_retry_after(retry_after))
                attempt += 1
                continue
            raise self._refusal(response, status, attempt + 1)

    def _wait(self, attempt: int, reason: str, retry_after: float | None) -> None:
        who = f"Dashscope (model {self.model})"
        self.retry.wait(attempt, who=who, reason=reason, retry_after=retry_after)

    def _reply(self, response: Any) -> ChatResponse:
        output: Any = getattr(response, "output", None)
        usage = getattr(response, "usage", None)
        choices = output.get("choices") if isinstance(output, Mapping) else None
        if isinstance(choices, Sequence) and choices and isinstance(choices[0], Mapping):
            message = choices[0].get("message")
            if isinstance(message, Mapping):
                return response_from_wire(
                    message,
                    finish_reason=choices[0].get("finish_reason"),
                    usage=usage,
                    model=self.model,
                )
        text = output.get("text") if isinstance(output, Mapping) else None
        if isinstance(text, str):  # result_format="text", should a model ignore "message"
            finish = output.get("finish_reason") if isinstance(output, Mapping) else None
            return response_from_wire(
                {"content": text}, finish_reason=finish, usage=usage, model=self.model
            )
        raise self._error("answered without a reply (no output.choices[0].message)")

    def _error(self, text: str, status: int | None = None) -> LLMError:
        message = f"Dashscope (model {self.model}) {text}".replace(self.api_key, "***")
        return LLMError(message, provider="dashscope", model=self.model, status=status)

    def _refusal(self, response: Any, status: int, attempts: int) -> LLMError:
        code = response_field(response, "code") or "no error code"
        message = response_field(response, "message") or "no message"
        text = f"refused the request: HTTP {status or 'unknown'}, {code}: {message}"
        if status == 401 or code == "InvalidApiKey":
            text += f". The API key was refused: check the setting {API_KEY_SETTINGS}"
        elif status == 429:
            text += f". Still throttled after {attempts} attempt(s): wait, or check the quota"
        elif status >= 500:
            text += f". The service kept failing after {attempts} attempt(s)"
        elif code == "DataInspectionFailed":
            text += ". Dashscope's content inspection rejected the text sent"
        request_id = response_field(response, "request_id")
        if request_id:
            text += f" (request id {request_id})"
        return self._error(text, status or None)

    def __repr__(self) -> str:  # never shows the API key
        return f"DashscopeLLM(model={self.model!r}, base_url={self.base_url!r})"


def build(settings: Settings, model: str | None) -> DashscopeLLM:
    """Build the ``dashscope`` client from the settings: ``dashscope_api_key``,
    ``dashscope_base_url``, ``llm_model`` (default ``qwen-plus``), ``llm_timeout_s`` and
    ``llm_max_retries``.

    :raises MissingExtraError: when the ``dashscope`` package is not installed.
    :raises ConfigError: when there is no API key, or the model is an embedding model.
    """
    if importlib.util.find_spec("dashscope") is None:
        raise MissingExtraError(_FEATURE, "dashscope", "dashscope")
    chosen = model or settings.llm_model or DEFAULT_MODEL
    if chosen.startswith("text-embedding-"):
        raise ConfigError(
            f"{_FEATURE} needs a chat model such as {DEFAULT_MODEL} or qwen-max; "
            f"{chosen!r} is an embedding model"
        )
    if not settings.dashscope_api_key:
        raise ConfigError(
            f"{_FEATURE} needs an API key: set {API_KEY_SETTINGS}, or review without an "
            "LLM (llm_provider none)"
        )
    return DashscopeLLM(
        api_key=settings.dashscope_api_key,
        model=chosen,
        base_url=settings.dashscope_base_url,
        timeout_s=settings.llm_timeout_s,
        max_retries=settings.llm_max_retries,
    )


__all__ = ["DEFAULT_MODEL", "GENERATION_PATH", "DashscopeLLM", "build"]
