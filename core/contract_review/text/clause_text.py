"""The text of a clause: its heading, own text and children as the document writes them."""

from __future__ import annotations

import attrs

from ..documents.model import Document, Section

__all__ = ["ClauseText", "clause_text"]


@attrs.frozen
class ClauseText:
    """A clause's text and where it sits in the document source.

    ``text`` is the heading, own text and children as written; ``offset`` is where
    ``text`` starts in ``document.source``; ``body_start`` is where the text after the
    heading starts, relative to ``text``.
    """

    text: str
    offset: int
    body_start: int

    @property
    def body(self) -> str:
        """The text after the heading (the own text and the children), stripped."""
        return self.text[self.body_start :].strip()


def clause_text(document: Document, section: Section) -> ClauseText:
    """The full text of ``section`` (heading, own text, children).

    Taken from the source by offsets; a hand-built section without offsets gets its
    title, text and children's texts joined instead.
    """
    if section.end > section.start and section.end <= len(document.source):
        body_start = min(max(section.text_start - section.start, 0), section.end - section.start)
        return ClauseText(
            text=document.source[section.start : section.end],
            offset=section.start,
            body_start=body_start,
        )
    heading = " ".join(part for part in (section.id, section.title) if part)
    body = _joined_text(section, include_heading=False)
    if heading and body:
        return ClauseText(text=f"{heading}\n{body}", offset=0, body_start=len(heading) + 1)
    return ClauseText(text=heading or body, offset=0, body_start=0 if body else len(heading))


def _joined_text(section: Section, *, include_heading: bool) -> str:
    parts: list[str] = []
    if include_heading:
        heading = " ".join(part for part in (section.id, section.title) if part)
        if heading:
            parts.append(heading)
    if section.text:
        parts.append(section.text)
    parts.extend(_joined_text(child, include_heading=True) for child in section.children)
    return "\n".join(part for part in parts if part)
