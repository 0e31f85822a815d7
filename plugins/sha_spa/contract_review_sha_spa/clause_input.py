"""The input the SPA/SHA extraction skills share: a clause given as text or found in
the document under review."""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from contract_review.documents.model import Document
from contract_review.skills.generic.clause_lookup import clause_text, find_clause

# A sentence ends at 。；;！？!? or a full stop followed by white space ("14.2" goes on).
_SENTENCE_END = re.compile(r"(?<=[。；;！？!?])|(?<=\.)(?=\s)|\n")


class ClauseInput(BaseModel):
    """A clause to analyse: ``clause_text`` when given, else the clause ``clause_id``
    (or ``keywords``) points to in ``document_structure``."""

    clause_id: str = Field(description="Clause number or checklist id, e.g. '3' or '7.2'.")
    clause_text: str = Field(
        default="",
        description="The clause text. When empty, the clause is looked up in the document.",
    )
    keywords: list[str] = Field(
        default_factory=list, description="Words that find the clause when its number does not."
    )
    document_structure: Document | None = Field(
        default=None, description="The agreement under review (filled in by the engine)."
    )


def resolve_clause_text(data: ClauseInput) -> str:
    """The text to analyse: ``clause_text``, or the clause body (without its heading)
    found in the document; "" when there is neither."""
    if data.clause_text.strip():
        return data.clause_text.strip()
    document = data.document_structure
    if document is None:
        return ""
    section = find_clause(document, data.clause_id, data.keywords)
    if section is None:
        return ""
    located = clause_text(document, section)
    return located.text[located.body_start :].strip()


def sentences(text: str) -> list[str]:
    """The sentences (and semicolon-separated parts and lines) of ``text``."""
    return [part.strip() for part in _SENTENCE_END.split(text) if part and part.strip()]
