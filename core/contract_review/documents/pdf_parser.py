"""PDF documents through pypdf (the ``formats`` extra): page texts joined, then parsed
as plain text. Scanned PDFs (no text layer) are reported, not OCR'd."""

from __future__ import annotations

import io

from ..errors import DocumentParseError, MissingExtraError
from .decoding import normalise_newlines
from .model import Document
from .parser_types import ParseOptions
from .text_parser import parse_plain_text

__all__ = ["extract_pdf_text", "parse_pdf_bytes"]


def extract_pdf_text(data: bytes, *, name: str) -> str:
    """The text of every page, pages joined by a newline, newlines normalised.

    :raises MissingExtraError: when pypdf is not installed.
    :raises DocumentParseError: when ``data`` is not a readable PDF, is encrypted, or has
        no text layer.
    """
    try:
        import pypdf
    except ImportError as exc:
        raise MissingExtraError("Reading .pdf files", "formats", "pypdf") from exc
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise DocumentParseError(f"{name} is an encrypted PDF; decrypt it first")
        pages = [page.extract_text() or "" for page in reader.pages]
    except DocumentParseError:
        raise
    except Exception as exc:  # pypdf raises many types on corrupt input
        raise DocumentParseError(
            f"{name} is not a readable PDF file ({type(exc).__name__}: {exc})"
        ) from exc
    text = normalise_newlines("\n".join(pages))
    if not text.strip():
        raise DocumentParseError(
            f"{name} has no extractable text (a scanned PDF needs OCR before it can be parsed)"
        )
    return text


def parse_pdf_bytes(data: bytes, options: ParseOptions) -> Document:
    """The ``parse`` function of the built-in .pdf parser."""
    return parse_plain_text(extract_pdf_text(data, name=options.name), options, format="pdf")
