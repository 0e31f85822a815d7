"""How route functions reach the :class:`ServiceState` of their app."""

from __future__ import annotations

from starlette.requests import Request

from .service_state import ServiceState

__all__ = ["service_state"]


def service_state(request: Request) -> ServiceState:
    """The state of the app serving ``request`` (a FastAPI dependency)."""
    state: ServiceState = request.app.state.service
    return state
