"""What a review report page shows and in which order, shared by the Markdown and the
HTML renderers so both show the same content in the same words.

A page reads, top to bottom: the executive summary (:mod:`.executive_summary`), the
issues by clause, the clauses checked and found in order, the missing clauses, the
notes for the reader, and last the appendix (how the review was made).

:func:`outline` groups a :class:`~contract_review.review.report_models.ReviewReport`:
one :class:`ClauseSection` per planned checklist clause in plan (execution) order with
the findings about it, clauses reviewed outside the plan after them, findings outside
the checklist last; missing clauses apart; each finding gets the anchor of its card.
The ``*_caption`` functions give the one-line wording (evidence source and offsets,
approval decision, plan source...) of the appendix.
"""

from __future__ import annotations

import re
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from ..domain import RiskLevel
from ..review.findings import CheckedItem, Finding, FindingStatus
from ..review.plan import ClauseAnalysisPlan
from ..review.report_models import (
    REPORT_STEM,
    ApprovalRecord,
    ClauseReview,
    PortfolioEntry,
    PortfolioReport,
    ReviewReport,
    RiskSummary,
)
from .finding_text import in_language, is_clause_number
from .report_labels import label

__all__ = [
    "OTHER_FINDINGS_ANCHOR",
    "RISK_COLUMNS",
    "ClauseSection",
    "ReportOutline",
    "entry_report_path",
    "format_score",
    "format_seconds",
    "format_when",
    "governing_law_caption",
    "internal_notes",
    "issues_across",
    "outline",
    "portfolio_status_warning",
    "ranked_entries",
    "reader_notes",
    "report_language",
    "risk_label",
    "status_warning",
    "summary_values",
]

#: The file name (without suffix) the CLI writes a document's reports under.
#: The anchor of the section of findings outside the checklist.
OTHER_FINDINGS_ANCHOR = "other-findings"
#: Columns of the risk summary table: (RiskSummary field, heading).
RISK_COLUMNS: tuple[tuple[str, str], ...] = (
    ("critical", "Critical"),
    ("high", "High"),
    ("medium", "Medium"),
    ("low", "Low"),
    ("deviations", "Deviations"),
    ("missing", "Missing"),
    ("total", "Total"),
    ("checked", "In order"),
)


class ClauseSection(BaseModel):
    """One checklist clause of the report: its plan, what the review did, its findings."""

    model_config = ConfigDict(frozen=True)

    anchor: str = Field(description="Fragment id of the section in the HTML page.")
    clause_id: str = Field(description="The checklist item; '' for findings outside it.")
    clause_name: str = ""
    plan: ClauseAnalysisPlan | None = None
    review: ClauseReview | None = None
    findings: list[Finding] = Field(
        default_factory=list, description="Its found findings, most severe first."
    )
    checked: list[CheckedItem] = Field(
        default_factory=list, description="Where it was found in order (no finding)."
    )

    @property
    def heading(self) -> str:
        """The section's heading in the appendix: checklist item id and name."""
        if not self.clause_id:
            return "Findings outside the checklist"
        return f"{self.clause_id} {self.clause_name}".strip()

    def title(self, language: str) -> str:
        """The section's heading for a reader, in the report's language: the clause
        numbers of its findings as the contract writes them ('20.1', '第十二条') and
        the checklist name when it reads in that language (else the numbers alone)."""
        if not self.clause_id:
            return label("other_findings", language)
        numbers = list(dict.fromkeys(f.clause_id for f in self.findings))
        if not numbers and is_clause_number(self.clause_id):
            numbers = [self.clause_id]
        name = self.clause_name if in_language(self.clause_name, language) else ""
        return " ".join([*(n for n in numbers if is_clause_number(n)), name]).strip() or (
            self.clause_id
        )

    @property
    def is_missing(self) -> bool:
        """Whether the review did not find the clause in the document (and expected it)."""
        return (
            self.review is not None
            and self.review.status is FindingStatus.MISSING
            and not self.review.not_applicable
            and not self.review.mentioned_in
            and not self.findings
        )

    @property
    def mentioned_in(self) -> list[str]:
        """Clauses that speak to the item where no clause of its own was located."""
        return self.review.mentioned_in if self.review is not None else []

    @property
    def not_applicable(self) -> bool:
        """Whether the item is not expected in this kind of contract."""
        return self.review is not None and self.review.not_applicable


class ReportOutline(BaseModel):
    """A review report arranged for a page."""

    model_config = ConfigDict(frozen=True)

    sections: list[ClauseSection]
    missing: list[Finding] = Field(description="Findings for clauses not in the document.")
    checked: list[CheckedItem] = Field(
        default_factory=list, description="Checklist items found in order."
    )
    approvals: dict[str, ApprovalRecord] = Field(description="Finding id -> its decision.")
    anchors: dict[str, str] = Field(
        default_factory=dict,
        description="Finding id -> fragment id of its card, in page order (sections, then "
        "missing).",
    )
    unmatched_approvals: list[ApprovalRecord] = Field(
        default_factory=list, description="Decisions on finding ids the report does not hold."
    )


def _by_severity(findings: list[Finding]) -> list[Finding]:
    return sorted(findings, key=lambda f: f.risk_level.severity)


def outline(report: ReviewReport) -> ReportOutline:
    """Arrange ``report``: every finding lands in exactly one section or in ``missing``."""
    reviews = {cr.checklist_item_id: cr for cr in report.clauses}
    plans = report.plan.plan.execution_order()
    clause_ids = [cp.clause_id for cp in plans]
    clause_ids += [
        cr.checklist_item_id for cr in report.clauses if cr.checklist_item_id not in clause_ids
    ]
    claimed: set[str] = set()
    sections: list[ClauseSection] = []
    for index, clause_id in enumerate(clause_ids, start=1):
        review = reviews.get(clause_id)
        listed = set(review.finding_ids) if review else set()
        own = [
            f
            for f in report.findings
            if f.finding_id not in claimed
            and f.status is FindingStatus.FOUND
            and (f.checklist_item_id == clause_id or f.finding_id in listed)
        ]
        claimed.update(f.finding_id for f in own)
        plan = report.plan.plan.for_clause(clause_id)
        name = (plan.clause_name if plan else "") or (review.clause_name if review else "")
        sections.append(
            ClauseSection(
                anchor=f"clause-{index}",
                clause_id=clause_id,
                clause_name=name,
                plan=plan,
                review=review,
                findings=_by_severity(own),
                checked=[c for c in report.checked if c.checklist_item_id == clause_id],
            )
        )
    missing = [f for f in report.findings if f.status is FindingStatus.MISSING]
    claimed.update(f.finding_id for f in missing)
    others = [f for f in report.findings if f.finding_id not in claimed]
    if others:
        sections.append(
            ClauseSection(anchor=OTHER_FINDINGS_ANCHOR, clause_id="", findings=_by_severity(others))
        )
    finding_ids = {f.finding_id for f in report.findings}
    in_page = [f for s in sections for f in s.findings] + _by_severity(missing)
    return ReportOutline(
        sections=sections,
        anchors={f.finding_id: f"finding-{n}" for n, f in enumerate(in_page, start=1)},
        missing=_by_severity(missing),
        checked=list(report.checked),
        approvals={a.finding_id: a for a in report.approvals},
        unmatched_approvals=[a for a in report.approvals if a.finding_id not in finding_ids],
    )


def status_warning(report: ReviewReport) -> str:
    """The warning a page opens with when the review is not complete, in the report's
    language; '' when it is complete."""
    if report.status == "complete":
        return ""
    language = report.language
    return label("incomplete", language).format(
        status=report.status,
        state=label(f"state_{report.status}", language),
        done=len(report.clauses),
        planned=len(report.plan.plan.clause_plans),
    )


#: A note is about how the review was made (for the appendix) when it names a command,
#: a setting or a skill: a ``snake_case`` word, or ``contract-review``.
_INTERNAL_NOTE_RE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|contract-review")


def reader_notes(report: ReviewReport) -> list[str]:
    """The notes a reader of the issues should see (e.g. which law governs)."""
    return [n for n in report.notes if not _INTERNAL_NOTE_RE.search(n)]


def internal_notes(report: ReviewReport) -> list[str]:
    """The notes about how the review was made (skills skipped, settings): appendix."""
    return [n for n in report.notes if _INTERNAL_NOTE_RE.search(n)]


def ranked_entries(report: PortfolioReport) -> list[PortfolioEntry]:
    """The documents most at risk first (critical, then high, medium and low findings,
    then missing items); documents not reviewed last; otherwise in folder order."""
    order = {id(entry): n for n, entry in enumerate(report.entries)}

    def rank(entry: PortfolioEntry) -> tuple[int, ...]:
        s = entry.summary
        failed = entry.status == "failed"
        return (failed, -s.critical, -s.high, -s.medium, -s.low, -s.missing, order[id(entry)])

    return sorted(report.entries, key=rank)


def issues_across(report: PortfolioReport) -> list[tuple[str, list[str]]]:
    """The key issues of the data room: each checklist topic some document has a high
    or critical finding on, with those documents; the most widespread first."""
    documents: dict[str, list[str]] = {}
    for entry in report.entries:
        for issue in entry.issues:
            documents.setdefault(issue, []).append(entry.document)
    return sorted(documents.items(), key=lambda item: (-len(item[1]), item[0]))


def portfolio_status_warning(report: PortfolioReport) -> str:
    """The warning a portfolio page opens with when a document's review is not complete."""
    incomplete = [e for e in report.entries if e.status != "complete"]
    if not incomplete:
        return ""
    states = ", ".join(f"{e.document} ({e.status})" for e in incomplete)
    return (
        f"Incomplete portfolio: {len(incomplete)} of {len(report.entries)} documents were "
        f"not completely reviewed: {states}. The totals below are partial."
    )


def risk_label(level: RiskLevel, language: str = "en") -> str:
    """The text label of a risk level, on its badge (pages never show risk by colour
    alone): 'HIGH' in English, '高' in Chinese."""
    return label(level.value, language) if language == "zh" else level.value.upper()


def format_score(score: float) -> str:
    """A relevance or locator score as the pages print it."""
    return f"{score:.3f}"


def format_seconds(seconds: float) -> str:
    """A duration in seconds as the pages print it."""
    return f"{seconds:.2f} s"


def format_when(when: datetime | None) -> str:
    """A timestamp as the pages print it; '—' when unknown."""
    return "—" if when is None else when.isoformat(timespec="seconds")


def governing_law_caption(report: ReviewReport) -> tuple[str, str] | None:
    """The executive summary's governing-law line as (label, value), in the report's
    language: ("Governing law", "England and Wales (clause 25.1)") or ("适用法律",
    "中华人民共和国法律（第三十条）"); None for a report that does not record it."""
    if report.governing_law is None:
        return None
    language = report.language
    return label("governing_law", language), report.governing_law.label(language)


def report_language(report: ReviewReport) -> str:
    """The language the report is written in (the page's ``lang``)."""
    return report.language


def summary_values(summary: RiskSummary) -> list[tuple[str, int]]:
    """The risk summary as (heading, count) pairs in :data:`RISK_COLUMNS` order."""
    return [(heading, int(getattr(summary, field))) for field, heading in RISK_COLUMNS]


def entry_report_path(entry: PortfolioEntry, suffix: str) -> str:
    """The path of one document's report (``suffix`` '.html' or '.md') relative to the
    portfolio's; '' when the entry has no report folder."""
    if not entry.report_dir:
        return ""
    return f"{entry.report_dir.rstrip('/')}/{REPORT_STEM}{suffix}"
