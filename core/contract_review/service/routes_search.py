"""``POST /api/search/unified``: seed 003's unified search over the law library seen as a
graph. The answer keeps the seed's shape (``results``, ``clarify``, ``meta``) with the
service's ``success`` and ``request_id``; errors use the one error body, with the
``clarify`` block and ``meta`` when the search made them.

``GET /api/search/capabilities``: the capabilities document (seed 003
``capabilities.json``) — URL, method, parameters and limits of each operation, written
from the limits the planner enforces and the request model that validates each body."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Header
from starlette.requests import Request

from ..unified_search.capabilities import SearchCapabilities, search_capabilities
from ..unified_search.executor import unified_search
from ..unified_search.request_models import UnifiedSearchRequest
from ..unified_search.response_models import UnifiedSearchResponse
from ..unified_search.search_errors import EXAMPLE_REQUEST, UnifiedSearchError
from .error_body import STATUS_OF, ServiceError
from .error_handlers import request_id_of
from .openapi_schema import errors
from .service_state import ServiceState
from .service_wiring import service_state

__all__ = ["CAPABILITIES_PATH", "PATH", "VALIDATION_HINT", "router"]

router = APIRouter(tags=["search"])

Service = Annotated[ServiceState, Depends(service_state)]

#: Where the search's routes are mounted.
BASE_PATH = "/api/search"
#: Where the unified search answers.
PATH = f"{BASE_PATH}/unified"
#: Where the capabilities document is served.
CAPABILITIES_PATH = f"{BASE_PATH}/capabilities"

#: Offered with a request that does not validate (seed 003: 返回示例与校验错误).
VALIDATION_HINT = f"a valid request looks like {EXAMPLE_REQUEST}"


class UnifiedSearchAnswer(UnifiedSearchResponse):
    """A unified search answer."""

    success: Literal[True] = True
    request_id: str


@router.post(
    PATH,
    summary="Unified search (seed 003): nl, exact or hybrid",
    response_model_exclude_none=True,
    responses=errors(409, 422, 501, 502),
)
def search_unified(
    request: Request,
    service: Service,
    body: UnifiedSearchRequest,
    x_client_profile: Annotated[
        str | None,
        Header(description="precision, recall or balanced; the body's profile wins."),
    ] = None,
) -> UnifiedSearchAnswer:
    try:
        index = (
            None
            if body.options.dry_run and service.law_index_dir is None
            else service.optional_law_index()
        )
        response = unified_search(body, index=index, header_profile=x_client_profile)
    except UnifiedSearchError as exc:
        body_of_error = exc.to_response(profile=body.profile or x_client_profile)
        extra = body_of_error.model_dump(
            mode="json", exclude_none=True, exclude={"error", "results"}
        )
        raise ServiceError(
            exc.code, exc.message, step=exc.step, suggestion=exc.suggestion, extra=extra
        ) from exc
    return UnifiedSearchAnswer(**response.model_dump(), request_id=request_id_of(request))


class CapabilitiesAnswer(SearchCapabilities):
    """The capabilities document."""

    success: Literal[True] = True
    request_id: str


@router.get(
    CAPABILITIES_PATH,
    summary="The unified search's capabilities: operations, parameters, limits (seed 003)",
)
def get_search_capabilities(request: Request) -> CapabilitiesAnswer:
    document = search_capabilities(http_status=STATUS_OF, base_path=BASE_PATH)
    return CapabilitiesAnswer(**document.model_dump(), request_id=request_id_of(request))
