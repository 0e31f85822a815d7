"""``get_clause_context``: a clause's text, its place in the document, and what to read
with it (definitions, exceptions, references, neighbours; see :mod:`.clause_evidence`)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from ...text.clause_text import clause_text
from .clause_evidence import ClauseContextEntry, clause_evidence
from .clause_input import ClauseInput
from .clause_lookup import tree_position


class ClauseContextInput(ClauseInput):
    """Input of ``get_clause_context``."""

    max_chars: int = Field(
        default=6000,
        ge=200,
        le=200_000,
        description="Longest clause text returned; longer text is cut and 'truncated' set.",
    )
    include_neighbors: bool = Field(default=True, description="Add the clauses before and after.")
    include_definitions: bool = Field(
        default=True, description="Add the definitions of the defined terms the clause uses."
    )
    include_exceptions: bool = Field(
        default=True,
        description="Add the clause's exception sentences (但…除外, except, provided that, "
        "notwithstanding, subject to).",
    )
    include_references: bool = Field(
        default=True, description="Add the clauses it cites (Clause 4.1, 第五条 …)."
    )
    max_length: int = Field(
        default=4000,
        ge=0,
        le=200_000,
        description="Most characters of context besides the clause; the least important "
        "(neighbours, then references) is dropped first.",
    )


class ClauseContextOutput(BaseModel):
    """Output of ``get_clause_context``; ``found=False`` when the clause is not there."""

    clause_id: str
    found: bool
    section_id: str | None = None
    title: str = ""
    text: str = Field(default="", description="Heading, own text and sub-clauses.")
    truncated: bool = False
    start: int | None = Field(default=None, description="Offset of the clause in the source.")
    end: int | None = None
    parent_id: str | None = None
    children_ids: list[str] = Field(default_factory=list)
    previous_id: str | None = None
    next_id: str | None = None
    document_name: str = ""
    context: list[ClauseContextEntry] = Field(
        default_factory=list,
        description="What to read with the clause, each with its role: definition, "
        "exception, reference or neighbor.",
    )
    context_dropped: int = Field(default=0, description="Context entries max_length left out.")


def get_clause_context(data: ClauseContextInput) -> ClauseContextOutput:
    """Find the clause and return its text, parent, children and neighbouring siblings."""
    document = data.document_structure
    section = data.find_section()
    if section is None:
        return ClauseContextOutput(
            clause_id=data.clause_id, found=False, document_name=document.name
        )
    located = clause_text(document, section)
    position = tree_position(document, section)
    text = located.text
    context, dropped = clause_evidence(
        document,
        section,
        neighbors=data.include_neighbors,
        definitions=data.include_definitions,
        exceptions=data.include_exceptions,
        references=data.include_references,
        max_length=data.max_length,
    )
    truncated = len(text) > data.max_chars
    return ClauseContextOutput(
        clause_id=data.clause_id,
        found=True,
        section_id=section.id,
        title=section.title,
        text=text[: data.max_chars] if truncated else text,
        truncated=truncated,
        start=located.offset,
        end=located.offset + len(located.text),
        parent_id=position.parent.id if position.parent else None,
        children_ids=[child.id for child in section.children],
        previous_id=position.previous.id if position.previous else None,
        next_id=position.next.id if position.next else None,
        document_name=document.name,
        context=context,
        context_dropped=dropped,
    )
