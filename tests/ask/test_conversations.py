"""Conversations in the review store: create, get, list, append, clear, delete on both
backends, persistence across reopening, ids, and conversations the seed-era store wrote."""

from __future__ import annotations

import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract_review.ask import (
    Conversation,
    ConversationMessage,
    ConversationNotFoundError,
    ConversationStore,
)
from contract_review.ask.conversations import CONVERSATION_KIND
from contract_review.errors import InputError
from contract_review.storage import SqliteStorage, StorageBackend

from .ask_fixtures import StepClock, open_backend

NOW = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def message(role: str, content: str, **metadata: object) -> ConversationMessage:
    return ConversationMessage.model_validate(
        {"role": role, "content": content, "timestamp": NOW, "metadata": metadata}
    )


def test_create_get_append_clear_delete(storage: StorageBackend) -> None:
    store = ConversationStore(storage, clock=StepClock())
    created = store.create(metadata={"domain": "labour", "language": "zh"})
    assert created.id.startswith("conv-") and len(created.id) == 37
    assert created.messages == []
    assert store.get(created.id) == created

    question = message("user", "试用期内用人单位可以随意解除劳动合同吗")
    reply = message("assistant", "不可以。", confidence=0.9, citations=[{"id": "x"}])
    after = store.append(created.id, question, reply)
    assert [m.content for m in after.messages] == [question.content, reply.content]
    assert after.updated_at > created.updated_at
    again = store.get(created.id)
    assert again == after
    assert again.messages[1].metadata == {"confidence": 0.9, "citations": [{"id": "x"}]}

    cleared = store.clear(created.id)
    assert cleared.messages == [] and cleared.metadata == created.metadata
    assert store.get(created.id).messages == []

    store.delete(created.id)
    with pytest.raises(ConversationNotFoundError, match=created.id):
        store.get(created.id)
    with pytest.raises(ConversationNotFoundError, match=created.id):
        store.delete(created.id)


def test_list_summarises_each_conversation(storage: StorageBackend) -> None:
    store = ConversationStore(storage, clock=StepClock())
    first = store.create()
    second = store.create(conversation_id="conv-chosen")
    long_question = "这是一个很长的问题，" * 12
    store.append(second.id, message("system", "你是法律助手"), message("user", long_question))
    summaries = {s.id: s for s in store.list()}
    assert set(summaries) == {first.id, "conv-chosen"}
    assert summaries[first.id].message_count == 0 and summaries[first.id].title == ""
    titled = summaries["conv-chosen"]
    assert titled.message_count == 2
    assert titled.title.endswith("…") and len(titled.title) == 60
    assert long_question.startswith(titled.title[:-1])


def test_conversations_survive_reopening_the_store(backend_name: str, tmp_path: Path) -> None:
    with open_backend(backend_name, tmp_path) as storage:
        store = ConversationStore(storage)
        conversation = store.create(metadata={"domain": "materials"})
        store.append(conversation.id, message("user", "304不锈钢的强度？"))
    with open_backend(backend_name, tmp_path) as storage:
        reopened = ConversationStore(storage).get(conversation.id)
    assert reopened.metadata == {"domain": "materials"}
    assert [m.content for m in reopened.messages] == ["304不锈钢的强度？"]
    assert reopened.messages[0].timestamp == NOW


@pytest.mark.parametrize("bad", ["../etc", "a b", "", "nul", "x" * 200])
def test_a_bad_id_is_an_input_error_naming_it(storage: StorageBackend, bad: str) -> None:
    store = ConversationStore(storage)
    for action in (store.get, store.delete, store.clear):
        with pytest.raises(InputError, match="invalid conversation id"):
            action(bad)
    with pytest.raises(InputError, match="invalid conversation id"):
        store.create(conversation_id=bad)


def test_a_taken_id_is_refused(storage: StorageBackend) -> None:
    store = ConversationStore(storage)
    store.create(conversation_id="conv-1")
    with pytest.raises(InputError, match="'conv-1' is already taken"):
        store.create(conversation_id="conv-1")


def test_not_found_is_an_input_error(storage: StorageBackend) -> None:
    store = ConversationStore(storage)
    for action in (store.get, store.delete, store.clear):
        with pytest.raises(InputError, match="no conversation 'conv-missing'"):
            action("conv-missing")
    with pytest.raises(ConversationNotFoundError, match="conv-missing"):
        store.append("conv-missing", message("user", "hi"))


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    turns=st.lists(
        st.tuples(
            st.sampled_from(["user", "assistant", "system"]),
            st.text(max_size=40),
            st.dictionaries(
                st.text(max_size=5),
                st.none() | st.booleans() | st.integers() | st.text(max_size=10),
                max_size=3,
            ),
        ),
        max_size=6,
    )
)
def test_messages_round_trip_through_the_store(
    storage: StorageBackend, turns: list[tuple[str, str, dict[str, object]]]
) -> None:
    store = ConversationStore(storage)
    conversation = store.create()
    messages = [message(role, text, **meta) for role, text, meta in turns]
    store.append(conversation.id, *messages)
    assert store.get(conversation.id).messages == messages
    store.delete(conversation.id)


def seed_store(path: Path, rows: list[tuple[object, object, object, object]]) -> None:
    """A SQLite file in the seed's layout (002 P0): one conversations table."""
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE conversations (id TEXT, data TEXT, created_at, updated_at)")
    connection.executemany("INSERT INTO conversations VALUES (?, ?, ?, ?)", rows)
    connection.commit()
    connection.close()


def test_conversations_of_the_seed_era_store_load(tmp_path: Path) -> None:
    path = tmp_path / "seed.sqlite3"
    seed_conversation = {
        "id": "conv-123",
        "created_at": 1706000000.0,
        "updated_at": 1706001000.0,
        "messages": [
            {"role": "user", "content": "304不锈钢的强度？", "timestamp": 1706000000.0},
            {
                "role": "assistant",
                "content": "304不锈钢的抗拉强度约为520MPa...",
                "timestamp": 1706000001.0,
                "metadata": {"confidence": 0.9},
            },
            {"role": "tool", "content": "lookup"},
            "not a message",
        ],
        "metadata": {"domain": "materials", "language": "zh"},
    }
    seed_store(
        path,
        [
            (
                "conv-123",
                json.dumps(seed_conversation, ensure_ascii=False),
                1706000000.0,
                1706001000.0,
            ),
            ("conv/odd id", "plain text, not JSON", 1706000100.0, 1706000200.0),
            ("conv-array", json.dumps([1, 2]), 1706000300.0, 1706000400.0),
            ("conv-object", json.dumps({"topic": "steel"}), 1706000500.0, "garbage"),
            ("conv 7", json.dumps({"id": "conv 7", "messages": []}), 1706000600.0, None),
        ],
    )
    with SqliteStorage(path) as storage:
        store = ConversationStore(storage)
        summaries = {s.id: s for s in store.list()}
        assert len(summaries) == 5
        migrated = store.get("conv-123")
        assert migrated.created_at == datetime.fromtimestamp(1706000000.0, UTC)
        assert migrated.updated_at == datetime.fromtimestamp(1706001000.0, UTC)
        assert [m.role for m in migrated.messages] == ["user", "assistant"]
        assert migrated.messages[1].timestamp == datetime.fromtimestamp(1706000001.0, UTC)
        assert migrated.messages[1].metadata == {"confidence": 0.9}
        assert migrated.metadata["domain"] == "materials"
        assert migrated.metadata["unreadable_messages"] == [
            {"role": "tool", "content": "lookup"},
            "not a message",
        ]
        assert summaries["conv-123"].title == "304不锈钢的强度？"

        odd_id = next(i for i in summaries if i.startswith("conv-odd"))
        legacy = store.get(odd_id)
        assert legacy.messages == []
        assert legacy.metadata == {"legacy_data": "plain text, not JSON"}
        assert legacy.created_at == datetime.fromtimestamp(1706000100.0, UTC)
        assert store.get("conv-array").metadata == {"legacy_data": "[1, 2]"}
        assert store.get("conv-object").metadata == {"legacy_record": {"topic": "steel"}}
        renamed = store.get("conv-7")
        assert renamed.metadata == {"legacy_id": "conv 7"} and renamed.messages == []

        # a legacy conversation can be continued, and is then written in today's form
        store.append("conv-123", message("user", "316呢？"))
        record = storage.load(CONVERSATION_KIND, "conv-123")
        assert record is not None
        assert isinstance(record.data["created_at"], str)
        assert Conversation.model_validate(record.data).messages[-1].content == "316呢？"


def test_threads_appending_to_one_conversation_lose_no_turn(storage: StorageBackend) -> None:
    store = ConversationStore(storage)
    conversation = store.create()
    now = datetime.now(UTC)

    def append(n: int) -> None:
        message = ConversationMessage(role="user", content=f"question {n}", timestamp=now)
        store.append(conversation.id, message)

    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(append, range(40)))
    contents = sorted(m.content for m in store.get(conversation.id).messages)
    assert contents == sorted(f"question {n}" for n in range(40))
