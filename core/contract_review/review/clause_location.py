"""Where a checklist item sits in the documents under review.

The review engine asks the plugins (hook ``locate_clauses``) where each checklist item
is; a domain answers with :class:`ClauseLocation` objects — a span of one document's
source, named as the document numbers it. When no plugin answers, core looks the item
up by number and keywords in the primary document
(:func:`contract_review.documents.locate.locate_checklist_item`).

A location is an offset span, not only a section id, so a domain can point at a
paragraph of a document the parser could not split into numbered sections.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..documents.model import Document, Section
from ..text.clause_text import clause_text

__all__ = ["ClauseLocation"]


class ClauseLocation(BaseModel):
    """One passage of one document that holds (part of) a checklist item."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    document: str = Field(min_length=1, description="The document's name.")
    role: str = Field(min_length=1, description="The document's role ('primary', 'pc', ...).")
    clause_id: str = Field(
        min_length=1,
        description="The passage as the document numbers it ('20.1', '第四条'); for an "
        "unnumbered paragraph a label such as '¶12'.",
    )
    start: int = Field(ge=0, description="Offset of the passage in the document's source.")
    end: int = Field(ge=0, description="End offset (exclusive) in the document's source.")
    score: float | None = Field(
        default=None, description="How sure the locator is (its own scale); None when by number."
    )
    reason: str = Field(default="", description="How it was found, for the report.")

    @model_validator(mode="after")
    def _ordered(self) -> ClauseLocation:
        if self.end < self.start:
            raise ValueError(
                f"location {self.clause_id!r} in {self.document!r}: end offset {self.end} is "
                f"before start offset {self.start}"
            )
        return self

    @classmethod
    def of_section(
        cls, document: Document, section: Section, *, score: float | None = None, reason: str = ""
    ) -> ClauseLocation:
        """The location of ``section`` (heading, text and sub-clauses) in ``document``."""
        located = clause_text(document, section)
        return cls(
            document=document.name,
            role=document.role,
            clause_id=section.id,
            start=located.offset,
            end=located.offset + len(located.text),
            score=score,
            reason=reason,
        )

    def text(self, document: Document) -> str:
        """The located passage, quoted from ``document.source``."""
        return document.source[self.start : self.end]
