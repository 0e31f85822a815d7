"""Built-in document parsers (plain text, Markdown, .docx, .pdf).

The .docx and .pdf parsers import their libraries (the ``formats`` extra) only when a
file is parsed, so registering them costs nothing when the extra is missing.
"""

from __future__ import annotations

from collections.abc import Callable

from ..documents.docx_parser import parse_docx_bytes
from ..documents.markdown_parser import parse_markdown_bytes
from ..documents.parser_types import DocumentParser
from ..documents.pdf_parser import parse_pdf_bytes
from ..documents.text_parser import parse_plain_bytes
from ..hookspecs import hookimpl

#: The parsers this module registers, in registration order.
BUILTIN_PARSERS: tuple[DocumentParser, ...] = (
    DocumentParser(
        name="text",
        suffixes=(".txt", ".text"),
        parse=parse_plain_bytes,
        description="Plain text (UTF-8 or GB18030); numbered clauses and 第X条 articles",
    ),
    DocumentParser(
        name="markdown",
        suffixes=(".md", ".markdown"),
        parse=parse_markdown_bytes,
        description="Markdown: # headings give the structure, numbered lines refine it",
    ),
    DocumentParser(
        name="docx",
        suffixes=(".docx",),
        parse=parse_docx_bytes,
        description="Word .docx via python-docx (extra 'formats'); Heading N styles as levels",
    ),
    DocumentParser(
        name="pdf",
        suffixes=(".pdf",),
        parse=parse_pdf_bytes,
        description="PDF text layer via pypdf (extra 'formats'), parsed as plain text",
    ),
)


@hookimpl
def register_document_parsers(register: Callable[[DocumentParser], None]) -> None:
    """Register the built-in text, Markdown, .docx and .pdf parsers."""
    for parser in BUILTIN_PARSERS:
        register(parser)
