"""The one error body every endpoint answers with, and the error codes.

::

    {"success": false,
     "error": {"code": "E_SCHEMA_INVALID", "message": "body.mode: ...",
               "step": "validate", "suggestion": "..."},
     "request_id": "req-..."}

The codes are seed 003's (``E_SCHEMA_INVALID``, ``E_CAPABILITY_LIMIT``,
``E_AMBIGUITY_BLOCKED``, ``E_NOT_SUPPORTED``, ``E_BACKEND_ERROR``) and the service's
own (``E_UNAUTHORIZED``, ``E_FORBIDDEN``, ``E_NOT_FOUND``, ``E_RATE_LIMITED``,
``E_INTERNAL``); seed 002's ``VALIDATION_ERROR`` is ``E_SCHEMA_INVALID``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["STATUS_OF", "ErrorBody", "ErrorCode", "ErrorInfo", "ServiceError"]

#: Every error code the service answers with.
ErrorCode = Literal[
    "E_SCHEMA_INVALID",
    "E_UNAUTHORIZED",
    "E_FORBIDDEN",
    "E_NOT_FOUND",
    "E_RATE_LIMITED",
    "E_CAPABILITY_LIMIT",
    "E_AMBIGUITY_BLOCKED",
    "E_NOT_SUPPORTED",
    "E_BACKEND_ERROR",
    "E_INTERNAL",
]

#: The HTTP status of each code.
STATUS_OF: dict[str, int] = {
    "E_SCHEMA_INVALID": 400,
    "E_UNAUTHORIZED": 401,
    "E_FORBIDDEN": 403,
    "E_NOT_FOUND": 404,
    "E_RATE_LIMITED": 429,
    "E_CAPABILITY_LIMIT": 422,
    "E_AMBIGUITY_BLOCKED": 409,
    "E_NOT_SUPPORTED": 501,
    "E_BACKEND_ERROR": 502,
    "E_INTERNAL": 500,
}


class ErrorInfo(BaseModel):
    """What went wrong, for people and for programs."""

    model_config = ConfigDict(extra="forbid")

    code: ErrorCode
    message: str = Field(description="What is wrong, naming the input or field.")
    step: str | None = Field(default=None, description="The step that failed, when known.")
    suggestion: str | None = Field(default=None, description="What to do about it.")


class ErrorBody(BaseModel):
    """The body of every error response."""

    # extra: the unified search adds seed 003's ``clarify`` and ``meta``
    model_config = ConfigDict(extra="allow", json_schema_serialization_defaults_required=True)

    success: Literal[False] = False
    error: ErrorInfo
    request_id: str


class ServiceError(Exception):
    """An error the service answers with the error body (raised by route code).

    :param status: The HTTP status; by default the code's (:data:`STATUS_OF`).
    :param headers: Extra response headers (``Retry-After``, ``WWW-Authenticate``).
    :param extra: Extra top-level fields of the body (seed 003's ``clarify``).
    """

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        *,
        step: str | None = None,
        suggestion: str | None = None,
        status: int | None = None,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.info = ErrorInfo(code=code, message=message, step=step, suggestion=suggestion)
        self.status = status if status is not None else STATUS_OF[code]
        self.headers = headers or {}
        self.extra = extra or {}
