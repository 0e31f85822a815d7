"""Built-in report exporters."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from ..hookspecs import hookimpl
from ..reports.exporter_types import ReportExporter


def export_json(report: BaseModel) -> str:
    """The report as indented JSON (UTF-8, non-ASCII kept)."""
    return report.model_dump_json(indent=2) + "\n"


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
