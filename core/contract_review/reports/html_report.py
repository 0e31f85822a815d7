"""The review report as one self-contained HTML5 page (``report.html``), written for
the lawyer who reads it.

Inline CSS only (:mod:`.html_styles`), no script, no external asset: the page works
offline and prints on A4. In the report's language (:mod:`.report_labels`) it reads:
the title (a warning first when the review is incomplete); the executive summary — the
contract, the party reviewed for, the governing law, the issues counted by risk and the
key issues most severe first, each linked to its card (:mod:`.executive_summary`); the
contents, with a risk badge per entry; the issues by clause, the clauses checked and
found in order, the missing clauses and the notes (:mod:`.html_findings`); and last the
appendix, collapsed (:mod:`.html_appendix`). The same sections, order and wording as the
Markdown page; every piece of report text is HTML-escaped.
"""

from __future__ import annotations

from urllib.parse import quote

from ..domain import RiskLevel
from ..review.report_models import PortfolioReport, ReviewReport
from .executive_summary import key_issues, risk_counts, summary_facts
from .finding_text import worded_for_reader
from .html_appendix import appendix
from .html_blocks import badge, banner, escape, lead, page, summary_table, table
from .html_findings import issue_sections
from .report_labels import label
from .report_outline import (
    ReportOutline,
    entry_report_path,
    format_when,
    issues_across,
    outline,
    portfolio_status_warning,
    ranked_entries,
    reader_notes,
    report_language,
    risk_label,
    status_warning,
    summary_values,
)

__all__ = ["render_html", "render_portfolio_html"]


def _executive_summary(report: ReviewReport, shape: ReportOutline) -> list[str]:
    language = report.language
    facts = "".join(f"<li>{lead(k, language)}{escape(v)}</li>" for k, v in summary_facts(report))
    counts = risk_counts(report)
    out = [
        '<section id="summary" class="summary">',
        f"<h2>{escape(label('executive_summary', language))}</h2>",
        f'<ul class="summary-facts">{facts}</ul>',
        table(
            [badge(c.style, c.label) for c in counts],
            [[str(c.count) for c in counts]],
            numeric=len(counts),
            css="counts",
        ),
        f"<h3>{escape(label('key_issues', language))}</h3>",
    ]
    issues = key_issues(report, shape)
    if not issues:
        out.append(f"<p>{escape(label('no_issues', language))}</p>")
    items = []
    for issue in issues:
        finding = issue.finding
        where = f"{escape(issue.clause)} — " if issue.clause else ""
        text = f"{where}{escape(finding.title)}"
        link = f'<a href="#{escape(issue.anchor)}">{text}</a>' if issue.anchor else text
        proposal = (
            f'<span class="proposal">{lead(label("we_propose", language), language)}'
            f"{escape(issue.proposal)}</span>"
            if issue.proposal
            else ""
        )
        level = finding.risk_level
        items.append(
            f"<li>{badge(level.value, risk_label(level, language))} {link}"
            + (f" — {proposal}" if proposal else "")
            + "</li>"
        )
    if items:
        out.append('<ol class="key-issues">' + "".join(items) + "</ol>")
    out.append("</section>")
    return out


def _toc(report: ReviewReport, shape: ReportOutline) -> str:
    language = report.language

    def entry(anchor: str, text: str, marks: str = "", inner: str = "") -> str:
        return f'<li><a href="#{anchor}">{escape(text)}</a>{marks}{inner}</li>'

    clauses = ""
    for section in shape.sections:
        if not section.findings:
            continue
        top: RiskLevel = min((f.risk_level for f in section.findings), key=lambda r: r.severity)
        mark = f" {badge(top.value, risk_label(top, language))}"
        if len(section.findings) > 1:
            mark += f' <span class="count">×{len(section.findings)}</span>'
        clauses += entry(section.anchor, section.title(language), mark)
    missing = ""
    if shape.missing:
        missing = f" {badge('missing', str(len(shape.missing)))}"
    checked = f" {badge('checked', str(len(shape.checked)))}" if shape.checked else ""
    items = [
        entry("summary", label("executive_summary", language)),
        entry(
            "issues",
            label("issues_by_clause", language),
            inner=f"<ol>{clauses}</ol>" if clauses else "",
        ),
        entry("checked", label("checked", language), checked),
        entry("missing", label("missing", language), missing),
    ]
    if reader_notes(report):
        items.append(entry("notes", label("notes", language)))
    items.append(entry("appendix", label("appendix", language)))
    heading = escape(label("contents", language))
    return f'<nav class="toc" id="contents"><h2>{heading}</h2><ol>{"".join(items)}</ol></nav>'


def render_html(report: ReviewReport) -> str:
    """``report`` as one self-contained HTML page; an incomplete review says so at the top."""
    report = worded_for_reader(report)
    shape = outline(report)
    languages = {d.name: d.language for d in report.documents if d.language}
    body = [
        "<header>",
        f"<h1>{escape(report.title)}</h1>",
        banner(status_warning(report)),
        "</header>",
        "<main>",
        *_executive_summary(report, shape),
        _toc(report, shape),
        *issue_sections(report, shape, languages),
        *appendix(report, shape),
        "</main>",
    ]
    return page(report.title, report_language(report), [b for b in body if b])


def render_portfolio_html(report: PortfolioReport) -> str:
    """A folder review as one self-contained HTML page: the totals, then one row per
    document with a link to its own report, the documents most at risk first, then the
    key issues across the folder; incomplete documents are named at the top."""
    title = f"Portfolio review of {report.folder}"
    rows = []
    for entry in ranked_entries(report):
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
        *_issues_across(report),
        "</main>",
    ]
    return page(title, "en", [b for b in body if b])


def _issues_across(report: PortfolioReport) -> list[str]:
    across = issues_across(report)
    if not across:
        return []
    rows = [[escape(issue), escape(f"{len(docs)}: " + ", ".join(docs))] for issue, docs in across]
    return [
        '<section id="key-issues">',
        "<h2>Key issues across the folder</h2>",
        table(["Issue (high or critical)", "Documents"], rows),
        "</section>",
    ]
