"""Word (.docx) documents through python-docx (the ``formats`` extra).

Paragraphs become lines (tables: one line per row, cells separated by `` | ``).
Paragraphs styled ``Heading N`` are explicit headings of level N, as in Markdown; a
first paragraph styled ``Title`` is the document title. Numbers that Word generates
through automatic list numbering are not part of the paragraph text and so are not
seen.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any

from ..errors import DocumentParseError, MissingExtraError
from .decoding import normalise_newlines
from .document_assembly import assemble_document
from .markdown_parser import add_explicit_heading
from .model import Document
from .parser_types import InputLimits, ParseOptions
from .section_tree import SectionTreeBuilder

__all__ = ["DocxBlock", "check_archive", "parse_docx_bytes", "read_docx_blocks"]

_HEADING_STYLE_RE = re.compile(r"^heading\s*([1-9])$", re.IGNORECASE)

#: One block of text: its text and heading level (0 = title, None = body).
DocxBlock = tuple[str, int | None]


def read_docx_blocks(
    data: bytes, *, name: str, limits: InputLimits | None = None
) -> list[DocxBlock]:
    """The paragraphs and table rows of a .docx file, in order, with heading levels.

    :raises MissingExtraError: when python-docx is not installed.
    :raises DocumentParseError: when ``data`` is not a readable .docx file, or would
        unpack to more than ``limits`` allow (checked before anything is unpacked).
    """
    try:
        import docx
        from docx.table import Table
        from docx.text.paragraph import Paragraph
    except ImportError as exc:
        raise MissingExtraError("Reading .docx files", "formats", "docx") from exc
    check_archive(data, name=name, limits=limits)
    try:
        document = docx.Document(io.BytesIO(data))
        blocks: list[DocxBlock] = []
        for element in document.element.body.iterchildren():
            tag = element.tag.rsplit("}", 1)[-1]
            if tag == "p":
                paragraph = Paragraph(element, document)
                blocks.append((paragraph.text, _heading_level(paragraph)))
            elif tag == "tbl":
                for row in Table(element, document).rows:
                    cells = [" ".join(cell.text.split()) for cell in row.cells]
                    blocks.append((" | ".join(cells), None))
    except Exception as exc:  # python-docx/lxml/zipfile raise many types on corrupt input
        raise DocumentParseError(
            f"{name} is not a readable .docx file ({type(exc).__name__}: {exc})"
        ) from exc
    return blocks


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


def _heading_level(paragraph: Any) -> int | None:
    style = getattr(paragraph.style, "name", None) or ""
    if style.strip().lower() == "title":
        return 0
    match = _HEADING_STYLE_RE.match(style.strip())
    return int(match.group(1)) if match else None


def parse_docx_bytes(data: bytes, options: ParseOptions) -> Document:
    """The ``parse`` function of the built-in .docx parser."""
    blocks = read_docx_blocks(data, name=options.name, limits=options.limits)
    texts = [normalise_newlines(text) for text, _ in blocks]
    source = "\n".join(texts)
    if not source.strip():
        raise DocumentParseError(f"{options.name} is empty: the document has no text")
    builder = SectionTreeBuilder(source)
    offset = 0
    seen_content = False
    for text, (_, level) in zip(texts, blocks, strict=True):
        heading = " ".join(text.split())
        end = offset + len(text)
        if level is not None and heading:
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
    return assemble_document(source, builder.build(), options=options, format="docx")
