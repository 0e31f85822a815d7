"""Finding the clause a generic skill works on, its text, and its place in the tree."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ...documents.locate import locate_clause
from ...documents.model import Document, Section, SectionKind


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


@attrs.frozen
class TreePosition:
    """A section's parent (None at the top level) and its previous and next siblings."""

    parent: Section | None
    previous: Section | None
    next: Section | None


def find_clause(document: Document, clause_id: str, keywords: Sequence[str] = ()) -> Section | None:
    """The section ``clause_id`` (or, failing that, ``keywords``) points to, or None."""
    return locate_clause(document, clause_id, keywords=tuple(k for k in keywords if k.strip()))


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


def tree_position(document: Document, section: Section) -> TreePosition:
    """Where ``section`` sits: its parent and its neighbouring siblings."""
    parent = _parent_of(document.root, section)
    if parent is None:
        return TreePosition(parent=None, previous=None, next=None)
    siblings = parent.children
    index = next(i for i, child in enumerate(siblings) if child is section)
    return TreePosition(
        parent=None if parent is document.root or parent.kind is SectionKind.DOCUMENT else parent,
        previous=siblings[index - 1] if index > 0 else None,
        next=siblings[index + 1] if index + 1 < len(siblings) else None,
    )


def _parent_of(node: Section, target: Section) -> Section | None:
    for child in node.children:
        if child is target:
            return node
        found = _parent_of(child, target)
        if found is not None:
            return found
    return None
