"""The parser contract: what a document parser is and what options it receives."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..domain import ParserSettings
from .model import Document


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
