"""The HTTP service (FastAPI, in the ``server`` extra): reviews, ask, conversations,
evaluation, the law library and unified search, with API keys, rate limits and one
error body. Start it with ``contract-review serve`` or :func:`create_app`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]

__getattr__, __dir__ = lazy_exports(__name__, {"create_app": "app"}, __all__)
