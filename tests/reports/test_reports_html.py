"""The HTML page is well-formed, self-contained (no script, no external reference),
escapes what it quotes, links its table of contents, takes its language from the
documents, and carries each redline so both texts can be read back from it."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contract_review.reports.html_report import render_html, render_portfolio_html
from contract_review.reports.report_outline import outline
from contract_review.review.diffs import REDLINE_CSS, suggested_change
from contract_review.review.findings import Finding
from contract_review.review.report_models import PortfolioEntry, PortfolioReport, ReviewReport

_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}


class TagBalance(HTMLParser):
    """Checks that every element is closed, in order; collects ids and links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.ids: list[str] = []
        self.links: list[str] = []
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(values["id"] or "")
        if "href" in values:
            self.links.append(values["href"] or "")
        if "src" in values:
            self.sources.append(values["src"] or "")
        if tag not in _VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _VOID:
            self.errors.append(f"<{tag}/> is not a void element")

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            self.errors.append(f"</{tag}> closes a void element")
        elif not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
        else:
            self.stack.pop()


def _check(page: str) -> TagBalance:
    parser = TagBalance()
    parser.feed(page)
    parser.close()
    assert parser.errors == []
    assert parser.stack == []
    return parser


def test_page_is_well_formed_and_its_links_resolve(report: ReviewReport) -> None:
    page = render_html(report)
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    parsed = _check(page)
    assert len(parsed.ids) == len(set(parsed.ids)), "duplicate ids"
    internal = [link for link in parsed.links if link.startswith("#")]
    assert internal and all(link[1:] in parsed.ids for link in internal)
    assert parsed.links == internal


def test_toc_links_every_clause_with_an_issue_and_its_top_risk(report: ReviewReport) -> None:
    page = render_html(report)
    toc = page[page.index('<nav class="toc"') : page.index("</nav>")]
    shape = outline(report)
    with_issues = [s for s in shape.sections if s.findings]
    assert with_issues
    for section in with_issues:
        top = min((f.risk_level for f in section.findings), key=lambda r: r.severity)
        link = f'<a href="#{section.anchor}">{html.escape(section.title("en"))}</a>'
        badge = f'<span class="risk risk-{top.value}">{top.value.upper()}</span>'
        assert f"{link} {badge}" in toc
    appendix = page[page.index('<details class="appendix"') :]
    for cp in report.plan.plan.clause_plans:
        assert f"<h4>{html.escape(cp.clause_id)} {html.escape(cp.clause_name)}</h4>" in appendix


def test_page_is_self_contained(report: ReviewReport, portfolio: PortfolioReport) -> None:
    for page in (render_html(report), render_portfolio_html(portfolio)):
        _check(page)
        assert not re.search(r"<script|<link|<iframe|<img|@import|url\(", page, re.IGNORECASE)
        assert not re.search(r"(?:src|href)\s*=\s*[\"']?\s*(?:[a-z]+:|//)", page, re.IGNORECASE)
        assert REDLINE_CSS in page
        assert "<style>" in page


def test_portfolio_links_stay_relative_whatever_the_report_dir(portfolio: PortfolioReport) -> None:
    hostile = PortfolioEntry(
        document='evil".pdf',
        status="complete",
        report_dir="http://evil.example/x y",
    )
    page = render_portfolio_html(
        portfolio.model_copy(update={"entries": [*portfolio.entries, hostile]})
    )
    parsed = _check(page)
    assert "rev-0001/report.html" in parsed.links
    assert "http%3A//evil.example/x%20y/report.html" in parsed.links
    assert all(not re.match(r"[a-z]+:|//", link) for link in parsed.links)
    assert "evil&quot;.pdf" in page


def test_risk_levels_have_text_labels_not_colour_alone(report: ReviewReport) -> None:
    page = render_html(report)
    for finding in report.findings:
        level = finding.risk_level.value
        assert f'<span class="risk risk-{level}">{level.upper()}</span>' in page


def test_lang_is_the_reports_language(report: ReviewReport) -> None:
    assert '<html lang="zh">' in render_html(report.model_copy(update={"language": "zh"}))
    assert '<html lang="en">' in render_html(report.model_copy(update={"documents": []}))


def test_hostile_values_in_attributes_are_escaped(report: ReviewReport) -> None:
    finding = report.findings[0].model_copy(update={"finding_id": '"><script>x</script>'})
    page = render_html(report.model_copy(update={"findings": [finding], "approvals": []}))
    _check(page)
    assert "<script>" not in page
    assert 'data-finding-id="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"' in page


_PIECES = [
    "Contractor", "Employer", "shall", "notify", "28", "days", "1,000,000.00", "20.1",
    "买方", "应", "在", "三十日", "内", "付款", "违约金", " ", "\n", ".", ";", ",", "。", "；",
    "<", ">", "&", '"', "'", "&amp;", "<script>", "</span>", "#", "|", "*", "`", "\\",
]  # fmt: skip
_texts = st.lists(st.sampled_from(_PIECES), max_size=30).map("".join)
_REDLINE_RE = re.compile(r'<span class="redline">(.*?)</span>', re.DOTALL)


def _read_back(redline: str, drop: str) -> str:
    kept = re.sub(rf"<{drop}\b[^>]*>.*?</{drop}>", "", redline, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", "", kept))


@given(before=_texts, after=_texts)
def test_page_redline_gives_back_both_texts(report: ReviewReport, before: str, after: str) -> None:
    finding: Finding = report.findings[0].model_copy(
        update={"suggested_change": suggested_change(before, after), "evidence": []}
    )
    changed = report.model_copy(update={"findings": [finding]})
    anchor = outline(changed).anchors[finding.finding_id]
    page = render_html(changed)
    article = re.search(rf'<article [^>]*id="{anchor}">(.*?)</article>', page, re.DOTALL)
    assert article is not None
    redlines = _REDLINE_RE.findall(article.group(1))
    if before == after:  # nothing to mark: the card says the text stays
        assert redlines == [] and "The text stays as it is." in article.group(1)
        return
    assert len(redlines) == 1
    assert _read_back(redlines[0], "ins") == before
    assert _read_back(redlines[0], "del") == after


@pytest.mark.parametrize("status", ["complete", "paused"])
def test_every_status_renders_a_balanced_page(report: ReviewReport, status: str) -> None:
    _check(render_html(report.model_copy(update={"status": status})))
