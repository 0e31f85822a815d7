"""Built-in report exporters: ``json`` (the report model as JSON), ``markdown`` and
``html`` (the same content as a page), each of a
:class:`~contract_review.review.report_models.ReviewReport` or a
:class:`~contract_review.review.report_models.PortfolioReport`; and ``docx``, the
contract in Word with tracked changes and comments (``redline.docx``, on request:
``review --format docx``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pydantic import BaseModel

from ..hookspecs import hookimpl
from ..reports.exporter_types import ExportSource, ReportExporter
from ..reports.html_report import render_html, render_portfolio_html
from ..reports.markdown_report import render_markdown, render_portfolio_markdown
from ..review.report_models import PortfolioReport, ReviewReport


def export_json(report: BaseModel) -> str:
    """The report as indented JSON (UTF-8, non-ASCII kept)."""
    return report.model_dump_json(indent=2) + "\n"


def _render(
    report: BaseModel,
    fmt: str,
    review: Callable[[ReviewReport], str],
    portfolio: Callable[[PortfolioReport], str],
) -> str:
    if isinstance(report, ReviewReport):
        return review(report)
    if isinstance(report, PortfolioReport):
        return portfolio(report)
    raise TypeError(
        f"the {fmt} exporter renders a ReviewReport or a PortfolioReport, "
        f"not a {type(report).__name__}"
    )


def export_markdown(report: BaseModel) -> str:
    """A review or portfolio report as a Markdown page."""
    return _render(report, "markdown", render_markdown, render_portfolio_markdown)


def export_html(report: BaseModel) -> str:
    """A review or portfolio report as a self-contained HTML page."""
    return _render(report, "html", render_html, render_portfolio_html)


def export_docx(report: BaseModel, *, sources: Mapping[str, ExportSource]) -> bytes:
    """A review's contract as ``redline.docx`` (see :mod:`~contract_review.reports.word_redline`)."""
    from ..reports.word_redline import redline_docx

    if not isinstance(report, ReviewReport):
        raise TypeError(f"the docx exporter renders a ReviewReport, not a {type(report).__name__}")
    return redline_docx(report, sources)


@hookimpl
def register_report_exporters(register: Callable[[ReportExporter], None]) -> None:
    register(
        ReportExporter(
            name="json",
            suffix=".json",
            media_type="application/json",
            export=export_json,
            description="The report as JSON",
        )
    )
    register(
        ReportExporter(
            name="markdown",
            suffix=".md",
            media_type="text/markdown",
            export=export_markdown,
            description="The report as a Markdown page",
        )
    )
    register(
        ReportExporter(
            name="html",
            suffix=".html",
            media_type="text/html",
            export=export_html,
            description="The report as a self-contained HTML page (no external assets)",
        )
    )
    register(
        ReportExporter(
            name="docx",
            suffix=".docx",
            media_type="application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            export=export_docx,
            description="The contract in Word: each suggested change a tracked change, each "
            "finding a comment on its clause (redline.docx; needs the formats extra)",
            binary=True,
            uses_sources=True,
            stem="redline",
            default=False,
            renders=(ReviewReport,),
        )
    )
