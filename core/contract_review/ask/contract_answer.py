"""Answering a question about a reviewed contract from the review's saved documents.

The review's record (kind ``review``, written by the review engine) holds the parsed
documents and, once the review has finished, its report. Every section with text of
every document is a passage (its title is searched, never quoted); the best sentences
are quoted with clause citations, and the report's findings on the clauses cited are
mentioned under the quotes.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import ValidationError

from ..documents.model import Document
from ..errors import StorageError
from ..retrieval.tokenizers import Tokenizer
from ..storage.backend import StorageBackend
from ..storage.record_ids import validate_record_id
from .answer_models import AskAnswer
from .answer_wording import clause_label, clause_reference
from .evidence_models import AnswerEvidence, FindingNote, Passage
from .extractive_answer import extractive_answer
from .law_answer import follow_up_note
from .question_focus import QuestionFocus
from .sentence_ranking import rank_sentences

__all__ = ["REVIEW_KIND", "answer_from_review", "review_evidence"]

#: The storage record kind reviews are saved under (the review engine's).
REVIEW_KIND: Final = "review"


def _not_found(review_id: str, storage: StorageBackend) -> Exception:
    from ..review.engine import ReviewNotFoundError

    return ReviewNotFoundError(
        f"no review {review_id!r} in the store {storage.location}; run the review first, "
        "or give the id of a review in this store"
    )


def _documents(review_id: str, data: dict[str, Any]) -> list[Document]:
    raw = data.get("documents") or []
    try:
        return [Document.model_validate(item) for item in raw]
    except ValidationError as exc:
        raise StorageError(
            f"the documents saved with review {review_id!r} cannot be read "
            f"({exc.error_count()} problems, e.g. {exc.errors()[0]['msg']}); run the review again"
        ) from None


def _findings(data: dict[str, Any]) -> list[FindingNote]:
    report = data.get("report")
    raw = report.get("findings") if isinstance(report, dict) else None
    notes: list[FindingNote] = []
    for item in raw if isinstance(raw, list) else []:
        try:
            notes.append(FindingNote.model_validate(item))
        except ValidationError:
            continue
    return notes


def _passages(documents: list[Document], focus: QuestionFocus) -> list[Passage]:
    passages: list[Passage] = []
    for document in documents:
        for section in document.sections():
            if not section.text.strip():
                continue
            passages.append(
                Passage(
                    kind="clause",
                    id=section.id,
                    source=document.name,
                    label=clause_label(section.id, focus.language),
                    reference=clause_reference(
                        section.id, section.title, document.name, focus.language
                    ),
                    text=section.text,
                    heading=section.title,
                )
            )
    return passages


def review_evidence(
    storage: StorageBackend, review_id: str, focus: QuestionFocus
) -> AnswerEvidence:
    """The clauses of the review's documents and their sentences ranked for ``focus``.

    :raises InputError: for a review id that breaks the id rule.
    :raises ReviewNotFoundError: naming the id when the store has no such review.
    :raises StorageError: when the review's saved documents cannot be read.
    """
    review_id = validate_record_id(review_id, what="review id")
    record = storage.load(REVIEW_KIND, review_id)
    if record is None:
        raise _not_found(review_id, storage)
    documents = _documents(review_id, record.data)
    passages = _passages(documents, focus)
    notes = follow_up_note(focus)
    if not passages:
        notes.append(f"review {review_id!r} holds no document text to answer from")
    return AnswerEvidence(
        intent="contract_question",
        focus=focus,
        passages=passages,
        ranked=rank_sentences(focus, passages, Tokenizer()),
        findings=_findings(record.data),
        notes=notes,
    )


def answer_from_review(
    storage: StorageBackend, review_id: str, focus: QuestionFocus, *, top_k: int
) -> AskAnswer:
    """The extractive answer to ``focus`` from a review's documents (see
    :func:`review_evidence` for the errors)."""
    return extractive_answer(review_evidence(storage, review_id, focus), top_k)
