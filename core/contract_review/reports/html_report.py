"""The review report as one self-contained HTML5 page (``report.html``).

Inline CSS only (:mod:`.html_styles`), no script, no external asset: the page works
offline and prints. It shows what ``report.json`` holds — the same sections, order and
wording as the Markdown page (:mod:`.report_outline`) — with a table of contents linking
to each clause, risk levels as coloured text labels, and redlines drawn by
:func:`contract_review.review.diffs.html_redline`. Every piece of report text is
HTML-escaped.
"""

from __future__ import annotations

from urllib.parse import quote

from ..review.report_models import PlanReport, PortfolioReport, ReportMeta, ReviewReport
from .html_blocks import banner, escape, page, summary_table, table
from .html_findings import findings_sections
from .report_outline import (
    ReportOutline,
    entry_report_path,
    format_seconds,
    format_when,
    governing_law_caption,
    meta_rows,
    outline,
    plan_source_caption,
    portfolio_status_warning,
    report_language,
    status_warning,
    summary_values,
)

__all__ = ["render_html", "render_portfolio_html"]


def _plan(plan: PlanReport) -> list[str]:
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
    out = ['<section id="plan">', "<h2>Review plan</h2>"]
    out += ["<ul>" + "".join(f"<li>{f}</li>" for f in facts) + "</ul>", table(headings, rows)]
    if plan.changes:
        out.append("<h3>Plan changes</h3><ul>")
        for change in plan.changes:
            lines = "".join(f"<li>{escape(line)}</li>" for line in change.changes)
            out.append(
                f"<li>After clause {escape(change.after_clause)} → plan version "
                f"{change.plan_version}: {escape(change.reason or 'no reason given')}"
                + (f"<ul>{lines}</ul>" if lines else "")
                + "</li>"
            )
        out.append("</ul>")
    out.append("</section>")
    return out


def _meta(meta: ReportMeta, report: ReviewReport) -> list[str]:
    rows = meta_rows(report)
    out = ['<section id="meta">', "<h2>Meta</h2>"]
    out.append(table(["Item", "Value"], [[escape(k), escape(v)] for k, v in rows]))
    if meta.plugins:
        plugin_rows = [[escape(n), escape(v)] for n, v in sorted(meta.plugins.items())]
        out += ["<h3>Plugins</h3>", table(["Plugin", "Version"], plugin_rows)]
    if meta.timings:
        timing_rows = [[escape(node), format_seconds(s)] for node, s in meta.timings.items()]
        timing_rows.append(["total", format_seconds(sum(meta.timings.values()))])
        out += ["<h3>Timings</h3>", table(["Node", "Time"], timing_rows, numeric=1)]
    out.append("</section>")
    return out


def _toc(shape: ReportOutline) -> str:
    clauses = "".join(
        f'<li><a href="#{s.anchor}">{escape(s.heading)}</a>'
        + (
            f" ({len(s.findings)} finding{'s' if len(s.findings) != 1 else ''})"
            if s.findings
            else ""
        )
        + "</li>"
        for s in shape.sections
    )
    entries = [
        ("summary", "Risk summary"),
        ("documents", "Documents"),
        ("findings", "Findings by clause"),
        ("missing", f"Missing clauses ({len(shape.missing)})"),
        ("checked", f"Checked and in order ({len(shape.checked)})"),
        ("plan", "Review plan"),
        ("notes", "Notes"),
        ("meta", "Meta"),
    ]
    items = "".join(
        f'<li><a href="#{a}">{escape(t)}</a>'
        + (f"<ol>{clauses}</ol>" if a == "findings" else "")
        + "</li>"
        for a, t in entries
    )
    return f'<nav class="toc"><h2>Contents</h2><ol>{items}</ol></nav>'


def render_html(report: ReviewReport) -> str:
    """``report`` as one self-contained HTML page; an incomplete review says so at the top."""
    shape = outline(report)
    languages = {d.name: d.language for d in report.documents if d.language}
    doc_rows = [
        [
            escape(d.name),
            escape(d.role),
            escape(d.language or "—"),
            str(d.characters),
            str(d.sections),
            f"<code>{escape(d.sha256)}</code>",
        ]
        for d in report.documents
    ]
    notes = "".join(f"<li>{escape(n)}</li>" for n in report.notes)
    law = governing_law_caption(report)
    law_line = (
        f'<p class="governing-law">{escape(law[0])} <strong>{escape(law[1])}</strong></p>'
        if law is not None
        else ""
    )
    body = [
        "<header>",
        f"<h1>{escape(report.title)}</h1>",
        banner(status_warning(report)),
        f'<p class="status">Status: <strong>{escape(report.status)}</strong> · Review id: '
        f"<code>{escape(report.review_id)}</code></p>",
        law_line,
        "</header>",
        _toc(shape),
        "<main>",
        '<section id="summary">',
        "<h2>Risk summary</h2>",
        summary_table(report.summary),
        "</section>",
        '<section id="documents">',
        "<h2>Documents</h2>",
        table(["Document", "Role", "Language", "Characters", "Sections", "SHA-256"], doc_rows),
        "</section>",
        *findings_sections(shape, languages),
        *_plan(report.plan),
        '<section id="notes">',
        "<h2>Notes</h2>",
        f"<ul>{notes}</ul>" if notes else "<p>No notes.</p>",
        "</section>",
        *_meta(report.meta, report),
        "</main>",
    ]
    return page(report.title, report_language(report), [b for b in body if b])


def render_portfolio_html(report: PortfolioReport) -> str:
    """A folder review as one self-contained HTML page: the totals, then one row per
    document with a link to its own report; incomplete documents are named at the top."""
    title = f"Portfolio review of {report.folder}"
    rows = []
    for entry in report.entries:
        path = entry_report_path(entry, ".html")
        link = f'<a href="{escape(quote(path))}">{escape(path)}</a>' if path else "—"
        top = "".join(f"<li>{escape(t)}</li>" for t in entry.top_findings)
        counts = [str(v) for _, v in summary_values(entry.summary)]
        rows.append(
            [
                escape(entry.document),
                escape(entry.status),
                *counts,
                f"<ul>{top}</ul>" if top else "—",
                link,
                escape(entry.error or "—"),
            ]
        )
    headings = [
        "Document",
        "Status",
        *(escape(h) for h, _ in summary_values(report.summary)),
        "Top findings",
        "Report",
        "Error",
    ]
    facts = [
        ("Domain", report.domain_id),
        ("Documents", str(len(report.entries))),
        ("Started", format_when(report.started_at)),
        ("Finished", format_when(report.finished_at)),
        ("Schema", report.schema_version),
    ]
    body = [
        "<header>",
        f"<h1>{escape(title)}</h1>",
        banner(portfolio_status_warning(report)),
        "<ul>" + "".join(f"<li>{k}: {escape(v)}</li>" for k, v in facts) + "</ul>",
        "</header>",
        "<main>",
        '<section id="summary">',
        "<h2>Risk summary</h2>",
        summary_table(report.summary),
        "</section>",
        '<section id="documents">',
        "<h2>Documents</h2>",
        table(headings, rows),
        "</section>",
        "</main>",
    ]
    return page(title, "en", [b for b in body if b])
