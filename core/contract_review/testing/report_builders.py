"""Realistic review reports built in a test: ``make_report(status="paused")``.

:func:`make_report` reviews a small FIDIC-style contract (:data:`CONTRACT_TEXT`) against
an Employer's Requirements (:data:`REQUIREMENTS_TEXT`) and one article of a law: found
findings quote the contract by offsets, one cites a reference section and one a law
article (both with scores), several propose a redline, one checklist clause is missing,
one clause is planned ``quick``, the plan changed once mid-review, and the proposed
changes carry every kind of decision (approved, edited, rejected, proposed). Exporters
and their tests render it; plugin authors use it to test their own exporters.

:func:`make_portfolio` sums several such reports up as a folder (data-room) review.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from ..documents.loading import parse_text
from ..documents.model import Document
from ..domain import ChecklistItem, Priority, RiskLevel
from ..review.clause_location import ClauseLocation
from ..review.diffs import suggested_change
from ..review.findings import (
    CheckedItem,
    Evidence,
    Finding,
    FindingStatus,
    SkillResultSummary,
)
from ..review.plan import (
    AnalysisDepth,
    PlanAdjustment,
    ReviewPlan,
    apply_adjustment,
    build_default_plan,
    depth_distribution,
)
from ..review.report_models import (
    ApprovalRecord,
    ClauseReview,
    DocumentInfo,
    PlanChange,
    PlanReport,
    PlaybookInfo,
    PortfolioEntry,
    PortfolioReport,
    ReportMeta,
    ReviewReport,
    RiskSummary,
)
from .law_builders import make_law

__all__ = [
    "CHECKLIST",
    "CONTRACT_TEXT",
    "REQUIREMENTS_TEXT",
    "STARTED_AT",
    "make_portfolio",
    "make_report",
]

#: The contract :func:`make_report` reviews (its clause 17.6 is missing on purpose).
CONTRACT_TEXT = """\
PARTICULAR CONDITIONS

1. General Provisions
1.1 Definitions
"Contractor" means Smith & Sons <Construction> Ltd.
4. The Contractor
4.12 Unforeseeable Physical Conditions
The Contractor shall be deemed to have obtained all information as to risks. No adjustment of the Contract Price shall be made for physical conditions.
8. Commencement, Delays and Suspension
8.7 Delay Damages
If the Contractor fails to comply with Sub-Clause 8.2, the Contractor shall pay delay damages of 0.1% of the Contract Price per day.
20. Claims
20.1 Contractor's Claims
The Contractor shall give notice within 28 days. Failing notice, the Employer is discharged from all liability.
"""

#: The reference document (Employer's Requirements) the 4.12 finding cites.
REQUIREMENTS_TEXT = """\
EMPLOYER'S REQUIREMENTS

5. Site Data
5.1 Ground Conditions
The geotechnical report in Appendix 3 is provided for information only.
"""

#: The checklist of the review: five clauses, 17.6 absent from the contract.
CHECKLIST: tuple[ChecklistItem, ...] = tuple(
    ChecklistItem(
        clause_id=clause_id, clause_name=name, priority=priority, required_skills=skills,
        description=description,
    )
    for clause_id, name, priority, skills, description in [
        ("20.1", "Contractor's Claims", Priority.CRITICAL,
         ("get_clause_context", "compare_with_baseline"), "Notice periods and time bars."),
        ("4.12", "Unforeseeable Physical Conditions", Priority.HIGH,
         ("get_clause_context", "search_reference_doc"), "Who bears the ground risk."),
        ("8.7", "Delay Damages", Priority.HIGH, ("get_clause_context", "search_law"),
         "The rate and cap of delay damages."),
        ("17.6", "Limitation of Liability", Priority.CRITICAL, (),
         "A cap on each party's total liability."),
        ("1.1", "Definitions", Priority.LOW, (), "The parties' names."),
    ]
)  # fmt: skip

#: When every built report starts.
STARTED_AT = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)

_LAW_TEXT = "约定的违约金低于造成的损失的，人民法院或者仲裁机构可以根据当事人的请求予以增加。"


def _clause(document: Document, clause_id: str) -> tuple[Evidence, ClauseLocation]:
    section = document.find(clause_id)
    if section is None:  # pragma: no cover - the texts above hold every clause used
        raise LookupError(f"{document.name} has no clause {clause_id}")
    return Evidence.from_section(document, section), ClauseLocation.of_section(
        document, section, reason="by number"
    )


def _found(
    finding_id: str,
    clause: Evidence,
    risk: RiskLevel,
    title: str,
    description: str,
    *,
    change: tuple[str, str] | None = None,
    **fields: Any,
) -> Finding:
    """A finding about the quoted ``clause``; ``change`` replaces one passage of it."""
    redline = None
    if change is not None:
        after = clause.text.replace(*change)
        redline = suggested_change(clause.text, after, label=clause.id)
    evidence = [clause, *fields.pop("evidence", [])]
    return Finding(
        finding_id=finding_id, clause_id=clause.id, checklist_item_id=clause.id, title=title,
        risk_level=risk, description=description, evidence=evidence,
        suggested_change=redline, **fields,
    )  # fmt: skip


def _findings(contract: Document, requirements: Document) -> list[Finding]:
    claims, ground, delay, names = (_clause(contract, c)[0] for c in ("20.1", "4.12", "8.7", "1.1"))
    er = requirements.find("5.1")
    assert er is not None
    law = make_law("中华人民共和国民法典", [("第五百八十五条", _LAW_TEXT)])
    baseline = SkillResultSummary(
        skill_id="compare_with_baseline", success=True, summary="28 days kept; time bar added"
    )
    return [
        _found(
            "20.1-time-bar", claims, RiskLevel.CRITICAL, "Notice of claim is a strict time bar",
            "A claim notified after 28 days is lost entirely.",
            rationale="Time bars are enforced as written; the Contractor's side needs relief.",
            change=("Failing notice, the Employer is discharged from all liability.",
                    "A late notice does not discharge the Employer unless it is prejudiced."),
            skill_results=[baseline],
        ),
        _found(
            "20.1-notice-period", claims, RiskLevel.MEDIUM,
            "Notice period shorter than the baseline", "The notice period could be 42 days.",
            change=("28 days", "42 days"),
        ),
        _found(
            "4.12-ground-risk", ground, RiskLevel.HIGH, "Ground risk shifted to the Contractor",
            "The Contractor bears unforeseeable ground conditions, yet the Employer's site "
            "data is 'for information only'.",
            rationale="ER 5.1 disclaims the geotechnical report | no reliance is possible.",
            evidence=[Evidence.from_section(requirements, er, kind="reference", score=0.734)],
            change=(" No adjustment", " Save as provided in Sub-Clause 4.12.4, no adjustment"),
        ),
        _found(
            "8.7-uncapped", delay, RiskLevel.HIGH, "Delay damages have no cap",
            "# No maximum amount of delay damages is stated.",
            evidence=[Evidence.from_article(law, law.articles[0], score=0.612)],
            change=("per day.", "per day, up to 10% of the Contract Price."),
        ),
        _found(
            "1.1-contractor", names, RiskLevel.LOW, "Contractor defined by trading name",
            "Check the registered name of the Contractor.",
        ),
        Finding.missing(CHECKLIST[3]),
    ]  # fmt: skip


def _approvals() -> list[ApprovalRecord]:
    at = STARTED_AT + timedelta(minutes=5)
    wording = "A late notice bars the claim only where the Employer is prejudiced."
    return [
        ApprovalRecord(finding_id="20.1-time-bar", decision="edited", by="interactive",
                       after=wording, decided_at=at),
        ApprovalRecord(finding_id="20.1-notice-period", decision="proposed"),
        ApprovalRecord(finding_id="4.12-ground-risk", decision="approved", by="interactive",
                       decided_at=at),
        ApprovalRecord(finding_id="8.7-uncapped", decision="rejected", by="api", decided_at=at),
    ]  # fmt: skip


def _plan() -> PlanReport:
    """The default plan with 1.1 made quick, then 8.7 made deep after 20.1 (version 2)."""
    default = build_default_plan(CHECKLIST)
    plans = [
        cp.model_copy(update={"rationale": "definitions only: a quick look"}).with_depth(
            AnalysisDepth.QUICK
        ) if cp.clause_id == "1.1" else cp
        for cp in default.clause_plans
    ]  # fmt: skip
    first = default.model_copy(
        update={"clause_plans": plans, "estimated_depth_distribution": depth_distribution(plans)}
    )
    delay = first.for_clause("8.7")
    assert delay is not None
    reason = "the time bar in 20.1 makes uncapped delay damages critical"
    deeper = delay.model_copy(update={"rationale": reason}).with_depth(AnalysisDepth.DEEP)
    adjustment = PlanAdjustment(should_adjust=True, adjusted_clauses=[deeper], reason=reason)
    second = apply_adjustment(first, adjustment, keep={"20.1"})
    change = PlanChange(
        after_clause="20.1", plan_version=second.plan_version, reason=reason,
        changes=["8.7: standard → deep"],
    )  # fmt: skip
    note = "no LLM configured: default plan"
    return PlanReport(source="default", note=note, plan=second, changes=[change])


def _clause_reviews(
    contract: Document, findings: list[Finding], plan: ReviewPlan
) -> list[ClauseReview]:
    reviews = []
    for cp in plan.execution_order():
        own = [f.finding_id for f in findings if f.checklist_item_id == cp.clause_id]
        section = contract.find(cp.clause_id)
        locations = [_clause(contract, cp.clause_id)[1]] if section is not None else []
        steps = ["locate", "analyze"]
        if section is not None and not cp.skip_diffs:
            steps += ["generate_diffs", "validate"]
        reviews.append(
            ClauseReview(
                checklist_item_id=cp.clause_id,
                clause_name=cp.clause_name,
                depth=cp.analysis_depth,
                status=FindingStatus.FOUND if section is not None else FindingStatus.MISSING,
                locations=locations,
                finding_ids=own,
                skill_results=[
                    SkillResultSummary(skill_id=t, success=True) for t in cp.suggested_tools
                ],
                steps=steps,
            )
        )
    return reviews


def make_report(**overrides: Any) -> ReviewReport:
    """A complete review of :data:`CONTRACT_TEXT`; any :class:`ReviewReport` field can be
    replaced by keyword (``status="paused"``, ``findings=[...]``). When ``findings`` is
    replaced and ``summary`` is not, the summary is recounted."""
    contract = parse_text(CONTRACT_TEXT, name="particular_conditions.txt", language="en")
    requirements = parse_text(
        REQUIREMENTS_TEXT, name="employers_requirements.txt", role="er", language="en"
    )
    findings = _findings(contract, requirements)
    plan = _plan()
    fields: dict[str, Any] = {
        "review_id": "rev-0001",
        "status": "complete",
        "title": "FIDIC Silver Book review of particular_conditions.txt",
        "documents": [DocumentInfo.of(contract), DocumentInfo.of(requirements)],
        "findings": findings,
        "checked": [
            CheckedItem(
                checklist_item_id="18.1",
                clause_id="18.1",
                title="General Requirements for Insurances",
                note="Nothing departs from our standard: insurances in joint names.",
            )
        ],
        "clauses": _clause_reviews(contract, findings, plan.plan),
        "plan": plan,
        "approvals": _approvals(),
        "notes": ["compare_with_baseline had no baseline text for 4.12 and was skipped."],
        "meta": ReportMeta(
            package_version="0.1.0",
            plugins={"contract-review-fidic": "0.1.0"},
            domain_id="fidic_silver",
            domain_name="FIDIC Silver Book",
            playbook=PlaybookInfo(
                playbook_id="fidic_silver", version="1.2", source="builtin:fidic_silver"
            ),
            embedder="hashing",
            llm="none",
            party="contractor",
            started_at=STARTED_AT,
            finished_at=STARTED_AT + timedelta(seconds=42),
            timings={"plan": 0.01, "analyze": 1.5, "generate_diffs": 0.25},
        ),
    }
    fields.update(overrides)
    fields.setdefault("summary", RiskSummary.of(fields["findings"], fields["checked"]))
    return ReviewReport(**fields)


def make_portfolio(
    reports: Sequence[ReviewReport] | None = None, **overrides: Any
) -> PortfolioReport:
    """A folder review of ``reports`` (default: a complete, a paused and a failed
    document); any :class:`PortfolioReport` field can be replaced by keyword."""
    failed: list[PortfolioEntry] = []
    if reports is None:
        reports = [make_report(), make_report(review_id="rev-0002", status="paused")]
        error = "scanned_schedule.pdf has no text layer: OCR it first"
        failed = [PortfolioEntry(document="scanned_schedule.pdf", status="failed", error=error)]
    entries = [
        PortfolioEntry(
            document=f"{r.review_id}/{r.documents[0].name if r.documents else 'document'}",
            review_id=r.review_id,
            status=r.status,
            summary=r.summary,
            top_findings=[
                f.title for f in r.findings if f.risk_level in (RiskLevel.CRITICAL, RiskLevel.HIGH)
            ][:3],
            report_dir=r.review_id,
        )
        for r in reports
    ] + failed
    fields: dict[str, Any] = {
        "folder": "data_room",
        "domain_id": "fidic_silver",
        "entries": entries,
        "summary": RiskSummary.total_of([e.summary for e in entries]),
        "started_at": STARTED_AT,
        "finished_at": STARTED_AT + timedelta(minutes=3),
    }
    fields.update(overrides)
    return PortfolioReport(**fields)
