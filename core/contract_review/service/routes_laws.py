"""``/laws/search|context|get|schema``: the law library's four tools (seed 001) over the
configured law index. Without one they answer ``E_NOT_SUPPORTED`` saying how to set it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends
from starlette.requests import Request

from ..laws import law_reading, provision_context
from ..laws.law_reading_models import GetLawInput, GetLawOutput
from ..laws.law_search import HybridSearchInput, HybridSearchOutput, hybrid_search
from ..laws.meta_schema import MetaSchemaOutput, meta_schema
from ..laws.provision_context import ProvisionContextInput, ProvisionContextOutput
from .envelope import Envelope, envelope
from .openapi_schema import errors
from .service_state import ServiceState
from .service_wiring import service_state

__all__ = ["router"]

#: Without a law index: 501; one that cannot be opened: 502.
router = APIRouter(prefix="/laws", tags=["laws"], responses=errors(501, 502))

Service = Annotated[ServiceState, Depends(service_state)]


@router.post("/search", summary="HybridSearch: the articles best answering a query")
def search_laws(
    request: Request, service: Service, body: HybridSearchInput
) -> Envelope[HybridSearchOutput]:
    return envelope(request, hybrid_search(service.law_index(), body))


@router.post(
    "/context",
    summary="GetProvisionContext: an article with its context",
    responses=errors(404),
)
def get_provision_context(
    request: Request, service: Service, body: ProvisionContextInput
) -> Envelope[ProvisionContextOutput]:
    library = service.law_index().library
    return envelope(request, provision_context.get_provision_context(library, body))


@router.post("/get", summary="GetLaw: a law's metadata and text", responses=errors(404))
def get_law(request: Request, service: Service, body: GetLawInput) -> Envelope[GetLawOutput]:
    return envelope(request, law_reading.get_law(service.law_index().library, body))


@router.get("/schema", summary="MetaSchema: the filter fields and their values")
def get_law_schema(request: Request, service: Service) -> Envelope[MetaSchemaOutput]:
    return envelope(request, meta_schema(service.law_index().library))
