"""Asking questions with citations, and conversations (seed 002 P0 and P3 ``/ask``).

Names are imported on first use, so importing this package stays cheap.

Modules, one job each, in the order a newcomer reads them:

Asking:

* :mod:`.answer_models` — the request, the answer and its citations;
* :mod:`.asking` — :func:`ask`, from the law library or a reviewed contract;
* :mod:`.evidence_models` — what an answer is made from: passages, sentences, findings;

Finding the passages:

* :mod:`.law_answer` — the law library's articles that answer a question;
* :mod:`.contract_answer` — a reviewed contract's clauses that answer it;

Ranking their sentences:

* :mod:`.question_focus` — a question's terms, actor, language, follow-up reading;
* :mod:`.legal_roles` — legal actors, rules and exceptions in a sentence;
* :mod:`.sentence_ranking` — sentences ranked against the question by their words;
* :mod:`.meaning_ranking` — sentences ranked by meaning, when no word is shared;

Writing the answer:

* :mod:`.extractive_answer` — the answer that quotes the best sentences;
* :mod:`.answer_wording` — the sentences it is written with, in Chinese and English;
* :mod:`.llm_answer` — the answer an LLM writes from the passages, citations checked;
* :mod:`.citation_check` — every quote checked against its source, last;

Conversations:

* :mod:`.conversation_models` — a conversation, its messages and its summary;
* :mod:`.conversation_records` — a stored record read as a conversation, whatever wrote it;
* :mod:`.conversations` — :class:`ConversationStore`: conversations in the review store.
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
