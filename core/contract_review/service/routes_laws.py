"""``/laws/search|context|get|schema``: the law library's four tools (seed 001) over the
configured law index. Without one they answer ``E_NOT_SUPPORTED`` saying how to set it."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends
from starlette.requests import Request

from ..laws.law_reading import get_law
from ..laws.law_reading_models import GetLawInput, GetLawOutput
from ..laws.law_search import HybridSearchInput, HybridSearchOutput, hybrid_search
from ..laws.meta_schema import MetaSchemaOutput, meta_schema
from ..laws.provision_context import (
    ProvisionContextInput,
    ProvisionContextOutput,
    get_provision_context,
)
from .envelope import Envelope, envelope
from .service_state import ServiceState
from .service_wiring import service_state

__all__ = ["router"]

router = APIRouter(prefix="/laws", tags=["laws"])

Service = Annotated[ServiceState, Depends(service_state)]


@router.post("/search", summary="HybridSearch: the articles best answering a query")
def search(
    request: Request, service: Service, body: HybridSearchInput
) -> Envelope[HybridSearchOutput]:
    return envelope(request, hybrid_search(service.law_index(), body))


@router.post("/context", summary="GetProvisionContext: an article with its context")
def context(
    request: Request, service: Service, body: ProvisionContextInput
) -> Envelope[ProvisionContextOutput]:
    return envelope(request, get_provision_context(service.law_index().library, body))


@router.post("/get", summary="GetLaw: a law's metadata and text")
def get(request: Request, service: Service, body: GetLawInput) -> Envelope[GetLawOutput]:
    return envelope(request, get_law(service.law_index().library, body))


@router.get("/schema", summary="MetaSchema: the filter fields and their values")
def schema(request: Request, service: Service) -> Envelope[MetaSchemaOutput]:
    return envelope(request, meta_schema(service.law_index().library))
