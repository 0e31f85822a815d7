"""The review report as Markdown (``report.md``), written for the lawyer who reads it.

The page reads, in the report's language (:mod:`.report_labels`): the title (and a
warning first when the review is incomplete); the executive summary — the contract, the
party reviewed for, the governing law, the issues counted by risk and the key issues
most severe first (:mod:`.executive_summary`); the issues by clause, each with its risk,
the clause quoted, why it matters, our standard position and the redline as tracked
changes (``~~deleted~~``, ``**inserted**``); the clauses checked and found in order;
the missing clauses; the notes for the reader; and last the appendix
(:mod:`.markdown_appendix`). The grouping and wording are those of
:mod:`.report_outline` and :mod:`.finding_text`, shared with the HTML page.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..domain import RiskLevel
from ..review.findings import Finding
from ..review.report_models import ApprovalRecord, PortfolioReport, ReviewReport, RiskSummary
from . import markdown_text as md
from .executive_summary import key_issues, risk_counts, summary_facts
from .finding_text import (
    QUOTE_LIMIT,
    clause_evidence,
    clause_label,
    shorten,
    supporting_evidence,
    why_and_position,
    worded_for_reader,
)
from .markdown_appendix import appendix
from .redline_runs import redline_runs
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
    risk_label,
    status_warning,
    summary_values,
)

__all__ = ["render_markdown", "render_portfolio_markdown"]

#: The coloured mark before a risk word (Markdown has no colour of its own).
_RISK_MARKS = {"critical": "🔴", "high": "🟠", "medium": "🟡", "low": "🟢", "missing": "⚪"}
#: Characters of a reference or law passage quoted beneath a finding.
_SUPPORT_LIMIT = 300


def _badge(level: RiskLevel, language: str) -> str:
    return f"{_RISK_MARKS[level.value]} **{risk_label(level, language)}**"


def _lead(words: str, language: str, mark: str) -> str:
    """``words`` and a colon, emphasised with ``mark``, before the text they introduce:
    '**Contract:** ', '**合同**：' (emphasis must close after a letter before CJK text)."""
    if language == "zh":
        return f"{mark}{md.inline(words)}{mark}{label('colon', language)}"
    return f"{mark}{md.inline(words)}:{mark} "


def _summary_table(summary: RiskSummary) -> str:
    values = summary_values(summary)
    return md.table([h for h, _ in values], [[str(v) for _, v in values]], numeric=len(values))


def _banner(warning: str) -> list[str]:
    return [f"> **⚠ {md.inline(warning)}**", ""] if warning else []


def _executive_summary(report: ReviewReport, shape: ReportOutline) -> list[str]:
    language = report.language
    out = [f"## {label('executive_summary', language)}", ""]
    out += [f"- {_lead(k, language, '**')}{md.inline(v)}" for k, v in summary_facts(report)]
    counts = risk_counts(report)
    headings = [c.label for c in counts]
    out += ["", md.table(headings, [[str(c.count) for c in counts]], numeric=len(counts)), ""]
    out += [f"### {label('key_issues', language)}", ""]
    issues = key_issues(report, shape)
    if not issues:
        out += [label("no_issues", language), ""]
    for number, issue in enumerate(issues, start=1):
        clause = f"{md.inline(issue.clause)} — " if issue.clause else ""
        line = f"{number}. {_badge(issue.finding.risk_level, language)} {clause}"
        line += md.inline(issue.finding.title)
        if issue.proposal:
            line += f" — {_lead(label('we_propose', language), language, '*')}"
            line += md.inline(issue.proposal)
        out.append(line)
    return [*out, ""]


def _card_heading(finding: Finding, language: str) -> str:
    clause = clause_label(finding)
    where = f"{md.inline(clause)} — " if clause else ""
    return f"#### {_badge(finding.risk_level, language)} {where}{md.inline(finding.title)}"


def _card(
    finding: Finding,
    record: ApprovalRecord | None,
    titles: dict[str, str],
    language: str,
) -> list[str]:
    out = [_card_heading(finding, language), ""]
    if finding.description:
        out += [md.block(finding.description), ""]
    clause = clause_evidence(finding)
    if clause is not None:
        quote = shorten(clause.text, QUOTE_LIMIT)
        out += [f"*{label('clause_text', language)}*", "", md.block(quote, quote=True) or ">", ""]
        if quote != clause.text.strip():
            out += [f"*{label('shortened', language)}*", ""]
    why, position = why_and_position(finding)
    if why:
        out += [f"**{label('why_it_matters', language)}**", "", md.block(why), ""]
    if position:
        out += [f"**{label('standard_position', language)}**", "", md.block(position), ""]
    change = finding.suggested_change
    if change is not None:
        out += [f"**{label('suggested_change', language)}**", ""]
        if change.before == change.after:
            out += [label("no_text_change", language), ""]
        else:
            out += [md.tracked_changes(redline_runs(change)), ""]
            out += [f"*{label('redline_legend_markdown', language)}*", ""]
    elif finding.redline_of:
        title = titles.get(finding.redline_of, finding.redline_of)
        words = label("redline_elsewhere", language).format(title=title)
        lead = _lead(label("suggested_change", language), language, "**")
        out += [f"{lead}{md.inline(words)}", ""]
    if finding.change_in_words:
        out += [
            f"**{label('change_to_ask_for', language)}**",
            "",
            md.block(finding.change_in_words),
            "",
        ]
    support = supporting_evidence(finding)
    if support:
        for evidence in support:
            kind = label("law" if evidence.kind == "law" else "reference", language)
            where = f"{kind} {evidence.id} — {evidence.source}"
            out.append(
                f"- {_lead(where, language, '*')}{md.inline(shorten(evidence.text, _SUPPORT_LIMIT))}"
            )
        out.append("")
    if record is not None and record.after is not None:
        out += [f"**{label('reviewer_wording', language)}**", ""]
        out += [md.block(record.after, quote=True) or ">", ""]
    return out


def _issues(report: ReviewReport, shape: ReportOutline) -> list[str]:
    language = report.language
    titles = {f.finding_id: f.title for f in report.findings}
    out = [f"## {label('issues_by_clause', language)}", ""]
    sections = [s for s in shape.sections if s.findings]
    if not sections:
        out += [label("no_clause_issues", language), ""]
    for section in sections:
        out += [f"### {md.inline(section.title(language))}", ""]
        for finding in section.findings:
            record = shape.approvals.get(finding.finding_id)
            out += _card(finding, record, titles, language)
    out += [f"## {label('checked', language)}", ""]
    if not shape.checked:
        out += [label("none_checked", language), ""]
    out += [
        f"- {md.inline(c.clause_id)} {md.inline(c.title)} — {md.inline(c.note)}"
        for c in shape.checked
    ]
    out += [""] if shape.checked else []
    out += [f"## {label('missing', language)}", ""]
    if not shape.missing:
        out += [label("none_missing", language), ""]
    for finding in shape.missing:
        out += _card(finding, shape.approvals.get(finding.finding_id), titles, language)
    notes = reader_notes(report)
    if notes:
        out += [f"## {label('notes', language)}", ""]
        out += [f"- {md.inline(note, starts_line=True)}" for note in notes]
        out.append("")
    return out


def render_markdown(report: ReviewReport) -> str:
    """``report`` as one Markdown page; an incomplete review says so at the top."""
    report = worded_for_reader(report)
    shape = outline(report)
    out = [f"# {md.inline(report.title)}", ""]
    out += _banner(status_warning(report))
    out += _executive_summary(report, shape)
    out += _issues(report, shape)
    out += appendix(report, shape)
    return "\n".join(out).rstrip("\n") + "\n"


def _portfolio_rows(report: PortfolioReport) -> list[Sequence[str]]:
    rows: list[Sequence[str]] = []
    for entry in ranked_entries(report):
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
    return rows


def render_portfolio_markdown(report: PortfolioReport) -> str:
    """A folder review as one Markdown page: the totals, then one row per document with
    a link to its own report, the documents most at risk first, then the key issues
    across the folder; incomplete documents are named at the top."""
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
    headings = [
        "Document",
        "Status",
        *(h for h, _ in summary_values(report.summary)),
        "Top findings",
        "Report",
        "Error",
    ]
    out += [md.table(headings, _portfolio_rows(report)), ""]
    across = issues_across(report)
    if across:
        out += ["## Key issues across the folder", ""]
        rows = [[issue, f"{len(docs)}: " + ", ".join(docs)] for issue, docs in across]
        out += [md.table(["Issue (high or critical)", "Documents"], rows), ""]
    return "\n".join(out)
