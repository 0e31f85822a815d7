"""A domain's playbook: versioned metadata, the party sides the domain knows, and the
rules (:mod:`.rule_models`) the offline review applies.

A :class:`Playbook` is data: ``playbook.yaml`` in each domain plugin, or a file given
with ``--playbook`` (see :mod:`.playbook_loading`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator, model_validator

from .rule_models import PARTY_BURDENS, PlaybookRule
from .vocabulary import IDENTIFIER_PATTERN

__all__ = ["PLAYBOOK_SCHEMA_VERSION", "Playbook", "SideSpec", "TermReaderSpec"]

#: The playbook file format this version reads and writes.
PLAYBOOK_SCHEMA_VERSION = 1


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TermReaderSpec(_Model):
    """The playbook's learned reader of one-sided terms
    (:mod:`contract_review.playbooks.term_reader`): its two weight files, beside the
    playbook, and how sure it must be."""

    one_sided: str = Field(
        pattern=r"^[\w.-]+\.npz$", description="Weights reading whether a term burdens our party."
    )
    subjects: str = Field(
        pattern=r"^[\w.-]+\.npz$", description="Weights reading which rule category it is about."
    )
    min_probability: float = Field(
        default=0.6,
        gt=0.5,
        le=1,
        description="How sure the reader must be that a section holds a term burdening "
        "our party before the rule of its subject fires there.",
    )


class SideSpec(_Model):
    """A party side a playbook knows (contractor, employer, buyer...)."""

    id: str = Field(pattern=IDENTIFIER_PATTERN, description="The side id rules name in 'burdens'.")
    labels: tuple[str, ...] = Field(
        default=(),
        description="Extra words (English or Chinese) contracts use for this side, added "
        "to core's own list for the id.",
    )
    opposite: str | None = Field(
        default=None, pattern=IDENTIFIER_PATTERN, description="The side across the table."
    )

    @model_validator(mode="before")
    @classmethod
    def _from_id(cls, data: Any) -> Any:
        return {"id": data} if isinstance(data, str) else data


class Playbook(_Model):
    """A domain's playbook: versioned metadata and the rules."""

    schema_version: int = Field(
        default=PLAYBOOK_SCHEMA_VERSION, description="The file format version (1)."
    )
    playbook_id: str = Field(pattern=IDENTIFIER_PATTERN, description="E.g. 'fidic'.")
    domain_id: str = Field(pattern=IDENTIFIER_PATTERN, description="The domain it applies to.")
    version: str = Field(
        pattern=r"^\d+\.\d+\.\d+$", description="The playbook's own version, e.g. '1.0.0'."
    )
    title: str = Field(min_length=1)
    description: str = ""
    sides: tuple[SideSpec, ...] = Field(
        default=(), description="The party sides this domain knows, e.g. contractor/employer."
    )
    rules: tuple[PlaybookRule, ...] = ()
    rules_read_definitions: bool = Field(
        default=False,
        description="Every document-scope rule reads each definition of a definitions "
        "section on its own, unless it sets ``reads_definitions`` itself (a domain whose "
        "terms are as often drafted into a definition as into a clause: a MAC threshold, "
        "a claim period, a buy-back return).",
    )
    term_reader: TermReaderSpec | None = Field(
        default=None,
        description="A learned reader of one-sided terms; its rules then also fire where "
        "it reads their subject's term burdening the party we act for (needs --party).",
    )
    _origin: str | None = PrivateAttr(default=None)

    @property
    def origin(self) -> str | None:
        """Where the playbook was loaded from (``pkg:<package>`` or a directory), for
        files it names; None when built in memory."""
        return self._origin

    def __eq__(self, other: object) -> bool:
        """Equal fields: where each was loaded from does not count."""
        if not isinstance(other, Playbook):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    def located(self, origin: str) -> Playbook:
        """This playbook, loaded from ``origin`` (see :attr:`origin`)."""
        self._origin = origin
        return self

    @field_validator("schema_version")
    @classmethod
    def _supported(cls, version: int) -> int:
        if version != PLAYBOOK_SCHEMA_VERSION:
            raise ValueError(
                f"schema_version {version} is not supported; this version of contract_review "
                f"reads schema_version {PLAYBOOK_SCHEMA_VERSION}"
            )
        return version

    @model_validator(mode="before")
    @classmethod
    def _definitions_read(cls, data: Any) -> Any:
        """With ``rules_read_definitions``, each rule that does not say whether it reads
        definitions does."""
        if not isinstance(data, dict) or not data.get("rules_read_definitions"):
            return data
        rules = [
            {**rule, "reads_definitions": True}
            if isinstance(rule, dict) and "reads_definitions" not in rule
            else rule.model_copy(update={"reads_definitions": True})
            if isinstance(rule, PlaybookRule) and "reads_definitions" not in rule.model_fields_set
            else rule
            for rule in data.get("rules", ())
        ]
        return {**data, "rules": rules}

    @model_validator(mode="after")
    def _consistent(self) -> Playbook:
        ids = [rule.rule_id for rule in self.rules]
        duplicates = sorted({rid for rid in ids if ids.count(rid) > 1})
        if duplicates:
            raise ValueError(f"duplicate rule ids: {', '.join(duplicates)}")
        side_ids = [side.id for side in self.sides]
        if len(set(side_ids)) != len(side_ids):
            raise ValueError("sides has duplicate ids")
        for side in self.sides:
            if side.opposite is not None and side.opposite not in side_ids:
                raise ValueError(
                    f"side {side.id!r}: opposite {side.opposite!r} is not a listed side"
                )
        allowed = set(PARTY_BURDENS) | set(side_ids)
        strangers = sorted(
            f"{rule.rule_id} ({side!r})"
            for rule in self.rules
            for side in rule.burdens
            if side not in allowed
        )
        if strangers:
            raise ValueError(
                f"rules name sides the playbook does not list in 'sides': {', '.join(strangers)}"
            )
        return self

    @property
    def label(self) -> str:
        """``'<playbook_id> <version>'``, as the report shows it."""
        return f"{self.playbook_id} {self.version}"

    def rules_for(self, clause_id: str) -> tuple[PlaybookRule, ...]:
        """The rules of checklist item ``clause_id``, in playbook order."""
        return tuple(rule for rule in self.rules if rule.clause_id == clause_id)

    def side(self, side_id: str) -> SideSpec | None:
        """The side with this id, or None."""
        return next((side for side in self.sides if side.id == side_id), None)

    @classmethod
    def from_rules(cls, domain_id: str, title: str, rules: tuple[PlaybookRule, ...]) -> Playbook:
        """A playbook for rules a domain gives in code (version ``0.0.0``); every side
        the rules name is listed."""
        named = sorted({side for rule in rules for side in rule.burdens} - set(PARTY_BURDENS))
        return cls(
            playbook_id=domain_id,
            domain_id=domain_id,
            version="0.0.0",
            title=title,
            sides=tuple(SideSpec(id=side) for side in named),
            rules=rules,
        )
