"""``POST /skills/{skill_id}/run``: one skill on an uploaded document at one clause,
outside a review (:func:`~contract_review.review.document_skills.run_skill_on_document`,
as ``contract-review skills run`` and the MCP server's skill tools run it)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, File, Form, UploadFile
from pydantic import ValidationError
from starlette.requests import Request

from ..errors import InputError
from ..review.document_skills import DocumentSkillArguments, run_skill_on_document
from ..skills.registration import SkillResult
from .envelope import Envelope, envelope
from .error_body import ServiceError
from .openapi_schema import errors
from .review_job_models import safe_filename
from .service_state import ServiceState
from .service_wiring import service_state

__all__ = ["router"]

router = APIRouter(tags=["skills"])
Service = Annotated[ServiceState, Depends(service_state)]


def _saved(upload: UploadFile, limit: int, folder: Path, fallback: str) -> str:
    content = upload.file.read(limit + 1)
    if len(content) > limit:
        raise ServiceError(
            "E_CAPABILITY_LIMIT",
            f"{upload.filename or 'the upload'} is larger than {limit} bytes",
            status=413,
        )
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / safe_filename(upload.filename or fallback, 1)
    target.write_bytes(content)
    return str(target)


@router.post(
    "/skills/{skill_id}/run",
    summary="Run one skill on a document at one clause, outside a review",
    responses=errors(404, 413),
)
async def run_skill(
    request: Request,
    service: Service,
    skill_id: str,
    file: Annotated[UploadFile, File(description="The contract (.txt, .md, .docx, .pdf).")],
    clause_id: Annotated[
        str,
        Form(
            min_length=1,
            max_length=200,
            description="The clause as the document numbers it ('4.1', '第十二条') or a "
            "checklist item's id.",
        ),
    ],
    arguments: Annotated[
        str,
        Form(
            max_length=100_000,
            description="The skill's own arguments as a JSON object, as an LLM's tool call "
            "gives them (the skill's tool definition under GET /skills).",
        ),
    ] = "{}",
    domain: Annotated[
        str | None, Form(description="The domain whose checklist and playbook apply.")
    ] = None,
    party: Annotated[str, Form(max_length=200, description="The side we act for.")] = "",
    reference: Annotated[
        UploadFile | None, File(description="A related document (ER, disclosure letter...).")
    ] = None,
    reference_role: Annotated[str, Form(max_length=100)] = "reference",
) -> Envelope[SkillResult]:
    """The skill's input is built as a review builds it (the parsed document, the
    domain's checklist and playbook); ``arguments`` set the skill's own inputs. A skill
    that fails answers 200 with ``success`` false and its error."""
    registered = service.registry.skills.get(skill_id)
    if registered is None:
        raise ServiceError("E_NOT_FOUND", f"no skill {skill_id!r} (GET /skills lists them)")
    try:
        own = json.loads(arguments)
    except ValueError as exc:
        raise InputError(f"arguments: not JSON ({exc})") from None
    if not isinstance(own, dict):
        raise InputError("arguments: give a JSON object of the skill's arguments")
    limit = service.settings.max_upload_bytes
    with tempfile.TemporaryDirectory(prefix="contract-review-skill-") as folder:
        where = Path(folder)
        try:
            documents = DocumentSkillArguments(
                document_path=_saved(file, limit, where, "contract.txt"),
                reference_path=(
                    _saved(reference, limit, where / "reference", "reference.txt")
                    if reference is not None
                    else None
                ),
                reference_role=reference_role,
                domain=domain,
                party=party,
                clause_id=clause_id,
            )
            result = await run_skill_on_document(
                service.registry, service.settings, registered.item, documents, own
            )
        except InputError as exc:  # name the upload, not this server's temporary folder
            message = str(exc).replace(folder + "/", "").replace(folder, "")
            raise type(exc)(message) from None
        except ValidationError as exc:
            raise InputError(f"the request is not valid: {exc.errors()[0]['msg']}") from None
    if result.error:
        result = result.model_copy(
            update={"error": result.error.replace(folder + "/", "").replace(folder, "")}
        )
    return envelope(request, result)
