"""Turning a text file's bytes into the normalised text that parsers and offsets use."""

from __future__ import annotations

import codecs
from collections.abc import Sequence

from ..errors import DocumentParseError

__all__ = ["BUILTIN_SUFFIXES", "decode_text", "normalise_newlines"]

#: The suffixes the built-in parsers read (named in error messages).
BUILTIN_SUFFIXES: tuple[str, ...] = (".docx", ".markdown", ".md", ".pdf", ".text", ".txt")

#: Share of control characters (other than tab, newline, form feed) above which
#: decoded bytes are taken for a binary file.
_MAX_CONTROL_SHARE = 0.01


def normalise_newlines(text: str) -> str:
    """``\\r\\n`` and lone ``\\r`` become ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode_text(data: bytes, *, name: str, supported_suffixes: Sequence[str] = ()) -> str:
    """Decode a text file: UTF-8 (with or without BOM), UTF-16 with a BOM, else GB18030;
    newlines are normalised (see :func:`normalise_newlines`).

    :raises DocumentParseError: when the bytes look binary (NUL bytes, undecodable,
        many control characters) or hold no text; the message names ``name``.
    """
    suffixes = ", ".join(supported_suffixes or BUILTIN_SUFFIXES)
    binary = DocumentParseError(
        f"{name} looks like a binary file, not text; supported formats: {suffixes}"
    )
    if not data:
        raise DocumentParseError(f"{name} is empty: there is no text to parse")
    text: str | None = None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise binary from exc
    elif b"\x00" in data:
        raise binary
    else:
        for encoding in ("utf-8-sig", "gb18030"):
            try:
                text = data.decode(encoding)
                break
            except UnicodeDecodeError:
                continue
    if text is None:
        raise binary
    text = normalise_newlines(text)
    controls = sum(1 for ch in text if ch < " " and ch not in "\t\n\f")
    if controls > max(1, len(text) * _MAX_CONTROL_SHARE):
        raise binary
    if not text.strip():
        raise DocumentParseError(f"{name} is empty: it contains only whitespace")
    return text
