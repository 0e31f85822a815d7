"""``/health``, ``/info``, ``/domains`` and ``/skills``: what the service is and can do."""

from __future__ import annotations

import time
from typing import Annotated

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field
from starlette.requests import Request

from ..domain import ChecklistItem, DocumentRoleSpec
from ..plugins import core_version
from ..skills.tool_definitions import ToolDefinition, tool_definition
from .envelope import Envelope, envelope
from .error_body import ServiceError
from .openapi_schema import errors
from .service_state import ServiceState
from .service_wiring import service_state

__all__ = ["health_router", "router"]

#: ``/health``, which needs no API key.
health_router = APIRouter(tags=["service"])
#: The rest, which take one.
router = APIRouter(tags=["service"])

Service = Annotated[ServiceState, Depends(service_state)]


class Health(BaseModel):
    """Whether the service is up."""

    status: str = "ok"
    version: str
    uptime_s: float


class Info(BaseModel):
    """What this server offers and how it is configured (no secrets)."""

    name: str = "contract-review"
    version: str
    domains: list[str]
    storage: str = Field(description="The store's backend ('sqlite' or 'json').")
    law_index: bool = Field(description="Whether a law index is configured.")
    api_keys_required: bool
    rate_limit_per_minute: int
    rate_limit_per_hour: int
    max_upload_bytes: int
    endpoints: list[str]


class DomainView(BaseModel):
    """One installed domain."""

    domain_id: str
    name: str
    description: str
    plugin: str
    document_roles: list[DocumentRoleSpec]
    checklist: list[ChecklistItem]


class SkillView(BaseModel):
    """One registered skill and its tool definition."""

    skill_id: str
    name: str
    description: str
    domain: str
    category: str
    backend: str
    status: str
    plugin: str
    tool: ToolDefinition


@health_router.get("/health", summary="Health check")
def get_health(service: Service) -> Health:
    """Always answers while the server runs; needs no API key."""
    return Health(version=core_version(), uptime_s=round(time.time() - service.started, 3))


@router.get("/info", summary="What this server offers")
def get_info(request: Request, service: Service) -> Envelope[Info]:
    settings = service.settings
    paths = sorted(request.app.openapi().get("paths", {}))
    data = Info(
        version=core_version(),
        domains=sorted(service.registry.domains),
        storage=service.storage.name,
        law_index=service.law_index_dir is not None,
        api_keys_required=service.keys.required,
        rate_limit_per_minute=settings.rate_limit_per_minute,
        rate_limit_per_hour=settings.rate_limit_per_hour,
        max_upload_bytes=settings.max_upload_bytes,
        endpoints=paths,
    )
    return envelope(request, data)


def _domain_view(service: ServiceState, domain_id: str) -> DomainView:
    registered = service.registry.domains[domain_id]
    spec = registered.item
    return DomainView(
        domain_id=spec.domain_id,
        name=spec.name,
        description=spec.description,
        plugin=registered.plugin,
        document_roles=list(spec.document_roles),
        checklist=list(spec.checklist),
    )


@router.get("/domains", summary="The installed legal domains")
def list_domains(request: Request, service: Service) -> Envelope[list[DomainView]]:
    return envelope(request, [_domain_view(service, d) for d in sorted(service.registry.domains)])


@router.get("/domains/{domain_id}", summary="One domain and its checklist", responses=errors(404))
def get_domain(request: Request, service: Service, domain_id: str) -> Envelope[DomainView]:
    if domain_id not in service.registry.domains:
        known = ", ".join(sorted(service.registry.domains)) or "none installed"
        raise ServiceError("E_NOT_FOUND", f"no domain {domain_id!r} (installed: {known})")
    return envelope(request, _domain_view(service, domain_id))


@router.get(
    "/skills",
    summary="The registered skills with their tool definitions",
    responses=errors(404),
)
def list_skills(
    request: Request,
    service: Service,
    domain: Annotated[
        str | None, Query(description="Only skills this domain may use ('*' skills included).")
    ] = None,
    strict: Annotated[
        bool,
        Query(
            description="Tool definitions for OpenAI's strict mode: every property required "
            "(optional ones nullable), no undeclared property."
        ),
    ] = False,
) -> Envelope[list[SkillView]]:
    if domain is not None and domain not in service.registry.domains:
        known = ", ".join(sorted(service.registry.domains)) or "none installed"
        raise ServiceError("E_NOT_FOUND", f"no domain {domain!r} (installed: {known})")
    views = []
    for skill_id in sorted(service.registry.skills):
        registered = service.registry.skills[skill_id]
        skill = registered.item
        if domain is not None and skill.domain not in {"*", domain}:
            continue
        views.append(
            SkillView(
                skill_id=skill.skill_id,
                name=skill.name,
                description=skill.description,
                domain=skill.domain,
                category=skill.category,
                backend=skill.backend.value,
                status=skill.status.value,
                plugin=registered.plugin,
                tool=tool_definition(skill, strict=strict),
            )
        )
    return envelope(request, views)
