"""The built-in exporters: json, markdown and html are registered, render a review and
a portfolio report, and refuse anything else with a TypeError naming it."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from contract_review.registry import Registry, load_registry
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


def test_every_exporter_renders_a_review_and_a_portfolio(
    registry: Registry, report: ReviewReport, portfolio: PortfolioReport
) -> None:
    for name, registered in registry.exporters.items():
        for model in (report, portfolio):
            text = registered.item.export(model)
            assert isinstance(text, str) and text.strip(), name
            assert text.endswith("\n"), name


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
