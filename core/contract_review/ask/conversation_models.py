"""What a conversation is (seed 002 P0): its messages, and the summary a listing shows.

The stored form is the seed's: ``{"id", "created_at", "updated_at", "messages": [{"role",
"content", "timestamp", "metadata"}], "metadata"}``, with timestamps written as ISO-8601
UTC text (the seed's Unix-time floats are still read; see
:mod:`~contract_review.ask.conversation_records`).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, JsonValue, field_validator

__all__ = [
    "TITLE_CHARS",
    "Conversation",
    "ConversationMessage",
    "ConversationSummary",
    "MessageRole",
]

#: Who speaks in a conversation message.
MessageRole = Literal["user", "assistant", "system"]

#: The longest title a summary shows (the first user message, cut).
TITLE_CHARS = 60


def _in_utc(value: datetime) -> datetime:
    return value.astimezone(UTC)


class ConversationMessage(BaseModel):
    """One turn of a conversation."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: MessageRole
    content: str
    timestamp: AwareDatetime
    metadata: dict[str, JsonValue] = Field(
        default_factory=dict,
        description="Anything JSON the turn carries: an answer's citations, confidence, mode.",
    )

    _utc = field_validator("timestamp", mode="after")(classmethod(lambda cls, v: _in_utc(v)))


class Conversation(BaseModel):
    """A conversation with its messages, oldest first."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(description="conv-<hex> for conversations created here.")
    created_at: AwareDatetime
    updated_at: AwareDatetime
    messages: list[ConversationMessage] = Field(default_factory=list)
    metadata: dict[str, JsonValue] = Field(
        default_factory=dict, description="Anything JSON the caller attaches (domain, language)."
    )
    owner: str = Field(
        default="",
        description="Who it belongs to in the HTTP service: 'key:<fingerprint>' of the API "
        "key that created it; '' for the server's keyless user (and the CLI).",
    )

    _utc = field_validator("created_at", "updated_at", mode="after")(
        classmethod(lambda cls, v: _in_utc(v))
    )

    def user_questions(self) -> list[str]:
        """The text of every user message, oldest first."""
        return [m.content for m in self.messages if m.role == "user"]

    def summary(self) -> ConversationSummary:
        """This conversation as a listing shows it."""
        return ConversationSummary(
            id=self.id,
            created_at=self.created_at,
            updated_at=self.updated_at,
            message_count=len(self.messages),
            title=conversation_title(self),
        )


class ConversationSummary(BaseModel):
    """One conversation as listed: no messages, only how many and the first question."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    created_at: AwareDatetime
    updated_at: AwareDatetime
    message_count: int = Field(ge=0)
    title: str = Field(description="The first user message, cut; empty when there is none.")


def conversation_title(conversation: Conversation) -> str:
    """The first user message on one line, cut to :data:`TITLE_CHARS` (with ``…``)."""
    first = next((m.content for m in conversation.messages if m.role == "user"), "")
    line = " ".join(first.split())
    if len(line) <= TITLE_CHARS:
        return line
    return line[: TITLE_CHARS - 1].rstrip() + "…"
