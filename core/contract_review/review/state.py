"""Review state: what the engine knows about a review in progress.

The skill-input hook (``build_skill_input``) receives it; the orchestrator's
``adjust_plan`` reads its findings. The review engine extends it with diffs and
approvals.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ..documents.model import Document, DocumentRole
from .findings import Finding
from .plan import ReviewPlan


class ReviewState(BaseModel):
    """A review in progress."""

    review_id: str = ""
    domain_id: str
    documents: list[Document] = Field(default_factory=list)
    our_party: str = Field(default="", description="The party we act for, e.g. 'Contractor'.")
    language: str = Field(default="en", pattern=r"^(en|zh)$")
    material_type: str = Field(default="", description="Kind of document under review, e.g. 'SPA'.")
    review_plan: ReviewPlan | None = None
    current_clause_id: str = ""
    findings: list[Finding] = Field(
        default_factory=list, description="What the review found so far, in review order."
    )

    def document(self, role: str) -> Document | None:
        """The first document with this role (a domain role id or a generic role), or None."""
        return next((doc for doc in self.documents if doc.role == role), None)

    @property
    def primary(self) -> Document | None:
        """The document under review."""
        return self.document(DocumentRole.PRIMARY.value)
