"""PDF documents through pypdf (the ``formats`` extra): page texts joined, then parsed
as plain text. Scanned PDFs (no text layer) are reported, not OCR'd. pypdf's own
warnings (logged and raised as Python warnings on damaged files) are caught, so a
failure is one line of ours; a PDF of more pages than the limit is refused before its
pages are read."""

from __future__ import annotations

import io
import logging
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

from ..errors import DocumentParseError, MissingExtraError
from .decoding import normalise_newlines
from .model import Document
from .parser_types import InputLimits, ParseOptions
from .text_parser import parse_plain_text

__all__ = ["extract_pdf_text", "parse_pdf_bytes"]

_LIBRARY_LOGGER = logging.getLogger("pypdf")
_CAPTURING = threading.Lock()  # the logger and the warnings filters are process-wide


class _Collect(logging.Handler):
    def __init__(self, into: list[str]) -> None:
        super().__init__(logging.WARNING)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record.getMessage())


@contextmanager
def _library_warnings() -> Iterator[list[str]]:
    """pypdf's warnings while reading, collected instead of printed."""
    caught: list[str] = []
    handler = _Collect(caught)
    with _CAPTURING, warnings.catch_warnings(record=True) as recorded:
        warnings.simplefilter("always")
        propagate = _LIBRARY_LOGGER.propagate
        _LIBRARY_LOGGER.addHandler(handler)
        _LIBRARY_LOGGER.propagate = False
        try:
            yield caught
        finally:
            _LIBRARY_LOGGER.removeHandler(handler)
            _LIBRARY_LOGGER.propagate = propagate
            caught.extend(str(warning.message) for warning in recorded)


def extract_pdf_text(data: bytes, *, name: str, limits: InputLimits | None = None) -> str:
    """The text of every page, pages joined by a newline, newlines normalised.

    :raises MissingExtraError: when pypdf is not installed.
    :raises DocumentParseError: when ``data`` is not a readable PDF, is encrypted, has
        more pages than ``limits`` allow, or has no text layer.
    """
    limits = limits or InputLimits()
    try:
        import pypdf
    except ImportError as exc:
        raise MissingExtraError("Reading .pdf files", "formats", "pypdf") from exc
    with _library_warnings():
        try:
            reader = pypdf.PdfReader(io.BytesIO(data))
            if reader.is_encrypted and not reader.decrypt(""):
                raise DocumentParseError(f"{name} is an encrypted PDF; decrypt it first")
            count = len(reader.pages)
            if count > limits.max_pdf_pages:
                raise DocumentParseError(
                    f"{name} has {count:,} pages; the limit is {limits.max_pdf_pages:,} "
                    "(CONTRACT_REVIEW_MAX_PDF_PAGES)"
                )
            pages = [page.extract_text() or "" for page in reader.pages]
        except DocumentParseError:
            raise
        except Exception as exc:  # pypdf raises many types on corrupt input
            reason = " ".join(f"{type(exc).__name__}: {exc}".split())
            raise DocumentParseError(f"{name} is not a readable PDF file ({reason})") from None
    text = normalise_newlines("\n".join(pages))
    if not text.strip():
        raise DocumentParseError(
            f"{name} has no extractable text (a scanned PDF needs OCR before it can be parsed)"
        )
    return text


def parse_pdf_bytes(data: bytes, options: ParseOptions) -> Document:
    """The ``parse`` function of the built-in .pdf parser."""
    text = extract_pdf_text(data, name=options.name, limits=options.limits)
    return parse_plain_text(text, options, format="pdf")
