"""The appendix of the Markdown report: how the review was made, after everything a
lawyer reads — documents (with their SHA-256), the review's meta data, the plan and its
changes, each clause's steps, located passages and skills, each finding's id, full
evidence with offsets, unified diff and decision, the notes on the review, plugins and
timings. Its headings are in the report's language; its records keep the engine's
terms."""

from __future__ import annotations

from ..review.findings import Finding
from ..review.report_models import ApprovalRecord, PlanReport, ReviewReport
from . import markdown_text as md
from .report_labels import label
from .report_outline import (
    ClauseSection,
    ReportOutline,
    approval_caption,
    evidence_caption,
    format_seconds,
    internal_notes,
    meta_rows,
    plan_source_caption,
    risk_label,
)
from .skill_lines import skill_lines

__all__ = ["appendix"]


def _documents(report: ReviewReport) -> list[str]:
    if not report.documents:
        return []
    rows = [
        [d.name, d.role, d.language or "—", str(d.characters), str(d.sections), d.sha256]
        for d in report.documents
    ]
    headings = ["Document", "Role", "Language", "Characters", "Sections", "SHA-256"]
    return [f"### {label('documents', report.language)}", "", md.table(headings, rows), ""]


def _review(report: ReviewReport) -> list[str]:
    rows = [["Status", report.status], *(list(row) for row in meta_rows(report))]
    return [
        f"### {label('review_record', report.language)}",
        "",
        md.table(["Item", "Value"], rows),
        "",
    ]


def _plan(plan: PlanReport, language: str) -> list[str]:
    out = [f"### {label('review_plan', language)}", ""]
    out.append(f"- Plan source: {md.inline(plan_source_caption(plan))}")
    out.append(f"- Plan version: {plan.plan.plan_version}")
    if plan.plan.global_strategy:
        out.append(f"- Strategy: {md.inline(plan.plan.global_strategy)}")
    rows = [
        [
            str(cp.priority_order),
            cp.clause_id,
            cp.clause_name,
            cp.analysis_depth.value,
            str(cp.max_iterations),
            ", ".join(cp.suggested_tools) or "—",
            cp.rationale,
        ]
        for cp in plan.plan.execution_order()
    ]
    headings = ["Order", "Clause", "Name", "Depth", "Iterations", "Tools", "Why"]
    out += ["", md.table(headings, rows), ""]
    if plan.changes:
        out += [f"#### {label('plan_changes', language)}", ""]
        for change in plan.changes:
            out.append(
                f"- After clause {md.inline(change.after_clause)} → plan version "
                f"{change.plan_version}: {md.inline(change.reason or 'no reason given')}"
            )
            out += [f"  - {md.inline(line, starts_line=True)}" for line in change.changes]
        out.append("")
    return out


def _clause_facts(section: ClauseSection) -> list[str]:
    facts: list[str] = []
    if section.plan is not None:
        plan = section.plan
        facts.append(f"- Depth: **{plan.analysis_depth.value}** — {md.inline(plan.rationale)}")
    if section.review is not None:
        review = section.review
        facts.append(f"- Status: {review.status.value}; analysed by {md.inline(review.worker)}")
        if review.steps:
            facts.append(f"- Steps: {md.inline(' → '.join(review.steps))}")
        for loc in review.locations:
            where = f"{loc.document} ({loc.role}) {loc.clause_id}, characters {loc.start}–{loc.end}"
            facts.append(
                f"- Located: {md.inline(where)}"
                + (f" — {md.inline(loc.reason)}" if loc.reason else "")
            )
        facts += [f"- {md.inline(line)}" for line in skill_lines(review)]
    elif section.clause_id:
        facts.append("- Not reviewed yet.")
    if section.is_missing:
        facts.append("- Not found in the document: reported missing.")
    elif section.mentioned_in and not section.findings:
        where = ", ".join(section.mentioned_in)
        facts.append(
            f"- Not located as a clause of its own; clause {md.inline(where)} speaks to it. "
            "Not reported missing."
        )
    elif section.not_applicable:
        facts.append("- Not expected in this kind of contract, so not reported missing.")
    facts += [
        f"- In order — clause {md.inline(c.clause_id)}: {md.inline(c.note)}"
        for c in section.checked
    ]
    facts += [f"- Finding: {md.code_span(f.finding_id)}" for f in section.findings]
    return facts


def _clauses(shape: ReportOutline, language: str) -> list[str]:
    out = [f"### {label('clause_record', language)}", ""]
    for section in shape.sections:
        out += [f"#### {md.inline(section.heading)}", ""]
        facts = _clause_facts(section)
        out += [*facts, ""] if facts else []
    return out


def _finding_record(finding: Finding, record: ApprovalRecord | None) -> list[str]:
    out = [
        f"#### {md.inline(finding.clause_id)} — {md.inline(finding.title)}",
        "",
        f"- Finding id: {md.code_span(finding.finding_id)}",
        f"- Risk: {risk_label(finding.risk_level)}",
        f"- Clause: {md.inline(finding.clause_id)}",
        f"- Checklist item: {md.inline(finding.checklist_item_id or 'none')}",
        f"- Status: {finding.status.value}",
    ]
    if finding.redline_of:
        out.append(f"- Redline under: {md.code_span(finding.redline_of)}")
    out += [
        f"- Skill {md.inline(r.skill_id)}: {'ok' if r.success else 'failed'}"
        + (f" — {md.inline(r.summary)}" if r.summary else "")
        for r in finding.skill_results
    ]
    caption = approval_caption(finding, record)
    if caption:
        out.append(f"- Approval: {md.inline(caption)}")
    out.append("")
    if record is not None and record.after is not None:
        out += ["Reviewer's wording:", "", md.block(record.after, quote=True) or ">", ""]
    for evidence in finding.evidence:
        out += [f"*{md.inline(evidence_caption(evidence))}*", ""]
        out += [md.block(evidence.text, quote=True) or ">", ""]
    if finding.suggested_change is not None and finding.suggested_change.diff:
        out += [md.code_fence(finding.suggested_change.diff, "diff"), ""]
    return out


def _findings(report: ReviewReport, shape: ReportOutline) -> list[str]:
    out = [f"### {label('finding_record', report.language)}", ""]
    order = {finding_id: index for index, finding_id in enumerate(shape.anchors)}
    ordered = sorted(report.findings, key=lambda f: order.get(f.finding_id, len(order)))
    for finding in ordered:
        out += _finding_record(finding, shape.approvals.get(finding.finding_id))
    if shape.unmatched_approvals:
        out += [f"#### {label('other_decisions', report.language)}", ""]
        out += [
            f"- {md.code_span(a.finding_id)}: {md.inline(a.decision)} (by {a.by})"
            for a in shape.unmatched_approvals
        ]
        out.append("")
    return out


def _meta_tables(report: ReviewReport) -> list[str]:
    meta = report.meta
    out: list[str] = []
    if meta.plugins:
        plugin_rows = [[name, version] for name, version in sorted(meta.plugins.items())]
        out += [f"### {label('plugins', report.language)}", ""]
        out += [md.table(["Plugin", "Version"], plugin_rows), ""]
    if meta.timings:
        timing_rows = [[node, format_seconds(s)] for node, s in meta.timings.items()]
        timing_rows.append(["total", format_seconds(sum(meta.timings.values()))])
        out += [f"### {label('timings', report.language)}", ""]
        out += [md.table(["Node", "Time"], timing_rows, numeric=1), ""]
    return out


def appendix(report: ReviewReport, shape: ReportOutline) -> list[str]:
    """The appendix, last on the page."""
    language = report.language
    out = [f"## {label('appendix', language)}", "", f"*{label('appendix_intro', language)}*", ""]
    out += _documents(report)
    out += _review(report)
    out += _plan(report.plan, language)
    out += _clauses(shape, language)
    out += _findings(report, shape)
    notes = internal_notes(report)
    if notes:
        out += [f"### {label('internal_notes', language)}", ""]
        out += [f"- {md.inline(note, starts_line=True)}" for note in notes]
        out.append("")
    out += _meta_tables(report)
    return out
