"""The appendix of the HTML report, last on the page and collapsed (``<details>``,
expanded in print): how the review was made — documents (with their SHA-256), the
review's meta data, the plan and its changes, each clause's steps, located passages and
skills, each finding's id, full evidence with offsets, unified diff and decision, the
notes on the review, plugins and timings. Its headings are in the report's language;
its records keep the engine's terms."""

from __future__ import annotations

from ..review.findings import Finding
from ..review.report_models import ApprovalRecord, PlanReport, ReviewReport
from .html_blocks import escape, table
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


def _h(level: int, key: str, language: str) -> str:
    return f"<h{level}>{escape(label(key, language))}</h{level}>"


def _documents(report: ReviewReport) -> list[str]:
    if not report.documents:
        return []
    rows = [
        [
            escape(d.name),
            escape(d.role),
            escape(d.language or "—"),
            str(d.characters),
            str(d.sections),
            f'<code class="digest" title="{escape(d.sha256)}">{escape(d.sha256)}</code>',
        ]
        for d in report.documents
    ]
    headings = ["Document", "Role", "Language", "Characters", "Sections", "SHA-256"]
    return [_h(3, "documents", report.language), table(headings, rows)]


def _review(report: ReviewReport) -> list[str]:
    rows = [["Status", escape(report.status)]]
    rows += [[escape(k), escape(v)] for k, v in meta_rows(report)]
    return [_h(3, "review_record", report.language), table(["Item", "Value"], rows)]


def _plan(plan: PlanReport, language: str) -> list[str]:
    facts = [f"Plan source: {escape(plan_source_caption(plan))}"]
    facts.append(f"Plan version: {plan.plan.plan_version}")
    if plan.plan.global_strategy:
        facts.append(f"Strategy: {escape(plan.plan.global_strategy)}")
    rows = [
        [
            str(cp.priority_order),
            escape(cp.clause_id),
            escape(cp.clause_name),
            f'<span class="depth depth-{cp.analysis_depth.value}">{cp.analysis_depth.value}</span>',
            str(cp.max_iterations),
            escape(", ".join(cp.suggested_tools) or "—"),
            escape(cp.rationale),
        ]
        for cp in plan.plan.execution_order()
    ]
    headings = ["Order", "Clause", "Name", "Depth", "Iterations", "Tools", "Why"]
    out = [_h(3, "review_plan", language)]
    out += ["<ul>" + "".join(f"<li>{f}</li>" for f in facts) + "</ul>", table(headings, rows)]
    if plan.changes:
        out.append(_h(4, "plan_changes", language) + "<ul>")
        for change in plan.changes:
            lines = "".join(f"<li>{escape(line)}</li>" for line in change.changes)
            out.append(
                f"<li>After clause {escape(change.after_clause)} → plan version "
                f"{change.plan_version}: {escape(change.reason or 'no reason given')}"
                + (f"<ul>{lines}</ul>" if lines else "")
                + "</li>"
            )
        out.append("</ul>")
    return out


def _clause_facts(section: ClauseSection) -> list[str]:
    facts: list[str] = []
    if section.plan is not None:
        plan = section.plan
        depth = plan.analysis_depth.value
        facts.append(
            f'Depth: <span class="depth depth-{depth}">{depth}</span> — {escape(plan.rationale)}'
        )
    if section.review is not None:
        review = section.review
        facts.append(f"Status: {escape(review.status.value)}; analysed by {escape(review.worker)}")
        if review.steps:
            facts.append(f"Steps: {escape(' → '.join(review.steps))}")
        for loc in review.locations:
            where = f"{loc.document} ({loc.role}) {loc.clause_id}, characters {loc.start}–{loc.end}"
            facts.append(
                f"Located: {escape(where)}" + (f" — {escape(loc.reason)}" if loc.reason else "")
            )
        facts += [escape(line) for line in skill_lines(review)]
    elif section.clause_id:
        facts.append("Not reviewed yet.")
    if section.is_missing:
        facts.append("Not found in the document: reported missing.")
    elif section.mentioned_in and not section.findings:
        where = escape(", ".join(section.mentioned_in))
        facts.append(
            f"Not located as a clause of its own; clause {where} speaks to it. "
            "Not reported missing."
        )
    elif section.not_applicable:
        facts.append("Not expected in this kind of contract, so not reported missing.")
    facts += [f"In order — clause {escape(c.clause_id)}: {escape(c.note)}" for c in section.checked]
    facts += [f"Finding: <code>{escape(f.finding_id)}</code>" for f in section.findings]
    return facts


def _clauses(shape: ReportOutline, language: str) -> list[str]:
    out = [_h(3, "clause_record", language)]
    for section in shape.sections:
        facts = "".join(f"<li>{f}</li>" for f in _clause_facts(section))
        out += [
            f"<h4>{escape(section.heading)}</h4>",
            f'<ul class="facts">{facts}</ul>' if facts else "",
        ]
    return out


def _finding_record(finding: Finding, record: ApprovalRecord | None) -> str:
    facts = [
        ("Finding id", f"<code>{escape(finding.finding_id)}</code>"),
        ("Risk", escape(risk_label(finding.risk_level))),
        ("Clause", escape(finding.clause_id)),
        ("Checklist item", escape(finding.checklist_item_id or "none")),
        ("Status", escape(finding.status.value)),
    ]
    if finding.redline_of:
        facts.append(("Redline under", f"<code>{escape(finding.redline_of)}</code>"))
    facts += [
        (
            f"Skill {escape(r.skill_id)}",
            ("ok" if r.success else "failed") + (f" — {escape(r.summary)}" if r.summary else ""),
        )
        for r in finding.skill_results
    ]
    caption = approval_caption(finding, record)
    if caption:
        facts.append(("Approval", escape(caption)))
    out = [
        f'<div class="record" data-finding-id="{escape(finding.finding_id)}">',
        f"<h4>{escape(finding.clause_id)} — {escape(finding.title)}</h4>",
        '<ul class="facts">' + "".join(f"<li>{k}: {v}</li>" for k, v in facts) + "</ul>",
    ]
    if record is not None and record.after is not None:
        out += [
            "<p>Reviewer's wording:</p>",
            f'<blockquote class="wording">{escape(record.after)}</blockquote>',
        ]
    for evidence in finding.evidence:
        out.append(
            f'<figure class="evidence evidence-{evidence.kind}">'
            f"<figcaption>{escape(evidence_caption(evidence))}</figcaption>"
            f"<blockquote>{escape(evidence.text)}</blockquote></figure>"
        )
    if finding.suggested_change is not None and finding.suggested_change.diff:
        out.append(f'<pre class="diff">{escape(finding.suggested_change.diff)}</pre>')
    out.append("</div>")
    return "\n".join(out)


def _findings(report: ReviewReport, shape: ReportOutline) -> list[str]:
    out = [_h(3, "finding_record", report.language)]
    order = {finding_id: index for index, finding_id in enumerate(shape.anchors)}
    for finding in sorted(report.findings, key=lambda f: order.get(f.finding_id, len(order))):
        out.append(_finding_record(finding, shape.approvals.get(finding.finding_id)))
    if shape.unmatched_approvals:
        items = "".join(
            f"<li><code>{escape(a.finding_id)}</code>: {escape(a.decision)} (by {escape(a.by)})</li>"
            for a in shape.unmatched_approvals
        )
        out += [_h(4, "other_decisions", report.language), f"<ul>{items}</ul>"]
    return out


def _meta_tables(report: ReviewReport) -> list[str]:
    meta = report.meta
    out: list[str] = []
    if meta.plugins:
        plugin_rows = [[escape(n), escape(v)] for n, v in sorted(meta.plugins.items())]
        out += [_h(3, "plugins", report.language), table(["Plugin", "Version"], plugin_rows)]
    if meta.timings:
        timing_rows = [[escape(node), format_seconds(s)] for node, s in meta.timings.items()]
        timing_rows.append(["total", format_seconds(sum(meta.timings.values()))])
        out += [
            _h(3, "timings", report.language),
            table(["Node", "Time"], timing_rows, numeric=1),
        ]
    return out


def appendix(report: ReviewReport, shape: ReportOutline) -> list[str]:
    """The appendix: a ``<details>`` element, last on the page."""
    language = report.language
    out = [
        '<details class="appendix" id="appendix">',
        f"<summary>{_h(2, 'appendix', language)}</summary>",
        f'<p class="intro">{escape(label("appendix_intro", language))}</p>',
    ]
    out += _documents(report)
    out += _review(report)
    out += _plan(report.plan, language)
    out += _clauses(shape, language)
    out += _findings(report, shape)
    notes = internal_notes(report)
    if notes:
        items = "".join(f"<li>{escape(n)}</li>" for n in notes)
        out += [_h(3, "internal_notes", language), f"<ul>{items}</ul>"]
    out += _meta_tables(report)
    out.append("</details>")
    return [line for line in out if line]
