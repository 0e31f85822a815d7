"""Who a request acts for, and what it may see.

Every review and conversation belongs to the caller that created it: the API key it
sent (stored as ``key:<fingerprint>``, never the key), or ``""``, the server's one
keyless user. A caller sees only what it owns; another key's review or conversation is
answered with 404, as if it did not exist. Keys configured as admin keys see
everything, and so does the keyless user of a server with no keys at all (a loopback
server of one person). A keyless caller of a server that has keys (loopback, keys not
required) is the keyless user: it sees what was created without a key (and by the
CLI), not what the keys created.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Annotated, TypeVar

from fastapi import Depends
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request

from ..ask.conversation_records import conversation_from_record
from ..ask.conversations import CONVERSATION_KIND, ConversationNotFoundError
from ..errors import StorageError
from ..review.engine import RECORD_KIND, ReviewNotFoundError
from ..storage.backend import StorageBackend

__all__ = [
    "KEYLESS",
    "Caller",
    "Principal",
    "caller",
    "check_conversation",
    "check_review",
    "review_owner",
    "visible",
]

#: The owner of what the keyless user creates.
KEYLESS = ""


class Principal(BaseModel):
    """The caller a request acts for."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="'key:<fingerprint>' for a key; '' for the keyless user.")
    admin: bool = Field(default=False, description="Sees every caller's data.")

    def may_see(self, owner: str) -> bool:
        """Whether something owned by ``owner`` is this caller's to see and change."""
        return self.admin or owner == self.id


def caller(request: Request) -> Principal:
    """The request's caller, as the request guards found it (the keyless user, admin,
    when a request never passed them)."""
    principal = getattr(request.state, "principal", None)
    return principal if isinstance(principal, Principal) else Principal(id=KEYLESS, admin=True)


#: A route parameter: the request's caller.
Caller = Annotated[Principal, Depends(caller)]

T = TypeVar("T")


def visible(principal: Principal, items: Iterable[tuple[str, T]]) -> Iterator[T]:
    """The items of ``(owner, item)`` pairs the caller may see."""
    return (item for owner, item in items if principal.may_see(owner))


def review_owner(data: object) -> str:
    """The owner a review record's data names (``""`` for records of old or of the CLI)."""
    request = data.get("request") if isinstance(data, dict) else None
    owner = request.get("owner") if isinstance(request, dict) else None
    return owner if isinstance(owner, str) else KEYLESS


def check_review(principal: Principal, storage: StorageBackend, review_id: str) -> None:
    """Pass when the review is the caller's to see (an admin may also touch a damaged one).

    :raises ReviewNotFoundError: when there is none, or it is another caller's.
    """
    try:
        record = storage.load(RECORD_KIND, review_id)
    except StorageError:  # damaged: whose it is cannot be read; only an admin touches it
        if principal.admin:
            return
        record = None
    if record is None or not principal.may_see(review_owner(record.data)):
        raise ReviewNotFoundError(f"no review {review_id!r}")


def check_conversation(principal: Principal, storage: StorageBackend, conversation_id: str) -> None:
    """Pass when the conversation is the caller's to see (or an admin's to touch).

    :raises ConversationNotFoundError: when there is none, or it is another caller's.
    """
    try:
        record = storage.load(CONVERSATION_KIND, conversation_id)
    except StorageError:
        if principal.admin:
            return
        record = None
    if record is None or not principal.may_see(conversation_from_record(record).owner):
        raise ConversationNotFoundError(
            f"no conversation {conversation_id!r} in the store {storage.location}; "
            "create one first, or list the conversations to find its id"
        )
