"""Review state: what the engine knows about a review in progress.

The skill-input hook (``build_skill_input``), the locator hook (``locate_clauses``)
and the plan hooks receive it; the orchestrator's ``adjust_plan`` reads its findings.
The review engine (:mod:`contract_review.review.engine`) moves it from node to node and
saves a checkpoint of it after every node, so everything it needs to resume is here:
the request, the next node, the clause in progress and every result so far. The parsed
documents are saved once with the review record, not in every checkpoint.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from ..documents.model import Document, DocumentRole
from .clause_location import ClauseLocation
from .engine_request import ReviewRequest
from .findings import CheckedItem, Finding, SkillResultSummary, SuggestedChange
from .governing_law import GoverningLaw
from .plan import ReviewPlan
from .report_models import (
    ApprovalRecord,
    ClauseReview,
    PlanChange,
    PlanSource,
    PlaybookInfo,
    ReviewStatus,
)
from .skill_facts import SkillFact

__all__ = ["ClauseWork", "ReviewState"]


class ClauseWork(BaseModel):
    """The checklist item being reviewed: what its nodes have produced so far."""

    checklist_item_id: str
    locations: list[ClauseLocation] = Field(default_factory=list)
    findings: list[Finding] = Field(
        default_factory=list, description="Findings of this clause, before approval."
    )
    checked: list[CheckedItem] = Field(
        default_factory=list, description="Where the item was found in order (no findings)."
    )
    proposed_changes: dict[str, SuggestedChange] = Field(
        default_factory=dict,
        description="finding_id -> the redline the analysis proposes; generate_diffs "
        "attaches them to the findings.",
    )
    skill_results: list[SkillResultSummary] = Field(default_factory=list)
    facts: list[SkillFact] = Field(
        default_factory=list, description="What the clause's skills read (hook skill_facts)."
    )
    steps: list[str] = Field(default_factory=list)
    worker: str = "playbook"
    not_applicable: bool = Field(
        default=False, description="The item is not expected in this kind of contract."
    )
    mentioned_in: list[str] = Field(
        default_factory=list,
        description="Clauses that speak to the item by its words where the locator found "
        "no clause of its own (it is then not reported missing).",
    )
    approvals: list[ApprovalRecord] = Field(default_factory=list)


class ReviewState(BaseModel):
    """A review in progress."""

    review_id: str = ""
    domain_id: str
    documents: list[Document] = Field(default_factory=list)
    our_party: str = Field(default="", description="The party we act for, e.g. 'Contractor'.")
    language: str = Field(
        default="en",
        pattern=r"^(en|zh)$",
        description="The contract's language: the words that go into the contract "
        "(redlines, joiners) follow it.",
    )
    report_language: str = Field(
        default="",
        pattern=r"^(|en|zh)$",
        description="The language the report is written in; '' for the contract's "
        "(see :attr:`reported_in`).",
    )
    material_type: str = Field(default="", description="Kind of document under review, e.g. 'SPA'.")
    contract_type: str = Field(
        default="",
        description="The kind of contract read from the primary document ('supply', "
        "'licence'...); '' when not known.",
    )
    review_plan: ReviewPlan | None = None
    current_clause_id: str = ""
    findings: list[Finding] = Field(
        default_factory=list, description="What the review found so far, in review order."
    )
    checked: list[CheckedItem] = Field(
        default_factory=list, description="Checklist items found in order so far."
    )
    # --- engine bookkeeping (all optional, so hooks and tests can build a bare state)
    request: ReviewRequest | None = None
    status: ReviewStatus = "running"
    next_node: str = Field(default="parse", description="The node the engine runs next.")
    plan_source: PlanSource = "default"
    plan_note: str = ""
    plan_changes: list[PlanChange] = Field(default_factory=list)
    playbook: PlaybookInfo | None = None
    governing_law: GoverningLaw | None = Field(
        default=None, description="The law governing the primary document, read once."
    )
    llm: str = Field(default="none", description="'none', or the provider and model used.")
    current: ClauseWork | None = None
    clause_reviews: list[ClauseReview] = Field(default_factory=list)
    approvals: list[ApprovalRecord] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    timings: dict[str, float] = Field(default_factory=dict)
    started_at: datetime | None = None
    finished_at: datetime | None = None
    error: str = Field(default="", description="Why the review failed, when it did.")

    @property
    def reported_in(self) -> Literal["en", "zh"]:
        """The language of what the review says to the lawyer (findings, notes,
        names): the one asked for, else the contract's."""
        return "zh" if (self.report_language or self.language) == "zh" else "en"

    def document(self, role: str) -> Document | None:
        """The first document with this role (a domain role id or a generic role), or None."""
        return next((doc for doc in self.documents if doc.role == role), None)

    def document_named(self, name: str) -> Document | None:
        """The document with this name, or None."""
        return next((doc for doc in self.documents if doc.name == name), None)

    @property
    def primary(self) -> Document | None:
        """The document under review."""
        return self.document(DocumentRole.PRIMARY.value)

    @property
    def done_clause_ids(self) -> list[str]:
        """Checklist items already saved, in review order."""
        return [review.checklist_item_id for review in self.clause_reviews]
