"""POSTing JSON to an HTTP API with the standard library: what the clients of
OpenAI-compatible servers share (the ``openai`` LLM client and the
``openai-compatible`` embedder).

* :func:`parse_base_url` checks a base URL and keeps its host (never a
  ``user:password@`` it may carry);
* :func:`post_json` sends one request with a timeout and ``Authorization: Bearer``,
  retrying throttling (429), server errors (5xx), timeouts and network failures as
  :mod:`~contract_review.retry_policy` says; what still fails is an
  :class:`HTTPFailure`;
* :func:`json_object` reads an answer that must be a JSON object;
* :func:`describe_failure` words an :class:`HTTPFailure` for the user, naming the
  settings to check — the caller adds who failed and raises its own error type.
"""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from collections.abc import Mapping
from typing import Any, Literal
from urllib.parse import urlsplit

import attrs

from .errors import ConfigError
from .retry_policy import RetryPolicy, is_retryable_status, parse_retry_after

#: How much of an unreadable response body an error message quotes.
_PREVIEW_CHARS = 300

_LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})

#: Why a request failed for good.
FailureKind = Literal["refused", "timeout", "unreachable", "unusable"]


def is_local_host(host: str | None) -> bool:
    """True for this machine: ``localhost``, ``*.localhost``, 127.x.x.x and ``::1``."""
    if not host:
        return False
    host = host.lower()
    return host in _LOOPBACK_HOSTS or host.endswith(".localhost") or host.startswith("127.")


@attrs.frozen
class ServiceURL:
    """A checked base URL.

    :ivar base_url: ``scheme://host[:port]/path``, without credentials or a final slash.
    :ivar host: ``host[:port]``, what messages name the service by.
    :ivar local: True when the host is this machine.
    """

    base_url: str
    host: str
    local: bool


def parse_base_url(raw: str, *, suffix: str, what: str, setting: str, example: str) -> ServiceURL:
    """Check ``raw`` and drop an endpoint path it may end in (``suffix``, such as
    ``/embeddings``) and any ``user:password@``.

    :param what: What the URL is for in the error message ("LLM", "embedding").
    :raises ConfigError: naming ``setting`` when ``raw`` is not an http(s) URL with a host.
    """
    parts = urlsplit(raw.strip())
    try:
        port = parts.port
    except ValueError:  # "host:abc"
        port, parts = None, parts._replace(netloc="")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(
            f"the {what} base URL must be an http:// or https:// URL such as {example}; "
            f"got {raw!r} (setting {setting})"
        )
    path = parts.path.rstrip("/").removesuffix(suffix)
    hostname = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    host = f"{hostname}:{port}" if port else hostname
    return ServiceURL(
        base_url=f"{parts.scheme}://{host}{path}", host=host, local=is_local_host(parts.hostname)
    )


class HTTPFailure(Exception):
    """A request that failed for good.

    :ivar kind: ``refused`` (an HTTP error status, after retrying what can be retried),
        ``timeout``, ``unreachable`` or ``unusable`` (an answer that cannot be read).
    :ivar attempts: How many times the request was sent.
    :ivar status: The HTTP status of a refusal.
    :ivar body: The body of a refusal or of an unusable answer.
    :ivar reason: What went wrong, in words (network error, what is wrong with the answer).
    """

    def __init__(
        self,
        kind: FailureKind,
        *,
        attempts: int = 1,
        status: int | None = None,
        body: bytes = b"",
        reason: str = "",
    ) -> None:
        super().__init__(f"{kind}: HTTP {status}" if status else f"{kind}: {reason}")
        self.kind: FailureKind = kind
        self.attempts = attempts
        self.status = status
        self.body = body
        self.reason = reason


def post_json(
    url: str,
    payload: Mapping[str, Any],
    *,
    api_key: str | None,
    timeout_s: float,
    retry: RetryPolicy,
    who: str,
) -> bytes:
    """POST ``payload`` as JSON to ``url`` and return the body of the 2xx answer.

    :param api_key: Sent as ``Authorization: Bearer ...``; None sends no header.
    :param who: Names the service in the log line of each retry.
    :raises HTTPFailure: refused, timed out or unreachable, after the retries ``retry``
        allows (a ``Retry-After`` the service sends is honoured).
    """
    data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    attempt = 0
    while True:
        request = urllib.request.Request(url, data=data, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout_s) as response:
                body: bytes = response.read()
                return body
        except urllib.error.HTTPError as exc:
            status, raw = exc.code, _read(exc)
            retry_after = parse_retry_after(exc.headers.get("Retry-After"))
            exc.close()
            if is_retryable_status(status) and retry.can_retry(attempt):
                reason = f"HTTP {status} {service_error_message(raw)}"
                retry.wait(attempt, who=who, reason=reason, retry_after=retry_after)
                attempt += 1
                continue
            raise HTTPFailure("refused", attempts=attempt + 1, status=status, body=raw) from None
        except (OSError, http.client.HTTPException) as exc:  # URLError, timeouts, resets
            timed_out = isinstance(exc, TimeoutError) or isinstance(
                getattr(exc, "reason", None), TimeoutError
            )
            reason = f"no answer within {timeout_s:g} s" if timed_out else _network_reason(exc)
            if retry.can_retry(attempt):
                retry.wait(attempt, who=who, reason=reason, retry_after=None)
                attempt += 1
                continue
            kind: FailureKind = "timeout" if timed_out else "unreachable"
            raise HTTPFailure(kind, attempts=attempt + 1, reason=reason) from None


def json_object(raw: bytes) -> Mapping[str, Any]:
    """The JSON object an answer holds.

    :raises HTTPFailure: ``unusable``, when it is not JSON, not an object, or an error.
    """
    try:
        payload = json.loads(raw)
    except ValueError:
        reason = f"answered with something that is not JSON: {body_preview(raw)!r}"
        raise HTTPFailure("unusable", body=raw, reason=reason) from None
    if not isinstance(payload, Mapping):
        reason = f"answered with JSON that is not an object: {body_preview(raw)!r}"
        raise HTTPFailure("unusable", body=raw, reason=reason)
    if payload.get("error"):
        reason = f"answered with an error: {service_error_message(raw)}"
        raise HTTPFailure("unusable", body=raw, reason=reason)
    return payload


@attrs.frozen
class SettingNames:
    """The settings (environment variables) a failure message tells the user to check."""

    base_url: str
    model: str
    api_key: str
    timeout: str


def describe_failure(
    failure: HTTPFailure, *, endpoint: str, timeout_s: float, key_sent: bool, names: SettingNames
) -> str:
    """What went wrong, as the end of a sentence that starts by naming the service
    ("the LLM service at localhost:8000 (model m) ..."): the HTTP status and the
    service's own message, and what to check. Never the API key (the caller masks it
    should the service echo it)."""
    if failure.kind == "timeout":
        return (
            f"did not answer within {timeout_s:g} s ({failure.attempts} attempt(s)); "
            f"raise the timeout ({names.timeout}) for long inputs or slow models"
        )
    if failure.kind == "unreachable":
        return (
            f"could not be reached at {endpoint} after {failure.attempts} attempt(s): "
            f"{failure.reason}"
        )
    if failure.kind == "unusable" or failure.status is None:
        return failure.reason
    status = failure.status
    text = f"refused the request: HTTP {status}: {service_error_message(failure.body)}"
    if status in (401, 403):
        text += (
            f". The API key was refused: check {names.api_key}"
            if key_sent
            else f". No API key was sent: set {names.api_key}"
        )
    elif status == 404:
        text += (
            f". Check {names.base_url} (it usually ends in /v1) and that the server "
            f"has the model (setting {names.model})"
        )
    elif status == 429:
        text += f". Still throttled after {failure.attempts} attempt(s): wait, or check the quota"
    elif status >= 500:
        text += f". The service kept failing after {failure.attempts} attempt(s)"
    return text


def service_error_message(raw: bytes) -> str:
    """The error message in an error body: OpenAI's ``error.message`` (with its code or
    type), Ollama's ``error`` string, vLLM's and Dashscope's ``message``; else the start
    of the body."""
    try:
        payload = json.loads(raw)
    except ValueError:
        return body_preview(raw) or "(empty body)"
    if isinstance(payload, Mapping):
        error = payload.get("error")
        if isinstance(error, Mapping):
            labels = [str(error[key]) for key in ("code", "type") if error.get(key)]
            prefix = f"{labels[0]}: " if labels else ""
            return prefix + str(error.get("message") or "no message")
        if isinstance(error, str):
            return error
        if payload.get("message"):
            code = payload.get("code")
            return (f"{code}: " if code else "") + str(payload["message"])
    return body_preview(raw)


def body_preview(raw: bytes, limit: int = _PREVIEW_CHARS) -> str:
    """The start of a response body on one line, for error messages."""
    text = " ".join(raw.decode("utf-8", errors="replace").split())
    return text if len(text) <= limit else text[:limit] + "…"


def _read(exc: urllib.error.HTTPError) -> bytes:
    try:
        return exc.read() or b""
    except OSError:
        return b""


def _network_reason(exc: BaseException) -> str:
    reason = getattr(exc, "reason", None)
    return f"{type(reason or exc).__name__}: {reason or exc}"


__all__ = [
    "HTTPFailure",
    "ServiceURL",
    "SettingNames",
    "body_preview",
    "describe_failure",
    "is_local_host",
    "json_object",
    "parse_base_url",
    "post_json",
    "service_error_message",
]
