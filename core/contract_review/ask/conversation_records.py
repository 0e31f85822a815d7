"""Reading a stored conversation record into a :class:`Conversation`, whatever wrote it.

Conversations written here hold the model's JSON. Conversations written by the seed's
store (002 P0) were moved into the store as written (see
:mod:`contract_review.storage.migrations`): timestamps are Unix-time floats, the
``metadata`` of a message may be missing, and a row that was not a JSON object is kept
as ``{"legacy_data": "..."}``. Those load without error:

* a Unix time (seconds) or ISO-8601 text is a timestamp; an unreadable or missing one
  becomes the record's own time;
* a message that cannot be read (no text, an unknown role) is left out and kept, as
  written, in the conversation's ``metadata["unreadable_messages"]``;
* data of an unknown shape gives a conversation without messages, the data kept in
  ``metadata`` (``legacy_data`` as the store holds it, or ``legacy_record`` for a JSON
  object without a message list);
* an ``id`` in the data that differs from the record's id (the migration renames ids
  that do not follow the id rule) is kept as ``metadata["legacy_id"]``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from pydantic import JsonValue, ValidationError

from ..storage.records import StoredRecord
from .conversation_models import Conversation, ConversationMessage, MessageRole

__all__ = ["conversation_from_record", "read_timestamp"]

_ROLE_ALIASES: dict[str, MessageRole] = {
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "ai": "assistant",
    "bot": "assistant",
    "system": "system",
}


def read_timestamp(value: object, default: datetime) -> datetime:
    """``value`` as a UTC datetime: a Unix time in seconds, ISO-8601 text (a time without
    zone is taken as UTC) or a datetime; ``default`` when it is none of these."""
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(float(value), UTC)
        except (OverflowError, OSError, ValueError):
            return default
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            try:
                return datetime.fromtimestamp(float(value), UTC)
            except (OverflowError, OSError, ValueError):
                return default
    else:
        return default
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def _json_value(value: Any) -> JsonValue:
    """``value`` when it is JSON; otherwise its text."""
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return str(value)
    result: JsonValue = value
    return result


def _metadata(value: object) -> dict[str, JsonValue]:
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return {str(key): _json_value(item) for key, item in value.items()}
    return {"legacy_metadata": _json_value(value)}


def _message(raw: object, default: datetime) -> ConversationMessage | None:
    """One stored message, or None when it cannot be read."""
    if not isinstance(raw, Mapping):
        return None
    role = _ROLE_ALIASES.get(str(raw.get("role", "")).strip().lower())
    content = raw.get("content")
    if role is None or not isinstance(content, str):
        return None
    try:
        return ConversationMessage(
            role=role,
            content=content,
            timestamp=read_timestamp(raw.get("timestamp"), default),
            metadata=_metadata(raw.get("metadata")),
        )
    except ValidationError:
        return None


def conversation_from_record(record: StoredRecord) -> Conversation:
    """The conversation a stored record holds (see the module docs for old shapes)."""
    data = record.data
    created = read_timestamp(data.get("created_at"), record.created_at)
    updated = read_timestamp(data.get("updated_at"), record.updated_at)
    raw_messages = data.get("messages")
    if not isinstance(raw_messages, list):
        metadata: dict[str, JsonValue] = (
            {"legacy_data": _json_value(data["legacy_data"])}
            if set(data) == {"legacy_data"}
            else {"legacy_record": _json_value(data)}
        )
        return Conversation(id=record.id, created_at=created, updated_at=updated, metadata=metadata)
    metadata = _metadata(data.get("metadata"))
    messages: list[ConversationMessage] = []
    unreadable: list[JsonValue] = []
    for raw in raw_messages:
        message = _message(raw, updated)
        if message is None:
            unreadable.append(_json_value(raw))
        else:
            messages.append(message)
    if unreadable:
        metadata["unreadable_messages"] = unreadable
    stored_id = data.get("id")
    if stored_id is not None and stored_id != record.id:
        metadata.setdefault("legacy_id", _json_value(stored_id))
    owner = data.get("owner")
    return Conversation(
        id=record.id,
        created_at=created,
        updated_at=updated,
        messages=messages,
        metadata=metadata,
        owner=owner if isinstance(owner, str) else "",
    )
