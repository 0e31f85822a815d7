"""Plain-text documents: numbered headings found line by line."""

from __future__ import annotations

from collections.abc import Iterator

from .decoding import decode_text
from .document_assembly import assemble_document
from .headings import SENTENCE_END, TITLE_MAX_EN, TITLE_MAX_ZH, has_cjk, recognise_heading
from .model import Document
from .parser_types import ParseOptions
from .section_tree import SectionTreeBuilder

__all__ = ["iter_lines", "parse_plain_bytes", "parse_plain_text", "title_line"]


def iter_lines(source: str) -> Iterator[tuple[int, str]]:
    """Each line of ``source`` (split on ``\\n`` only) with the offset where it starts."""
    offset = 0
    for line in source.split("\n"):
        yield offset, line
        offset += len(line) + 1


def title_line(line: str) -> bool:
    """Whether ``line`` (the first non-blank line) reads as a document title: not a
    heading, short (80 characters, 40 with Chinese) and not a sentence."""
    text = line.strip()
    if not text or recognise_heading(line) is not None:
        return False
    limit = 2 * TITLE_MAX_ZH - 10 if has_cjk(text) else TITLE_MAX_EN
    return len(text) <= limit and text[-1] not in SENTENCE_END + ",，"


def parse_plain_text(text: str, options: ParseOptions, *, format: str = "text") -> Document:
    """Parse already-decoded text (newlines normalised) into a Document.

    The first non-blank line is the title when :func:`title_line` says so; numbered
    headings become sections when plausible (see ``heading_plausibility``).
    """
    builder = SectionTreeBuilder(text)
    seen_content = False
    for start, line in iter_lines(text):
        if not seen_content and line.strip():
            seen_content = True
            if title_line(line):
                builder.set_title(line.strip(), text_start=start + len(line))
                continue
        builder.offer_line(start, line)
    return assemble_document(text, builder.build(), options=options, format=format)


def parse_plain_bytes(data: bytes, options: ParseOptions) -> Document:
    """The ``parse`` function of the built-in text parser."""
    return parse_plain_text(decode_text(data, name=options.name), options)
