"""The body of every successful JSON response (seed 002 P3):
``{"success": true, "data": ..., "request_id": "req-...", "timestamp": ...}``."""

from __future__ import annotations

import time
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, Field
from starlette.requests import Request

from .error_handlers import request_id_of

__all__ = ["Envelope", "envelope"]

T = TypeVar("T")


class Envelope(BaseModel, Generic[T]):
    """A successful answer."""

    success: Literal[True] = True
    data: T
    request_id: str
    timestamp: float = Field(description="Unix time the answer was made.")


def envelope(request: Request, data: T) -> Envelope[T]:
    """``data`` wrapped for the response."""
    return Envelope[T](data=data, request_id=request_id_of(request), timestamp=time.time())
