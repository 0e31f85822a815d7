"""API keys and rate limits on the streamable HTTP transport: the HTTP service's keys,
policy and limits.

The keys are the service's (``CONTRACT_REVIEW_API_KEYS``, admin keys from
``CONTRACT_REVIEW_ADMIN_API_KEYS``), sent as ``Authorization: Bearer KEY`` or
``X-API-Key: KEY``, and whether one is required is decided by
:meth:`~contract_review.service.api_keys.ApiKeyPolicy.for_host` as for ``contract-review
serve``: not on loopback, always elsewhere (a server off loopback with no keys refuses
to start). A request without a required key, or with a wrong one, is answered 401 with
``WWW-Authenticate: Bearer``; any other request goes on with its caller (the key's
principal, or the keyless user) in the ASGI scope's state, where the tools read it.

Requests are counted as the service counts them (``CONTRACT_REVIEW_RATE_LIMIT_PER_MINUTE``
and ``_PER_HOUR``, per key, else per address; refused ones count too): one over a limit
is answered 429 with ``Retry-After``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from starlette.requests import Request

from ..service.api_keys import ApiKeyPolicy
from ..service.rate_limiting import RateDecision, RateLimiter

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

    from ..config import Settings
    from ..service.principals import Principal

__all__ = ["PRINCIPAL_STATE", "ApiKeyGuard", "key_policy", "principal_in"]

#: The key of the caller in the ASGI scope's ``state``.
PRINCIPAL_STATE = "contract_review_principal"


def key_policy(host: str, settings: Settings) -> ApiKeyPolicy:
    """The key policy of a server bound to ``host``, exactly as the HTTP service's.

    :raises ConfigError: when keys are required there and none is configured.
    """
    return ApiKeyPolicy.for_host(
        host, settings.api_keys, settings.require_api_key, settings.admin_api_keys
    )


def principal_in(request: object) -> Principal | None:
    """The caller :class:`ApiKeyGuard` put in ``request``'s scope; None for a request
    that did not come through it (stdio)."""
    scope = getattr(request, "scope", None)
    state = scope.get("state") if isinstance(scope, dict) else None
    principal = state.get(PRINCIPAL_STATE) if isinstance(state, dict) else None
    return principal


class ApiKeyGuard:
    """ASGI middleware checking each HTTP request's key against ``policy`` and counting
    it with ``limiter`` (None: no limit)."""

    def __init__(
        self, app: ASGIApp, policy: ApiKeyPolicy, limiter: RateLimiter | None = None
    ) -> None:
        self.app = app
        self.policy = policy
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        key = self.policy.presented_key(request)
        refusal = self.policy.refusal(key)
        if self.limiter is not None:
            decision = self.limiter.check(self.policy.client_of(request, key))
            if not decision.allowed:
                await _too_many(send, decision)
                return
        if refusal is not None:
            await _unauthorized(send, refusal)
            return
        state: dict[str, Any] = scope.setdefault("state", {})
        state[PRINCIPAL_STATE] = self.policy.principal_of(key)
        await self.app(scope, receive, send)


async def _unauthorized(send: Send, message: str) -> None:
    suggestion = (
        "send 'Authorization: Bearer KEY' or 'X-API-Key: KEY' with a key from "
        "CONTRACT_REVIEW_API_KEYS"
    )
    await _refuse(
        send, 401, "E_UNAUTHORIZED", message, suggestion, [(b"www-authenticate", b"Bearer")]
    )


async def _too_many(send: Send, decision: RateDecision) -> None:
    message = f"more than {decision.limit} requests per {decision.window} from this client"
    wait = str(decision.retry_after_s).encode("ascii")
    headers = [
        (b"retry-after", wait),
        (b"x-ratelimit-limit", str(decision.limit).encode("ascii")),
        (b"x-ratelimit-remaining", b"0"),
    ]
    suggestion = f"retry after {decision.retry_after_s} s"
    await _refuse(send, 429, "E_RATE_LIMITED", message, suggestion, headers)


async def _refuse(
    send: Send,
    status: int,
    code: str,
    message: str,
    suggestion: str,
    headers: list[tuple[bytes, bytes]],
) -> None:
    error = {"code": code, "message": message, "suggestion": suggestion}
    body = json.dumps({"error": error}).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode("ascii")),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
