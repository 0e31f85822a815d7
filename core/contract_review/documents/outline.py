"""Showing a parsed document: the JSON shape of ``parse --json`` and a rich outline tree."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from rich.tree import Tree

from .model import Document, Section

__all__ = ["outline_label", "outline_tree", "section_to_json"]


def section_to_json(section: Section) -> dict[str, Any]:
    """``section`` and its descendants as JSON-ready dicts with exactly the keys
    ``id``, ``title``, ``text``, ``start``, ``end`` and ``children``."""
    return {
        "id": section.id,
        "title": section.title,
        "text": section.text,
        "start": section.start,
        "end": section.end,
        "children": [section_to_json(child) for child in section.children],
    }


def outline_label(section: Section, *, preview_chars: int = 60) -> str:
    """``id  title — first chars of text…`` (parts left out when empty)."""
    title = "" if section.title == section.id else section.title  # un-numbered headings
    head = "  ".join(part for part in (section.id, title) if part)
    preview = " ".join(section.text.split())
    if preview_chars > 0 and preview:
        if len(preview) > preview_chars:
            preview = preview[:preview_chars].rstrip() + "…"
        return f"{head} — {preview}" if head else preview
    return head


def outline_tree(document: Document, *, preview_chars: int = 60) -> Tree:
    """A :class:`rich.tree.Tree` of the document's sections (labels as
    :func:`outline_label`); the root shows the title, or the name when untitled."""
    tree = Tree(Text(document.title or document.name, style="bold"))

    def add(parent: Tree, section: Section) -> None:
        branch = parent.add(Text(outline_label(section, preview_chars=preview_chars)))
        for child in section.children:
            add(branch, child)

    for child in document.root.children:
        add(tree, child)
    return tree
