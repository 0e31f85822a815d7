"""The executive summary a report page opens with, the same in both formats: the
contract, the party it was reviewed for and its governing law; the issues counted by
risk; and the key issues, most severe first, one line each — clause, the risk in plain
words, what we propose."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..domain import RiskLevel
from ..review.findings import Finding
from ..review.report_models import ReviewReport
from .finding_text import clause_label, proposal
from .report_labels import contract_type_name, label
from .report_outline import ReportOutline, governing_law_caption

__all__ = ["KeyIssue", "RiskCount", "key_issues", "risk_counts", "summary_facts"]


class KeyIssue(BaseModel):
    """One line of the key issues."""

    model_config = ConfigDict(frozen=True)

    finding: Finding
    anchor: str
    clause: str
    proposal: str


class RiskCount(BaseModel):
    """One count of the summary: its style (a risk level, 'missing' or 'checked'), its
    label in the report's language and the number."""

    model_config = ConfigDict(frozen=True)

    style: str
    label: str
    count: int


def summary_facts(report: ReviewReport) -> list[tuple[str, str]]:
    """(label, value) lines: contract (and its type when known), party reviewed for,
    governing law when the report records it."""
    language = report.language
    primary = next((d for d in report.documents if d.role == "primary"), None)
    document = primary or (report.documents[0] if report.documents else None)
    facts: list[tuple[str, str]] = []
    if document is not None:
        facts.append((label("contract", language), document.name))
    kind = contract_type_name(report.contract_type, language)
    if kind:
        facts.append((label("contract_type", language), kind))
    facts.append((label("party", language), report.meta.party or label("party_none", language)))
    law = governing_law_caption(report)
    if law is not None:
        facts.append(law)
    return facts


def risk_counts(report: ReviewReport) -> list[RiskCount]:
    """Deviations by risk level, then missing clauses and clauses found in order."""
    language = report.language
    summary = report.summary
    counts = [
        RiskCount(
            style=level.value,
            label=label(level.value, language),
            count=getattr(summary, level.value),
        )
        for level in RiskLevel
    ]
    counts.append(
        RiskCount(style="missing", label=label("missing_count", language), count=summary.missing)
    )
    counts.append(
        RiskCount(style="checked", label=label("in_order", language), count=summary.checked)
    )
    return counts


def key_issues(report: ReviewReport, shape: ReportOutline) -> list[KeyIssue]:
    """Every finding, most severe first (critical, high, medium, low), in review order
    within a level; missing clauses by their risk like the others."""
    by_id = {f.finding_id: f for f in report.findings}
    ranked = sorted(report.findings, key=lambda f: f.risk_level.severity)
    return [
        KeyIssue(
            finding=f,
            anchor=shape.anchors.get(f.finding_id, ""),
            clause=clause_label(f),
            proposal=proposal(f, by_id),
        )
        for f in ranked
    ]
