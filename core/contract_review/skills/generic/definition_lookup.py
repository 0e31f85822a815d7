"""``resolve_definition``: what the document's defined terms mean.

Terms are matched case-insensitively, ignoring straight, curly and Chinese quotes and
a leading "the". Given a ``clause_id`` instead of (or as well as) terms, every defined
term used in that clause is resolved — longest terms first, so "Contract Price" does
not also count as a use of "Contract".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from pydantic import BaseModel, Field, model_validator

from ...documents.case_folding import fold, may_contain
from ...documents.model import DefinedTerm, Document
from ...text.clause_text import clause_text
from .clause_lookup import find_clause

_QUOTES = "\"'“”‘’「」『』《》〈〉«»`"


class ResolveDefinitionInput(BaseModel):
    """Input of ``resolve_definition``: terms, a clause, or both."""

    terms: list[str] = Field(
        default_factory=list, description="Defined terms to look up, e.g. 'Contract Price'."
    )
    clause_id: str = Field(
        default="",
        description="Resolve every defined term used in this clause (e.g. '14.1', '第五条').",
    )
    keywords: list[str] = Field(
        default_factory=list, description="Words that find the clause when its number does not."
    )
    document_structure: Document = Field(
        description="The parsed document under review (filled by the engine).",
        json_schema_extra={"internal": True},
    )

    @model_validator(mode="after")
    def _something_to_resolve(self) -> ResolveDefinitionInput:
        if not any(term.strip() for term in self.terms) and not self.clause_id.strip():
            raise ValueError("give 'terms' to resolve, or a 'clause_id' whose terms to resolve")
        return self


class ResolvedDefinition(BaseModel):
    """One defined term and its definition."""

    term: str = Field(description="The term as the document defines it.")
    definition: str
    section_id: str = Field(description="Section holding the definition.")


class ResolveDefinitionOutput(BaseModel):
    """Output of ``resolve_definition``."""

    definitions: list[ResolvedDefinition] = Field(default_factory=list)
    not_found: list[str] = Field(
        default_factory=list, description="Requested terms the document does not define."
    )
    clause_id: str = ""
    clause_found: bool | None = Field(
        default=None, description="Whether the clause was found (None when none was asked for)."
    )


def normalise_term(term: str) -> str:
    """The form terms are compared in: no quotes, single spaces, case-folded, no 'the'."""
    text = " ".join(term.strip().strip(_QUOTES).split()).casefold()
    if text.startswith("the "):
        text = text[4:]
    return text


def resolve_definition(data: ResolveDefinitionInput) -> ResolveDefinitionOutput:
    """Look the terms up in ``Document.definitions`` and, for a clause, find the terms it uses."""
    document = data.document_structure
    by_key: dict[str, DefinedTerm] = {}
    for defined in document.definitions:
        by_key.setdefault(normalise_term(defined.term), defined)

    found: dict[str, DefinedTerm] = {}
    not_found: list[str] = []
    for requested in data.terms:
        if not requested.strip():
            continue
        match = by_key.get(normalise_term(requested))
        if match is None:
            if requested not in not_found:
                not_found.append(requested)
        else:
            found.setdefault(normalise_term(match.term), match)

    clause_found: bool | None = None
    if data.clause_id.strip():
        section = find_clause(document, data.clause_id, data.keywords)
        clause_found = section is not None
        if section is not None:
            text = clause_text(document, section).text
            for defined in terms_used_in(text, by_key.values()):
                found.setdefault(normalise_term(defined.term), defined)

    return ResolveDefinitionOutput(
        definitions=[
            ResolvedDefinition(term=d.term, definition=d.definition, section_id=d.section_id)
            for d in found.values()
        ],
        not_found=not_found,
        clause_id=data.clause_id,
        clause_found=clause_found,
    )


def terms_used_in(text: str, terms: Iterable[DefinedTerm]) -> list[DefinedTerm]:
    """The defined ``terms`` that occur in ``text``, in order of first use.

    Longer terms are matched first and their spans masked, so a shorter term inside a
    longer one is not counted.
    """
    candidates = sorted(
        (t for t in terms if normalise_term(t.term)), key=lambda t: -len(normalise_term(t.term))
    )
    masked = text
    folded = fold(text)  # a term whose longest word is not in it is not used
    first_use: list[tuple[int, DefinedTerm]] = []
    for defined in candidates:
        term = normalise_term(defined.term)
        if not may_contain(folded, max(term.split(" "), key=len)):
            continue
        hits = list(_usage_pattern(term).finditer(masked))
        if not hits:
            continue
        first_use.append((hits[0].start(), defined))
        pieces: list[str] = []  # mask the hits with same-length filler so offsets stay put
        position = 0
        for hit in hits:
            pieces += [masked[position : hit.start()], "\0" * (hit.end() - hit.start())]
            position = hit.end()
        pieces.append(masked[position:])
        masked = "".join(pieces)
    first_use.sort(key=lambda pair: pair[0])
    return [defined for _, defined in first_use]


@lru_cache(maxsize=1024)
def _usage_pattern(term: str) -> re.Pattern[str]:
    """How a normalised term is found in running text."""
    escaped = r"\s+".join(re.escape(part) for part in term.split(" "))
    if term.isascii():
        # Whole words; an optional plural 's'.
        return re.compile(rf"(?<![\w]){escaped}(?:s|es)?(?![\w])", re.IGNORECASE)
    return re.compile(escaped, re.IGNORECASE)
