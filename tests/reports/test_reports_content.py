"""The Markdown and HTML pages show the same content as report.json: the test walks the
report model and finds every piece (finding ids, clause ids, risk levels, evidence,
redlines, approval decisions, the plan, notes and meta) in both pages, each finding's
pieces inside that finding's own blocks — its card for the reader (risk, title, the
clause, why it matters, our standard position) and its record in the appendix (id,
checklist item, status, evidence with offsets, skills, decision); an incomplete review
says so at the top."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from contract_review.domain import RiskLevel
from contract_review.reports.appendix_content import (
    approval_caption,
    evidence_caption,
    llm_caption,
    plan_source_caption,
)
from contract_review.reports.finding_text import why_and_position
from contract_review.reports.html_report import render_html, render_portfolio_html
from contract_review.reports.markdown_report import render_markdown, render_portfolio_markdown
from contract_review.reports.report_outline import risk_label
from contract_review.review.findings import Evidence, Finding
from contract_review.review.report_models import ReviewReport

Pages = dict[str, str]  # format -> the page as HTML (Markdown rendered by CommonMark)


def squash(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def pages(report: ReviewReport, markdown_to_html: Callable[[str], str]) -> Pages:
    return {"markdown": markdown_to_html(render_markdown(report)), "html": render_html(report)}


def _card_pieces(finding: Finding, report: ReviewReport) -> Iterator[tuple[str, str]]:
    yield "heading", f"{risk_label(finding.risk_level)} {finding.clause_id} — {finding.title}"
    yield "description", finding.description
    why, position = why_and_position(finding)
    if why:
        yield "why it matters", f"Why it matters {why}"
    if position:
        yield "standard position", f"Our standard position {position}"
    for evidence in finding.evidence:
        if evidence.kind == "clause":
            yield "clause quoted", f"Clause text {evidence.text}"
        else:
            yield "reference", f"{evidence.id} — {evidence.source}"
    record = next((a for a in report.approvals if a.finding_id == finding.finding_id), None)
    if record is not None and record.after is not None:
        yield "edited wording", record.after


def _record_pieces(finding: Finding, report: ReviewReport) -> Iterator[tuple[str, str]]:
    yield "finding id", finding.finding_id
    yield "clause id", finding.clause_id
    yield "checklist item", finding.checklist_item_id or "none"
    yield "title", finding.title
    yield "risk", risk_label(finding.risk_level)
    yield "status", finding.status.value
    for evidence in finding.evidence:
        yield "evidence text", evidence.text
        yield "evidence caption", evidence_caption(evidence)
    for result in finding.skill_results:
        yield "skill", result.skill_id
        yield "skill summary", result.summary
    record = next((a for a in report.approvals if a.finding_id == finding.finding_id), None)
    caption = approval_caption(finding, record)
    if caption:
        yield "approval", f"Approval: {caption}"
    if record is not None and record.after is not None:
        yield "edited wording", record.after


def _report_pieces(report: ReviewReport) -> Iterator[tuple[str, str]]:
    s = report.summary
    yield "title", report.title
    yield "status", report.status
    yield "review id", report.review_id
    yield (
        "risk counts",
        f"Critical High Medium Low Missing In order {s.critical} {s.high} "
        f"{s.medium} {s.low} {s.missing} {s.checked}",
    )
    for item in report.checked:
        yield "checked", f"{item.clause_id} {item.title} — {item.note}"
    for doc in report.documents:
        yield "document", f"{doc.name} {doc.role} {doc.language} {doc.characters} {doc.sections}"
        yield "document hash", doc.sha256
    yield "plan source", f"Plan source: {plan_source_caption(report.plan)}"
    yield "plan version", f"Plan version: {report.plan.plan.plan_version}"
    for cp in report.plan.plan.execution_order():
        tools = ", ".join(cp.suggested_tools) or "—"
        yield (
            "plan row",
            f"{cp.priority_order} {cp.clause_id} {cp.clause_name} {cp.analysis_depth.value} "
            f"{cp.max_iterations} {tools} {cp.rationale}",
        )
    for change in report.plan.changes:
        yield (
            "plan change",
            f"After clause {change.after_clause} → plan version {change.plan_version}: {change.reason}",
        )
        for line in change.changes:
            yield "plan change line", line
    for clause in report.clauses:
        for step in clause.steps:
            yield "step", step
        for loc in clause.locations:
            yield (
                "location",
                f"{loc.document} ({loc.role}) {loc.clause_id}, characters {loc.start}–{loc.end}",
            )
    for note in report.notes:
        yield "note", note
    meta = report.meta
    yield "package version", f"Package version {meta.package_version}"
    for name, version in meta.plugins.items():
        yield "plugin", f"{name} {version}"
    if meta.playbook is not None:
        yield "playbook", f"{meta.playbook.playbook_id} version {meta.playbook.version}"
    yield "embedder", f"Embedder {meta.embedder}"
    yield "llm", f"LLM {llm_caption(meta.llm)}"
    yield "party", f"Party {meta.party}"
    for node in meta.timings:
        yield "timing", node


def test_every_report_piece_is_in_both_pages(
    report: ReviewReport, pages: Pages, visible: Callable[[str], str]
) -> None:
    for fmt, page in pages.items():
        text = visible(page)
        missing = [
            (kind, piece) for kind, piece in _report_pieces(report) if squash(piece) not in text
        ]
        assert missing == [], f"{fmt} page lacks {missing}"


def _record_block(blocks: list[str], finding_id: str) -> str:
    pattern = re.compile(rf"Finding id:? {re.escape(finding_id)}(?: |$)")
    found = [b for b in blocks if pattern.search(b)]
    assert len(found) == 1, f"finding {finding_id!r} has {len(found)} blocks"
    return found[0]


def _card_pattern(finding: Finding) -> re.Pattern[str]:
    """A card's heading: an optional colour mark, the risk word, clause and title."""
    heading = f"{risk_label(finding.risk_level)} {finding.clause_id} — {finding.title}"
    return re.compile(rf"^\W*{re.escape(squash(heading))}")


def _card_block(blocks: list[str], finding: Finding) -> int:
    found = [i for i, b in enumerate(blocks) if _card_pattern(finding).match(b)]
    assert len(found) == 1, f"finding {finding.finding_id!r} has {len(found)} cards"
    return found[0]


def test_each_finding_block_holds_its_own_pieces(
    report: ReviewReport, pages: Pages, heading_blocks: Callable[[str], list[str]]
) -> None:
    assert report.findings and report.approvals
    for fmt, page in pages.items():
        blocks = heading_blocks(page)
        for finding in report.findings:
            record = _record_block(blocks, finding.finding_id)
            lacking = [
                (k, p) for k, p in _record_pieces(finding, report) if squash(p) not in record
            ]
            card = blocks[_card_block(blocks, finding)]
            lacking += [(k, p) for k, p in _card_pieces(finding, report) if squash(p) not in card]
            assert lacking == [], f"{fmt}: finding {finding.finding_id} lacks {lacking}"


def test_the_builder_report_exercises_every_kind_of_piece(report: ReviewReport) -> None:
    """The content tests above are only as good as the report they walk."""
    kinds = {e.kind for f in report.findings for e in f.evidence}
    assert kinds == {"clause", "reference", "law"}
    assert {a.decision for a in report.approvals} == {"proposed", "approved", "rejected", "edited"}
    assert {f.status.value for f in report.findings} == {"found", "missing"}
    assert {cp.analysis_depth.value for cp in report.plan.plan.clause_plans} >= {"quick", "deep"}
    assert report.plan.changes and report.plan.source == "default"
    assert all(e.start is not None for f in report.findings for e in f.evidence if e.kind != "law")


def test_evidence_caption_names_kind_source_id_offsets_and_score() -> None:
    clause = Evidence(kind="clause", source="pc.txt", id="20.1", text="abc", start=10, end=13)
    law = Evidence(kind="law", source="民法典", id="民法典#第五条", text="x", score=0.5)
    assert evidence_caption(clause) == "Clause 20.1 — pc.txt, characters 10–13"
    assert evidence_caption(law) == "Law article 民法典#第五条 — 民法典, score 0.500"


def test_markdown_appendix_keeps_the_diff_block_of_the_suggested_change(
    report: ReviewReport,
) -> None:
    page = render_markdown(report)
    appendix_at = page.index("\n## Appendix\n")
    for finding in report.findings:
        if finding.suggested_change is not None:
            assert page.index(f"```diff\n{finding.suggested_change.diff}```") > appendix_at


def test_findings_follow_plan_order_and_missing_clauses_come_after(
    report: ReviewReport, pages: Pages, heading_blocks: Callable[[str], list[str]]
) -> None:
    order = [cp.clause_id for cp in report.plan.plan.execution_order()]
    found = [f for f in report.findings if f.status.value == "found"]
    missing = next(f for f in report.findings if f.status.value == "missing")
    for fmt, page in pages.items():
        blocks = heading_blocks(page)
        positions = [_card_block(blocks, f) for f in found]
        by_position = [
            str(f.checklist_item_id)
            for _, f in sorted(zip(positions, found, strict=True), key=lambda p: p[0])
        ]
        assert by_position == sorted(by_position, key=order.index), fmt
        missing_at = _card_block(blocks, missing)
        heading_at = max(i for i, b in enumerate(blocks[:missing_at]) if b.startswith("Missing"))
        appendix_at = next(i for i, b in enumerate(blocks) if b.startswith("Appendix"))
        assert max(positions) < heading_at < missing_at < appendix_at, fmt


@pytest.mark.parametrize("status", ["paused", "running", "failed"])
def test_incomplete_review_says_so_before_anything_else(
    report: ReviewReport,
    status: str,
    markdown_to_html: Callable[[str], str],
    visible: Callable[[str], str],
) -> None:
    paused = report.model_copy(update={"status": status, "clauses": report.clauses[:2]})
    for page in (markdown_to_html(render_markdown(paused)), render_html(paused)):
        text = visible(page)
        warning = f"Incomplete review (status: {status})"
        assert warning in text
        assert text.index(warning) < text.index("Executive summary")
        assert "2 of 5 planned clauses were reviewed" in text


def test_complete_review_has_no_warning(
    report: ReviewReport, pages: Pages, visible: Callable[[str], str]
) -> None:
    for page in pages.values():
        assert "Incomplete" not in visible(page)
    assert 'role="alert"' not in pages["html"]


def test_llm_and_orchestrator_plans_are_named(
    report: ReviewReport, visible: Callable[[str], str]
) -> None:
    with_llm = report.model_copy(
        update={
            "meta": report.meta.model_copy(update={"llm": "openai_compatible:qwen-plus"}),
            "plan": report.plan.model_copy(
                update={"source": "orchestrator", "note": "planned by qwen-plus"}
            ),
        }
    )
    text = visible(render_html(with_llm))
    assert "LLM openai_compatible:qwen-plus" in text
    assert "Plan source: LLM orchestrator — planned by qwen-plus" in text
    assert "no LLM was used" not in text


def test_hostile_text_is_shown_as_written(
    report: ReviewReport,
    markdown_to_html: Callable[[str], str],
    visible_lines: Callable[[str], list[str]],
) -> None:
    hostile = "<script>alert('x')</script> & \"quotes\" | cell &amp; <b>bold</b>\n# not a heading\n1. not a list\n- not a bullet\n***\n[link](http://evil.example)"
    finding = report.findings[0].model_copy(
        update={
            "title": "<img src=x onerror=alert(1)> | title",
            "evidence": [Evidence(kind="clause", source="a&b.txt", id="20.1", text=hostile)],
        }
    )
    evil = report.model_copy(update={"findings": [finding], "notes": ["1. <i>note</i> | x"]})
    html_page = render_html(evil)
    md_page = markdown_to_html(render_markdown(evil))
    for page in (html_page, md_page):
        assert not re.search(r"<(script|img|b|i)\b", page), page
        assert not re.search(r"<h1>\s*not a heading|<hr|<a href=\"http", page)
        lines = visible_lines(page)
        for line in hostile.splitlines():
            assert line in lines
        text = " ".join(lines)
        assert "<img src=x onerror=alert(1)> | title" in text
        assert "1. <i>note</i> | x" in text
    assert "&lt;script&gt;" in html_page


def test_portfolio_pages_show_every_entry(
    portfolio: object, markdown_to_html: Callable[[str], str], visible: Callable[[str], str]
) -> None:
    from contract_review.review.report_models import PortfolioReport

    assert isinstance(portfolio, PortfolioReport)
    for page in (
        markdown_to_html(render_portfolio_markdown(portfolio)),
        render_portfolio_html(portfolio),
    ):
        text = visible(page)
        assert text.index("Incomplete portfolio: 2 of 3 documents") < text.index("Risk summary")
        s = portfolio.summary
        assert (
            f"Critical High Medium Low Deviations Missing Total In order {s.critical} {s.high} "
            f"{s.medium} {s.low} {s.deviations} {s.missing} {s.total} {s.checked}" in text
        )
        for entry in portfolio.entries:
            e = entry.summary
            row = (
                f"{entry.document} {entry.status} {e.critical} {e.high} {e.medium} {e.low} "
                f"{e.deviations} {e.missing} {e.total} {e.checked}"
            )
            assert row in text
            for title in entry.top_findings:
                assert title in text
            if entry.error:
                assert entry.error in text
            if entry.report_dir:
                assert f"{entry.report_dir}/report." in text


def test_risk_labels_cover_every_level() -> None:
    assert [risk_label(level) for level in RiskLevel] == ["CRITICAL", "HIGH", "MEDIUM", "LOW"]
