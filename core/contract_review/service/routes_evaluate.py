"""``/evaluate``: the quality grade (seed 002 P2: five weighted dimensions, A–F) of an
answer, of a review's findings, or of a report sent whole."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request

from ..evaluation.answer_quality import evaluate_answer
from ..evaluation.finding_quality import evaluate_report
from ..evaluation.quality_models import EvaluationResult, ReportEvaluation
from ..review.engine import RECORD_KIND, ReviewNotFoundError
from ..review.report_models import ReviewReport
from .envelope import Envelope, envelope
from .error_body import ServiceError
from .openapi_schema import errors
from .principals import Caller, check_review
from .service_state import ServiceState
from .service_wiring import service_state

__all__ = ["router"]

router = APIRouter(tags=["evaluate"])

Service = Annotated[ServiceState, Depends(service_state)]


class AnswerToEvaluate(BaseModel):
    """An answer to a legal question."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "target": "answer",
                    "question": "试用期内用人单位可以随意解除劳动合同吗？",
                    "answer": "不可以。根据《劳动合同法》第二十一条，在试用期中，除劳动者有"
                    "第三十九条和第四十条第一项、第二项规定的情形外，用人单位不得解除劳动合同。",
                    "citations": ["中华人民共和国劳动合同法#第二十一条"],
                }
            ]
        },
    )

    target: Literal["answer"] = "answer"
    question: str = Field(default="", max_length=4000)
    answer: str = Field(max_length=50_000)
    citations: list[str] = Field(default_factory=list, max_length=100)


class ReviewToEvaluate(BaseModel):
    """A review in the store (by id), or a review report sent whole."""

    model_config = ConfigDict(extra="forbid")

    target: Literal["review"] = "review"
    review_id: str | None = Field(default=None, description="A review of this server.")
    report: ReviewReport | None = Field(default=None, description="A report.json, sent whole.")


class Evaluation(BaseModel):
    """The grade of what was sent: an answer's, or a review's (with each finding's)."""

    target: Literal["answer", "review"]
    answer: EvaluationResult | None = None
    review: ReportEvaluation | None = None


EvaluateBody = Annotated[AnswerToEvaluate | ReviewToEvaluate, Field(discriminator="target")]


@router.post(
    "/evaluate",
    summary="Grade an answer or a review's findings (A–F)",
    responses=errors(404, 409, 502),
)
def evaluate(
    request: Request, service: Service, principal: Caller, body: EvaluateBody
) -> Envelope[Evaluation]:
    if isinstance(body, AnswerToEvaluate):
        result = evaluate_answer(
            question=body.question, answer=body.answer, citations=body.citations
        )
        return envelope(request, Evaluation(target="answer", answer=result))
    if (body.review_id is None) == (body.report is None):
        raise ServiceError(
            "E_SCHEMA_INVALID", "give one of review_id (a review of this server) and report"
        )
    report = body.report
    if body.review_id is not None:
        check_review(principal, service.storage, body.review_id)
        record = service.storage.load(RECORD_KIND, body.review_id)
        if record is None:
            raise ReviewNotFoundError(f"no review {body.review_id!r}")
        if record.data.get("report") is None:
            raise ServiceError(
                "E_CAPABILITY_LIMIT",
                f"review {body.review_id} has no report yet (status "
                f"{record.data.get('status', 'unknown')}); evaluate it when it is complete",
                status=409,
            )
        report = ReviewReport.model_validate(record.data["report"])
    assert report is not None
    return envelope(request, Evaluation(target="review", review=evaluate_report(report)))
