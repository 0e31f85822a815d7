"""Skill ``generic_locate_clause``: rank the sections of a contract that may hold a
checklist topic.

Commercial contracts share no numbering, so the generic checklist names topics
(``governing_law``, ``anti_assignment``) and locates them by keywords. The skill ranks
candidate sections with core's :func:`~contract_review.documents.locate.find_by_keywords`
(a keyword in the title weighs more than one in the text), using the checklist's
English and Chinese keywords for the topic unless the caller gives its own, and says
which keywords each candidate matched. A clause number ("12.3", "第十四条") is looked
up by number first. A contract the parser could not split into numbered sections is
ranked by paragraphs instead, with the locator of the ``locate_clauses`` hook
(:mod:`.clause_locator`); a candidate's ``section_id`` is then the paragraph's label
("¶12").
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from contract_review.documents.locate import find_by_keywords, locate_clause
from contract_review.documents.model import Document, Section, Sectioning
from contract_review.documents.numbering import parse_clause_reference
from contract_review.text.clause_text import clause_text

from .checklist import CHECKLIST
from .clause_locator import LOCATOR

#: Characters of each candidate's text returned as its excerpt.
EXCERPT_CHARS = 300

_KEYWORDS_BY_TOPIC: dict[str, tuple[str, ...]] = {
    item.clause_id: item.keywords for item in CHECKLIST
}


class LocateClauseInput(BaseModel):
    """Input of ``generic_locate_clause``."""

    clause_id: str = Field(
        min_length=1,
        description="A checklist topic id (e.g. 'governing_law') or a clause number (e.g. '12.3').",
    )
    keywords: list[str] = Field(
        default_factory=list,
        description="Words to look for; when empty, the checklist's keywords for the topic.",
    )
    top_k: int = Field(default=3, ge=1, le=20, description="How many candidates to return.")
    document_structure: Document | None = Field(
        default=None, description="The contract under review (filled in by the engine)."
    )


class ClauseCandidate(BaseModel):
    """A section (or, in a contract without sections, a paragraph) that may hold the topic."""

    section_id: str
    title: str = ""
    score: float = Field(
        description="Keyword score (a clause found by its number scores 0); for a "
        "paragraph, the locator's probability that it holds the topic."
    )
    matched_keywords: list[str] = Field(default_factory=list)
    by_number: bool = Field(default=False, description="Found by its clause number.")
    excerpt: str = ""


class LocateClauseOutput(BaseModel):
    """Output of ``generic_locate_clause``."""

    clause_id: str
    found: bool = False
    best_section_id: str | None = None
    candidates: list[ClauseCandidate] = Field(default_factory=list)
    keywords_used: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)


def _keyword_in(keyword: str, text: str) -> bool:
    words = keyword.split()
    if not words:
        return False
    pattern = r"\s+".join(re.escape(word) for word in words)
    if keyword[0].isascii() and keyword[0].isalnum():
        pattern = r"(?<![0-9A-Za-z])" + pattern
    return re.search(pattern, text, re.IGNORECASE) is not None


def _candidate(
    document: Document, section: Section, score: float, keywords: list[str], *, by_number: bool
) -> ClauseCandidate:
    searched = f"{section.title}\n{section.text}"
    return ClauseCandidate(
        section_id=section.id,
        title=section.title,
        score=score,
        matched_keywords=[k for k in keywords if _keyword_in(k, searched)],
        by_number=by_number,
        excerpt=" ".join(clause_text(document, section).text.split())[:EXCERPT_CHARS],
    )


def topic_keywords(clause_id: str) -> list[str]:
    """The checklist keywords of a topic id, or the id itself read as words."""
    known = _KEYWORDS_BY_TOPIC.get(clause_id)
    if known:
        return list(known)
    return [clause_id.replace("_", " ")] if parse_clause_reference(clause_id) is None else []


def locate_topic(input_data: LocateClauseInput) -> LocateClauseOutput:
    """Handler of ``generic_locate_clause``."""
    clause_id = input_data.clause_id.strip()
    keywords = [k for k in input_data.keywords if k.strip()] or topic_keywords(clause_id)
    document = input_data.document_structure
    if document is None:
        return LocateClauseOutput(
            clause_id=clause_id, keywords_used=keywords, notes=["no document was supplied"]
        )
    if document.sectioning is Sectioning.PARAGRAPHS or next(document.sections(), None) is None:
        return _paragraph_candidates(document, clause_id, keywords, input_data.top_k)
    candidates: list[ClauseCandidate] = []
    if parse_clause_reference(clause_id) is not None:
        numbered = locate_clause(document, clause_id)
        if numbered is not None:
            candidates.append(_candidate(document, numbered, 0.0, keywords, by_number=True))
    seen = {candidate.section_id for candidate in candidates}
    for section, score in find_by_keywords(document, keywords, limit=input_data.top_k + len(seen)):
        if section.id in seen:
            continue
        seen.add(section.id)
        candidates.append(_candidate(document, section, score, keywords, by_number=False))
    candidates = candidates[: input_data.top_k]
    notes: list[str] = []
    if not candidates:
        notes.append("no section mentions the topic's keywords; the contract may not cover it")
    return LocateClauseOutput(
        clause_id=clause_id,
        found=bool(candidates),
        best_section_id=candidates[0].section_id if candidates else None,
        candidates=candidates,
        keywords_used=keywords,
        notes=notes,
    )


def _paragraph_candidates(
    document: Document, clause_id: str, keywords: list[str], top_k: int
) -> LocateClauseOutput:
    """Candidates for a document without numbered sections: its paragraphs, ranked for
    the topic."""
    ranking = LOCATOR.rank_topic(document, clause_id, tuple(keywords))
    candidates = [
        ClauseCandidate(
            section_id=item.unit.label,
            title=item.unit.heading,
            score=item.probability,
            matched_keywords=[k for k in keywords if _keyword_in(k, item.unit.text(document))],
            excerpt=" ".join(item.unit.text(document).split())[:EXCERPT_CHARS],
        )
        for item in ranking.ranked[:top_k]
    ]
    notes = ["the contract has no numbered sections; candidates are paragraphs"]
    if not candidates:
        notes.append("no paragraph mentions the topic; the contract may not cover it")
    return LocateClauseOutput(
        clause_id=clause_id,
        found=bool(candidates),
        best_section_id=candidates[0].section_id if candidates else None,
        candidates=candidates,
        keywords_used=keywords,
        notes=notes,
    )
