"""Markdown documents: ``#`` headings give the structure, numbered lines inside refine it.

- The first ``#`` heading, when nothing but blank lines and comments precede it, is the
  document title (``root.title``); later ``#`` headings are level-1 sections (this is how
  the Civil Code parts look: ``# 中华人民共和国民法典`` then ``# 合同编``).
- A numbered heading (``## 20.1 Contractor's Claims``, ``### 第一章  一般规定``) gets the
  number as id and the rest as title; an un-numbered one gets its text as id and title.
- Lines such as ``第四百六十三条 ...`` or ``1.1 ...`` inside a heading's text become
  sections under it when plausible, as in plain text; ``1.`` lines are ordered-list
  items, never clauses.
- Whole-line HTML comments (``<!-- INFO END -->``) and empty headings are markup: they
  are trimmed from the edges of section texts (offsets still index the original source).
"""

from __future__ import annotations

import re

from .decoding import decode_text
from .document_assembly import assemble_document
from .headings import recognise_heading
from .model import Document, SectionKind
from .parser_types import ParseOptions
from .section_tree import SectionTreeBuilder
from .text_parser import iter_lines

__all__ = ["HEADING_RE", "add_explicit_heading", "parse_markdown_bytes", "parse_markdown_text"]

#: An ATX heading: up to three spaces, 1-6 ``#``, then the text (closing ``#`` dropped).
HEADING_RE = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_COMMENT_RE = re.compile(r"^\s*<!--.*-->\s*$")
_FENCE_RE = re.compile(r"^ {0,3}(```|~~~)")


def add_explicit_heading(
    builder: SectionTreeBuilder, *, start: int, text_start: int, level: int, text: str
) -> None:
    """Add a heading whose level is known (Markdown ``#``, .docx ``Heading N``): numbered
    text gives id/kind/number and the rest is the title; otherwise the text is both."""
    match = recognise_heading(text)
    if match is None:
        builder.add_heading(
            start=start,
            text_start=text_start,
            level=level,
            id=text,
            title=text,
            kind=SectionKind.HEADING,
        )
        return
    builder.add_heading(
        start=start,
        text_start=text_start,
        level=level,
        id=match.id,
        title=text[match.rest_start :].strip(),
        kind=match.kind,
        number=match.number,
        style=match.style,
    )


def parse_markdown_text(text: str, options: ParseOptions) -> Document:
    """Parse already-decoded Markdown (newlines normalised) into a Document."""
    builder = SectionTreeBuilder(text, dotted_top_level=False)
    seen_content = False
    fence: str | None = None
    for start, line in iter_lines(text):
        end = start + len(line)
        fence_match = _FENCE_RE.match(line)
        if fence is not None:
            if fence_match and fence_match.group(1) == fence:
                fence = None
            continue
        if fence_match:
            fence = fence_match.group(1)
            seen_content = True
            continue
        if _COMMENT_RE.match(line):
            builder.skip_line(start, end)
            continue
        heading = HEADING_RE.match(line)
        if heading:
            heading_text = " ".join((heading.group(2) or "").split())
            level = len(heading.group(1))
            if not heading_text:
                builder.skip_line(start, end)
            elif level == 1 and not seen_content and not builder.has_sections:
                builder.set_title(heading_text, text_start=end)
            else:
                add_explicit_heading(
                    builder, start=start, text_start=end, level=level, text=heading_text
                )
            seen_content = True
            continue
        if line.strip():
            seen_content = True
            builder.offer_line(start, line)
    return assemble_document(text, builder.build(), options=options, format="markdown")


def parse_markdown_bytes(data: bytes, options: ParseOptions) -> Document:
    """The ``parse`` function of the built-in Markdown parser."""
    return parse_markdown_text(decode_text(data, name=options.name), options)
