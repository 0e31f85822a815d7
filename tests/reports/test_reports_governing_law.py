"""The governing law in the reports' executive summary: the Markdown and HTML pages show
it in the report's language, before the key issues; a report that does not record it
(an old record) shows no line, and report.json keeps the field."""

from __future__ import annotations

from collections.abc import Callable

from contract_review.documents.loading import parse_text
from contract_review.reports.html_report import render_html
from contract_review.reports.markdown_report import render_markdown
from contract_review.review.governing_law import read_governing_law
from contract_review.review.report_models import DocumentInfo, ReviewReport
from contract_review.testing.report_builders import make_report

ENGLISH = "SUPPLY AGREEMENT\n\n25. Law\n25.1 This Agreement is governed by English law.\n"
CHINESE = (
    "采购合同\n\n第一条 标的\n乙方供货。\n\n第三十条 适用法律\n本合同适用中华人民共和国法律。\n"
)


def _report(text: str, language: str) -> ReviewReport:
    document = parse_text(text, name="contract.txt", language=language)
    return make_report(
        documents=[DocumentInfo.of(document)],
        governing_law=read_governing_law(document),
        language=language,
    )


def _header(page: str, visible: Callable[[str], str]) -> str:
    text = visible(page)
    key_issues = "主要问题" if "主要问题" in text else "Key issues"
    return text[: text.index(key_issues)]


def test_english_header(
    visible: Callable[[str], str], markdown_to_html: Callable[[str], str]
) -> None:
    report = _report(ENGLISH, "en")
    line = "Governing law: England and Wales (clause 25.1)"
    assert line in _header(render_html(report), visible)
    assert line in _header(markdown_to_html(render_markdown(report)), visible)


def test_chinese_header(
    visible: Callable[[str], str], markdown_to_html: Callable[[str], str]
) -> None:
    report = _report(CHINESE, "zh")
    line = "适用法律：中华人民共和国法律（第三十条）"
    assert line in _header(render_html(report), visible)
    assert line in _header(markdown_to_html(render_markdown(report)), visible)


def test_a_report_without_the_field_loads_and_shows_no_line(
    visible: Callable[[str], str],
) -> None:
    data = make_report().model_dump(mode="json")
    data.pop("governing_law")
    old = ReviewReport.model_validate(data)
    assert old.governing_law is None
    assert "Governing law" not in visible(render_html(old))
    assert "Governing law" not in render_markdown(old)
    recorded = _report(ENGLISH, "en")
    assert ReviewReport.model_validate_json(recorded.model_dump_json()) == recorded
