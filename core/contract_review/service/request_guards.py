"""The checks every request passes before its endpoint: a request id, the ``Host`` and
``Origin`` a browser sends (:mod:`.browser_guards`), the body size limit, the API key
and the rate limit (in that order).

The size limit is checked twice: against ``Content-Length`` before anything is read,
and while the body is read (:class:`BodySizeLimit`), so a body sent in chunks without a
length cannot grow past it either."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .api_keys import is_open_path
from .browser_guards import SAFE_METHODS, host_allowed, origin_allowed
from .error_body import ErrorInfo
from .error_handlers import error_response

__all__ = ["BodySizeLimit", "guard_statuses", "install_request_guards"]

CallNext = Callable[[Request], Awaitable[Response]]


def _request_id(request: Request) -> str:
    given = request.headers.get("x-request-id", "").strip()
    if given and len(given) <= 128 and given.isprintable():
        return given
    return "req-" + secrets.token_hex(8)


class BodySizeLimit:
    """ASGI middleware: a body sent without ``Content-Length`` (in chunks) is read first,
    and one that grows past ``max_upload_bytes`` is answered with ``E_CAPABILITY_LIMIT``
    (413) before the endpoint sees it. Bodies with a length were checked already."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers") or [])
        if scope["type"] != "http" or b"content-length" in headers:
            await self.app(scope, receive, send)
            return
        limit: int = scope["app"].state.service.settings.max_upload_bytes
        messages: list[Message] = []
        received = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            received += len(message.get("body", b""))
            if received > limit:
                info = ErrorInfo(
                    code="E_CAPABILITY_LIMIT",
                    message=f"the request body is over {limit} bytes, the most this server accepts",
                    suggestion=_SMALLER,
                )
                await error_response(Request(scope), info, 413)(scope, receive, send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)


def guard_statuses(path: str, method: str) -> tuple[int, ...]:
    """The statuses the guards may answer a request for ``path`` (an OpenAPI path
    template) with before its endpoint sees it, each with the error body: 400 (a ``Host``
    that does not name this server), 413 (a body over the size limit), 403 for a method
    that changes state (another web page's ``Origin``), and off the open paths 401 (no
    key, or a wrong one) and 429 (over a rate limit). The OpenAPI document lists them
    on every operation (:mod:`.openapi_schema`)."""
    statuses = {400, 413}
    if method.upper() not in SAFE_METHODS:
        statuses.add(403)
    if not is_open_path(path):
        statuses.update({401, 429})
    return tuple(sorted(statuses))


_SMALLER = "send a smaller document, or raise max_upload_bytes (CONTRACT_REVIEW_MAX_UPLOAD_BYTES)"


def install_request_guards(app: FastAPI) -> None:
    """Add the middleware; it reads the :class:`ServiceState` on ``app.state.service``."""

    app.add_middleware(BodySizeLimit)

    @app.middleware("http")
    async def guard(request: Request, call_next: CallNext) -> Response:
        rid = _request_id(request)
        request.state.request_id = rid
        service = request.app.state.service

        names = service.host_names
        if not host_allowed(request.headers.get("host"), names):
            info = ErrorInfo(
                code="E_SCHEMA_INVALID",
                message=f"the Host header {request.headers.get('host', '')!r} does not name "
                "this server",
                suggestion="reach the server by its own address, or add the name to "
                "CONTRACT_REVIEW_ALLOWED_HOSTS",
            )
            return error_response(request, info, 400)
        origin = request.headers.get("origin")
        if (
            origin is not None
            and request.method not in SAFE_METHODS
            and not origin_allowed(
                origin, request.headers.get("host"), names, service.settings.allowed_origins
            )
        ):
            info = ErrorInfo(
                code="E_FORBIDDEN",
                message=f"requests that change state are not accepted from the web page "
                f"origin {origin!r}",
                suggestion="add the origin to CONTRACT_REVIEW_ALLOWED_ORIGINS if it is yours",
            )
            return error_response(request, info, 403)

        length = request.headers.get("content-length")
        limit = service.settings.max_upload_bytes
        if length is not None and (not length.isdigit() or int(length) > limit):
            info = ErrorInfo(
                code="E_CAPABILITY_LIMIT",
                message=f"the request body is {length} bytes; this server accepts at most {limit}",
                suggestion=_SMALLER,
            )
            return error_response(request, info, 413)

        key = service.keys.presented_key(request)
        request.state.principal = service.keys.principal_of(key)
        if not is_open_path(request.url.path):
            refusal = service.keys.refusal(key)
            # a refused request counts toward its address's limit too: guessing keys is
            # rate-limited like anything else
            decision = service.limiter.check(service.keys.client_of(request, key))
            if refusal is not None and decision.allowed:
                return _unauthorized(request, refusal)
            if not decision.allowed:
                info = ErrorInfo(
                    code="E_RATE_LIMITED",
                    message=f"more than {decision.limit} requests per {decision.window} from "
                    "this client",
                    suggestion=f"retry after {decision.retry_after_s} s",
                )
                return error_response(
                    request,
                    info,
                    429,
                    headers={
                        "Retry-After": str(decision.retry_after_s),
                        "X-RateLimit-Limit": str(decision.limit),
                        "X-RateLimit-Remaining": "0",
                    },
                )
        else:
            decision = None

        response = await call_next(request)
        response.headers["X-Request-ID"] = rid
        response.headers["X-Content-Type-Options"] = "nosniff"
        if decision is not None and decision.limit:
            response.headers["X-RateLimit-Limit"] = str(decision.limit)
            response.headers["X-RateLimit-Remaining"] = str(decision.remaining)
        return response


def _unauthorized(request: Request, message: str) -> Response:
    info = ErrorInfo(
        code="E_UNAUTHORIZED",
        message=message,
        suggestion="send 'Authorization: Bearer KEY' or 'X-API-Key: KEY' with a key from "
        "CONTRACT_REVIEW_API_KEYS",
    )
    return error_response(request, info, 401, headers={"WWW-Authenticate": "Bearer"})
