"""Turning every failure into the one error body (:mod:`.error_body`).

Validation problems name the field (``body.mode: Input should be ...``); user mistakes
raised by the library (:class:`~contract_review.errors.InputError` and kin) keep their
message; anything unexpected is logged and answered with ``E_INTERNAL`` and the request
id, never a traceback.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request

from ..errors import (
    ConfigError,
    ContractReviewError,
    EmbeddingError,
    InputError,
    LLMError,
    MissingExtraError,
    NotFoundError,
    SearchIndexError,
    StorageError,
)
from .error_body import STATUS_OF, ErrorBody, ErrorCode, ErrorInfo, ServiceError
from .review_jobs import ReviewBusyError

__all__ = ["error_response", "install_error_handlers", "request_id_of"]

log = logging.getLogger(__name__)


def request_id_of(request: Request) -> str:
    """The id the request-id middleware gave this request."""
    return str(getattr(request.state, "request_id", "") or "req-unknown")


def error_response(
    request: Request,
    info: ErrorInfo,
    status: int,
    *,
    headers: dict[str, str] | None = None,
    extra: dict[str, Any] | None = None,
) -> JSONResponse:
    """The error body as a response."""
    rid = request_id_of(request)
    body = ErrorBody(error=info, request_id=rid).model_dump(mode="json", exclude_none=True)
    body.update(extra or {})
    return JSONResponse(body, status_code=status, headers={**(headers or {}), "X-Request-ID": rid})


def _field(loc: tuple[Any, ...] | list[Any]) -> str:
    return ".".join(str(part) for part in loc) or "body"


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for error in exc.errors():
        loc = _field(error.get("loc", ()))
        parts.append(f"{loc}: {error.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request is not valid"


def _code_for(exc: ContractReviewError) -> tuple[ErrorCode, int]:
    if isinstance(exc, SearchIndexError):
        return "E_BACKEND_ERROR", 502
    if isinstance(exc, InputError):
        if isinstance(exc, NotFoundError):
            return "E_NOT_FOUND", 404
        if isinstance(exc, ReviewBusyError):
            return "E_CAPABILITY_LIMIT", 409
        return "E_SCHEMA_INVALID", 400
    if isinstance(exc, MissingExtraError):
        return "E_NOT_SUPPORTED", 501
    if isinstance(exc, LLMError | EmbeddingError | StorageError):
        return "E_BACKEND_ERROR", 502
    if isinstance(exc, ConfigError):
        return "E_INTERNAL", 500
    return "E_INTERNAL", 500


def _without_server_paths(request: Request, message: str) -> str:
    """``message`` with the server's own folders named, not shown (clients need not know
    where the store or the law index lives)."""
    service = getattr(request.app.state, "service", None)
    if service is None:
        return message
    places = [
        (service.storage.location, "the server's store"),
        (service.law_index_dir, "the server's law index"),
        (service.jobs.upload_dir, "the upload folder"),
        (service.settings.data_dir, "the server's data folder"),
        (service.settings.cache_dir, "the server's cache folder"),
    ]
    for path, name in places:
        if path is not None:
            for form in {str(path), str(Path(path).expanduser().resolve())}:
                message = message.replace(form, name)
    return message


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers that write the error body."""

    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, exc: ServiceError) -> JSONResponse:
        return error_response(request, exc.info, exc.status, headers=exc.headers, extra=exc.extra)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        info = ErrorInfo(
            code="E_SCHEMA_INVALID",
            message=_validation_message(exc),
            step="validate",
            suggestion=getattr(request.app.state, "validation_hints", {}).get(
                request.url.path,
                "see the request schema and examples at /docs (OpenAPI: /openapi.json)",
            ),
        )
        return error_response(request, info, 400)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code: ErrorCode
        if exc.status_code == 404:
            code, message = "E_NOT_FOUND", f"no endpoint {request.url.path}"
        elif exc.status_code == 405:
            code, message = (
                "E_NOT_SUPPORTED",
                f"{request.method} is not allowed on {request.url.path}",
            )
        elif exc.status_code == 413:
            code, message = "E_CAPABILITY_LIMIT", str(exc.detail)
        elif exc.status_code < 500:
            code, message = "E_SCHEMA_INVALID", str(exc.detail)
        else:
            code, message = "E_INTERNAL", "internal error"
        headers = dict(exc.headers or {})
        return error_response(
            request, ErrorInfo(code=code, message=message), exc.status_code, headers=headers
        )

    @app.exception_handler(ContractReviewError)
    async def _library(request: Request, exc: ContractReviewError) -> JSONResponse:
        code, status = _code_for(exc)
        message = (
            _without_server_paths(request, str(exc))
            if code != "E_INTERNAL"
            else "internal error; the server log has the details"
        )
        if code == "E_INTERNAL":
            log.error("request %s failed: %s", request_id_of(request), exc)
        return error_response(request, ErrorInfo(code=code, message=message), status)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("request %s failed", request_id_of(request))
        info = ErrorInfo(
            code="E_INTERNAL",
            message="internal error; the server log has the details (quote the request id)",
        )
        return error_response(request, info, STATUS_OF["E_INTERNAL"])
