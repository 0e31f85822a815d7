"""Word (.docx) documents through python-docx (the ``formats`` extra).

Paragraphs become lines (tables: one line per row, cells separated by `` | ``), read as
Word shows them: tracked changes accepted, and each numbered paragraph starting with
the number Word's automatic numbering displays ("1.1", "(a)", "第一条"), so clause ids
are the numbers a reader sees (:mod:`.docx_paragraphs`, :mod:`.docx_numbering`).
Paragraphs styled ``Heading N`` are explicit headings of level N, as in Markdown; a
first paragraph styled ``Title`` is the document title.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

from ..errors import DocumentParseError, MissingExtraError
from .document_assembly import assemble_document
from .docx_paragraphs import DocxLine, read_lines
from .markdown_parser import add_explicit_heading
from .model import Document
from .parser_types import InputLimits, ParseOptions
from .section_tree import SectionTreeBuilder

__all__ = [
    "DocxBlock",
    "DocxReading",
    "check_archive",
    "parse_docx_bytes",
    "read_docx",
    "read_docx_blocks",
]

_HEADING_STYLE_RE = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)

#: One block of text: its text and heading level (0 = title, None = body).
DocxBlock = tuple[str, int | None]


class DocxReading:
    """A .docx file read: the python-docx document, its lines and the source text."""

    def __init__(self, document: Any, lines: list[DocxLine]) -> None:
        self.document = document
        self.lines = lines
        self.source = "\n".join(line.text for line in lines)

    @property
    def tracked_changes(self) -> int:
        """How many lines hold tracked insertions or deletions."""
        return sum(1 for line in self.lines if line.tracked)


def read_docx(data: bytes, *, name: str, limits: InputLimits | None = None) -> DocxReading:
    """Read a .docx file as Word shows it (see the module docs).

    :raises MissingExtraError: when python-docx is not installed.
    :raises DocumentParseError: when ``data`` is not a readable .docx file, or would
        unpack to more than ``limits`` allow (checked before anything is unpacked).
    """
    try:
        import docx
    except ImportError as exc:
        raise MissingExtraError("Reading .docx files", "formats", "docx") from exc
    from .docx_numbering import DocxNumbering

    check_archive(data, name=name, limits=limits)
    try:
        document = docx.Document(io.BytesIO(data))
        numbering = DocxNumbering.of(document)
        lines = read_lines(document.element.body, label=numbering.label)
    except Exception as exc:  # python-docx/lxml/zipfile raise many types on corrupt input
        raise DocumentParseError(
            f"{name} is not a readable .docx file ({type(exc).__name__}: {exc})"
        ) from exc
    return DocxReading(document, lines)


def read_docx_blocks(
    data: bytes, *, name: str, limits: InputLimits | None = None
) -> list[DocxBlock]:
    """The lines of a .docx file (see :func:`read_docx`), in order, with heading levels.

    :raises MissingExtraError: when python-docx is not installed.
    :raises DocumentParseError: when ``data`` is not a readable .docx file.
    """
    return _blocks(read_docx(data, name=name, limits=limits))


def _blocks(reading: DocxReading) -> list[DocxBlock]:
    names = _style_names(reading.document)
    return [
        (line.text, None if line.in_table else _heading_level(names.get(line.style, "")))
        for line in reading.lines
    ]


def _style_names(document: Any) -> dict[str, str]:
    """Paragraph style ids (as ``w:pStyle`` names them) → style names."""
    names: dict[str, str] = {}
    for style in document.styles:
        style_id = getattr(style, "style_id", None)
        if style_id:
            names[style_id] = getattr(style, "name", "") or ""
    return names


def check_archive(data: bytes, *, name: str, limits: InputLimits | None = None) -> None:
    """Refuse a zip archive whose members would unpack to more than ``limits`` allow,
    from the sizes its directory states (nothing is unpacked). A member that states a
    size and then unpacks to more is stopped by ``zipfile`` itself.

    :raises DocumentParseError: naming the file and the limit it passes.
    """
    limits = limits or InputLimits()
    try:
        members = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise DocumentParseError(f"{name} is not a readable .docx file ({exc})") from None
    total = sum(member.file_size for member in members)
    if total > limits.max_unpacked_bytes:
        raise DocumentParseError(
            f"{name} would unpack to {total:,} bytes; the limit is "
            f"{limits.max_unpacked_bytes:,} (CONTRACT_REVIEW_MAX_UNPACKED_BYTES)"
        )
    for member in members:
        packed = max(member.compress_size, 1)
        if (
            member.file_size > 1_000_000
            and member.file_size / packed > limits.max_compression_ratio
        ):
            raise DocumentParseError(
                f"{name}: its part {member.filename} unpacks {member.file_size / packed:,.0f} "
                f"times its packed size; the limit is {limits.max_compression_ratio:,.0f} "
                "(CONTRACT_REVIEW_MAX_COMPRESSION_RATIO)"
            )


def _heading_level(style: str) -> int | None:
    if style.strip().lower() == "title":
        return 0
    match = _HEADING_STYLE_RE.match(style.strip())
    return int(match.group(1)) if match else None


def parse_docx_bytes(data: bytes, options: ParseOptions) -> Document:
    """The ``parse`` function of the built-in .docx parser."""
    reading = read_docx(data, name=options.name, limits=options.limits)
    blocks = _blocks(reading)
    texts = [text for text, _ in blocks]
    source = reading.source
    if not source.strip():
        raise DocumentParseError(f"{options.name} is empty: the document has no text")
    builder = SectionTreeBuilder(source)
    offset = 0
    seen_content = False
    for text, (_, level), read in zip(texts, blocks, reading.lines, strict=True):
        heading = " ".join(text.split())
        end = offset + len(text)
        if level and read.label and builder.offer_line(offset, text):
            # a heading Word numbers ("2.1 Invoices") is read as the numbered clause it
            # is, so numbered paragraphs under it ("2.2 The Customer shall...") continue
            # the same numbering instead of nesting under a heading of their own
            pass
        elif level is not None and heading:
            if level == 0 and not seen_content:
                builder.set_title(heading, text_start=end)
            else:
                add_explicit_heading(
                    builder, start=offset, text_start=end, level=max(level, 1), text=heading
                )
        else:
            line_start = offset
            for line in text.split("\n"):
                if line.strip():
                    builder.offer_line(line_start, line)
                line_start += len(line) + 1
        seen_content = seen_content or bool(heading)
        offset = end + 1
    document = assemble_document(source, builder.build(), options=options, format="docx")
    return document.model_copy(update={"tracked_changes": reading.tracked_changes})
