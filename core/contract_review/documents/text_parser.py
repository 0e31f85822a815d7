"""Plain-text documents: numbered headings found line by line."""

from __future__ import annotations

import re
from collections.abc import Iterator

from .decoding import decode_text
from .document_assembly import assemble_document
from .headings import title_line
from .model import Document
from .parser_types import ParseOptions
from .section_tree import SectionTreeBuilder

__all__ = ["iter_lines", "parse_plain_bytes", "parse_plain_text", "title_line"]


#: Physical lines longer than this may hold several clauses run together, as text
#: extracted from PDF filings often does ("...on a timely basis.   2.1 Each Study ...").
RUN_ON_LINE = 200

# A clause number run into a long line: after a sentence end and a space, or after
# three or more spaces, followed by a number (or Section/Article/Clause and a number)
# and a capitalised word. Plausibility is judged later, as for any other line. A run of
# spaces is tried once, from its start, and never given back (possessive): a line of
# 64 K spaces is read in linear time, not one attempt per space.
_INLINE_CLAUSE = re.compile(
    r"(?:(?<=[.;:!?)\]\"”])[ \t]++|(?<![ \t])[ \t]{3,}+)"
    r"(?=(?:(?:Section|SECTION|Article|ARTICLE|Clause|CLAUSE)[ \t]+)?"
    r"\d{1,3}(?:\.\d{1,3})*\.?[ \t]+[A-Z\"“(])"
)


def iter_lines(source: str) -> Iterator[tuple[int, str]]:
    """Each line of ``source`` with the offset where it starts.

    Lines are split on ``\\n``; a line longer than :data:`RUN_ON_LINE` is also split
    where a clause number is run into it (``_INLINE_CLAUSE``), so that each clause of a
    flattened paragraph starts a line of its own.
    """
    offset = 0
    for line in source.split("\n"):
        if len(line) <= RUN_ON_LINE:
            yield offset, line
        else:
            start = 0
            for match in _INLINE_CLAUSE.finditer(line):
                yield offset + start, line[start : match.start()]
                start = match.end()
            yield offset + start, line[start:]
        offset += len(line) + 1


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
