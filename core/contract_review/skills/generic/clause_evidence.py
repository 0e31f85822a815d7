"""The provision-context idea of the law library, for a contract clause: what a lawyer
reads with the clause — the definitions of the terms it uses, its exception sentences,
the clauses it cites and its neighbouring clauses — as role-tagged entries within a
length budget.

Roles and precedence follow GetProvisionContext: a section related in several ways is
listed once, with the most specific role (definition > exception > reference >
neighbor). Entries are admitted most important first — the clause's own exception
sentences, definitions, references, neighbours — and one that does not fit
``max_length`` is dropped.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from ...documents.model import Document, Section
from ...laws.provision_relations import find_exceptions
from ...text.clause_text import clause_text
from ...text.sentences import sentences
from .clause_lookup import tree_position
from .cross_references import find_references
from .definition_lookup import terms_used_in

__all__ = ["ClauseContextEntry", "ClauseRole", "clause_evidence"]

ClauseRole = Literal["definition", "exception", "reference", "neighbor"]

#: English exception and carve-out wording: "except", "provided that", "notwithstanding",
#: "subject to", "unless", "other than".
_EN_EXCEPTION = re.compile(
    r"\b(?:except(?:\s+(?:as|that|for|where|to the extent))?|provided\s*(?:,\s*)?(?:however|that)"
    r"|notwithstanding|subject\s+to|unless|other\s+than)\b",
    re.IGNORECASE,
)


class ClauseContextEntry(BaseModel):
    """A piece of context for the clause."""

    section_id: str = Field(
        description="The section it comes from (the clause itself for its own exception sentences)."
    )
    title: str = ""
    role: ClauseRole
    text: str


def _exception_sentences(text: str) -> list[str]:
    found = [match.sentence.text for match in find_exceptions(text)]
    if _EN_EXCEPTION.search(text):
        found.extend(
            sentence
            for sentence in sentences(text, semicolons=True, line_breaks=True)
            if _EN_EXCEPTION.search(sentence)
        )
    return found


def _section_text(document: Document, section: Section, limit: int) -> str:
    text = clause_text(document, section).text.strip()
    return text if len(text) <= limit else text[: max(limit - 1, 0)].rstrip() + "…"


def clause_evidence(
    document: Document,
    section: Section,
    *,
    neighbors: bool = True,
    definitions: bool = True,
    exceptions: bool = True,
    references: bool = True,
    max_length: int = 4000,
) -> tuple[list[ClauseContextEntry], int]:
    """The context entries of ``section`` and how many were dropped for ``max_length``."""
    located = clause_text(document, section)
    body = located.text[located.body_start :]
    candidates: list[ClauseContextEntry] = []
    taken: set[str] = {section.id}
    if exceptions:
        candidates.extend(
            ClauseContextEntry(section_id=section.id, title=section.title, role="exception", text=s)
            for s in _exception_sentences(body)
        )
    if definitions:
        for defined in terms_used_in(body, document.definitions):
            if defined.section_id == section.id:
                continue
            taken.add(defined.section_id)  # a definitions section is not also a reference
            candidates.append(
                ClauseContextEntry(
                    section_id=defined.section_id,
                    role="definition",
                    text=f"{defined.term}: {defined.definition}",
                )
            )
    related: list[tuple[Section, ClauseRole]] = []
    if references:
        for reference in find_references(body, document):
            target = document.find(reference.section_id) if reference.section_id else None
            if target is not None and target.id not in taken:
                taken.add(target.id)
                related.append((target, "reference"))
    if neighbors:
        position = tree_position(document, section)
        for sibling in (position.previous, position.next):
            if sibling is not None and sibling.id not in taken:
                taken.add(sibling.id)
                related.append((sibling, "neighbor"))
    candidates.extend(
        ClauseContextEntry(
            section_id=target.id,
            title=target.title,
            role=role,
            text=_section_text(document, target, max_length),
        )
        for target, role in related
    )
    kept: list[ClauseContextEntry] = []
    used = dropped = 0
    for entry in candidates:
        if used + len(entry.text) > max_length:
            dropped += 1
            continue
        used += len(entry.text)
        kept.append(entry)
    return kept, dropped
