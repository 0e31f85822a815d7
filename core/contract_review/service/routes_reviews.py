"""``/reviews``: upload a contract to review, poll the review, decide its proposed
changes, resume it, and download its reports."""

from __future__ import annotations

import shutil
from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, File, Form, Path, UploadFile
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request

from ..errors import MissingExtraError
from ..review.decisions import Decision
from ..review.engine import RECORD_KIND, ReviewEngine, ReviewNotFoundError
from ..review.engine_request import ApprovalMode
from ..review.report_building import export_sources
from ..review.report_models import ReviewReport
from ..storage.readable import readable_records
from .envelope import Envelope, envelope
from .error_body import ServiceError
from .openapi_schema import errors
from .principals import Caller, check_review, review_owner
from .review_job_models import ReviewJobView, UploadedFile
from .service_state import ServiceState
from .service_wiring import service_state

__all__ = ["router"]

#: Every review operation reads or writes the store (502 when it fails).
router = APIRouter(prefix="/reviews", tags=["reviews"], responses=errors(502))

Service = Annotated[ServiceState, Depends(service_state)]
ReviewId = Annotated[
    str, Path(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$", description="The review id.")
]

_MEDIA = {
    "json": "application/json",
    "md": "text/markdown; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
}


class ReviewListItem(BaseModel):
    """One review in the store."""

    review_id: str
    status: str
    domain_id: str
    updated_at: datetime


class DecisionsBody(BaseModel):
    """Reviewers' decisions on proposed changes."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [{"decisions": [{"finding_id": "F001", "decision": "approved"}]}]
        },
    )

    decisions: list[Decision] = Field(min_length=1, max_length=500)


class ResumeBody(BaseModel):
    """How to decide the changes still undecided when the review goes on."""

    model_config = ConfigDict(extra="forbid")

    approval: ApprovalMode | None = Field(
        default=None,
        description="'auto' reports the rest as proposed; 'pause' stops at the next one; "
        "unset: as the review was started. 'interactive' is not available over HTTP.",
    )


def _engine(service: ServiceState) -> ReviewEngine:
    return ReviewEngine(service.registry, settings=service.settings, storage=service.storage)


def _read(upload: UploadFile, limit: int) -> bytes:
    content = upload.file.read(limit + 1)
    if len(content) > limit:
        raise ServiceError(
            "E_CAPABILITY_LIMIT",
            f"{upload.filename or 'the upload'} is larger than {limit} bytes",
            status=413,
        )
    return content


@router.post(
    "",
    status_code=202,
    summary="Upload a contract and start its review",
    responses=errors(413, 501),
)
def create_review(
    request: Request,
    service: Service,
    principal: Caller,
    file: Annotated[UploadFile, File(description="The contract (.txt, .md, .docx, .pdf).")],
    domain: Annotated[
        str, Form(min_length=1, description="The domain id: fidic, sha_spa, generic...")
    ],
    party: Annotated[str, Form(description="The side we act for.")] = "",
    approval: Annotated[
        Literal["auto", "pause"],
        Form(
            description="'auto': changes reported as proposed, decide them later; "
            "'pause': stop at each change until it is decided."
        ),
    ] = "auto",
    report_language: Annotated[
        Literal["", "en", "zh"],
        Form(
            description="The language of the report: 'en' or 'zh'; '' (the default) writes "
            "it in the contract's language. Redlines stay in the contract's language."
        ),
    ] = "",
    references: Annotated[
        list[UploadFile] | None, File(description="Related documents (GC, ER...).")
    ] = None,
    reference_roles: Annotated[
        list[str] | None,
        Form(description="The role of each reference, in order (default 'reference')."),
    ] = None,
) -> Envelope[ReviewJobView]:
    limit = service.settings.max_upload_bytes
    roles = list(reference_roles or [])
    files = [UploadedFile(filename=file.filename or "contract.txt", content=_read(file, limit))]
    for index, upload in enumerate(references or []):
        role = roles[index] if index < len(roles) and roles[index] else "reference"
        files.append(
            UploadedFile(
                filename=upload.filename or f"reference-{index + 1}.txt",
                content=_read(upload, limit),
                role=role,
            )
        )
    review_id = service.jobs.submit(
        service.registry,
        domain_id=domain,
        files=files,
        party=party,
        approval=approval,
        owner=principal.id,
        report_language=report_language,
    )
    return envelope(request, service.jobs.view(review_id))


@router.get("", summary="The reviews in the store")
def list_reviews(
    request: Request, service: Service, principal: Caller
) -> Envelope[list[ReviewListItem]]:
    """The caller's reviews (an admin key's: every review)."""
    items = []
    for record in readable_records(service.storage, RECORD_KIND):
        if not principal.may_see(review_owner(record.data)):
            continue
        status = "running" if service.jobs.is_active(record.id) else record.data.get("status", "")
        items.append(
            ReviewListItem(
                review_id=record.id,
                status=str(status),
                domain_id=str(record.data.get("domain_id", "")),
                updated_at=record.updated_at,
            )
        )
    return envelope(request, items)


@router.get("/{review_id}", summary="Poll a review", responses=errors(404))
def get_review(
    request: Request, service: Service, principal: Caller, review_id: ReviewId
) -> Envelope[ReviewJobView]:
    check_review(principal, service.storage, review_id)
    return envelope(request, service.jobs.view(review_id))


@router.post(
    "/{review_id}/decisions",
    summary="Approve, reject or edit proposed changes",
    responses=errors(404, 409),
)
def decide_findings(
    request: Request, service: Service, principal: Caller, review_id: ReviewId, body: DecisionsBody
) -> Envelope[ReviewJobView]:
    check_review(principal, service.storage, review_id)
    engine = _engine(service)
    service.jobs.decide(engine, review_id, body.decisions)
    return envelope(request, service.jobs.view(review_id))


@router.post(
    "/{review_id}/findings/{finding_id}/{decision}",
    summary="Approve or reject one proposed change",
    responses=errors(404, 409),
)
def decide_finding(
    request: Request,
    service: Service,
    principal: Caller,
    review_id: ReviewId,
    finding_id: Annotated[str, Path(min_length=1, max_length=128)],
    decision: Literal["approve", "reject"],
) -> Envelope[ReviewJobView]:
    check_review(principal, service.storage, review_id)
    engine = _engine(service)
    verdict: Literal["approved", "rejected"] = "approved" if decision == "approve" else "rejected"
    service.jobs.decide(engine, review_id, [Decision(finding_id=finding_id, decision=verdict)])
    return envelope(request, service.jobs.view(review_id))


@router.post(
    "/{review_id}/resume",
    status_code=202,
    summary="Resume a paused or interrupted review",
    responses=errors(404),
)
def resume_review(
    request: Request,
    service: Service,
    principal: Caller,
    review_id: ReviewId,
    body: ResumeBody | None = None,
) -> Envelope[ReviewJobView]:
    check_review(principal, service.storage, review_id)
    if body is not None and body.approval == "interactive":
        raise ServiceError(
            "E_SCHEMA_INVALID", "approval: 'interactive' needs a terminal; use 'auto' or 'pause'"
        )
    view = service.jobs.view(review_id)
    # A review queued or running in no worker of this server (one started with
    # --no-resume after a stop) is resumed too; one this server is running is left alone.
    if view.status != "complete" and not service.jobs.is_active(review_id):
        service.jobs.resume(review_id, approval=body.approval if body is not None else None)
        view = service.jobs.view(review_id)
    return envelope(request, view)


def _stop(service: ServiceState, review_id: str) -> None:
    if not service.jobs.cancel(review_id):
        raise ServiceError(
            "E_BACKEND_ERROR",
            f"review {review_id} did not stop in time; try again",
            status=503,
        )


@router.post(
    "/{review_id}/cancel",
    summary="Stop a queued or running review",
    responses=errors(404, 409, 503),
)
def cancel_review(
    request: Request, service: Service, principal: Caller, review_id: ReviewId
) -> Envelope[ReviewJobView]:
    """A queued or running review stops and ends as failed ("cancelled"); it is not resumed
    unless asked (``POST /reviews/{id}/resume``). Any other review is left as it is."""
    check_review(principal, service.storage, review_id)
    _stop(service, review_id)
    return envelope(request, service.jobs.view(review_id))


@router.delete(
    "/{review_id}",
    summary="Delete a review, its checkpoints and uploads",
    responses=errors(404, 409, 503),
)
def delete_review(
    request: Request, service: Service, principal: Caller, review_id: ReviewId
) -> Envelope[str]:
    """A running review is stopped first."""
    check_review(principal, service.storage, review_id)
    _stop(service, review_id)
    if not service.storage.delete(RECORD_KIND, review_id):
        raise ReviewNotFoundError(f"no review {review_id!r}")
    shutil.rmtree(service.jobs.upload_dir / review_id, ignore_errors=True)
    return envelope(request, review_id)


@router.get(
    "/{review_id}/report.{fmt}",
    summary="Download a review's report (json, md or html), or the contract in Word with "
    "tracked changes and comments (docx)",
    response_class=Response,
    responses={
        200: {"content": {m.split(";")[0]: {} for m in _MEDIA.values()}},
        **errors(404, 409, 501),
    },
)
def get_review_report(
    service: Service,
    principal: Caller,
    review_id: ReviewId,
    fmt: Literal["json", "md", "html", "docx"],
) -> Response:
    check_review(principal, service.storage, review_id)
    record, status = service.jobs.stored(review_id)
    if status in {"queued", "running"}:
        raise ServiceError(
            "E_CAPABILITY_LIMIT",
            f"review {review_id} is {status}; its report is ready when it stops",
            suggestion=f"poll GET /reviews/{review_id}",
            status=409,
        )
    if status == "failed" and service.storage.latest_checkpoint(review_id) is None:
        raise ServiceError(
            "E_CAPABILITY_LIMIT",
            f"review {review_id} failed before any clause was reviewed, so it has no report: "
            f"{record.data.get('error', '')}",
            status=409,
        )
    stored = record.data.get("report")
    engine = _engine(service)
    exporter = next(
        (r.item for r in service.registry.exporters.values() if r.item.suffix == f".{fmt}"), None
    )
    if exporter is None:
        raise ServiceError("E_NOT_SUPPORTED", f"no exporter writes .{fmt} reports")
    state = engine.load(review_id) if exporter.uses_sources or stored is None else None
    if status == "complete" and stored is not None:
        built = ReviewReport.model_validate(stored)
    else:
        state = state or engine.load(review_id)
        built = engine.report(state)
    sources = export_sources(state) if state is not None and exporter.uses_sources else None
    try:
        content = exporter.render(built, sources=sources)
    except MissingExtraError as exc:
        raise ServiceError("E_NOT_SUPPORTED", str(exc), status=501) from None
    return Response(
        content,
        media_type=_MEDIA[fmt],
        headers={
            # a report quotes the contract: no script it may hold ever runs
            "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
            "img-src data:; frame-ancestors 'none'",
            "Content-Disposition": f"{'attachment' if exporter.binary else 'inline'}; "
            f'filename="{review_id}-{exporter.stem or "report"}.{fmt}"',
        },
    )
