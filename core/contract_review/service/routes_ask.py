"""``/ask`` and ``/conversations``: questions answered with citations, and the
conversations that keep them (seed 002 P0's create/get/delete/list/clear as REST)."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Depends, Path
from pydantic import BaseModel, ConfigDict, Field, JsonValue, field_validator
from starlette.requests import Request

from ..ask.answer_models import AskAnswer, AskRequest
from ..ask.asking import ask
from ..ask.conversation_models import Conversation, ConversationSummary
from ..ask.conversations import ConversationStore
from ..llm.llm_choice import choose_llm
from .envelope import Envelope, envelope
from .openapi_schema import errors
from .principals import Caller, check_conversation, check_review
from .service_state import ServiceState
from .service_wiring import service_state

__all__ = ["router"]

#: Conversations live in the store, answers come from the law index or an LLM (502 when
#: one fails).
router = APIRouter(tags=["ask"], responses=errors(502))

#: The most a conversation's metadata may hold (JSON, UTF-8).
MAX_METADATA_BYTES = 16_384

Service = Annotated[ServiceState, Depends(service_state)]
ConversationId = Annotated[
    str,
    Path(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$", description="The conversation id."),
]


class NewConversation(BaseModel):
    """A conversation to start."""

    model_config = ConfigDict(extra="forbid")

    metadata: dict[str, JsonValue] = Field(
        default_factory=dict,
        description=f"Kept with it: domain, language, ... (at most {MAX_METADATA_BYTES:,} "
        "bytes as JSON).",
    )

    @field_validator("metadata")
    @classmethod
    def _small(cls, value: dict[str, JsonValue]) -> dict[str, JsonValue]:
        size = len(json.dumps(value, ensure_ascii=False).encode("utf-8"))
        if size > MAX_METADATA_BYTES:
            raise ValueError(f"{size:,} bytes as JSON; at most {MAX_METADATA_BYTES:,} are kept")
        return value


@router.post(
    "/ask",
    summary="Ask about the law library or a reviewed contract",
    responses=errors(404, 501),
)
def ask_question(
    request: Request, service: Service, principal: Caller, body: AskRequest
) -> Envelope[AskAnswer]:
    """Answers quote the articles or clauses they rest on (each quote occurs in its
    source). Offline and extractive by default; written by the configured LLM when one
    is set and ``options.mode`` allows it. A review or conversation named must be the
    caller's."""
    if body.review_id is not None:
        check_review(principal, service.storage, body.review_id)
    if body.conversation_id is not None:
        check_conversation(principal, service.storage, body.conversation_id)
    # A law question needs the law index: without one, E_NOT_SUPPORTED says how to set it.
    law_index = service.law_index() if body.review_id is None else None
    llm = None if body.options.mode == "extractive" else choose_llm(None, settings=service.settings)
    answer = ask(body, law_index=law_index, storage=service.storage, llm=llm)
    return envelope(request, answer)


def _store(service: ServiceState) -> ConversationStore:
    return ConversationStore(service.storage)


@router.post("/conversations", status_code=201, summary="Start a conversation")
def create_conversation(
    request: Request, service: Service, principal: Caller, body: NewConversation | None = None
) -> Envelope[Conversation]:
    metadata = body.metadata if body is not None else {}
    return envelope(request, _store(service).create(metadata=metadata, owner=principal.id))


@router.get("/conversations", summary="List conversations")
def list_conversations(
    request: Request, service: Service, principal: Caller
) -> Envelope[list[ConversationSummary]]:
    """The caller's conversations (an admin key's: every conversation)."""
    return envelope(request, _store(service).list(owned_by=principal.may_see))


@router.get(
    "/conversations/{conversation_id}",
    summary="A conversation with its messages",
    responses=errors(404),
)
def get_conversation(
    request: Request, service: Service, principal: Caller, conversation_id: ConversationId
) -> Envelope[Conversation]:
    check_conversation(principal, service.storage, conversation_id)
    return envelope(request, _store(service).get(conversation_id))


@router.delete(
    "/conversations/{conversation_id}", summary="Delete a conversation", responses=errors(404)
)
def delete_conversation(
    request: Request, service: Service, principal: Caller, conversation_id: ConversationId
) -> Envelope[str]:
    check_conversation(principal, service.storage, conversation_id)
    _store(service).delete(conversation_id)
    return envelope(request, conversation_id)


@router.delete(
    "/conversations/{conversation_id}/messages",
    summary="Clear a conversation's messages",
    responses=errors(404),
)
def clear_conversation(
    request: Request, service: Service, principal: Caller, conversation_id: ConversationId
) -> Envelope[Conversation]:
    check_conversation(principal, service.storage, conversation_id)
    return envelope(request, _store(service).clear(conversation_id))
