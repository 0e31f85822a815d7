"""Sections for a text with no clause numbering or headings: one per paragraph.

Short letter agreements, simply drafted Chinese agreements and many filed agreements
have no numbered clauses and no headings. When a parser finds no section at all, the
text is cut into paragraph sections instead (:func:`paragraph_root`), so that such a
contract can be reviewed like any other:

* Paragraphs are split at blank lines. A text with no blank lines is split at line
  breaks that end a sentence (after ``. ; : ! ?``, ``。；：！？``, closing quotes and
  brackets allowed) or that follow a short line (narrower than
  :data:`SHORT_LINE_WIDTH`: a title, a party or signature line); a longer line that
  stops mid-sentence is hard-wrapped, and its paragraph goes on. In a text with blank
  lines, a paragraph none of whose lines stops mid-sentence (one paragraph per line, as
  Chinese agreements are often written) is split at its line breaks too. A .docx
  paragraph is a line: there every line is a paragraph.
* Very short pieces are not clauses: a piece whose letters and digits are narrower than
  :data:`FRAGMENT_WIDTH`, or one narrower than :data:`SHORT_PARAGRAPH_WIDTH` that does
  not end like a sentence (a title, a heading, a party or signature line, a date line),
  joins the next paragraph; one at the end joins the previous paragraph. A single
  title-like line that waits for its paragraph becomes its title (``Section.title``); a
  piece that ends in such a line, or in a short label line ("甲方：北京某某有限公司",
  "Dated: 1 May 2024"), waits for the paragraph after it. The document's own title
  leads the first paragraph but is not part of its text.
* The sections are ``¶1``, ``¶2``... in document order (kind
  :attr:`~.model.SectionKind.PARAGRAPH`, no number, so that a reference such as
  "Clause 3" never resolves to the third paragraph). Their spans tile the text: every
  character that is not whitespace lies in exactly one paragraph, and
  ``source[text_start:text_end] == text`` as for numbered sections.

Widths count East Asian wide characters (Chinese ideographs, full-width punctuation)
as two columns, so the same limits suit English and Chinese text.

The blank-line cutting, span trimming and joining of minor pieces are shared with the
signal locator's clause units (:mod:`contract_review.locator.units`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence

from .headings import title_line
from .model import Section, SectionKind

__all__ = [
    "BLANK_LINE",
    "FRAGMENT_WIDTH",
    "LABEL_WIDTH",
    "PARAGRAPH_MARK",
    "SHORT_LINE_WIDTH",
    "SHORT_PARAGRAPH_WIDTH",
    "display_width",
    "ends_sentence",
    "join_minor_pieces",
    "paragraph_root",
    "paragraph_sections",
    "paragraph_spans",
    "trim_span",
]

#: The mark before a paragraph section's number: ``¶1``, ``¶2``...
PARAGRAPH_MARK = "¶"
#: A line narrower than this (a title, a party or signature line) ends its paragraph.
SHORT_LINE_WIDTH = 40
#: A piece whose letters and digits are narrower than this is never a clause of its
#: own, even a whole sentence ("Signed.", "Name A. B. 1.", "乙方签字。");
#: "第17.6款删除。" and "Time is of the essence." are clauses.
FRAGMENT_WIDTH = 10
#: A piece narrower than this that does not end like a sentence is not a clause of its own.
SHORT_PARAGRAPH_WIDTH = 60

#: A line whose label before its colon is at most this wide ("甲方（出租人）", "Dated")
#: leads the paragraph after it, when it is short and no sentence.
LABEL_WIDTH = 16

#: A blank line (spaces allowed) and the whitespace after it.
BLANK_LINE = re.compile(r"\n[ \t\u3000\f\v]*\n\s*")
_SENTENCE_END_CHARS = frozenset(".;!?。；！？")
_COLONS = frozenset(":：")
_CLOSERS = "\"'”’)）」』】]"


def display_width(text: str) -> int:
    """Columns ``text`` takes on one line, its runs of whitespace read as one space: two
    for an East Asian wide character."""
    return sum(
        2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in " ".join(text.split())
    )


def ends_sentence(text: str, *, colon: bool = False) -> bool:
    """Whether ``text`` ends like a sentence (closing quotes and brackets allowed); with
    ``colon``, a colon ends it too ("as follows:")."""
    stripped = text.rstrip().rstrip(_CLOSERS)
    return bool(stripped) and (
        stripped[-1] in _SENTENCE_END_CHARS or (colon and stripped[-1] in _COLONS)
    )


def trim_span(source: str, start: int, end: int) -> tuple[int, int] | None:
    """``[start, end)`` without its leading and trailing whitespace; None when blank."""
    text = source[start:end]
    stripped = text.strip()
    if not stripped:
        return None
    lead = len(text) - len(text.lstrip())
    return start + lead, start + lead + len(stripped)


def join_minor_pieces(
    source: str, pieces: Sequence[tuple[int, int]], *, is_minor: Callable[[str], bool]
) -> list[tuple[int, int]]:
    """``pieces`` (spans of ``source`` in order) with minor ones joined to the next: a
    piece is held back while the text from it to the current piece, stripped, is minor
    by ``is_minor``; what is still held back at the end joins the last span (or is the
    only one). Blank pieces are dropped."""
    joined: list[tuple[int, int]] = []
    pending: int | None = None
    for start, end in pieces:
        if not source[start:end].strip():
            continue
        begin = start if pending is None else pending
        if is_minor(source[begin:end].strip()):
            pending = begin
            continue
        joined.append((begin, end))
        pending = None
    if pending is not None:
        if joined:
            joined[-1] = (joined[-1][0], pieces[-1][1])
        else:
            joined.append((pending, pieces[-1][1]))
    return joined


def paragraph_spans(
    source: str, start: int = 0, end: int | None = None, *, lines_are_paragraphs: bool = False
) -> list[tuple[int, int]]:
    """The paragraphs of ``source[start:end]`` as trimmed spans, in order, before short
    pieces are joined (see the module's rules)."""
    stop = len(source) if end is None else end
    region = trim_span(source, start, stop)
    if region is None:
        return []
    first, last = region
    if lines_are_paragraphs:
        raw: Iterator[tuple[int, int]] = _lines(source, first, last)
    elif BLANK_LINE.search(source, first, last) is None:
        raw = _split_at_line_ends(source, first, last)
    else:
        raw = _blank_line_paragraphs(source, first, last)
    return [span for span in (trim_span(source, a, b) for a, b in raw) if span is not None]


def paragraph_sections(
    source: str, *, title_end: int = 0, lines_are_paragraphs: bool = False, end: int | None = None
) -> list[Section]:
    """The paragraph sections ``¶1``, ``¶2``... of ``source`` (empty for blank text).

    :param title_end: where the document's title ends (0 when it has none): the title is
        a piece of its own, leads the first paragraph and is not part of its text.
    :param lines_are_paragraphs: every line is a paragraph (a .docx paragraph is a line).
    :param end: where to stop (the first heading, for a long unnumbered opening).
    """
    pieces = paragraph_spans(source, 0, title_end, lines_are_paragraphs=lines_are_paragraphs)
    pieces += paragraph_spans(source, title_end, end, lines_are_paragraphs=lines_are_paragraphs)
    piece_ends = dict(pieces)
    sections: list[Section] = []
    for index, (start, end) in enumerate(join_minor_pieces(source, pieces, is_minor=_minor), 1):
        title = ""
        text_start = start
        head_end = piece_ends[start]
        if head_end < end:
            head = source[start:head_end]
            if head_end <= title_end:
                text_start = head_end
            elif _minor(head) and _heads_paragraph(head):  # it waited for its paragraph
                title, text_start = " ".join(head.split()), head_end
        body = trim_span(source, text_start, end)
        text_start = body[0] if body is not None else end
        sections.append(
            Section(
                id=f"{PARAGRAPH_MARK}{index}",
                title=title,
                text=source[text_start:end],
                kind=SectionKind.PARAGRAPH,
                level=1,
                start=start,
                end=end,
                text_start=text_start,
                text_end=end,
            )
        )
    return sections


def paragraph_root(source: str, root: Section, *, lines_are_paragraphs: bool = False) -> Section:
    """``root`` (the root of a parse that found no sections) with the paragraphs of
    ``source`` as its sections; ``root`` itself when the text has none."""
    if root.children:
        return root
    children = paragraph_sections(
        source,
        title_end=root.text_start if root.title else 0,
        lines_are_paragraphs=lines_are_paragraphs,
    )
    if not children:
        return root
    first = children[0].start
    return root.model_copy(
        update={"children": children, "text": "", "text_start": first, "text_end": first}
    )


#: An opening before the first heading this long (characters), and at least this share
#: of the text, is the contract itself, not a preamble: a letter agreement whose only
#: heading is "Exhibit A" at its foot.
LONG_OPENING_CHARS = 1500
LONG_OPENING_SHARE = 0.5


def with_opening_paragraphs(
    source: str, root: Section, *, lines_are_paragraphs: bool = False
) -> Section | None:
    """``root`` with its long unnumbered opening cut into paragraph sections before its
    headed sections; None when the opening is short (a title, parties, recitals)."""
    if not root.children:
        return None
    first = root.children[0].start
    if first < LONG_OPENING_CHARS or first < LONG_OPENING_SHARE * len(source.rstrip()):
        return None
    children = paragraph_sections(
        source,
        title_end=root.text_start if root.title else 0,
        lines_are_paragraphs=lines_are_paragraphs,
        end=first,
    )
    if len(children) < 2:
        return None
    start = children[0].start
    return root.model_copy(
        update={
            "children": [*children, *root.children],
            "text": "",
            "text_start": start,
            "text_end": start,
        }
    )


def _minor(text: str) -> bool:
    """Whether a piece is not a clause of its own: short, without a letter (page and
    list numbers), or ending in a title line that heads the next paragraph."""
    if not any(ch.isalpha() for ch in text):
        return True
    if display_width("".join(ch for ch in text if ch.isalnum())) < FRAGMENT_WIDTH:
        return True
    if display_width(text) < SHORT_PARAGRAPH_WIDTH and not ends_sentence(text):
        return True
    return "\n" in text and _leads_paragraph(text[text.rfind("\n") + 1 :])


def _leads_paragraph(line: str) -> bool:
    """Whether a line belongs with the paragraph after it: its title, or a short label
    line ("甲方：北京某某有限公司", "Dated: 1 May 2024") that is no sentence."""
    if _heads_paragraph(line):
        return True
    text = line.strip()
    colon = min((i for i in (text.find(":"), text.find("：")) if i > 0), default=-1)
    return (
        0 < display_width(text[:colon]) <= LABEL_WIDTH
        and display_width(text) < SHORT_PARAGRAPH_WIDTH
        and not ends_sentence(text)
    )


def _heads_paragraph(line: str) -> bool:
    """Whether a short line before a paragraph is its title ("Formation", "保密"): a
    title line (:func:`~.headings.title_line`) whose first letter is a capital or a
    Chinese character, and that is no label ("Dated: 1 May"), no bracketed note
    ("[Signature page]") and no page number."""
    text = line.strip()
    letter = next((ch for ch in text if ch.isalpha()), "")
    return (
        "\n" not in text
        and title_line(text)
        and (letter.isupper() or (letter != "" and not letter.isascii()))
        and text[0] not in "[(（【"
        and not any(ch in _COLONS for ch in text)
    )


def _lines(source: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Each line of ``source[start:end]`` as a span, without its line break."""
    position = start
    while position <= end:
        newline = source.find("\n", position, end)
        if newline < 0:
            yield position, end
            return
        yield position, newline
        position = newline + 1


def _ends_paragraph(line: str) -> bool:
    """Whether a paragraph ends with this line: it is blank, ends a sentence or is short."""
    return (
        not line.strip()
        or ends_sentence(line, colon=True)
        or display_width(line) < SHORT_LINE_WIDTH
    )


def _split_at_line_ends(source: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """``[start, end)`` cut after every line that ends a paragraph; hard-wrapped lines
    stay with the lines after them."""
    piece_start = start
    for line_start, line_end in _lines(source, start, end):
        if _ends_paragraph(source[line_start:line_end]):
            yield piece_start, line_end
            piece_start = line_end + 1
    if piece_start < end:
        yield piece_start, end


def _blank_line_paragraphs(source: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Blocks between blank lines; a block with no hard-wrapped line is cut at its line
    breaks (one paragraph per line)."""
    cuts = [start, *(match.end() for match in BLANK_LINE.finditer(source, start, end))]
    for cut, next_cut in zip(cuts, [*cuts[1:], end], strict=True):
        block = trim_span(source, cut, next_cut)
        if block is None:
            continue
        lines = list(_lines(source, *block))
        if any(not _ends_paragraph(source[a:b]) for a, b in lines[:-1]):
            yield block
        else:
            yield from lines
