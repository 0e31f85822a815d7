"""Built-in document parsers (plain text, Markdown, .docx, .pdf)."""

from __future__ import annotations

from collections.abc import Callable

from ..documents.parser_types import DocumentParser
from ..hookspecs import hookimpl


@hookimpl
def register_document_parsers(register: Callable[[DocumentParser], None]) -> None:
    pass  # filled in by the documents work
