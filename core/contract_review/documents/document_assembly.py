"""The last step every parser shares: paragraph sections for a text with no clause
structure, language, definitions and the Document itself."""

from __future__ import annotations

from .definitions import mark_definitions_sections
from .language import detect_language
from .model import Document, Section, Sectioning
from .paragraph_sections import paragraph_root, with_opening_paragraphs
from .parser_types import ParseOptions

__all__ = ["assemble_document", "resolve_language"]


def resolve_language(source: str, options: ParseOptions) -> str:
    """The language asked for (options first, then the domain's parser settings), or the
    detected one when both say ``'auto'``."""
    for wanted in (options.language, options.settings.language):
        if wanted in ("en", "zh"):
            return wanted
    return detect_language(source)


def assemble_document(
    source: str, root: Section, *, options: ParseOptions, format: str
) -> Document:
    """Cut a text the parser found no section in into paragraph sections (``¶1``...,
    see :mod:`.paragraph_sections`; a .docx paragraph is one line), mark definitions
    sections, collect defined terms and wrap everything in a Document."""
    sectioning = Sectioning.HEADINGS
    lines = format == "docx"
    if not root.children:
        root = paragraph_root(source, root, lines_are_paragraphs=lines)
        if root.children:
            sectioning = Sectioning.PARAGRAPHS
    elif (opened := with_opening_paragraphs(source, root, lines_are_paragraphs=lines)) is not None:
        root = opened  # headed sections stay: the document is still read by its headings
    definitions = mark_definitions_sections(root, extra_titles=options.settings.definitions_titles)
    return Document(
        name=options.name,
        title=root.title,
        role=options.role,
        language=resolve_language(source, options),
        format=format,
        source=source,
        root=root,
        sectioning=sectioning,
        definitions=definitions,
    )
