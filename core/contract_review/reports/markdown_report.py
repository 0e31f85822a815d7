"""The review report as Markdown (``report.md``).

The page shows what ``report.json`` holds, in this order: title and status (an
incomplete review says so first), documents, the risk summary, the findings grouped by
checklist clause in plan order (risk, clause, description, rationale, quoted evidence,
the suggested change as a ``diff`` block, the approval decision), missing clauses, the
plan (depth per clause and why; who made it; how it changed), notes and meta. The
grouping and wording are those of :mod:`.report_outline`, shared with the HTML page.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..review.findings import CheckedItem, Finding
from ..review.report_models import (
    ApprovalRecord,
    PlanReport,
    PortfolioReport,
    ReportMeta,
    ReviewReport,
    RiskSummary,
)
from . import markdown_text as md
from .report_outline import (
    ClauseSection,
    approval_caption,
    entry_report_path,
    evidence_caption,
    format_seconds,
    format_when,
    governing_law_caption,
    meta_rows,
    outline,
    plan_source_caption,
    portfolio_status_warning,
    risk_label,
    status_warning,
    summary_values,
)
from .skill_lines import skill_lines

__all__ = ["render_markdown", "render_portfolio_markdown"]


def _table(headings: Sequence[str], rows: Sequence[Sequence[str]], *, numeric: int = 0) -> str:
    """A GFM table; the last ``numeric`` columns are right-aligned. Cells are escaped."""
    aligns = ["---"] * (len(headings) - numeric) + ["---:"] * numeric
    lines = [
        "| " + " | ".join(md.cell(h) for h in headings) + " |",
        "| " + " | ".join(aligns) + " |",
    ]
    lines += ["| " + " | ".join(md.cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def _summary_table(summary: RiskSummary) -> str:
    values = summary_values(summary)
    return _table([h for h, _ in values], [[str(v) for _, v in values]], numeric=len(values))


def _banner(warning: str) -> list[str]:
    return [f"> **⚠ {md.inline(warning)}**", ""] if warning else []


def _finding(finding: Finding, record: ApprovalRecord | None) -> list[str]:
    out = [
        f"#### {risk_label(finding.risk_level)} · {md.inline(finding.clause_id)} — "
        f"{md.inline(finding.title)}",
        "",
        f"- Risk: **{risk_label(finding.risk_level)}**",
        f"- Clause: {md.inline(finding.clause_id)}",
        f"- Checklist item: {md.inline(finding.checklist_item_id or 'none')}",
        f"- Status: {finding.status.value}",
        f"- Finding id: {md.code_span(finding.finding_id)}",
        "",
    ]
    if finding.description:
        out += [md.block(finding.description), ""]
    if finding.rationale:
        out += ["**Why it matters:**", "", md.block(finding.rationale), ""]
    if finding.evidence:
        out += ["**Evidence**", ""]
        for evidence in finding.evidence:
            out += [f"*{md.inline(evidence_caption(evidence))}*", ""]
            out += [md.block(evidence.text, quote=True) or ">", ""]
    if finding.suggested_change is not None:
        change = finding.suggested_change
        out += ["**Suggested change**", ""]
        out += [md.code_fence(change.diff, "diff") if change.diff else "No change to the text.", ""]
    elif finding.redline_of:
        out += [
            "**Suggested change:** in the one redline of this clause, under "
            f"{md.code_span(finding.redline_of)}.",
            "",
        ]
    if finding.change_in_words:
        out += ["**Change to ask for:**", "", md.block(finding.change_in_words), ""]
    if finding.skill_results:
        out += ["**Skills run**", ""]
        out += [
            f"- {md.inline(r.skill_id)}: {'ok' if r.success else 'failed'}"
            + (f" — {md.inline(r.summary)}" if r.summary else "")
            for r in finding.skill_results
        ]
        out.append("")
    caption = approval_caption(finding, record)
    if caption:
        out += [f"**Approval:** {md.inline(caption)}", ""]
    if record is not None and record.after is not None:
        out += ["Reviewer's wording:", "", md.block(record.after, quote=True) or ">", ""]
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
    return facts


def _checked_line(item: CheckedItem) -> str:
    return f"- In order — clause {md.inline(item.clause_id)}: {md.inline(item.note)}"


def _checked(report: ReviewReport) -> list[str]:
    out = ["## Checked and in order", ""]
    if not report.checked:
        return [*out, "No checklist item was found in order.", ""]
    rows = [[c.title, c.clause_id, c.note] for c in report.checked]
    return [*out, _table(["Item", "Clause", "Why it is in order"], rows), ""]


def _findings(report: ReviewReport) -> list[str]:
    shape = outline(report)
    out = ["## Findings by clause", ""]
    for section in shape.sections:
        out += [f"### {md.inline(section.heading)}", ""]
        facts = _clause_facts(section)
        out += [*facts, ""] if facts else []
        if section.is_missing:
            out += ["Not found in the document: see *Missing clauses*.", ""]
        elif section.mentioned_in and not section.findings:
            where = ", ".join(section.mentioned_in)
            out += [
                f"Not located as a clause of its own; clause {md.inline(where)} speaks to it "
                "(read it there). Not reported missing.",
                "",
            ]
        elif section.not_applicable:
            out += ["Not expected in this kind of contract, so not reported missing.", ""]
        elif section.checked and not section.findings:
            out += [_checked_line(c) for c in section.checked] + [""]
        elif not section.findings:
            out += ["No findings.", ""]
        for finding in section.findings:
            out += _finding(finding, shape.approvals.get(finding.finding_id))
    out += ["## Missing clauses", ""]
    if not shape.missing:
        out += ["Every checklist clause was found in the document.", ""]
    for finding in shape.missing:
        out += _finding(finding, shape.approvals.get(finding.finding_id))
    if shape.unmatched_approvals:
        out += ["## Decisions on findings not in this report", ""]
        out += [
            f"- {md.code_span(a.finding_id)}: {md.inline(a.decision)} (by {a.by})"
            for a in shape.unmatched_approvals
        ]
        out.append("")
    return out


def _plan(plan: PlanReport) -> list[str]:
    out = ["## Review plan", "", f"- Plan source: {md.inline(plan_source_caption(plan))}"]
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
    out += ["", _table(headings, rows), ""]
    if plan.changes:
        out += ["### Plan changes", ""]
        for change in plan.changes:
            out.append(
                f"- After clause {md.inline(change.after_clause)} → plan version "
                f"{change.plan_version}: {md.inline(change.reason or 'no reason given')}"
            )
            out += [f"  - {md.inline(line, starts_line=True)}" for line in change.changes]
        out.append("")
    return out


def _meta(meta: ReportMeta, report: ReviewReport) -> list[str]:
    rows = meta_rows(report)
    out = ["## Meta", "", _table(["Item", "Value"], [list(row) for row in rows]), ""]
    if meta.plugins:
        plugin_rows = [[name, version] for name, version in sorted(meta.plugins.items())]
        out += ["### Plugins", "", _table(["Plugin", "Version"], plugin_rows), ""]
    if meta.timings:
        timing_rows = [[node, format_seconds(s)] for node, s in meta.timings.items()]
        timing_rows.append(["total", format_seconds(sum(meta.timings.values()))])
        out += ["### Timings", "", _table(["Node", "Time"], timing_rows, numeric=1), ""]
    return out


def render_markdown(report: ReviewReport) -> str:
    """``report`` as one Markdown page; an incomplete review says so at the top."""
    out = [f"# {md.inline(report.title)}", ""]
    out += _banner(status_warning(report))
    out += [f"**Status:** {report.status} · **Review id:** {md.code_span(report.review_id)}", ""]
    if (law := governing_law_caption(report)) is not None:
        out += [f"**{md.inline(law[0])}** {md.inline(law[1])}", ""]
    if report.documents:
        rows = [
            [d.name, d.role, d.language or "—", str(d.characters), str(d.sections), d.sha256]
            for d in report.documents
        ]
        headings = ["Document", "Role", "Language", "Characters", "Sections", "SHA-256"]
        out += ["## Documents", "", _table(headings, rows), ""]
    out += ["## Risk summary", "", _summary_table(report.summary), ""]
    out += _findings(report)
    out += _checked(report)
    out += _plan(report.plan)
    out += ["## Notes", ""]
    out += [f"- {md.inline(note, starts_line=True)}" for note in report.notes] or ["No notes."]
    out.append("")
    out += _meta(report.meta, report)
    return "\n".join(out).rstrip("\n") + "\n"


def render_portfolio_markdown(report: PortfolioReport) -> str:
    """A folder review as one Markdown page: the totals, then one row per document with
    a link to its own report; incomplete documents are named at the top."""
    out = [f"# Portfolio review of {md.inline(report.folder)}", ""]
    out += _banner(portfolio_status_warning(report))
    out += [
        f"- Domain: {md.inline(report.domain_id)}",
        f"- Documents: {len(report.entries)}",
        f"- Started: {format_when(report.started_at)}",
        f"- Finished: {format_when(report.finished_at)}",
        f"- Schema: {report.schema_version}",
        "",
        "## Risk summary",
        "",
        _summary_table(report.summary),
        "",
        "## Documents",
        "",
    ]
    rows = []
    for entry in report.entries:
        counts = [str(v) for _, v in summary_values(entry.summary)]
        path = entry_report_path(entry, ".md")
        rows.append(
            [
                entry.document,
                entry.status,
                *counts,
                "; ".join(entry.top_findings) or "—",
                md.link(path, path) if path else "—",
                entry.error or "—",
            ]
        )
    headings = [
        "Document",
        "Status",
        *(h for h, _ in summary_values(report.summary)),
        "Top findings",
        "Report",
        "Error",
    ]
    out += [_table(headings, rows), ""]
    return "\n".join(out)
