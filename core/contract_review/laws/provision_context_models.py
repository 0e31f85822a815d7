"""The GetProvisionContext tool's input and output models (the tool schema an LLM
reads); :mod:`.provision_context` builds the output."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..errors import InputError, describe_validation_error

__all__ = [
    "MAX_NEIGHBOR_RANGE",
    "ContextEntry",
    "ContextRole",
    "ProvisionContextInput",
    "ProvisionContextOutput",
    "parse_provision_context_input",
]

#: The widest neighbour window a request may ask for.
MAX_NEIGHBOR_RANGE = 10

#: How a context entry relates to the target article.
ContextRole = Literal["target", "neighbor", "definition", "exception", "reference"]


class ProvisionContextInput(BaseModel):
    """A request for the context of one article."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    law_id: str = Field(
        min_length=1,
        description="The law: its law_id, its title, or the title without 中华人民共和国 "
        "(中华人民共和国劳动合同法, 劳动合同法, 《民法典》).",
    )
    article_id: str = Field(
        min_length=1,
        description="The article: its article_id (law_id#第X条) or its number within "
        "law_id (第四十五条, 第45条, 45).",
    )
    include_neighbors: bool = Field(
        default=True, description="Add the articles just before and after the target."
    )
    neighbor_range: int = Field(
        default=1,
        ge=0,
        le=MAX_NEIGHBOR_RANGE,
        description="How many articles on each side count as neighbours.",
    )
    include_definitions: bool = Field(
        default=True,
        description="Add the target's own definition sentences and the articles defining "
        "terms the target uses (本法所称……是指……, ……是指……, 以下简称……).",
    )
    include_exceptions: bool = Field(
        default=True,
        description="Add the target's own exception sentences (但……除外, 但是……, 除……外, "
        "另有规定) and the articles that carve out of the target.",
    )
    include_references: bool = Field(
        default=True,
        description="Add the articles the target cites (本法第X条, 前条, 第X条第X款, "
        "《XX法》第X条 when that law is loaded, and the nearest articles for 本章/本节).",
    )
    max_length: int = Field(
        default=2000,
        ge=1,
        description="The most characters the entries' texts may total; the least "
        "important entries are dropped first. The target is never dropped or cut.",
    )


class ContextEntry(BaseModel):
    """One piece of the context: an article, or a sentence of the target."""

    model_config = ConfigDict(frozen=True)

    article_id: str = Field(description="The article's id: law_id#第X条.")
    article_no: str = Field(description="The article number as written: 第十条.")
    role: ContextRole = Field(
        description="target: the requested article; neighbor: near it in the law; "
        "definition: defines a term it uses (or a definition sentence inside it); "
        "exception: carves out of it (or an exception sentence inside it); "
        "reference: cited by it."
    )
    text: str = Field(
        description="The whole article, or for the target's own definition/exception "
        "entries just that sentence."
    )
    law_id: str | None = Field(
        default=None,
        description="Set only when the article belongs to another law than the output's "
        "law_id (a 《XX法》第X条 citation).",
    )


class ProvisionContextOutput(BaseModel):
    """The context of one article, the target first."""

    model_config = ConfigDict(frozen=True)

    law_id: str = Field(description="The target's law.")
    law_title: str = Field(description="The law's full title.")
    context: list[ContextEntry] = Field(description="The target, then its context.")
    truncated: bool = Field(
        default=False, description="True when entries were dropped to honour max_length."
    )
    dropped: int = Field(default=0, description="How many entries max_length dropped.")


def parse_provision_context_input(data: Mapping[str, Any]) -> ProvisionContextInput:
    """``data`` (a tool call's JSON arguments) as a request.

    :raises InputError: naming each field that is missing or invalid.
    """
    try:
        return ProvisionContextInput.model_validate(data)
    except ValidationError as exc:
        raise InputError(f"GetProvisionContext input: {describe_validation_error(exc)}") from None
