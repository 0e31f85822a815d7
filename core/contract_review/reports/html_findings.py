"""The issues part of the HTML report, in the report's language: one section per clause
with an issue, each issue a card (risk badge, the clause quoted, why it matters, our
standard position, the redline as tracked changes, the reference and law passages
beneath); then the clauses checked and found in order, the missing clauses and the
notes for the reader."""

from __future__ import annotations

from ..review.diffs import html_redline
from ..review.findings import Evidence, Finding
from ..review.report_models import ApprovalRecord, ReviewReport
from .finding_text import (
    QUOTE_LIMIT,
    clause_evidence,
    clause_label,
    shorten,
    supporting_evidence,
    why_and_position,
)
from .html_blocks import badge, escape, lead, paragraph
from .report_labels import label
from .report_outline import ReportOutline, reader_notes, risk_label

__all__ = ["card_heading", "issue_sections"]

#: Characters of a reference or law passage shown before "Full text".
_SUPPORT_LIMIT = 240


def card_heading(finding: Finding, language: str) -> str:
    """A card's heading, inner HTML: badge, clause, title."""
    level = finding.risk_level.value
    clause = clause_label(finding)
    where = f"{escape(clause)} — " if clause else ""
    return (
        f"{badge(level, risk_label(finding.risk_level, language))} {where}{escape(finding.title)}"
    )


def _lang(evidence: Evidence, languages: dict[str, str]) -> str:
    lang = languages.get(evidence.source, "") if evidence.kind != "law" else ""
    return f' lang="{escape(lang)}"' if lang else ""


def _quote(evidence: Evidence, languages: dict[str, str], language: str) -> str:
    short = shorten(evidence.text, QUOTE_LIMIT)
    lang = _lang(evidence, languages)
    out = [
        f'<figure class="quote"><figcaption>{escape(label("clause_text", language))}</figcaption>'
    ]
    if short == evidence.text.strip():
        out.append(f"<blockquote{lang}>{escape(evidence.text)}</blockquote>")
    else:
        out.append(f'<blockquote class="shortened"{lang}>{escape(short)}</blockquote>')
        out.append(
            f'<details class="full-text"><summary>{escape(label("full_text", language))}</summary>'
            f"<blockquote{lang}>{escape(evidence.text)}</blockquote></details>"
        )
    out.append("</figure>")
    return "".join(out)


def _support(evidence: Evidence, languages: dict[str, str], language: str) -> str:
    kind = label("law" if evidence.kind == "law" else "reference", language)
    where = lead(f"{kind} {evidence.id} — {evidence.source}", language)
    short = shorten(evidence.text, _SUPPORT_LIMIT)
    lang = _lang(evidence, languages)
    if short == evidence.text.strip():
        return (
            f'<li class="evidence-{evidence.kind}">{where}<span{lang}>{escape(short)}</span></li>'
        )
    return (
        f'<li class="evidence-{evidence.kind}"><details><summary>{where}'
        f"<span{lang}>{escape(short)}</span></summary>"
        f"<blockquote{lang}>{escape(evidence.text)}</blockquote></details></li>"
    )


def _card(
    finding: Finding,
    record: ApprovalRecord | None,
    shape: ReportOutline,
    titles: dict[str, str],
    languages: dict[str, str],
    language: str,
) -> str:
    level = finding.risk_level.value
    anchor = shape.anchors.get(finding.finding_id, "")
    out = [
        f'<article class="finding risk-{level}" id="{escape(anchor)}">',
        f"<h4>{card_heading(finding, language)}</h4>",
    ]
    if finding.description:
        out.append(paragraph(finding.description))
    clause = clause_evidence(finding)
    if clause is not None:
        out.append(_quote(clause, languages, language))
    why, position = why_and_position(finding)
    if why:
        out += [f"<h5>{escape(label('why_it_matters', language))}</h5>", paragraph(why)]
    if position:
        out += [
            f"<h5>{escape(label('standard_position', language))}</h5>",
            paragraph(position, "text position"),
        ]
    change = finding.suggested_change
    if change is not None:
        out.append(f"<h5>{escape(label('suggested_change', language))}</h5>")
        if change.before == change.after:
            out.append(paragraph(label("no_text_change", language)))
        else:
            out += [
                f'<div class="change">{html_redline(change.before, change.after)}</div>',
                f'<p class="legend">{escape(label("redline_legend", language))}</p>',
            ]
    elif finding.redline_of:
        title = titles.get(finding.redline_of, finding.redline_of)
        words = escape(label("redline_elsewhere", language)).replace(
            escape("{title}"), escape(title)
        )
        target = shape.anchors.get(finding.redline_of)
        if target:
            words = words.replace(escape(title), f'<a href="#{escape(target)}">{escape(title)}</a>')
        out.append(f"<p>{lead(label('suggested_change', language), language)}{words}</p>")
    if finding.change_in_words:
        out += [
            f"<h5>{escape(label('change_to_ask_for', language))}</h5>",
            paragraph(finding.change_in_words),
        ]
    support = supporting_evidence(finding)
    if support:
        items = "".join(_support(e, languages, language) for e in support)
        out.append(f'<ul class="support">{items}</ul>')
    if record is not None and record.after is not None:
        out += [
            f"<h5>{escape(label('reviewer_wording', language))}</h5>",
            f'<blockquote class="wording">{escape(record.after)}</blockquote>',
        ]
    out.append("</article>")
    return "\n".join(out)


def issue_sections(
    report: ReviewReport, shape: ReportOutline, languages: dict[str, str]
) -> list[str]:
    """The issues by clause, the checked clauses, the missing clauses, the notes."""
    language = report.language
    titles = {f.finding_id: f.title for f in report.findings}
    out = ['<section id="issues">', f"<h2>{escape(label('issues_by_clause', language))}</h2>"]
    sections = [s for s in shape.sections if s.findings]
    if not sections:
        out.append(paragraph(label("no_clause_issues", language)))
    for section in sections:
        out += [
            f'<section class="clause" id="{section.anchor}">',
            f"<h3>{escape(section.title(language))}</h3>",
        ]
        for finding in section.findings:
            record = shape.approvals.get(finding.finding_id)
            out.append(_card(finding, record, shape, titles, languages, language))
        out.append("</section>")
    out += ["</section>", '<section id="checked">']
    out.append(f"<h2>{escape(label('checked', language))}</h2>")
    if shape.checked:
        items = "".join(
            f"<li>{badge('checked', label('in_order', language))} "
            f"<strong>{escape(c.clause_id)} {escape(c.title)}</strong> — {escape(c.note)}</li>"
            for c in shape.checked
        )
        out.append(f'<ul class="checked">{items}</ul>')
    else:
        out.append(paragraph(label("none_checked", language)))
    out += [
        "</section>",
        '<section id="missing">',
        f"<h2>{escape(label('missing', language))}</h2>",
    ]
    if not shape.missing:
        out.append(paragraph(label("none_missing", language)))
    for finding in shape.missing:
        record = shape.approvals.get(finding.finding_id)
        out.append(_card(finding, record, shape, titles, languages, language))
    out.append("</section>")
    notes = reader_notes(report)
    if notes:
        items = "".join(f"<li>{escape(n)}</li>" for n in notes)
        out += ['<section id="notes">', f"<h2>{escape(label('notes', language))}</h2>"]
        out += [f"<ul>{items}</ul>", "</section>"]
    return out
