"""Conversations kept in the review store (seed 002 P0): create, read, list, delete, clear
and append, each conversation one record of kind ``conversation``.

::

    store = ConversationStore(open_storage(settings))
    conversation = store.create(metadata={"domain": "labour"})
    store.append(conversation.id, ConversationMessage(role="user", content="...", timestamp=now))

Every change reads the conversation, changes it and saves it whole. Changes to one
conversation are serialised within a process (the threads of the HTTP service), so no
turn is lost there; two *processes* appending to one conversation at the same moment
may still lose one of the two turns (the later save wins, as for every record).
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from typing import Final

from pydantic import JsonValue

from ..errors import InputError, NotFoundError
from ..storage.backend import StorageBackend
from ..storage.readable import readable_records
from ..storage.record_ids import validate_record_id
from ..storage.records import utc_now
from .conversation_models import Conversation, ConversationMessage, ConversationSummary
from .conversation_records import conversation_from_record

__all__ = [
    "CONVERSATION_KIND",
    "ConversationNotFoundError",
    "ConversationStore",
    "new_conversation_id",
]

logger = logging.getLogger(__name__)

#: The storage record kind conversations are saved under.
CONVERSATION_KIND: Final = "conversation"

#: What conversation ids created here start with.
CONVERSATION_ID_PREFIX: Final = "conv-"


class ConversationNotFoundError(NotFoundError):
    """No conversation with this id in the store."""


def new_conversation_id() -> str:
    """A fresh conversation id: ``conv-<32 hex digits>``."""
    return f"{CONVERSATION_ID_PREFIX}{uuid.uuid4().hex}"


def _checked_id(conversation_id: object) -> str:
    return validate_record_id(conversation_id, what="conversation id")


_locks_guard = threading.Lock()
_locks: dict[str, threading.Lock] = {}


@contextmanager
def _changing(conversation_id: str) -> Iterator[None]:
    """Hold the process-wide lock of one conversation while it is read, changed and saved."""
    with _locks_guard:
        lock = _locks.setdefault(conversation_id, threading.Lock())
    with lock:
        yield


class ConversationStore:
    """Conversations in a :class:`~contract_review.storage.backend.StorageBackend`.

    :param storage: The store (SQLite or JSON files); closing it is the caller's job.
    :param clock: Where the times of changes come from (tests pass a fixed clock).
    """

    def __init__(self, storage: StorageBackend, *, clock: Callable[[], datetime] = utc_now) -> None:
        self.storage = storage
        self._clock = clock

    def _save(self, conversation: Conversation) -> Conversation:
        self.storage.save(CONVERSATION_KIND, conversation.id, conversation.model_dump(mode="json"))
        return conversation

    def create(
        self,
        *,
        metadata: Mapping[str, JsonValue] | None = None,
        conversation_id: str | None = None,
        owner: str = "",
    ) -> Conversation:
        """Start a conversation without messages.

        :param metadata: JSON values to keep with it (domain, language, ...).
        :param owner: Who it belongs to (the HTTP service's caller).
        :param conversation_id: Its id; default a new ``conv-<hex>``.
        :raises InputError: for an id that breaks the id rule or is already taken.
        """
        if conversation_id is None:
            conversation_id = new_conversation_id()
        conversation_id = _checked_id(conversation_id)
        if self.storage.load(CONVERSATION_KIND, conversation_id) is not None:
            raise InputError(
                f"conversation id {conversation_id!r} is already taken; choose another id "
                "or leave it out to get a new one"
            )
        now = self._clock()
        conversation = Conversation(
            id=conversation_id,
            created_at=now,
            updated_at=now,
            metadata=dict(metadata or {}),
            owner=owner,
        )
        return self._save(conversation)

    def get(self, conversation_id: str) -> Conversation:
        """The conversation ``conversation_id``.

        :raises InputError: for an id that breaks the id rule.
        :raises ConversationNotFoundError: naming the id when there is none.
        :raises StorageError: when the stored record is damaged.
        """
        conversation_id = _checked_id(conversation_id)
        record = self.storage.load(CONVERSATION_KIND, conversation_id)
        if record is None:
            raise ConversationNotFoundError(
                f"no conversation {conversation_id!r} in the store {self.storage.location}; "
                "create one first, or list the conversations to find its id"
            )
        return conversation_from_record(record)

    def list(self, *, owned_by: Callable[[str], bool] | None = None) -> list[ConversationSummary]:
        """Every conversation, least recently updated first (a damaged one is left out
        and logged).

        :param owned_by: Keep only the conversations whose owner this accepts.
        """
        conversations = (
            conversation_from_record(record)
            for record in readable_records(self.storage, CONVERSATION_KIND)
        )
        return [c.summary() for c in conversations if owned_by is None or owned_by(c.owner)]

    def delete(self, conversation_id: str) -> None:
        """Remove the conversation.

        :raises ConversationNotFoundError: when there is none.
        """
        conversation_id = _checked_id(conversation_id)
        if not self.storage.delete(CONVERSATION_KIND, conversation_id):
            raise ConversationNotFoundError(
                f"no conversation {conversation_id!r} in the store {self.storage.location}; "
                "nothing was deleted"
            )

    def clear(self, conversation_id: str) -> Conversation:
        """Remove every message and keep the conversation (its id and metadata).

        :raises ConversationNotFoundError: when there is none.
        """
        with _changing(conversation_id):
            conversation = self.get(conversation_id)
            cleared = conversation.model_copy(
                update={"messages": [], "updated_at": max(self._clock(), conversation.updated_at)}
            )
            return self._save(cleared)

    def append(self, conversation_id: str, *messages: ConversationMessage) -> Conversation:
        """Add ``messages`` after the conversation's last one.

        :returns: The conversation as saved.
        :raises ConversationNotFoundError: when there is none.
        """
        with _changing(conversation_id):
            conversation = self.get(conversation_id)
            updated = conversation.model_copy(
                update={
                    "messages": [*conversation.messages, *messages],
                    "updated_at": max(self._clock(), conversation.updated_at),
                }
            )
            return self._save(updated)
