"""Turning a text file's bytes into the normalised text that parsers and offsets use."""

from __future__ import annotations

import codecs
from collections.abc import Sequence

from ..errors import DocumentParseError

__all__ = [
    "BUILTIN_SUFFIXES",
    "LEGACY_ENCODINGS",
    "UTF16_ENCODINGS",
    "decode_text",
    "normalise_newlines",
]

#: The suffixes the built-in parsers read (named in error messages).
BUILTIN_SUFFIXES: tuple[str, ...] = (".docx", ".markdown", ".md", ".pdf", ".text", ".txt")

#: The encodings other than UTF-8 a text file is read in, as ``charset-normalizer``
#: names them (Latin-1 text reads the same in Windows-1252 but for control codes).
LEGACY_ENCODINGS: tuple[str, ...] = ("gb18030", "big5", "cp1252")
#: The encodings of a text file without a BOM that holds NUL bytes.
UTF16_ENCODINGS: tuple[str, ...] = ("utf_16_le", "utf_16_be")

#: Share of control characters (other than tab, newline, form feed) above which
#: decoded bytes are taken for a binary file.
_MAX_CONTROL_SHARE = 0.01


def normalise_newlines(text: str) -> str:
    """``\\r\\n`` and lone ``\\r`` become ``\\n``."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode_text(data: bytes, *, name: str, supported_suffixes: Sequence[str] = ()) -> str:
    """Decode a text file: UTF-16 with a BOM; UTF-8 (with or without BOM) when the
    bytes are valid UTF-8; else the encoding ``charset-normalizer`` finds among those a
    contract comes in (:data:`LEGACY_ENCODINGS`: GB18030/GBK, Big5, Windows-1252 and
    Latin-1; UTF-16 without a BOM when the bytes hold NULs). Newlines are normalised
    (see :func:`normalise_newlines`).

    :raises DocumentParseError: when the bytes look binary (undecodable, many control
        characters) or hold no text; the message names ``name``.
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
    elif b"\x00" in data:  # UTF-16 without a BOM, or binary
        text = _detected(data, UTF16_ENCODINGS) if _nuls_of_utf16(data) else None
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = _detected(data, LEGACY_ENCODINGS)
    if text is None or "\x00" in text:
        raise binary
    text = normalise_newlines(text)
    controls = sum(1 for ch in text if ch < " " and ch not in "\t\n\f")
    if controls > max(1, len(text) * _MAX_CONTROL_SHARE):
        raise binary
    if not text.strip():
        raise DocumentParseError(f"{name} is empty: it contains only whitespace")
    return text


def _nuls_of_utf16(data: bytes) -> bool:
    """True when ``data``'s NUL bytes sit as UTF-16 text puts them: the high bytes of
    ASCII characters, nearly all at even offsets or nearly all at odd ones (a low byte
    is NUL only for a few characters, such as 一, U+4E00), and many (a line of Latin
    text is mostly such characters); a binary file has them anywhere."""
    if len(data) % 2:
        return False
    even = data[0::2].count(0)
    odd = data[1::2].count(0)
    return min(even, odd) * 10 <= max(even, odd) and max(even, odd) * 8 >= len(data)


def _detected(data: bytes, encodings: Sequence[str]) -> str | None:
    """``data`` decoded in the one of ``encodings`` that ``charset-normalizer`` finds the
    most plausible, or None when none fits."""
    from charset_normalizer import from_bytes

    best = from_bytes(data, cp_isolation=list(encodings)).best()
    if best is None:
        return None
    try:
        return data.decode(best.encoding)
    except (UnicodeDecodeError, LookupError):
        return None
