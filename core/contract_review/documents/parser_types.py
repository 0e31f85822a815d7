"""The parser contract: what a document parser is and what options it receives."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..domain import ParserSettings
from .model import Document

#: The most bytes the members of an archive (.docx) may unpack to, in all.
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
#: The most an archive member may unpack to per byte it takes packed (text XML packs
#: about 5 to 20 times; a zip bomb hundreds or thousands of times).
MAX_COMPRESSION_RATIO = 200
#: The most pages a PDF may have.
MAX_PDF_PAGES = 2_000


@attrs.frozen(kw_only=True)
class InputLimits:
    """How much a parser may unpack: what stops an archive that inflates to gigabytes,
    or a PDF of endless pages, before it is read (``Settings.max_unpacked_bytes``,
    ``max_compression_ratio`` and ``max_pdf_pages``)."""

    max_unpacked_bytes: int = MAX_UNPACKED_BYTES
    max_compression_ratio: float = MAX_COMPRESSION_RATIO
    max_pdf_pages: int = MAX_PDF_PAGES


@attrs.frozen(kw_only=True)
class ParseOptions:
    """Options passed to every parser."""

    #: Name recorded on the document (usually the file name).
    name: str
    #: Document role: 'primary', 'reference', 'disclosure_letter', 'baseline' or a domain role id.
    role: str = "primary"
    #: 'auto', 'en' or 'zh'.
    language: str = "auto"
    settings: ParserSettings = attrs.field(factory=ParserSettings)
    #: What the parser may unpack.
    limits: InputLimits = attrs.field(factory=InputLimits)


@attrs.frozen(kw_only=True)
class DocumentParser:
    """A parser for one family of file types, registered through ``register_document_parsers``."""

    #: Short name, e.g. 'markdown'; recorded as ``Document.format``.
    name: str
    #: File suffixes it reads, lower-case with the dot: ('.md', '.markdown').
    suffixes: tuple[str, ...]
    #: Turns the file's bytes into a Document; raises DocumentParseError on bad input.
    parse: Callable[[bytes, ParseOptions], Document]
    #: One line for listings.
    description: str = ""
