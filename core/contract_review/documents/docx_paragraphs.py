"""The text of a .docx body as Word shows it with every tracked change accepted, and
where each character of it lives in the XML.

One reader for both directions: the parser builds a document's source text from it, and
the Word redline writer (:mod:`contract_review.reports.word_redline`) finds the runs a
suggested change touches through the same offsets, so the two always agree.

* Paragraphs and table rows are lines, in body order (a row's cells joined by `` | ``).
* Inserted text (``w:ins``, ``w:moveTo``) counts; deleted text (``w:del``,
  ``w:moveFrom``) does not; a paragraph whose mark is deleted runs on into the next.
* Text in hyperlinks, smart tags, content controls and simple fields counts; field
  instructions do not. ``w:tab`` is a tab, ``w:br``/``w:cr`` a line break inside the line.
* A numbered paragraph's line starts with the number Word displays
  (:class:`~contract_review.documents.docx_numbering.DocxNumbering`) and a space; the
  number is not in any run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "W_NS",
    "DocxLine",
    "TextPiece",
    "qn",
    "read_lines",
]

#: The WordprocessingML main namespace.
W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

#: Cell separator of a table row's line.
CELL_SEPARATOR = " | "

#: Wrappers whose runs are not part of the current text.
_REMOVED = frozenset({"del", "moveFrom"})
#: Elements whose content is never text (properties, field instructions, drawings).
_NO_TEXT = frozenset(
    {"pPr", "rPr", "instrText", "delInstrText", "drawing", "pict", "object", "footnoteReference"}
)


def qn(tag: str) -> str:
    """``w:t`` → ``{namespace}t``."""
    prefix, _, local = tag.partition(":")
    if prefix != "w":
        raise ValueError(f"only w: names are used here, not {tag!r}")
    return f"{{{W_NS}}}{local}"


def _local(element: Any) -> str:
    tag = element.tag
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


@dataclass(frozen=True)
class TextPiece:
    """One text-bearing element of a run (``w:t``, ``w:tab``, ``w:br``...) and where its
    text starts in the source."""

    node: Any
    run: Any
    start: int
    text: str

    @property
    def end(self) -> int:
        return self.start + len(self.text)


@dataclass
class DocxLine:
    """One line of the source: a paragraph (with the paragraphs whose deleted marks run
    on into it) or a table row."""

    start: int
    text: str
    #: The paragraph elements of the line, in order (a row: every cell's paragraphs).
    paragraphs: list[Any] = field(default_factory=list)
    pieces: list[TextPiece] = field(default_factory=list)
    #: The paragraph's style name (its first paragraph's), '' when none.
    style: str = ""
    label: str = ""
    in_table: bool = False
    #: Whether the line holds tracked insertions or deletions.
    tracked: bool = False

    @property
    def end(self) -> int:
        return self.start + len(self.text)


#: Gives the label Word displays before a paragraph element ('' when none).
LabelFunction = Callable[[Any], str]


def _runs(element: Any) -> Iterator[tuple[Any, bool]]:
    """The runs under ``element`` in document order, with whether a tracked change
    wraps them; runs of removed text are skipped."""
    for child in element.iterchildren():
        name = _local(child)
        if name in _REMOVED:
            yield None, True  # removed text: it only marks the line as tracked
        elif name == "r":
            yield child, False
        elif name in _NO_TEXT:
            continue
        elif name in {"ins", "moveTo"}:
            yield from ((run, True) for run, _ in _runs(child))
        else:  # hyperlink, smartTag, sdt, sdtContent, fldSimple, customXml...
            yield from _runs(child)


def _run_pieces(run: Any) -> Iterator[tuple[Any, str]]:
    for child in run.iterchildren():
        name = _local(child)
        if name == "t":
            yield child, (child.text or "").replace("\r", "\n")  # one for one: offsets hold
        elif name == "tab":
            yield child, "\t"
        elif name in {"br", "cr"}:
            yield child, "\n"
        elif name == "noBreakHyphen":
            yield child, "-"


def _paragraph_mark_deleted(paragraph: Any) -> bool:
    mark = paragraph.find(f"{qn('w:pPr')}/{qn('w:rPr')}")
    return mark is not None and (
        mark.find(qn("w:del")) is not None or mark.find(qn("w:moveFrom")) is not None
    )


def _style(paragraph: Any) -> str:
    style = paragraph.find(f"{qn('w:pPr')}/{qn('w:pStyle')}")
    return style.get(qn("w:val"), "") if style is not None else ""


def _read_paragraph(paragraph: Any, line: DocxLine, offset: int) -> int:
    """Append ``paragraph``'s text and pieces to ``line`` from ``offset``; the new offset."""
    for run, tracked in _runs(paragraph):
        line.tracked = line.tracked or tracked
        if run is None:
            continue
        for node, text in _run_pieces(run):
            if text:
                line.pieces.append(TextPiece(node=node, run=run, start=offset, text=text))
                offset += len(text)
    return offset


def read_lines(body: Any, *, label: LabelFunction | None = None) -> list[DocxLine]:
    """The lines of a document body (``document.element.body``), their offsets counted
    in the source that joins them with ``\\n``."""
    lines: list[DocxLine] = []
    offset = 0
    pending: DocxLine | None = None  # a paragraph whose mark is deleted, running on
    for element in body.iterchildren():
        name = _local(element)
        if name == "p":
            if pending is None:
                number = label(element) if label is not None else ""
                line = DocxLine(start=offset, text="", style=_style(element), label=number)
                end = _read_paragraph(element, line, offset + len(_prefix(number)))
            else:
                if label is not None:
                    label(element)  # keep the numbering counters in step
                line = pending
                end = _read_paragraph(element, line, line.start + len(line.text))
            line.paragraphs.append(element)
            line.text = _prefix(line.label) + "".join(piece.text for piece in line.pieces)
            if _paragraph_mark_deleted(element):
                line.tracked = True
                pending = line
                continue
            pending = None
            lines.append(line)
            offset = end + 1
        elif name == "tbl":
            if pending is not None:
                lines.append(pending)
                offset = pending.end + 1
                pending = None
            for row in _rows(element):
                line = _read_row(row, offset, label)
                lines.append(line)
                offset = line.end + 1
    if pending is not None:
        lines.append(pending)
    return lines


def _prefix(label: str) -> str:
    return f"{label} " if label else ""


def _rows(table: Any) -> Iterator[Any]:
    for child in table.iterchildren():
        name = _local(child)
        if name == "tr":
            yield child
        elif name in {"sdt", "customXml"}:
            content = child.find(qn("w:sdtContent"))
            yield from _rows(content if content is not None else child)


def _cells(row: Any) -> Iterator[Any]:
    for child in row.iterchildren():
        name = _local(child)
        if name == "tc":
            yield child
        elif name in {"sdt", "customXml"}:
            content = child.find(qn("w:sdtContent"))
            yield from _cells(content if content is not None else child)


def _read_row(row: Any, offset: int, label: LabelFunction | None) -> DocxLine:
    """A table row as one line: each cell's paragraphs joined by a space, cells by
    :data:`CELL_SEPARATOR` (a nested table's rows read as more of its cell)."""
    line = DocxLine(start=offset, text="", in_table=True)
    parts: list[str] = []
    position = offset
    for index, cell in enumerate(_cells(row)):
        if index:
            position += len(CELL_SEPARATOR)
        cell_texts: list[str] = []
        for paragraph in cell.iter(qn("w:p")):
            if cell_texts:
                position += 1  # the space between a cell's paragraphs
            prefix = _prefix(label(paragraph) if label is not None else "")
            before = len(line.pieces)
            end = _read_paragraph(paragraph, line, position + len(prefix))
            text = prefix + "".join(p.text for p in line.pieces[before:])
            cell_texts.append(text)
            line.paragraphs.append(paragraph)
            position = end
        parts.append(" ".join(cell_texts))
    line.text = CELL_SEPARATOR.join(parts)
    return line
