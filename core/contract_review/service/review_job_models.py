"""What the service shows of a review job, and what an upload is."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..review.report_models import RiskSummary

__all__ = ["JobProgress", "JobStatus", "ReviewJobView", "UploadedFile", "safe_filename"]

#: Where a review stands: waiting for a worker, running, waiting for decisions,
#: finished, or stopped by an error.
JobStatus = Literal["queued", "running", "paused", "complete", "failed"]


class UploadedFile(BaseModel):
    """One uploaded document and its role in the review."""

    model_config = ConfigDict(frozen=True)

    filename: str
    content: bytes = Field(repr=False)
    role: str = "primary"


class JobProgress(BaseModel):
    """How far a running review is."""

    node: str = ""
    clauses_done: int = 0
    clauses_planned: int = 0


class ReviewJobView(BaseModel):
    """A review as ``GET /reviews/{id}`` shows it."""

    review_id: str
    status: JobStatus
    domain_id: str
    documents: list[str] = Field(default_factory=list, description="Document file names.")
    progress: JobProgress | None = None
    summary: RiskSummary | None = Field(default=None, description="When complete.")
    awaiting_decision: list[str] = Field(
        default_factory=list,
        description="Findings whose proposed change awaits a decision (a paused review).",
    )
    decidable: list[str] = Field(
        default_factory=list, description="Every finding with a proposed change so far."
    )
    error: str = ""
    reports: dict[str, str] = Field(
        default_factory=dict, description="Report format -> its URL path (when complete)."
    )


_SAFE_NAME = re.compile(r"[^\w.\-]+", re.UNICODE)


def safe_filename(name: str, index: int) -> str:
    """A file name that stays inside the upload folder (path parts and odd characters
    dropped); ``document-<n>`` when nothing usable is left."""
    base = Path(name.replace("\\", "/")).name
    cleaned = _SAFE_NAME.sub("_", base).strip("._")[:120]
    return cleaned or f"document-{index}"
