"""From a finished (or paused) review state to the versioned :class:`ReviewReport`."""

from __future__ import annotations

from pathlib import Path

from ..config import Settings
from ..domain import DomainSpec
from ..plugins import core_version
from ..registry import Registry
from ..reports.exporter_types import ExportSource
from ..storage.records import utc_now
from .clause_redlines import one_redline_per_clause
from .plan import ReviewPlan
from .report_models import DocumentInfo, PlanReport, ReportMeta, ReviewReport, RiskSummary
from .report_words import item_name
from .state import ReviewState

__all__ = ["build_report", "export_sources"]

#: The largest original file an exporter is handed (a .docx the review read).
MAX_ORIGINAL_BYTES = 64 * 1024 * 1024


def build_report(
    state: ReviewState, *, registry: Registry, domain: DomainSpec, settings: Settings
) -> ReviewReport:
    """The report of ``state``: its findings in review order, the clauses, the plan and
    how it changed, approvals, notes and how the review was made."""
    primary = state.primary
    language = state.reported_in
    findings = one_redline_per_clause(state.findings, state.approvals, state.documents, language)
    subject = primary.name if primary is not None else "(no document)"
    plugins = {
        info.distribution: info.version for info in registry.plugin_infos() if not info.builtin
    }
    return ReviewReport(
        review_id=state.review_id,
        status=state.status,
        title=(
            f"{domain.name_zh or domain.name}审查：{subject}"
            if language == "zh"
            else f"{domain.name} review of {subject}"
        ),
        language=language,
        contract_type=state.contract_type,
        documents=[DocumentInfo.of(doc) for doc in state.documents],
        summary=RiskSummary.of(findings, state.checked),
        findings=findings,
        checked=state.checked,
        clauses=state.clause_reviews,
        plan=PlanReport(
            source=state.plan_source,
            note=state.plan_note,
            plan=_named(state.review_plan or ReviewPlan(), domain, language),
            changes=state.plan_changes,
        ),
        approvals=state.approvals,
        notes=state.notes,
        governing_law=state.governing_law,
        meta=ReportMeta(
            package_version=core_version(),
            plugins=plugins,
            domain_id=domain.domain_id,
            domain_name=domain.name,
            playbook=state.playbook,
            embedder=settings.embedder,
            llm=state.llm,
            party=state.our_party,
            started_at=state.started_at or utc_now(),
            finished_at=state.finished_at,
            timings={name: round(seconds, 4) for name, seconds in state.timings.items()},
        ),
    )


def export_sources(state: ReviewState) -> dict[str, ExportSource]:
    """The reviewed documents for an exporter that writes on them: each one's text, and
    a .docx document's original file when it is still where the review read it."""
    originals: dict[str, Path] = {}
    if state.request is not None:
        for given in state.request.documents:
            path = Path(given.path)
            originals.setdefault(path.name, path)
    sources: dict[str, ExportSource] = {}
    for document in state.documents:
        original: bytes | None = None
        found = originals.get(document.name)
        if document.format == "docx" and found is not None:
            try:
                if found.stat().st_size <= MAX_ORIGINAL_BYTES:
                    original = found.read_bytes()
            except OSError:  # moved or deleted since: the text rendering is written
                original = None
        sources[document.name] = ExportSource(
            name=document.name, text=document.source, original=original
        )
    return sources


def _named(plan: ReviewPlan, domain: DomainSpec, language: str) -> ReviewPlan:
    """``plan`` with each clause named in the report ``language`` (the plan itself keeps
    the checklist's names)."""
    items = {item.clause_id: item for item in domain.checklist}
    return plan.model_copy(
        update={
            "clause_plans": [
                cp.model_copy(update={"clause_name": item_name(items[cp.clause_id], language)})
                if cp.clause_id in items
                else cp
                for cp in plan.clause_plans
            ]
        }
    )
