"""The checks every request passes before its endpoint: a request id, the body size
limit, the API key and the rate limit (in that order)."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response

from .api_keys import OPEN_PATHS
from .error_body import ErrorInfo
from .error_handlers import error_response

__all__ = ["install_request_guards"]

CallNext = Callable[[Request], Awaitable[Response]]


def _request_id(request: Request) -> str:
    given = request.headers.get("x-request-id", "").strip()
    if given and len(given) <= 128 and given.isprintable():
        return given
    return "req-" + secrets.token_hex(8)


def install_request_guards(app: FastAPI) -> None:
    """Add the middleware; it reads the :class:`ServiceState` on ``app.state.service``."""

    @app.middleware("http")
    async def guard(request: Request, call_next: CallNext) -> Response:
        rid = _request_id(request)
        request.state.request_id = rid
        service = request.app.state.service

        length = request.headers.get("content-length")
        limit = service.settings.max_upload_bytes
        if length is not None and (not length.isdigit() or int(length) > limit):
            info = ErrorInfo(
                code="E_CAPABILITY_LIMIT",
                message=f"the request body is {length} bytes; this server accepts at most {limit}",
                suggestion="send a smaller document, or raise max_upload_bytes "
                "(CONTRACT_REVIEW_MAX_UPLOAD_BYTES)",
            )
            return error_response(request, info, 413)

        key = service.keys.presented_key(request)
        if request.url.path not in OPEN_PATHS:
            if key is not None and not service.keys.is_valid(key):
                return _unauthorized(request, "the API key sent is not valid")
            if key is None and service.keys.required:
                return _unauthorized(request, "this server requires an API key")

            decision = service.limiter.check(service.keys.client_of(request, key))
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
