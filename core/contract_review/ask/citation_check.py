"""The last check before an answer leaves ``ask``: every citation quotes its source
exactly. An article's quote must occur in the article's text as the law library holds
it; a clause's quote in the clause's text as the review's documents hold it. A citation
that fails is dropped, with a note."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .answer_models import AskAnswer, Citation
from .evidence_models import AnswerEvidence

if TYPE_CHECKING:
    from ..laws.law_library import LawLibrary

__all__ = ["SourceText", "evidence_texts", "library_texts", "verified"]

#: The text a citation must quote from, or None when its source is unknown.
SourceText = Callable[[Citation], "str | None"]


def evidence_texts(evidence: AnswerEvidence) -> SourceText:
    """Source texts from the passages an answer was made from (keyed by kind, id and
    source, so one clause id in two documents is told apart)."""
    texts = {(p.kind, p.id, p.source): p.text for p in evidence.passages}

    def lookup(citation: Citation) -> str | None:
        return texts.get((citation.kind, citation.id, citation.source))

    return lookup


def library_texts(library: LawLibrary) -> SourceText:
    """Article texts as the law library holds them (clauses: unknown here)."""

    def lookup(citation: Citation) -> str | None:
        if citation.kind != "article":
            return None
        found = library.find_article(citation.id)
        return None if found is None else found[1].text

    return lookup


def verified(answer: AskAnswer, *sources: SourceText) -> AskAnswer:
    """``answer`` without the citations whose quote is not in their source's text.

    :param sources: Where the texts are looked up, in order; the first that knows the
        citation decides.
    """
    kept: list[Citation] = []
    notes: list[str] = []
    for citation in answer.citations:
        text = next((t for t in (source(citation) for source in sources) if t is not None), None)
        if text is not None and citation.quote and citation.quote in text:
            kept.append(citation)
        else:
            why = "its source is unknown" if text is None else "its quote is not in the text"
            notes.append(f"dropped the citation of {citation.label}: {why}")
    if not notes:
        return answer
    return answer.model_copy(update={"citations": kept, "notes": [*answer.notes, *notes]})
