"""The input fields every clause-reading skill shares, and how they find the clause.

Subclass :class:`ClauseInput` for a skill that reads a clause of the document under
review, or :class:`ClauseTextInput` for one that analyses a clause's text, given
directly or looked up in the document. The engine fills ``document_structure``; an
LLM sees only the other fields (it is stripped from the tool definition).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ...documents.model import Document, Section
from ...text.clause_text import clause_text
from .clause_lookup import find_clause

_CLAUSE_ID_HELP = (
    "The clause number as the checklist or document writes it, e.g. '4.1', "
    "'Sub-Clause 20.1', '第十四条'."
)
_KEYWORDS_HELP = "Words that find the clause when its number is not in the document."
_DOCUMENT_HELP = "The parsed document under review (filled by the engine)."


class ClauseInput(BaseModel):
    """Base of the inputs of skills that read one clause of the document under review."""

    clause_id: str = Field(min_length=1, description=_CLAUSE_ID_HELP)
    keywords: list[str] = Field(default_factory=list, description=_KEYWORDS_HELP)
    document_structure: Document = Field(
        description=_DOCUMENT_HELP, json_schema_extra={"internal": True}
    )

    def find_section(self) -> Section | None:
        """The section ``clause_id`` (or, failing that, ``keywords``) points to, or None."""
        return find_clause(self.document_structure, self.clause_id, self.keywords)


class ClauseTextInput(BaseModel):
    """Base of the inputs of skills that analyse a clause's text: ``clause_text`` when
    given, else the clause ``clause_id`` (or ``keywords``) points to in the document."""

    clause_id: str = Field(description=_CLAUSE_ID_HELP)
    clause_text: str = Field(
        default="",
        description="The clause text. When empty, the clause is looked up in the document.",
    )
    keywords: list[str] = Field(default_factory=list, description=_KEYWORDS_HELP)
    document_structure: Document | None = Field(
        default=None, description=_DOCUMENT_HELP, json_schema_extra={"internal": True}
    )

    def resolve_text(self) -> str:
        """``clause_text``, or the body (text after the heading) of the clause found in
        the document; "" when there is neither."""
        if self.clause_text.strip():
            return self.clause_text.strip()
        document = self.document_structure
        if document is None:
            return ""
        section = find_clause(document, self.clause_id, self.keywords)
        if section is None:
            return ""
        return clause_text(document, section).body
