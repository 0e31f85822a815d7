"""One model for contracts and laws: a tree of sections with stable ids and
character offsets back into the source text."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class DocumentRole(StrEnum):
    """The generic role of a document in a review."""

    PRIMARY = "primary"
    REFERENCE = "reference"
    DISCLOSURE_LETTER = "disclosure_letter"
    BASELINE = "baseline"


class SectionKind(StrEnum):
    """What a section is, as far as the numbering tells."""

    DOCUMENT = "document"  # the root
    PART = "part"  # 编 / 分编 / Part
    CHAPTER = "chapter"  # 章 / Chapter
    SUBCHAPTER = "subchapter"  # 节 / Section (as a grouping of articles)
    ARTICLE = "article"  # 条 / Article
    CLAUSE = "clause"  # numbered contract clause: 1, 1.1, Clause 20.1
    HEADING = "heading"  # an un-numbered heading (Markdown heading, schedule title)
    PARAGRAPH = "paragraph"  # a paragraph of a text with no numbering or headings: ¶1, ¶2


class Sectioning(StrEnum):
    """How the parser cut a document into sections."""

    #: By its clause numbers and headings (or the document has no sections at all).
    HEADINGS = "headings"
    #: Paragraph by paragraph (``¶1``, ``¶2``...): the text has no numbering or headings.
    PARAGRAPHS = "paragraphs"


class DefinedTerm(BaseModel):
    """A term defined in the document ("Contract Price" means ...)."""

    model_config = ConfigDict(frozen=True)

    term: str
    definition: str
    section_id: str = Field(description="Id of the section holding the definition.")
    start: int = Field(ge=0, description="Offset of the definition in the source.")


class Section(BaseModel):
    """A node of the section tree.

    ``start``/``end`` span the whole section in the source, heading and children
    included; ``text`` is the section's own text (after its heading, before its first
    child), and ``source[text_start:text_end] == text``.
    """

    id: str = Field(description="The number as the document writes it, without a leading word.")
    title: str = ""
    text: str = ""
    kind: SectionKind = SectionKind.CLAUSE
    level: int = Field(default=0, ge=0, description="Depth in the tree; the root is 0.")
    number: tuple[int, ...] = Field(
        default=(),
        description="Numeric value of the id: (20, 1) for '20.1', (133, 1) for '第一百三十三条之一'.",
    )
    start: int = Field(default=0, ge=0)
    end: int = Field(default=0, ge=0)
    text_start: int = Field(default=0, ge=0)
    text_end: int = Field(default=0, ge=0)
    is_definitions: bool = False
    children: list[Section] = Field(default_factory=list)

    def walk(self) -> Iterator[Section]:
        """This section and all its descendants, depth first, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def find(self, section_id: str) -> Section | None:
        """The first section (depth first) whose id is ``section_id``."""
        return next((s for s in self.walk() if s.id == section_id), None)

    def full_text(self, source: str) -> str:
        """The section's text with its heading and children, as written in the source."""
        return source[self.start : self.end]


class Document(BaseModel):
    """A parsed document: metadata, the source text and the section tree."""

    name: str = Field(description="File name or caller-given name.")
    title: str = ""
    role: str = DocumentRole.PRIMARY.value
    language: str = Field(default="en", pattern=r"^(en|zh)$")
    format: str = Field(
        default="text", description="Parser that produced it: text, markdown, docx, pdf..."
    )
    source: str = Field(description="The full text the offsets point into.")
    root: Section
    sectioning: Sectioning = Field(
        default=Sectioning.HEADINGS,
        description="Whether the sections are the document's numbered clauses and headings "
        "or its paragraphs (a text with no numbering or headings).",
    )
    definitions: list[DefinedTerm] = Field(default_factory=list)
    tracked_changes: int = Field(
        default=0,
        ge=0,
        description="Paragraphs holding tracked changes, read with the changes accepted (.docx).",
    )

    def sections(self) -> Iterator[Section]:
        """All sections below the root, in document order."""
        for child in self.root.children:
            yield from child.walk()

    def find(self, section_id: str) -> Section | None:
        """The first section with this id, or None."""
        return self.root.find(section_id)

    def section_text(self, section_id: str) -> str | None:
        """The full text (heading, own text, children) of a section, or None."""
        section = self.find(section_id)
        return None if section is None else section.full_text(self.source)
