"""Conversation auto-save (seed 002 P0 ``auto_save_interval``): a store with the interval
saves a changing conversation at most every N seconds and always on close; reads see
the unsaved turns; the setting drives it; ``ask`` records turns through such a store.
Time is a fake monotonic clock moved by hand."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from contract_review import load_settings
from contract_review.ask import AskRequest, ConversationMessage, ConversationStore
from contract_review.ask.asking import ask
from contract_review.ask.conversations import CONVERSATION_KIND
from contract_review.laws.law_index import LawIndex
from contract_review.storage import StorageBackend

from .ask_fixtures import StepClock

NOW = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


class Ticks:
    """A monotonic clock moved by hand."""

    def __init__(self) -> None:
        self.now = 5000.0

    def __call__(self) -> float:
        return self.now


class CountingStore:
    """Counts the saves of conversation records made through ``storage``."""

    def __init__(self, storage: StorageBackend) -> None:
        self.storage = storage
        self.saves = 0
        original = storage.save

        def save(kind: str, record_id: str, data: object) -> object:
            if kind == CONVERSATION_KIND:
                self.saves += 1
            return original(kind, record_id, data)  # type: ignore[arg-type]

        storage.save = save  # type: ignore[method-assign,assignment]


def say(content: str) -> ConversationMessage:
    return ConversationMessage(role="user", content=content, timestamp=NOW)


def stored_messages(storage: StorageBackend, conversation_id: str) -> list[str]:
    record = storage.load(CONVERSATION_KIND, conversation_id)
    assert record is not None
    return [m["content"] for m in record.data["messages"]]


def test_changes_are_saved_at_most_every_interval_and_on_close(storage: StorageBackend) -> None:
    ticks = Ticks()
    counting = CountingStore(storage)
    store = ConversationStore(storage, clock=StepClock(), auto_save_interval_s=300, monotonic=ticks)
    conversation = store.create()
    assert counting.saves == 1  # created: saved at once, the interval starts now
    store.append(conversation.id, say("one"))
    store.append(conversation.id, say("two"))
    assert counting.saves == 1 and store.pending == [conversation.id]
    assert stored_messages(storage, conversation.id) == []
    # reads through the store see the unsaved turns
    assert [m.content for m in store.get(conversation.id).messages] == ["one", "two"]
    assert store.list()[0].message_count == 2
    ticks.now += 299
    store.append(conversation.id, say("three"))
    assert counting.saves == 1
    ticks.now += 1  # 300 s since the last save: the next change is written
    store.append(conversation.id, say("four"))
    assert counting.saves == 2 and store.pending == []
    assert stored_messages(storage, conversation.id) == ["one", "two", "three", "four"]
    store.append(conversation.id, say("five"))
    assert counting.saves == 2
    store.close()
    assert counting.saves == 3
    assert stored_messages(storage, conversation.id) == ["one", "two", "three", "four", "five"]
    store.close()  # nothing pending: nothing written
    assert counting.saves == 3


def test_a_with_block_saves_on_exit_and_clear_counts_as_a_change(storage: StorageBackend) -> None:
    ticks = Ticks()
    with ConversationStore(storage, auto_save_interval_s=60, monotonic=ticks) as store:
        conversation = store.create()
        store.append(conversation.id, say("kept in memory"))
        ticks.now += 61
        store.clear(conversation.id)  # due: saved
        assert stored_messages(storage, conversation.id) == []
        store.append(conversation.id, say("after the clear"))
        assert stored_messages(storage, conversation.id) == []
    assert stored_messages(storage, conversation.id) == ["after the clear"]


def test_closing_one_conversation_saves_it_alone(storage: StorageBackend) -> None:
    store = ConversationStore(storage, auto_save_interval_s=300, monotonic=Ticks())
    first, second = store.create(), store.create()
    store.append(first.id, say("a"))
    store.append(second.id, say("b"))
    store.close(first.id)
    assert stored_messages(storage, first.id) == ["a"]
    assert stored_messages(storage, second.id) == []
    store.flush()
    assert stored_messages(storage, second.id) == ["b"]


def test_a_conversation_opened_from_the_store_saves_its_first_change_at_once(
    storage: StorageBackend,
) -> None:
    conversation = ConversationStore(storage).create()
    ticks = Ticks()
    store = ConversationStore(storage, auto_save_interval_s=300, monotonic=ticks)
    store.append(conversation.id, say("first"))
    assert stored_messages(storage, conversation.id) == ["first"]
    store.append(conversation.id, say("second"))
    assert stored_messages(storage, conversation.id) == ["first"]
    store.delete(conversation.id)  # the unsaved turn goes with it
    store.close()
    assert storage.load(CONVERSATION_KIND, conversation.id) is None


def test_without_an_interval_every_change_is_saved_at_once(storage: StorageBackend) -> None:
    counting = CountingStore(storage)
    store = ConversationStore(storage)
    assert not store.auto_saving
    conversation = store.create()
    store.append(conversation.id, say("one"))
    store.append(conversation.id, say("two"))
    assert counting.saves == 3 and store.pending == []
    assert stored_messages(storage, conversation.id) == ["one", "two"]


def test_interval_zero_saves_every_change(storage: StorageBackend) -> None:
    counting = CountingStore(storage)
    store = ConversationStore(storage, auto_save_interval_s=0, monotonic=Ticks())
    conversation = store.create()
    store.append(conversation.id, say("one"))
    store.append(conversation.id, say("two"))
    assert counting.saves == 3
    with pytest.raises(ValueError, match="auto_save_interval_s"):
        ConversationStore(storage, auto_save_interval_s=-1)


def test_the_setting_gives_the_interval(
    storage: StorageBackend, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CONTRACT_REVIEW_AUTO_SAVE_INTERVAL_S", "120")
    settings = load_settings(data_dir=tmp_path)
    ticks = Ticks()
    store = ConversationStore.from_settings(storage, settings, monotonic=ticks)
    assert store.auto_save_interval_s == 120
    conversation = store.create()
    store.append(conversation.id, say("one"))
    ticks.now += 119
    store.append(conversation.id, say("two"))
    assert stored_messages(storage, conversation.id) == []
    ticks.now += 1
    store.append(conversation.id, say("three"))
    assert stored_messages(storage, conversation.id) == ["one", "two", "three"]


def test_ask_records_turns_through_an_auto_saving_store(
    storage: StorageBackend, law_index: LawIndex
) -> None:
    ticks = Ticks()
    with ConversationStore(storage, auto_save_interval_s=300, monotonic=ticks) as store:
        conversation = store.create()
        for question in ("试用期内可以解除劳动合同吗", "违约金呢"):
            request = AskRequest(query=question, conversation_id=conversation.id)
            answer = ask(request, law_index=law_index, conversations=store)
            assert answer.conversation_id == conversation.id
        assert len(store.get(conversation.id).messages) == 4
        # created just now: both turns wait for the interval (or the close)
        assert stored_messages(storage, conversation.id) == []
        ticks.now += 300
        ask(
            AskRequest(query="试用期多长", conversation_id=conversation.id),
            law_index=law_index,
            conversations=store,
        )
        assert len(stored_messages(storage, conversation.id)) == 6
        ask(
            AskRequest(query="违约金", conversation_id=conversation.id),
            law_index=law_index,
            conversations=store,
        )
        assert len(stored_messages(storage, conversation.id)) == 6
    assert len(stored_messages(storage, conversation.id)) == 8
