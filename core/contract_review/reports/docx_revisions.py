"""Tracked changes in a .docx body: a replacement of a span of the source text (the text
:func:`~contract_review.documents.docx_paragraphs.read_lines` reads) written as Word
revisions, ``w:del`` around the runs removed and ``w:ins`` around the new runs, with
author and date, so that accepting every change gives the new text and rejecting every
change gives the old one.

* A run is split where a change starts or ends inside it; the parts keep its formatting.
* A deleted line break between paragraphs is a deleted paragraph mark; a line break in
  new text splits the paragraph, the mark of the first part marked as inserted (the new
  paragraphs are not numbered).
* Characters of the source that are in no run (the number Word displays before a
  numbered paragraph, a table row's cell separators) are left as they are.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import datetime
from typing import Any

from ..documents.docx_paragraphs import DocxLine, TextPiece, qn

__all__ = ["Revisions"]

_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def _element(tag: str, **attributes: str) -> Any:
    from docx.oxml import OxmlElement

    return OxmlElement(tag, attrs={qn(f"w:{k}"): v for k, v in attributes.items()})


class Revisions:
    """Writes tracked changes into a body whose lines ``read`` gives afresh each time
    (a change moves the runs after it, so each one reads the body again)."""

    def __init__(self, read: Callable[[], list[DocxLine]], *, author: str, date: datetime) -> None:
        self._read = read
        self._author = author
        self._date = date.strftime("%Y-%m-%dT%H:%M:%SZ")
        self._next_id = 9000  # revision ids: any unique integers; clear of comment ids

    def replace(self, start: int, end: int, new: str) -> None:
        """Replace the source's ``[start, end)`` with ``new``, as tracked changes."""
        self._split_at(end)
        if start < end:
            self._split_at(start)
        lines = self._read()
        anchor = self._anchor(lines, end)
        if start < end:
            self._delete(lines, start, end)
        if new:
            self._insert(anchor, new)

    def _attributes(self) -> dict[str, str]:
        self._next_id += 1
        return {"id": str(self._next_id), "author": self._author, "date": self._date}

    # -- splitting runs -------------------------------------------------------------------

    def _split_at(self, offset: int) -> None:
        """Make ``offset`` fall between two runs."""
        for line in self._read():
            if not line.start <= offset <= line.end:
                continue
            for index, piece in enumerate(line.pieces):
                if piece.start < offset < piece.end:
                    _split_run(piece, offset - piece.start)
                    return
                if piece.end == offset and index + 1 < len(line.pieces):
                    following = line.pieces[index + 1]
                    if following.run is piece.run:
                        _split_run(following, 0)
                        return
            return

    # -- deleting -------------------------------------------------------------------------

    def _delete(self, lines: list[DocxLine], start: int, end: int) -> None:
        for line in lines:
            if line.end < start or line.start >= end:
                continue
            runs: list[Any] = []
            for piece in line.pieces:
                if start <= piece.start and piece.end <= end and piece.run not in runs:
                    runs.append(piece.run)
            for run in runs:
                self._delete_run(run)
            if start <= line.end < end and not line.in_table and line.paragraphs:
                _mark(line.paragraphs[-1], _element("w:del", **self._attributes()))

    def _delete_run(self, run: Any) -> None:
        parent = run.getparent()
        if parent is not None and parent.tag == qn("w:del"):
            return
        wrapper = _element("w:del", **self._attributes())
        run.addprevious(wrapper)
        wrapper.append(run)
        for text in run.findall(qn("w:t")):
            text.tag = qn("w:delText")
        for instruction in run.findall(qn("w:instrText")):
            instruction.tag = qn("w:delInstrText")

    # -- inserting ------------------------------------------------------------------------

    def _anchor(self, lines: list[DocxLine], offset: int) -> tuple[Any, Any | None]:
        """Where text inserted at ``offset`` goes: (paragraph, the run it follows or None
        for the start of the paragraph)."""
        line = next((ln for ln in lines if ln.start <= offset <= ln.end), None)
        if line is None:
            line = lines[-1]
        before = [piece for piece in line.pieces if piece.end <= offset]
        if before:
            run = before[-1].run
            return _paragraph_of(run), run
        after = [piece for piece in line.pieces if piece.start >= offset]
        if after:
            return _paragraph_of(after[0].run), None
        return line.paragraphs[0], None

    def _insert(self, anchor: tuple[Any, Any | None], new: str) -> None:
        paragraph, run = anchor
        model = run if run is not None else _first_run(paragraph)
        segments = new.split("\n")
        insertion = self._inserted_run(segments[0], model)
        _place(paragraph, run, insertion)
        if len(segments) == 1:
            return
        # the rest of the paragraph after the insertion moves to a new paragraph
        tail = _split_paragraph(paragraph, insertion)
        _mark(paragraph, _element("w:ins", **self._attributes()))
        previous = paragraph
        for segment in segments[1:-1]:
            middle = _empty_like(paragraph)
            middle.append(self._inserted_run(segment, model))
            _mark(middle, _element("w:ins", **self._attributes()))
            previous.addnext(middle)
            previous = middle
        _place(tail, None, self._inserted_run(segments[-1], model))

    def _inserted_run(self, text: str, model: Any | None) -> Any:
        wrapper = _element("w:ins", **self._attributes())
        run = _element("w:r")
        if model is not None:
            properties = model.find(qn("w:rPr"))
            if properties is not None:
                run.append(copy.deepcopy(properties))
        t = _element("w:t")
        t.text = text
        t.set(_XML_SPACE, "preserve")
        run.append(t)
        wrapper.append(run)
        return wrapper


def _split_run(piece: TextPiece, at: int) -> None:
    """Split ``piece.run`` so that a new run starts at character ``at`` of the piece: the
    piece's later text and every later child move to a copy of the run after it."""
    run = piece.run
    twin = _element("w:r")
    properties = run.find(qn("w:rPr"))
    if properties is not None:
        twin.append(copy.deepcopy(properties))
    children = [child for child in run if child.tag != qn("w:rPr")]
    index = children.index(piece.node)
    moving = children[index + 1 :] if at else children[index:]
    if at:
        tail = _element("w:t")
        tail.text = piece.text[at:]
        tail.set(_XML_SPACE, "preserve")
        piece.node.text = piece.text[:at]
        piece.node.set(_XML_SPACE, "preserve")
        twin.append(tail)
    for child in moving:
        twin.append(child)
    run.addnext(twin)


def _paragraph_of(run: Any) -> Any:
    element = run
    while element is not None and element.tag != qn("w:p"):
        element = element.getparent()
    return element


def _top(paragraph: Any, element: Any) -> Any:
    """``element``'s ancestor (or itself) that is a child of ``paragraph``."""
    while element.getparent() is not paragraph:
        element = element.getparent()
    return element


def _first_run(paragraph: Any) -> Any | None:
    return next(paragraph.iter(qn("w:r")), None)


def _place(paragraph: Any, after_run: Any | None, element: Any) -> None:
    """Put ``element`` after ``after_run`` (after its deletion wrapper when it has one),
    or at the start of ``paragraph``'s content."""
    if after_run is not None:
        parent = after_run.getparent()
        target = parent if parent is not None and parent.tag == qn("w:del") else after_run
        target.addnext(element)
        return
    properties = paragraph.find(qn("w:pPr"))
    if properties is not None:
        properties.addnext(element)
    else:
        paragraph.insert(0, element)


def _empty_like(paragraph: Any) -> Any:
    """A new paragraph with ``paragraph``'s properties, unnumbered, its mark unmarked."""
    new = _element("w:p")
    properties = paragraph.find(qn("w:pPr"))
    properties = copy.deepcopy(properties) if properties is not None else _element("w:pPr")
    mark = properties.find(qn("w:rPr"))
    if mark is not None:
        for change in [*mark.findall(qn("w:ins")), *mark.findall(qn("w:del"))]:
            mark.remove(change)
    numbering = properties.find(qn("w:numPr"))
    if numbering is not None:
        properties.remove(numbering)
    off = _element("w:numPr")
    off.append(_element("w:ilvl", val="0"))
    off.append(_element("w:numId", val="0"))
    style = properties.find(qn("w:pStyle"))
    (style.addnext if style is not None else lambda e: properties.insert(0, e))(off)
    new.append(properties)
    return new


def _split_paragraph(paragraph: Any, after: Any) -> Any:
    """Move everything after ``after`` (a child of ``paragraph`` or inside one) into a
    new paragraph placed after ``paragraph``; the new paragraph."""
    tail = _empty_like(paragraph)
    top = _top(paragraph, after)
    for sibling in list(top.itersiblings()):
        tail.append(sibling)
    # the paragraph's own mark now ends the tail: a change to it moves with it
    mark = paragraph.find(f"{qn('w:pPr')}/{qn('w:rPr')}")
    if mark is not None:
        for change in [*mark.findall(qn("w:ins")), *mark.findall(qn("w:del"))]:
            _mark(tail, change)
    paragraph.addnext(tail)
    return tail


def _mark(paragraph: Any, change: Any) -> None:
    """Mark ``paragraph``'s paragraph mark as inserted or deleted (``change``)."""
    properties = paragraph.find(qn("w:pPr"))
    if properties is None:
        properties = _element("w:pPr")
        paragraph.insert(0, properties)
    mark = properties.find(qn("w:rPr"))
    if mark is None:
        mark = _element("w:rPr")
        # w:rPr comes after the other paragraph properties but before sectPr/pPrChange
        later = properties.find(qn("w:sectPr"))
        later = later if later is not None else properties.find(qn("w:pPrChange"))
        (later.addprevious if later is not None else properties.append)(mark)
    if mark.find(change.tag) is None:
        mark.insert(0, change)
