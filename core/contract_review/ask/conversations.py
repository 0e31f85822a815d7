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

**Auto-save** (seed 002 P0 ``auto_save`` / ``auto_save_interval``): a store made with
``auto_save_interval_s`` (:meth:`ConversationStore.from_settings` takes the
``auto_save_interval_s`` setting, 300 s by default) keeps the conversations changed
through it in memory and saves a changed one at most every that many seconds — the
first change at once, later ones when the interval has passed since its last save
(:class:`~contract_review.storage.auto_save.AutoSaver`) — and always on
:meth:`~ConversationStore.close` (also the end of a ``with`` block) or
:meth:`~ConversationStore.flush`. Reads through the store see the unsaved changes. A
store without the interval (the default, and the HTTP service's, whose processes share
one store) saves every change at once::

    with ConversationStore.from_settings(open_storage(settings), settings) as store:
        conversation = store.create()
        for question in questions:
            ask(AskRequest(query=question, conversation_id=conversation.id),
                law_index=index, storage=store.storage, conversations=store)
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from types import TracebackType
from typing import TYPE_CHECKING, Final, Self

from pydantic import JsonValue

from ..errors import InputError, NotFoundError
from ..storage.auto_save import AutoSaver
from ..storage.backend import StorageBackend
from ..storage.readable import readable_records
from ..storage.record_ids import validate_record_id
from ..storage.records import utc_now
from .conversation_models import Conversation, ConversationMessage, ConversationSummary
from .conversation_records import conversation_from_record

if TYPE_CHECKING:
    from ..config import Settings

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
    :param auto_save_interval_s: Keep changed conversations in memory and save each at
        most this often (seconds; 0 saves every change), and on :meth:`close`; None (the
        default) saves every change at once and keeps nothing (see the module docs).
    :param monotonic: The clock the interval is measured on (tests pass a fake one).
    """

    def __init__(
        self,
        storage: StorageBackend,
        *,
        clock: Callable[[], datetime] = utc_now,
        auto_save_interval_s: float | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        if auto_save_interval_s is not None and auto_save_interval_s < 0:
            raise ValueError(
                f"auto_save_interval_s must be 0 or more (or None), not {auto_save_interval_s}"
            )
        self.storage = storage
        self._clock = clock
        self.auto_save_interval_s = auto_save_interval_s
        self._monotonic = monotonic
        #: Conversations changed through this store (auto-save only), with their savers.
        self._kept: dict[str, tuple[Conversation, AutoSaver]] = {}
        self._kept_guard = threading.Lock()

    @classmethod
    def from_settings(
        cls,
        storage: StorageBackend,
        settings: Settings,
        *,
        clock: Callable[[], datetime] = utc_now,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> ConversationStore:
        """A store that auto-saves at the ``auto_save_interval_s`` setting's interval."""
        return cls(
            storage,
            clock=clock,
            auto_save_interval_s=settings.auto_save_interval_s,
            monotonic=monotonic,
        )

    @property
    def auto_saving(self) -> bool:
        """Whether changes are kept and saved on the interval (else saved at once)."""
        return self.auto_save_interval_s is not None

    @property
    def pending(self) -> list[str]:
        """The ids of the conversations with changes not saved yet."""
        with self._kept_guard:
            return [cid for cid, (_, saver) in self._kept.items() if saver.pending]

    def _saver(self, conversation_id: str) -> AutoSaver:
        assert self.auto_save_interval_s is not None
        return AutoSaver(
            self.storage,
            CONVERSATION_KIND,
            conversation_id,
            interval_s=self.auto_save_interval_s,
            clock=self._monotonic,
        )

    def _save(self, conversation: Conversation, *, created: bool = False) -> Conversation:
        data = conversation.model_dump(mode="json")
        if not self.auto_saving:
            self.storage.save(CONVERSATION_KIND, conversation.id, data)
            return conversation
        with self._kept_guard:
            kept = self._kept.get(conversation.id)
            saver = kept[1] if kept is not None else self._saver(conversation.id)
            self._kept[conversation.id] = (conversation, saver)
        if created:
            self.storage.save(CONVERSATION_KIND, conversation.id, data)
            saver.note_saved(data)
        else:
            saver.update(data)
        return conversation

    def flush(self, conversation_id: str | None = None) -> None:
        """Save the unsaved changes now: of one conversation, or of every one."""
        with self._kept_guard:
            savers = [
                saver for cid, (_, saver) in self._kept.items() if conversation_id in (None, cid)
            ]
        for saver in savers:
            saver.flush()

    def close(self, conversation_id: str | None = None) -> None:
        """Save the unsaved changes (of one conversation, or of every one) and stop
        keeping them in memory; the store stays usable."""
        with self._kept_guard:
            ids = [cid for cid in self._kept if conversation_id in (None, cid)]
            closing = [self._kept.pop(cid)[1] for cid in ids]
        for saver in closing:
            saver.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

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
        return self._save(conversation, created=True)

    def get(self, conversation_id: str) -> Conversation:
        """The conversation ``conversation_id``.

        :raises InputError: for an id that breaks the id rule.
        :raises ConversationNotFoundError: naming the id when there is none.
        :raises StorageError: when the stored record is damaged.
        """
        conversation_id = _checked_id(conversation_id)
        with self._kept_guard:
            kept = self._kept.get(conversation_id)
        if kept is not None:
            return kept[0]
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
        with self._kept_guard:
            kept = {cid: conversation for cid, (conversation, _) in self._kept.items()}
        conversations = (
            kept.get(record.id) or conversation_from_record(record)
            for record in readable_records(self.storage, CONVERSATION_KIND)
        )
        return [c.summary() for c in conversations if owned_by is None or owned_by(c.owner)]

    def delete(self, conversation_id: str) -> None:
        """Remove the conversation.

        :raises ConversationNotFoundError: when there is none.
        """
        conversation_id = _checked_id(conversation_id)
        with self._kept_guard:
            self._kept.pop(conversation_id, None)  # its unsaved changes go with it
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
