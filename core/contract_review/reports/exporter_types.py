"""The report-exporter contract."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs
from pydantic import BaseModel, ConfigDict, Field

__all__ = ["ExportSource", "ReportExporter"]


class ExportSource(BaseModel):
    """A reviewed document as an exporter that writes on the contract itself (a Word
    redline) needs it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(description="The document's name, as the report names it.")
    text: str = Field(description="The text the parser reported; evidence offsets point into it.")
    original: bytes | None = Field(
        default=None, description="The file as received, when it is at hand (e.g. a .docx)."
    )


@attrs.frozen(kw_only=True)
class ReportExporter:
    """Turns a report model into a file, registered through ``register_report_exporters``.

    A text format returns ``str`` (written as UTF-8); a binary one (``binary=True``)
    returns ``bytes``. An exporter that writes on the documents themselves
    (``uses_sources=True``) is called ``export(report, sources=...)`` with the reviewed
    documents by name (:class:`ExportSource`).
    """

    #: Format name used on the CLI (``--format NAME``), e.g. 'json', 'markdown'.
    name: str
    #: File suffix with the dot, e.g. '.md'.
    suffix: str
    media_type: str
    #: Renders a report (a pydantic model) to text, or to bytes when ``binary``.
    export: Callable[..., str | bytes]
    description: str = ""
    binary: bool = False
    #: Whether ``export`` takes ``sources=`` (see the class docs).
    uses_sources: bool = False
    #: The file name without its suffix; '' for the report's own ('report').
    stem: str = ""
    #: Written by default (``review --out`` without ``--format``).
    default: bool = True
    #: The report models it renders; empty for any.
    renders: Sequence[type[BaseModel]] = ()

    def render(
        self, report: BaseModel, *, sources: Mapping[str, ExportSource] | None = None
    ) -> bytes:
        """The file's content: text exporters' output as UTF-8, binary ones' as is.

        :raises TypeError: when the exporter returns the wrong type for its kind.
        """
        out = (
            self.export(report, sources=dict(sources or {}))
            if self.uses_sources
            else self.export(report)
        )
        if self.binary:
            if not isinstance(out, bytes):
                raise TypeError(
                    f"the {self.name} exporter is binary but returned {type(out).__name__}"
                )
            return out
        if not isinstance(out, str):
            raise TypeError(f"the {self.name} exporter returned {type(out).__name__}, not text")
        return out.encode("utf-8")

    def accepts(self, report: BaseModel) -> bool:
        """Whether it renders ``report`` (a review report, a portfolio...)."""
        return not self.renders or isinstance(report, tuple(self.renders))
