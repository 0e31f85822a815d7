"""Asking questions with citations, and conversations (seed 002 P0 and P3 ``/ask``).

Modules, one job each:

* ``answer_models`` — the request, the answer and its citations; ``asking`` — :func:`ask`;
* ``question_focus`` — a question's terms, actor, language, follow-up reading;
  ``legal_roles`` — legal actors, rules and exceptions in a sentence;
* ``law_answer`` — the law library's passages; ``contract_answer`` — a review's clauses;
* ``sentence_ranking`` / ``meaning_ranking`` — their sentences ranked against the question;
* ``extractive_answer`` and ``answer_wording`` — the answer that quotes them;
  ``llm_answer`` — the answer an LLM writes from them; ``citation_check`` — every quote
  checked against its source;
* ``conversation_models``, ``conversation_records``, ``conversations`` — conversations
  in the review store (:class:`ConversationStore`).

Names are imported on first use, so importing this package stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports

if TYPE_CHECKING:
    from .answer_models import AskAnswer, AskOptions, AskRequest, Citation
    from .asking import NO_LAW_INDEX_MESSAGE, ask
    from .conversation_models import Conversation, ConversationMessage, ConversationSummary
    from .conversations import (
        CONVERSATION_KIND,
        ConversationNotFoundError,
        ConversationStore,
        new_conversation_id,
    )

_EXPORTS: dict[str, str] = {
    "AskAnswer": "answer_models",
    "AskOptions": "answer_models",
    "AskRequest": "answer_models",
    "Citation": "answer_models",
    "NO_LAW_INDEX_MESSAGE": "asking",
    "ask": "asking",
    "Conversation": "conversation_models",
    "ConversationMessage": "conversation_models",
    "ConversationSummary": "conversation_models",
    "CONVERSATION_KIND": "conversations",
    "ConversationNotFoundError": "conversations",
    "ConversationStore": "conversations",
    "new_conversation_id": "conversations",
}

__all__ = [
    "CONVERSATION_KIND",
    "NO_LAW_INDEX_MESSAGE",
    "AskAnswer",
    "AskOptions",
    "AskRequest",
    "Citation",
    "Conversation",
    "ConversationMessage",
    "ConversationNotFoundError",
    "ConversationStore",
    "ConversationSummary",
    "ask",
    "new_conversation_id",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, __all__)
