"""Cutting a contract into clause units: the passages a signal locator ranks.

A unit is a leaf section as the parser found it (a parent section contributes its own
text before its first child, when that is more than its heading); a contract with no
numbering or headings comes from the parser cut into paragraph sections ``¶1``, ``¶2``...
(core's :mod:`~contract_review.documents.paragraph_sections`, whose blank-line cutting,
trimming and joining of short pieces this module shares). Text that no section covers —
the preamble, the signature page — is cut into paragraphs at
blank lines and at lines that start with a clause number (core's
:func:`~contract_review.documents.headings.recognise_heading`); a standalone title
line ("INSURANCE") gives its heading to the paragraphs after it. Units longer than
:data:`MAX_UNIT_CHARS` are cut at blank lines, then at sentence and part ends (the
shared splitter, :mod:`contract_review.text.sentences`, with semicolons); pieces shorter
than :data:`MIN_UNIT_CHARS` that are headings or fragments rather than sentences join
the next piece of the same section or paragraph run.

Every unit is a span of ``document.source`` with leading and trailing whitespace
trimmed, so a location quotes exactly the passage it names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pydantic import BaseModel, ConfigDict, Field

from contract_review.documents.headings import recognise_heading
from contract_review.documents.model import Document, Section
from contract_review.documents.paragraph_sections import BLANK_LINE, join_minor_pieces, trim_span
from contract_review.documents.text_parser import title_line
from contract_review.text.sentences import sentence_spans

__all__ = ["MAX_UNIT_CHARS", "MIN_UNIT_CHARS", "ClauseUnit", "clause_units"]

#: A unit longer than this is cut at blank lines, then at sentence ends.
MAX_UNIT_CHARS = 1500
#: A piece shorter than this joins the next piece of its block.
MIN_UNIT_CHARS = 100
#: A piece shorter than this always joins the next piece.
FRAGMENT_CHARS = 25
#: Paragraphs a standalone title line heads (itself included).
HEADING_CARRY = 6

_LINE_START = re.compile(r"\n")
#: How a piece of text that is a sentence (not a heading or a fragment) ends.
_SENTENCE_ENDINGS = (".", ";", "!", "?", "。", "；", "！", "？", ".)", '."', ".”")


class ClauseUnit(BaseModel):
    """One passage of a document: a section, or a paragraph of text without sections."""

    model_config = ConfigDict(frozen=True)

    label: str = Field(
        min_length=1,
        description="How the document numbers it: the section id ('12.3'), the section "
        "id and paragraph when a long section was cut ('12.3 ¶2'), or '¶n' for the n-th "
        "unit of text outside any section.",
    )
    start: int = Field(ge=0, description="Offset of the unit in the document's source.")
    end: int = Field(ge=0, description="End offset (exclusive) in the document's source.")
    heading: str = Field(
        default="",
        description="The titles of the unit's section and its ancestors, outermost first, "
        "joined by ' / '; empty outside sections.",
    )
    section_id: str | None = Field(default=None, description="The section it belongs to.")
    in_definitions: bool = Field(
        default=False, description="Whether the section is a definitions section."
    )

    def text(self, document: Document) -> str:
        """The unit's passage, quoted from ``document.source``."""
        return document.source[self.start : self.end]


class _Block(BaseModel):
    """A stretch of source to cut into units (internal)."""

    start: int
    end: int
    section: Section | None = None
    heading: str = ""
    in_definitions: bool = False


def clause_units(document: Document) -> list[ClauseUnit]:
    """The units of ``document`` in document order; none overlap, none is blank."""
    source = document.source
    blocks = sorted(_section_blocks(document), key=lambda block: block.start)
    units: list[ClauseUnit] = []
    position = 0
    for block in [*blocks, _Block(start=len(source), end=len(source))]:
        if block.start > position:
            pieces = list(_paragraphs(source, position, block.start))
            for (start, end), heading in zip(
                pieces, _carried_headings(source, pieces), strict=True
            ):
                units.append(
                    ClauseUnit(label=f"¶{len(units) + 1}", start=start, end=end, heading=heading)
                )
        if block.end > block.start:
            units.extend(_section_units(source, block))
        position = max(position, block.end)
    return units


def _section_blocks(document: Document) -> Iterator[_Block]:
    """Each section's own stretch: a leaf's whole span, a parent's text before its first
    child (skipped when it is no more than the heading line)."""
    length = len(document.source)

    def visit(section: Section, titles: tuple[str, ...], definitions: bool) -> Iterator[_Block]:
        heading = (*titles, section.title) if section.title else titles
        in_definitions = definitions or section.is_definitions
        start, end = min(section.start, length), min(section.end, length)
        if section.children:
            own_end = min(section.children[0].start, end)
            if own_end - start > 0 and _has_body(document.source, section, own_end):
                yield _Block(
                    start=start,
                    end=own_end,
                    section=section,
                    heading=" / ".join(heading),
                    in_definitions=in_definitions,
                )
            for child in section.children:
                yield from visit(child, heading, in_definitions)
        elif end > start:
            yield _Block(
                start=start,
                end=end,
                section=section,
                heading=" / ".join(heading),
                in_definitions=in_definitions,
            )

    for top in document.root.children:
        yield from visit(top, (), False)


def _has_body(source: str, section: Section, own_end: int) -> bool:
    body_start = max(section.text_start, section.start)
    return len(source[body_start:own_end].strip()) >= MIN_UNIT_CHARS // 2


def _section_units(source: str, block: _Block) -> Iterator[ClauseUnit]:
    section = block.section
    assert section is not None
    pieces = list(_cut_long(source, block.start, block.end))
    for index, (start, end) in enumerate(pieces, start=1):
        label = section.id if len(pieces) == 1 else f"{section.id} ¶{index}"
        yield ClauseUnit(
            label=label or "¶",
            start=start,
            end=end,
            heading=block.heading,
            section_id=section.id,
            in_definitions=block.in_definitions,
        )


def _paragraphs(source: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Text outside sections, cut at blank lines and numbered line starts, then sized."""
    cuts = [start]
    for match in BLANK_LINE.finditer(source, start, end):
        cuts.append(match.end())
    for match in _LINE_START.finditer(source, start, end):
        line_end = source.find("\n", match.end(), end)
        line = source[match.end() : end if line_end < 0 else line_end]
        if line.strip() and recognise_heading(line) is not None:
            cuts.append(match.end())
    pieces = _pairs(sorted(set(cuts)), end)
    for piece_start, piece_end in _merge_short(source, pieces):
        yield from _cut_long(source, piece_start, piece_end)


def _carried_headings(source: str, pieces: list[tuple[int, int]]) -> list[str]:
    """The heading each paragraph falls under: a standalone title line (``INSURANCE``)
    heads its paragraph and the next ones, up to ``HEADING_CARRY`` of them or the next
    numbered paragraph, whose own title (if any) takes over."""
    headings: list[str] = []
    current = ""
    carried = 0
    for start, end in pieces:
        first_line = source[start:end].split("\n", 1)[0]
        numbered = recognise_heading(first_line)
        if numbered is not None:
            current, carried = numbered.title, 0
        elif title_line(first_line):
            current, carried = " ".join(first_line.split()), 0
        elif carried >= HEADING_CARRY:
            current = ""
        carried += 1
        headings.append(current)
    return headings


def _cut_long(source: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """``[start, end)`` trimmed, or cut into pieces of at most ``MAX_UNIT_CHARS``
    (blank lines first, then sentence ends, then hard cuts)."""
    trimmed = trim_span(source, start, end)
    if trimmed is None:
        return
    start, end = trimmed
    if end - start <= MAX_UNIT_CHARS:
        yield start, end
        return
    cuts = [match.end() for match in BLANK_LINE.finditer(source, start, end)]
    cuts += [start + stop for _, stop in sentence_spans(source[start:end], semicolons=True)]
    pieces: list[tuple[int, int]] = []
    piece_start = start
    last_cut = start
    for cut in [*sorted(set(cuts)), end]:
        if cut - piece_start > MAX_UNIT_CHARS and last_cut > piece_start:
            pieces.append((piece_start, last_cut))
            piece_start = last_cut
        while cut - piece_start > MAX_UNIT_CHARS:  # no break at all: a hard cut
            pieces.append((piece_start, piece_start + MAX_UNIT_CHARS))
            piece_start += MAX_UNIT_CHARS
        last_cut = cut
    pieces.append((piece_start, end))
    for piece in _merge_short(source, pieces):
        trimmed_piece = trim_span(source, *piece)
        if trimmed_piece is not None:
            yield trimmed_piece


def _pairs(cuts: list[int], end: int) -> list[tuple[int, int]]:
    return [(a, b) for a, b in zip(cuts, [*cuts[1:], end], strict=True) if b > a]


def _merge_short(source: str, pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Incomplete pieces join the next piece (the last one joins the previous piece);
    blank pieces are dropped. A piece is incomplete when it is shorter than
    ``MIN_UNIT_CHARS`` and is a heading or fragment rather than a sentence (it does not
    end like one), or is shorter than ``FRAGMENT_CHARS``."""
    return join_minor_pieces(source, pieces, is_minor=_incomplete)


def _incomplete(text: str) -> bool:
    if len(text) < FRAGMENT_CHARS:
        return True
    return len(text) < MIN_UNIT_CHARS and not text.endswith(_SENTENCE_ENDINGS)
