"""Entry points: parse text, bytes or a file into a :class:`Document`.

``parse_file`` asks the registry which parser reads the file's suffix, so plugins can add
formats; ``parse_text`` and ``parse_bytes`` use the built-in parsers directly.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from ..domain import ParserSettings
from ..errors import ContractReviewError, DocumentParseError, InputError
from .decoding import BUILTIN_SUFFIXES, decode_text, normalise_newlines
from .markdown_parser import parse_markdown_text
from .model import Document
from .parser_types import DocumentParser, InputLimits, ParseOptions
from .text_parser import parse_plain_text

if TYPE_CHECKING:
    from ..registry import Registry

__all__ = ["builtin_parser_for", "parse_bytes", "parse_file", "parse_text"]

_LANGUAGES = ("auto", "en", "zh")
_TEXT_FORMATS: dict[str, Callable[[str, ParseOptions], Document]] = {
    "text": parse_plain_text,
    "markdown": parse_markdown_text,
}


def _options(
    name: str,
    role: str,
    language: str,
    settings: ParserSettings | None,
    limits: InputLimits | None = None,
) -> ParseOptions:
    if language not in _LANGUAGES:
        raise InputError(f"language {language!r} for {name} is not one of: {', '.join(_LANGUAGES)}")
    return ParseOptions(
        name=name,
        role=role,
        language=language,
        settings=settings or ParserSettings(),
        limits=limits or InputLimits(),
    )


def parse_text(
    text: str,
    *,
    name: str = "document.txt",
    format: str = "text",
    role: str = "primary",
    language: str = "auto",
    settings: ParserSettings | None = None,
) -> Document:
    """Parse a string as plain text (``format='text'``) or Markdown (``'markdown'``).

    :raises InputError: for an unknown format or language.
    :raises DocumentParseError: when ``text`` is empty or only whitespace.
    """
    parse = _TEXT_FORMATS.get(format)
    if parse is None:
        raise InputError(
            f"unknown format {format!r} for {name}; use one of: {', '.join(_TEXT_FORMATS)}"
        )
    options = _options(name, role, language, settings)
    if not text:
        raise DocumentParseError(f"{name} is empty: there is no text to parse")
    if not text.strip():
        raise DocumentParseError(f"{name} is empty: it contains only whitespace")
    return parse(normalise_newlines(text), options)


def builtin_parser_for(name: str) -> DocumentParser | None:
    """The built-in parser for ``name``'s suffix, or None."""
    from ..builtin.document_parsers import BUILTIN_PARSERS

    suffix = PurePath(name).suffix.lower()
    return next((p for p in BUILTIN_PARSERS if suffix in p.suffixes), None)


def parse_bytes(
    data: bytes,
    *,
    name: str,
    role: str = "primary",
    language: str = "auto",
    settings: ParserSettings | None = None,
    registry: Registry | None = None,
    limits: InputLimits | None = None,
) -> Document:
    """Parse a file's bytes, choosing the parser by the suffix of ``name`` (from
    ``registry`` when given, else the built-in parsers). An unknown suffix is read as
    plain text when the bytes decode as text. ``limits``: what a parser may unpack.

    :raises DocumentParseError: for empty, binary or unreadable content, naming ``name``.
    """
    options = _options(name, role, language, settings, limits)
    if registry is not None:
        parser = registry.parser_for(name)
        suffixes = registry.supported_suffixes()
    else:
        parser = builtin_parser_for(name)
        suffixes = list(BUILTIN_SUFFIXES)
    if parser is None:
        return _parse_unknown(data, options, suffixes)
    try:
        document = parser.parse(data, options)
    except ContractReviewError:
        raise
    except Exception as exc:  # a plugin parser may raise anything
        raise DocumentParseError(
            f"{name}: the {parser.name!r} parser failed ({type(exc).__name__}: {exc})"
        ) from exc
    if not isinstance(document, Document):
        raise DocumentParseError(
            f"{name}: the {parser.name!r} parser returned {type(document).__name__}, not a Document"
        )
    return document


def _parse_unknown(data: bytes, options: ParseOptions, suffixes: list[str]) -> Document:
    suffix = PurePath(options.name).suffix.lower() or "(none)"
    try:
        text = decode_text(data, name=options.name, supported_suffixes=suffixes)
    except DocumentParseError as exc:
        if "binary" not in str(exc):
            raise
        raise DocumentParseError(
            f"{options.name}: no parser reads {suffix} files and the content is not text; "
            f"supported formats: {', '.join(suffixes)}"
        ) from exc
    return parse_plain_text(text, options)


def parse_file(
    path: str | os.PathLike[str],
    *,
    registry: Registry | None = None,
    role: str = "primary",
    language: str = "auto",
    settings: ParserSettings | None = None,
    limits: InputLimits | None = None,
) -> Document:
    """Read and parse a file with the parser the registry has for its suffix
    (:func:`~contract_review.registry.default_registry` when None;
    ``limits``: what a parser may unpack).

    :raises InputError: when the file does not exist, is a directory or cannot be read.
    :raises DocumentParseError: when it is empty, binary or in an unsupported format.
    """
    file = Path(path)
    if not file.exists():
        raise InputError(f"file not found: {path}")
    if file.is_dir():
        raise InputError(f"{path} is a directory, not a file; give the path of a document")
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror or exc}") from exc
    if registry is None:
        from ..registry import default_registry

        registry = default_registry()
    return parse_bytes(
        data,
        name=file.name,
        role=role,
        language=language,
        settings=settings,
        registry=registry,
        limits=limits,
    )
