"""``ask``: answer a question about the law library or a reviewed contract, with
citations that quote their sources exactly (seed 002 P3 ``/ask``).

::

    answer = ask(AskRequest(query="试用期内用人单位可以随意解除劳动合同吗"),
                 law_index=LawIndex.load(directory))
    answer.citations[0].label   # 劳动合同法 第二十一条

* With a ``review_id`` the answer comes from that review's documents (and mentions its
  findings on the clauses cited); otherwise from the law index.
* With an LLM (and mode ``auto`` or ``llm``) the model writes the answer from the
  passages found; what it cites is checked, and the extractive answer is given, with a
  note, when it fails or cites nothing that checks out.
* With a ``conversation_id`` the question and the answer (its citations in the
  message metadata) are appended to the conversation, and a short follow-up question is
  read together with the conversation's earlier questions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import JsonValue

from ..errors import InputError
from ..retrieval.tokenizers import Tokenizer
from ..storage.records import utc_now
from .answer_models import AskAnswer, AskRequest
from .citation_check import SourceText, evidence_texts, library_texts, verified
from .contract_answer import review_evidence
from .conversation_models import ConversationMessage
from .conversations import ConversationStore
from .extractive_answer import extractive_answer
from .law_answer import law_evidence
from .llm_answer import llm_answer
from .question_focus import focus_question

if TYPE_CHECKING:
    from ..laws.law_index import LawIndex
    from ..llm.client_types import LLMClient
    from ..storage.backend import StorageBackend

__all__ = ["NO_LAW_INDEX_MESSAGE", "ask"]

#: What a question without a law index and without a review is told.
NO_LAW_INDEX_MESSAGE = (
    "no law index to answer from: give one with --law-index DIR, or set the law_index "
    "setting (environment variable CONTRACT_REVIEW_LAW_INDEX) to its directory; build one "
    "with 'contract-review law index LAWS_FOLDER --out DIR'. To ask about a reviewed "
    "contract instead, give the review's id"
)


def _check_inputs(
    request: AskRequest,
    law_index: LawIndex | None,
    storage: StorageBackend | None,
    llm: LLMClient | None,
) -> None:
    if request.options.mode == "llm" and llm is None:
        raise InputError(
            "mode 'llm' needs an LLM, and none is configured: set llm_provider (with its "
            "key or base URL), or ask with mode 'auto' or 'extractive'"
        )
    if request.review_id is None and law_index is None:
        raise InputError(NO_LAW_INDEX_MESSAGE)
    if storage is None:
        for name, value in (
            ("review_id", request.review_id),
            ("conversation_id", request.conversation_id),
        ):
            if value is not None:
                raise InputError(
                    f"{name} {value!r} was given but no store was opened to read it from"
                )


def ask(
    request: AskRequest,
    *,
    law_index: LawIndex | None,
    storage: StorageBackend | None = None,
    llm: LLMClient | None = None,
    conversations: ConversationStore | None = None,
) -> AskAnswer:
    """Answer ``request`` (see the module docs).

    :param law_index: The law library to answer legal questions from (None: only
        questions about a review can be answered).
    :param storage: The store holding the review and the conversation, when given
        (default: the store of ``conversations``).
    :param llm: An LLM to write the answer; None answers by quoting.
    :param conversations: The conversations the turn is added to — a caller asking
        several questions keeps one, auto-saving on its interval
        (:meth:`ConversationStore.from_settings`) and closing it at the end; default:
        one that saves the turn at once.
    :raises InputError: for no law index and no review, mode ``llm`` without an LLM, a
        review or conversation id without a store or breaking the id rule.
    :raises ReviewNotFoundError: when the store has no such review.
    :raises ConversationNotFoundError: when the store has no such conversation.
    """
    if storage is None and conversations is not None:
        storage = conversations.storage
    _check_inputs(request, law_index, storage, llm)
    options = request.options
    earlier: list[str] = []
    if request.conversation_id is not None:
        assert storage is not None
        conversations = conversations or ConversationStore(storage)
        earlier = conversations.get(request.conversation_id).user_questions()
    # a law question is read as the law index reads its texts
    tokenizer = (
        law_index.search.tokenizer
        if request.review_id is None and law_index is not None
        else Tokenizer()
    )
    focus = focus_question(
        request.query,
        tokenizer=tokenizer,
        earlier=earlier,
        follow_up=options.follow_up,
        language=options.language,
    )
    sources: list[SourceText]
    if request.review_id is not None:
        assert storage is not None
        evidence = review_evidence(storage, request.review_id, focus)
        sources = [evidence_texts(evidence)]
    else:
        assert law_index is not None
        evidence = law_evidence(law_index, focus, top_k=request.top_k)
        sources = [library_texts(law_index.library)]
    answer = extractive_answer(evidence, request.top_k)
    if llm is not None and options.mode != "extractive":
        generated, notes = llm_answer(
            llm, evidence, top_k=request.top_k, base_confidence=answer.confidence
        )
        answer = generated or answer.model_copy(update={"notes": [*answer.notes, *notes]})
    answer = verified(answer, *sources)
    if conversations is not None and request.conversation_id is not None:
        _record_turn(conversations, request, answer)
        answer = answer.model_copy(update={"conversation_id": request.conversation_id})
    return answer


def _record_turn(store: ConversationStore, request: AskRequest, answer: AskAnswer) -> None:
    """Append the question and the answer (its citations in the metadata)."""
    assert request.conversation_id is not None
    now = utc_now()
    asked: dict[str, JsonValue] = {"top_k": request.top_k}
    if request.review_id is not None:
        asked["review_id"] = request.review_id
    answered: dict[str, JsonValue] = {
        "citations": [c.model_dump(mode="json") for c in answer.citations],
        "confidence": answer.confidence,
        "intent": answer.intent,
        "mode": answer.mode,
        "notes": list(answer.notes),
    }
    store.append(
        request.conversation_id,
        ConversationMessage(role="user", content=request.query, timestamp=now, metadata=asked),
        ConversationMessage(
            role="assistant", content=answer.answer, timestamp=now, metadata=answered
        ),
    )
