"""The review report: one versioned pydantic schema behind ``report.json``,
``report.md`` and ``report.html``.

``report.json`` is :class:`ReviewReport` dumped as JSON; the Markdown and HTML pages
render the same model, so the three formats show the same content. The schema is
versioned (:data:`REPORT_SCHEMA_VERSION`): a field is only ever added in a minor
version; a rename or removal bumps the major version.

A folder of documents (a data room) gives one report per document and a
:class:`PortfolioReport` that sums them up.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ..documents.model import Document
from ..domain import RiskLevel
from .clause_location import ClauseLocation
from .findings import CheckedItem, Finding, FindingStatus, SkillResultSummary
from .governing_law import GoverningLaw
from .plan import AnalysisDepth, ReviewPlan
from .skill_facts import SkillFact

__all__ = [
    "PORTFOLIO_SCHEMA_VERSION",
    "REPORT_SCHEMA_VERSION",
    "REPORT_STEM",
    "ApprovalDecision",
    "ApprovalRecord",
    "ClauseReview",
    "DocumentInfo",
    "PlanChange",
    "PlanReport",
    "PlanSource",
    "PlaybookInfo",
    "PortfolioEntry",
    "PortfolioReport",
    "ReportMeta",
    "ReviewReport",
    "ReviewStatus",
    "RiskSummary",
]

#: Report files are ``<REPORT_STEM><exporter suffix>``: report.json, report.md...
REPORT_STEM = "report"
#: Version of the :class:`ReviewReport` schema ("major.minor").
REPORT_SCHEMA_VERSION = "2.0"
#: Version of the :class:`PortfolioReport` schema ("major.minor").
PORTFOLIO_SCHEMA_VERSION = "2.0"

#: Where a review stands: ``complete`` only once every planned clause is done.
ReviewStatus = Literal["running", "paused", "complete", "failed"]
#: Who made the plan: core's default rules, the LLM orchestrator, or a plugin's hook.
PlanSource = Literal["default", "orchestrator", "plugin"]
#: What happened to a proposed change: ``proposed`` (reported, not decided — the
#: non-interactive default), ``approved``, ``rejected`` or ``edited`` (approved with
#: the reviewer's own wording).
ApprovalDecision = Literal["proposed", "approved", "rejected", "edited"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DocumentInfo(_Model):
    """A document the review read."""

    name: str = Field(description="The document's name (its file name).")
    role: str = Field(description="Its role in the review: 'primary', 'er', 'disclosure_letter'...")
    sha256: str = Field(description="SHA-256 of the source text, to tie the report to the file.")
    characters: int = Field(ge=0, description="Length of the source text.")
    sections: int = Field(ge=0, description="Sections the parser found.")
    language: str = Field(default="", description="Detected language ('en', 'zh').")

    @classmethod
    def of(cls, document: Document) -> DocumentInfo:
        """The report's line about ``document``."""
        return cls(
            name=document.name,
            role=document.role,
            sha256=hashlib.sha256(document.source.encode("utf-8")).hexdigest(),
            characters=len(document.source),
            sections=sum(1 for _ in document.sections()),
            language=document.language,
        )


class PlanChange(_Model):
    """One adjustment of the plan during the review."""

    after_clause: str = Field(description="The checklist clause just finished when it was made.")
    plan_version: int = Field(ge=1, description="The plan version it produced.")
    reason: str = ""
    changes: list[str] = Field(
        default_factory=list, description="One line per clause whose plan changed."
    )


class PlanReport(_Model):
    """The plan the review followed, who made it, and how it changed."""

    source: PlanSource
    note: str = Field(
        default="", description="Why this source: e.g. 'no LLM configured: default plan'."
    )
    plan: ReviewPlan
    changes: list[PlanChange] = Field(default_factory=list)


class ClauseReview(_Model):
    """What the review did for one checklist item."""

    checklist_item_id: str
    clause_name: str = ""
    depth: AnalysisDepth
    status: FindingStatus = Field(description="'found' when located, 'missing' otherwise.")
    locations: list[ClauseLocation] = Field(default_factory=list)
    finding_ids: list[str] = Field(default_factory=list)
    checked: bool = Field(
        default=False, description="Whether the item was found and found in order (see checked)."
    )
    not_applicable: bool = Field(
        default=False,
        description="The item is not expected in this kind of contract and was not looked for "
        "further (never reported missing).",
    )
    mentioned_in: list[str] = Field(
        default_factory=list,
        description="Clauses that speak to the item by its words, where no clause of its "
        "own was located: not reported missing, not claimed as located.",
    )
    skill_results: list[SkillResultSummary] = Field(
        default_factory=list, description="The skills run for the item, for the record."
    )
    facts: list[SkillFact] = Field(
        default_factory=list,
        description="What those skills read, in words ('claim notice: 14 days; baseline 28').",
    )
    steps: list[str] = Field(
        default_factory=list,
        description="The engine nodes this clause went through, in order (e.g. 'analyze', "
        "'generate_diffs').",
    )
    worker: str = Field(
        default="playbook", description="Who analysed it: 'playbook' (offline) or 'react' (LLM)."
    )


class ApprovalRecord(_Model):
    """The decision on one proposed change."""

    finding_id: str
    decision: ApprovalDecision
    by: Literal["auto", "interactive", "api"] = "auto"
    after: str | None = Field(
        default=None, description="The reviewer's wording when the decision is 'edited'."
    )
    decided_at: datetime | None = None


class RiskSummary(_Model):
    """What the review found, counted so the numbers add up: deviations by risk level
    (``critical + high + medium + low == deviations``), missing items apart, and
    ``total == deviations + missing``. Items checked and found in order are counted in
    ``checked`` and in none of the others."""

    critical: int = 0
    high: int = 0
    medium: int = 0
    low: int = 0
    deviations: int = Field(default=0, description="Findings about the wording of a clause.")
    missing: int = Field(default=0, description="Checklist items the document does not provide.")
    total: int = Field(default=0, description="deviations + missing.")
    checked: int = Field(default=0, description="Checklist items found in order (not findings).")

    @classmethod
    def of(cls, findings: list[Finding], checked: Iterable[CheckedItem] = ()) -> RiskSummary:
        """Count ``findings`` (deviations by risk level, missing apart) and ``checked``."""
        counts = {level.value: 0 for level in RiskLevel}
        missing = 0
        for finding in findings:
            if finding.status is FindingStatus.MISSING:
                missing += 1
            else:
                counts[finding.risk_level.value] += 1
        deviations = sum(counts.values())
        return cls(
            **counts,
            deviations=deviations,
            missing=missing,
            total=deviations + missing,
            checked=len(list(checked)),
        )

    @classmethod
    def total_of(cls, summaries: Iterable[RiskSummary]) -> RiskSummary:
        """Several summaries added up (a portfolio's)."""
        rows = list(summaries)
        return cls(**{name: sum(getattr(s, name) for s in rows) for name in cls.model_fields})

    def at_least(self, level: RiskLevel) -> int:
        """Deviations at ``level`` or more severe."""
        return sum(int(getattr(self, lvl.value)) for lvl in RiskLevel if lvl.at_least(level))


class PlaybookInfo(_Model):
    """The playbook the offline analysis applied."""

    playbook_id: str
    version: str
    source: str = Field(description="'builtin:<domain>' or the file given with --playbook.")


class ReportMeta(_Model):
    """How the report was made."""

    package_version: str
    plugins: dict[str, str] = Field(
        default_factory=dict, description="Plugin distribution -> version."
    )
    domain_id: str
    domain_name: str = ""
    playbook: PlaybookInfo | None = None
    embedder: str = Field(default="", description="The embedder used for reference search.")
    llm: str = Field(default="none", description="'none', or provider and model.")
    party: str = Field(default="", description="The side the risks are ranked from; '' for none.")
    started_at: datetime
    finished_at: datetime | None = None
    timings: dict[str, float] = Field(
        default_factory=dict, description="Seconds spent in each engine node, summed."
    )


class ReviewReport(_Model):
    """Everything a review found, in one versioned document (``report.json``)."""

    schema_version: str = REPORT_SCHEMA_VERSION
    review_id: str
    status: ReviewStatus
    title: str = Field(description="E.g. 'FIDIC Silver Book review of particular_conditions.txt'.")
    language: Literal["en", "zh"] = Field(
        default="en",
        description="The language the report is written in: the contract's ('zh' for a "
        "Chinese contract), or the one asked for with --report-language.",
    )
    contract_type: str = Field(
        default="",
        description="The kind of contract the review read it as ('services', 'supply', "
        "'licence'...); checklist items that do not apply to it are not reported missing.",
    )
    documents: list[DocumentInfo]
    summary: RiskSummary
    findings: list[Finding] = Field(
        description="The issues: deviations from our standard and missing items, nothing else."
    )
    checked: list[CheckedItem] = Field(
        default_factory=list,
        description="Checklist items found in the document and found in order.",
    )
    clauses: list[ClauseReview]
    plan: PlanReport
    approvals: list[ApprovalRecord] = Field(default_factory=list)
    notes: list[str] = Field(
        default_factory=list, description="Things the reader should know (skipped skills...)."
    )
    governing_law: GoverningLaw | None = Field(
        default=None, description="The law governing the contract, as read from its text."
    )
    meta: ReportMeta


class PortfolioEntry(_Model):
    """One document of a folder review."""

    document: str
    review_id: str = ""
    status: ReviewStatus
    summary: RiskSummary = RiskSummary()
    top_findings: list[str] = Field(
        default_factory=list, description="Titles of its most severe findings."
    )
    report_dir: str = Field(
        default="", description="Folder of its reports, relative to the portfolio's."
    )
    error: str = Field(default="", description="Why it could not be reviewed, when it failed.")
    sha256: str = Field(
        default="",
        description="SHA-256 of the file as reviewed: a re-run keeps a complete review of "
        "an unchanged file.",
    )
    issues: list[str] = Field(
        default_factory=list,
        description="The checklist topics it has a high or critical finding on, by name "
        "('Cap On Liability', 'Change Of Control'), for the data room's key issues.",
    )


class PortfolioReport(_Model):
    """A folder of documents (a data room) reviewed one by one."""

    schema_version: str = PORTFOLIO_SCHEMA_VERSION
    folder: str
    domain_id: str
    entries: list[PortfolioEntry]
    summary: RiskSummary
    started_at: datetime
    finished_at: datetime | None = None
