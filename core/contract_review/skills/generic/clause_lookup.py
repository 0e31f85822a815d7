"""Finding the clause a generic skill works on and its place in the tree (its text:
:mod:`contract_review.text.clause_text`)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ...documents.locate import locate_clause
from ...documents.model import Document, Section, SectionKind


@attrs.frozen
class TreePosition:
    """A section's parent (None at the top level) and its previous and next siblings."""

    parent: Section | None
    previous: Section | None
    next: Section | None


def find_clause(document: Document, clause_id: str, keywords: Sequence[str] = ()) -> Section | None:
    """The section ``clause_id`` (or, failing that, ``keywords``) points to, or None."""
    return locate_clause(document, clause_id, keywords=tuple(k for k in keywords if k.strip()))


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
