"""The built-in exporters: json, markdown and html are registered, render a review and
a portfolio report, and refuse anything else with a TypeError naming it; docx renders a
review (on the contract's text) and nothing else; a plugin can add a binary format,
written by ``review --format``."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from contract_review.cli.review_output import write_reports
from contract_review.hookspecs import hookimpl
from contract_review.registry import Registry, load_registry
from contract_review.reports.exporter_types import ExportSource, ReportExporter
from contract_review.reports.html_report import render_html, render_portfolio_html
from contract_review.reports.markdown_report import render_markdown, render_portfolio_markdown
from contract_review.review.report_models import PortfolioReport, ReviewReport


@pytest.fixture(scope="module")
def registry() -> Registry:
    return load_registry(load_entrypoints=False)


def test_json_markdown_and_html_are_registered(registry: Registry) -> None:
    exporters = {name: r.item for name, r in registry.exporters.items()}
    assert {"json", "markdown", "html"} <= set(exporters)
    assert (exporters["markdown"].suffix, exporters["markdown"].media_type) == (
        ".md",
        "text/markdown",
    )
    assert (exporters["html"].suffix, exporters["html"].media_type) == (".html", "text/html")
    assert registry.exporters["html"].plugin == registry.exporters["json"].plugin


def test_every_text_exporter_renders_a_review_and_a_portfolio(
    registry: Registry, report: ReviewReport, portfolio: PortfolioReport
) -> None:
    text_exporters = [r.item for r in registry.exporters.values() if not r.item.binary]
    assert {e.name for e in text_exporters} >= {"json", "markdown", "html"}
    for exporter in text_exporters:
        for model in (report, portfolio):
            text = exporter.export(model)
            assert isinstance(text, str) and text.strip(), exporter.name
            assert text.endswith("\n"), exporter.name
            assert exporter.render(model) == text.encode("utf-8")


def test_docx_is_binary_on_request_and_renders_reviews_only(
    registry: Registry, report: ReviewReport, portfolio: PortfolioReport
) -> None:
    pytest.importorskip("docx", reason="python-docx (the formats extra) is not installed")
    exporter = registry.exporters["docx"].item
    assert (exporter.binary, exporter.uses_sources, exporter.default) == (True, True, False)
    assert (exporter.stem, exporter.suffix) == ("redline", ".docx")
    assert exporter.accepts(report) and not exporter.accepts(portfolio)
    primary = next(d for d in report.documents if d.role == "primary")
    quoted = {e.source: e for f in report.findings for e in f.evidence if e.kind == "clause"}
    text = "\n" * max((e.end or 0) for e in quoted.values())
    for evidence in quoted.values():  # a text the report's quotes stand in
        if evidence.start is not None and evidence.end is not None:
            text = text[: evidence.start] + evidence.text + text[evidence.end :]
    data = exporter.render(
        report, sources={primary.name: ExportSource(name=primary.name, text=text)}
    )
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert {"word/document.xml", "word/comments.xml"} <= set(archive.namelist())


def test_exporters_dispatch_on_the_report_type(
    registry: Registry, report: ReviewReport, portfolio: PortfolioReport
) -> None:
    markdown = registry.exporters["markdown"].item.export
    html = registry.exporters["html"].item.export
    assert markdown(report) == render_markdown(report)
    assert markdown(portfolio) == render_portfolio_markdown(portfolio)
    assert html(report) == render_html(report)
    assert html(portfolio) == render_portfolio_html(portfolio)


def test_json_round_trips(
    registry: Registry, report: ReviewReport, portfolio: PortfolioReport
) -> None:
    export = registry.exporters["json"].item.export
    assert ReviewReport.model_validate_json(export(report)) == report
    assert PortfolioReport.model_validate_json(export(portfolio)) == portfolio


class NotAReport(BaseModel):
    x: int = 1


@pytest.mark.parametrize("name", ["markdown", "html"])
def test_other_models_are_refused_by_name(registry: Registry, name: str) -> None:
    with pytest.raises(TypeError, match=f"the {name} exporter .* not a NotAReport"):
        registry.exporters[name].item.export(NotAReport())


class PdfLikePlugin:
    """A plugin adding a binary format, as a third party would."""

    @hookimpl
    def register_report_exporters(self, register: Any) -> None:
        register(
            ReportExporter(
                name="sealed",
                suffix=".bin",
                media_type="application/octet-stream",
                export=lambda report: b"\x00\xffsealed:" + report.review_id.encode(),
                binary=True,
                default=False,
                renders=(ReviewReport,),
            )
        )


def test_a_plugin_adds_a_binary_format(report: ReviewReport, tmp_path: Path) -> None:
    registry = load_registry(load_entrypoints=False, extra_plugins=(("sealed", PdfLikePlugin()),))
    defaults = write_reports(report, registry, tmp_path / "default")
    assert sorted(p.name for p in defaults) == ["report.html", "report.json", "report.md"]
    written = write_reports(report, registry, tmp_path / "asked", formats=["sealed", "json"])
    assert sorted(p.name for p in written) == ["report.bin", "report.json"]
    assert (tmp_path / "asked" / "report.bin").read_bytes() == b"\x00\xffsealed:" + (
        report.review_id.encode()
    )


def test_an_exporter_of_the_wrong_kind_is_refused(report: ReviewReport) -> None:
    lying = ReportExporter(
        name="x", suffix=".x", media_type="x", export=lambda r: "text", binary=True
    )
    with pytest.raises(TypeError, match="binary but returned str"):
        lying.render(report)
