"""A domain's playbook: versioned metadata, the party sides the domain knows, and the
rules (:mod:`.rule_models`) the offline review applies.

A :class:`Playbook` is data: ``playbook.yaml`` in each domain plugin, or a file given
with ``--playbook`` (see :mod:`.playbook_loading`).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .rule_models import PARTY_BURDENS, PlaybookRule
from .vocabulary import IDENTIFIER_PATTERN

__all__ = ["PLAYBOOK_SCHEMA_VERSION", "Playbook", "SideSpec"]

#: The playbook file format this version reads and writes.
PLAYBOOK_SCHEMA_VERSION = 1


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


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

    @field_validator("schema_version")
    @classmethod
    def _supported(cls, version: int) -> int:
        if version != PLAYBOOK_SCHEMA_VERSION:
            raise ValueError(
                f"schema_version {version} is not supported; this version of contract_review "
                f"reads schema_version {PLAYBOOK_SCHEMA_VERSION}"
            )
        return version

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
