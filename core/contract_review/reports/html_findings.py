"""The findings part of the HTML report: one section per checklist clause with its
findings (risk, evidence, redline, approval), then the missing clauses."""

from __future__ import annotations

from ..review.diffs import html_redline
from ..review.findings import Evidence, Finding
from ..review.report_models import ApprovalRecord
from .html_blocks import escape, paragraph, table
from .report_outline import (
    ClauseSection,
    ReportOutline,
    approval_caption,
    evidence_caption,
    risk_label,
)
from .skill_lines import skill_lines

__all__ = ["findings_sections"]


def _evidence(evidence: Evidence, languages: dict[str, str]) -> str:
    lang = languages.get(evidence.source, "") if evidence.kind != "law" else ""
    lang_attr = f' lang="{escape(lang)}"' if lang else ""
    return (
        f'<figure class="evidence evidence-{evidence.kind}">'
        f"<figcaption>{escape(evidence_caption(evidence))}</figcaption>"
        f"<blockquote{lang_attr}>{escape(evidence.text)}</blockquote></figure>"
    )


def _finding(
    finding: Finding, record: ApprovalRecord | None, anchor: str, languages: dict[str, str]
) -> str:
    level = finding.risk_level.value
    label = risk_label(finding.risk_level)
    facts = [
        ("Risk", f'<span class="risk risk-{level}">{label}</span>'),
        ("Clause", escape(finding.clause_id)),
        ("Checklist item", escape(finding.checklist_item_id or "none")),
        ("Status", escape(finding.status.value)),
        ("Finding id", f"<code>{escape(finding.finding_id)}</code>"),
    ]
    out = [
        f'<article class="finding risk-{level}" id="{anchor}" '
        f'data-finding-id="{escape(finding.finding_id)}">',
        f'<h4><span class="risk risk-{level}">{label}</span> '
        f"{escape(finding.clause_id)} — {escape(finding.title)}</h4>",
        "<dl>" + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts) + "</dl>",
    ]
    if finding.description:
        out.append(paragraph(finding.description))
    if finding.rationale:
        out += ["<h5>Why it matters</h5>", paragraph(finding.rationale)]
    if finding.evidence:
        out.append("<h5>Evidence</h5>")
        out += [_evidence(e, languages) for e in finding.evidence]
    if finding.suggested_change is not None:
        change = finding.suggested_change
        out += ["<h5>Suggested change</h5>", '<div class="change">']
        out.append(html_redline(change.before, change.after))
        if change.diff:
            out.append(
                f"<details><summary>Unified diff</summary><pre>{escape(change.diff)}</pre></details>"
            )
        out.append("</div>")
    elif finding.redline_of:
        out.append(
            "<p>Suggested change: in the one redline of this clause, under "
            f"<code>{escape(finding.redline_of)}</code>.</p>"
        )
    if finding.change_in_words:
        out += ["<h5>Change to ask for</h5>", paragraph(finding.change_in_words)]
    if finding.skill_results:
        items = "".join(
            f"<li>{escape(r.skill_id)}: {'ok' if r.success else 'failed'}"
            + (f" — {escape(r.summary)}" if r.summary else "")
            + "</li>"
            for r in finding.skill_results
        )
        out += ["<h5>Skills run</h5>", f"<ul>{items}</ul>"]
    caption = approval_caption(finding, record)
    if caption:
        decision = record.decision if record is not None else "none"
        out.append(f'<p class="approval approval-{decision}">Approval: {escape(caption)}</p>')
    if record is not None and record.after is not None:
        out += [
            "<p>Reviewer's wording:</p>",
            f'<blockquote class="wording">{escape(record.after)}</blockquote>',
        ]
    out.append("</article>")
    return "\n".join(out)


def _clause_facts(section: ClauseSection) -> str:
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
    return '<ul class="facts">' + "".join(f"<li>{f}</li>" for f in facts) + "</ul>" if facts else ""


def findings_sections(shape: ReportOutline, languages: dict[str, str]) -> list[str]:
    out = ['<section id="findings">', "<h2>Findings by clause</h2>"]
    counter = 0
    for section in shape.sections:
        out += [
            f'<section class="clause" id="{section.anchor}">',
            f"<h3>{escape(section.heading)}</h3>",
        ]
        out.append(_clause_facts(section))
        if section.is_missing:
            out.append(
                '<p>Not found in the document: see <a href="#missing">Missing clauses</a>.</p>'
            )
        elif section.mentioned_in and not section.findings:
            where = escape(", ".join(section.mentioned_in))
            out.append(
                f"<p>Not located as a clause of its own; clause {where} speaks to it "
                "(read it there). Not reported missing.</p>"
            )
        elif section.not_applicable:
            out.append("<p>Not expected in this kind of contract, so not reported missing.</p>")
        elif section.checked and not section.findings:
            out += [
                f'<p class="checked">In order — clause {escape(c.clause_id)}: {escape(c.note)}</p>'
                for c in section.checked
            ]
        elif not section.findings:
            out.append("<p>No findings.</p>")
        for finding in section.findings:
            counter += 1
            record = shape.approvals.get(finding.finding_id)
            out.append(_finding(finding, record, f"finding-{counter}", languages))
        out.append("</section>")
    out += ["</section>", '<section id="missing">', "<h2>Missing clauses</h2>"]
    if not shape.missing:
        out.append("<p>Every checklist clause was found in the document.</p>")
    for finding in shape.missing:
        counter += 1
        record = shape.approvals.get(finding.finding_id)
        out.append(_finding(finding, record, f"finding-{counter}", languages))
    out.append("</section>")
    out += ['<section id="checked">', "<h2>Checked and in order</h2>"]
    if shape.checked:
        rows = [[escape(c.title), escape(c.clause_id), escape(c.note)] for c in shape.checked]
        out.append(table(["Item", "Clause", "Why it is in order"], rows))
    else:
        out.append("<p>No checklist item was found in order.</p>")
    out.append("</section>")
    if shape.unmatched_approvals:
        items = "".join(
            f"<li><code>{escape(a.finding_id)}</code>: {escape(a.decision)} (by {escape(a.by)})</li>"
            for a in shape.unmatched_approvals
        )
        out += ["<section>", "<h2>Decisions on findings not in this report</h2>"]
        out += [f"<ul>{items}</ul>", "</section>"]
    return out
