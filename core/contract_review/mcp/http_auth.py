"""API keys on the streamable HTTP transport: the HTTP service's keys and policy.

The keys are the service's (``CONTRACT_REVIEW_API_KEYS``, admin keys from
``CONTRACT_REVIEW_ADMIN_API_KEYS``), sent as ``Authorization: Bearer KEY`` or
``X-API-Key: KEY``, and whether one is required is decided by
:meth:`~contract_review.service.api_keys.ApiKeyPolicy.for_host` as for ``contract-review
serve``: not on loopback, always elsewhere (a server off loopback with no keys refuses
to start). A request without a required key, or with a wrong one, is answered 401 with
``WWW-Authenticate: Bearer``; any other request goes on with its caller (the key's
principal, or the keyless user) in the ASGI scope's state, where the tools read it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from starlette.requests import Request

from ..service.api_keys import ApiKeyPolicy

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
    """ASGI middleware checking each HTTP request's key against ``policy``."""

    def __init__(self, app: ASGIApp, policy: ApiKeyPolicy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        key = self.policy.presented_key(request)
        refusal = self.policy.refusal(key)
        if refusal is not None:
            await _unauthorized(send, refusal)
            return
        state: dict[str, Any] = scope.setdefault("state", {})
        state[PRINCIPAL_STATE] = self.policy.principal_of(key)
        await self.app(scope, receive, send)


async def _unauthorized(send: Send, message: str) -> None:
    body = json.dumps(
        {
            "error": {
                "code": "E_UNAUTHORIZED",
                "message": message,
                "suggestion": "send 'Authorization: Bearer KEY' or 'X-API-Key: KEY' with a key "
                "from CONTRACT_REVIEW_API_KEYS",
            }
        }
    ).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode("ascii")),
                (b"www-authenticate", b"Bearer"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
