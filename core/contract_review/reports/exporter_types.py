"""The report-exporter contract."""

from __future__ import annotations

from collections.abc import Callable

import attrs
from pydantic import BaseModel


@attrs.frozen(kw_only=True)
class ReportExporter:
    """Turns a report model into a file, registered through ``register_report_exporters``."""

    #: Format name used on the CLI (``--format NAME``), e.g. 'json', 'markdown'.
    name: str
    #: File suffix with the dot, e.g. '.md'.
    suffix: str
    media_type: str
    #: Renders a report (a pydantic model) to text.
    export: Callable[[BaseModel], str]
    description: str = ""
