"""The Markdown page keeps its layout whatever the report quotes: a '|' stays inside its
table cell, a quoted line starting with '#', '1.' or '-' stays text, raw HTML and
entities are shown as written; code blocks and spans hold any backticks."""

from __future__ import annotations

import re
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

from contract_review.reports import markdown_text as md
from contract_review.reports.markdown_report import render_markdown, render_portfolio_markdown
from contract_review.review.report_models import PortfolioEntry, PortfolioReport, ReviewReport

_CELL_RE = re.compile(r"<t[dh][^>]*>(.*?)</t[dh]>", re.DOTALL)
_ROW_RE = re.compile(r"<tr>(.*?)</tr>", re.DOTALL)


def _plan_table(page_html: str) -> list[list[str]]:
    """The rows of the table whose first heading is 'Order' (the plan), as cell HTML."""
    tables = re.findall(r"<table>(.*?)</table>", page_html, re.DOTALL)
    plan = next(t for t in tables if "<th>Order</th>" in t)
    return [_CELL_RE.findall(row) for row in _ROW_RE.findall(plan)]


def test_pipes_in_table_cells_stay_in_one_cell(
    report: ReviewReport, markdown_to_html: Callable[[str], str]
) -> None:
    plans = report.plan.plan.clause_plans
    odd = plans[0].model_copy(update={"clause_name": "Claims | Disputes", "rationale": "a|b\nc"})
    plan = report.plan.plan.model_copy(update={"clause_plans": [odd, *plans[1:]]})
    weird = report.model_copy(update={"plan": report.plan.model_copy(update={"plan": plan})})
    rows = _plan_table(markdown_to_html(render_markdown(weird)))
    assert len(rows) == len(plans) + 1
    assert all(len(row) == 7 for row in rows)
    first = next(row for row in rows if row[1] == odd.clause_id)
    assert first[2] == "Claims | Disputes"
    assert first[6] == "a|b c"


def test_summary_table_has_one_row_of_counts(
    report: ReviewReport, markdown_to_html: Callable[[str], str]
) -> None:
    page = markdown_to_html(render_markdown(report))
    summary = re.search(r"Executive summary</h2>.*?<table>(.*?)</table>", page, re.DOTALL)
    assert summary is not None
    rows = [_CELL_RE.findall(r) for r in _ROW_RE.findall(summary.group(1))]
    s = report.summary
    assert rows == [
        ["Critical", "High", "Medium", "Low", "Missing", "In order"],
        [str(v) for v in (s.critical, s.high, s.medium, s.low, s.missing, s.checked)],
    ]


def test_headings_are_only_the_pages_own(
    report: ReviewReport, markdown_to_html: Callable[[str], str]
) -> None:
    """A description starting with '#' (the builder's 8.7 finding) is not a heading."""
    page = markdown_to_html(render_markdown(report))
    h1 = re.findall(r"<h1>(.*?)</h1>", page)
    assert h1 == [report.title]
    assert "<p># No maximum amount of delay damages is stated.</p>" in page


def test_portfolio_rows_link_each_report_relatively(
    portfolio: PortfolioReport, markdown_to_html: Callable[[str], str]
) -> None:
    hostile = PortfolioEntry(
        document="a | b.pdf", status="complete", report_dir="http://evil.example/x y|z"
    )
    page = markdown_to_html(
        render_portfolio_markdown(
            portfolio.model_copy(update={"entries": [*portfolio.entries, hostile]})
        )
    )
    rows = [_CELL_RE.findall(r) for r in _ROW_RE.findall(page.split("Documents</h2>")[1])]
    assert len(rows) == len(portfolio.entries) + 2
    assert all(len(row) == 13 for row in rows)
    links = re.findall(r'href="([^"]*)"', page)
    assert sorted(links) == [  # (rows are ranked by risk: see report_outline.ranked_entries)
        "http%3A//evil.example/x%20y%7Cz/report.md",
        "rev-0001/report.md",
        "rev-0002/report.md",
    ]
    assert "a | b.pdf" in [row[0] for row in rows]


_PIECES = [
    "Contractor", "shall", "28", "days", "20.1", "1.", "1)", "买方", "应", "付款", "。", " ",
    "  ", "    ", "\t", "\n", "\n\n", "#", "##", ">", "-", "- ", "+ ", "*", "**", "_", "=",
    "===", "---", "|", "`", "```", "~", "~~", "[", "]", "(", ")", "!", "<", "</p>", "<b>",
    "&", "&amp;", "&#35;", "\\", "http://x.example",
]  # fmt: skip
_texts = st.lists(st.sampled_from(_PIECES), max_size=30).map("".join)


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip()]


@given(text=_texts)
def test_quoted_block_reads_back_line_by_line(
    text: str,
    markdown_to_html: Callable[[str], str],
    visible_lines: Callable[[str], list[str]],
) -> None:
    rendered = markdown_to_html(md.block(text, quote=True))
    assert set(re.findall(r"<(\w+)", rendered)) <= {"blockquote", "p", "br"}
    assert visible_lines(rendered) == _lines(text)


@given(text=_texts)
def test_inline_text_reads_back_on_one_line(
    text: str,
    markdown_to_html: Callable[[str], str],
    visible_lines: Callable[[str], list[str]],
) -> None:
    rendered = markdown_to_html(
        f"- {md.inline(text, starts_line=True)}\n\n| {md.cell(text)} |\n| --- |\n"
    )
    one_line = " ".join(text.splitlines()).strip()
    assert set(re.findall(r"<(\w+)", rendered)) <= {"ul", "li", "table", "thead", "tr", "th"}
    if one_line:
        assert visible_lines(rendered) == [one_line, one_line]


@given(text=_texts)
def test_code_fence_and_span_hold_any_text(
    text: str, markdown_to_html: Callable[[str], str]
) -> None:
    fenced = markdown_to_html(md.code_fence(text, "diff"))
    assert fenced.count("<pre>") == 1
    span = md.code_span("x" + " ".join(text.splitlines()) + "x")
    assert markdown_to_html(span).count("<code>") == 1
