"""What a legal domain declares: checklist, document roles, parser settings,
baseline texts and its playbook.

A domain plugin returns one :class:`DomainSpec` from its ``register_domains`` hook.
Core validates it, records which plugin it came from and makes it available through
the registry; the review engine walks its checklist.

The playbook models (:class:`PlaybookRule`, :class:`Playbook`), :class:`RiskLevel` and
:data:`IDENTIFIER_PATTERN` live in :mod:`contract_review.playbooks` and are re-exported
here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .playbooks.playbook_models import Playbook
from .playbooks.rule_models import PlaybookRule
from .playbooks.vocabulary import IDENTIFIER_PATTERN, RiskLevel, is_identifier

__all__ = [
    "ALL_DOMAINS",
    "IDENTIFIER_PATTERN",
    "ChecklistItem",
    "DocumentRoleSpec",
    "DomainSpec",
    "ParserSettings",
    "Playbook",
    "PlaybookRule",
    "Priority",
    "RiskLevel",
    "is_identifier",
]

#: The domain value of a skill that every domain may use.
ALL_DOMAINS = "*"


class Priority(StrEnum):
    """How much a checklist item matters to the reviewer."""

    CRITICAL = "critical"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class ChecklistItem(BaseModel):
    """One clause (or topic) a review of this domain must look at."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    clause_id: str = Field(
        min_length=1, description="Clause number or topic id, e.g. '20.1' or 'governing_law'."
    )
    clause_name: str = Field(
        min_length=1, description="Human name, in the language the domain is reviewed in."
    )
    priority: Priority = Priority.MEDIUM
    required_skills: tuple[str, ...] = Field(
        default=(), description="Skill ids the reviewer should run on this clause."
    )
    description: str = Field(default="", description="What the reviewer checks here.")
    description_zh: str = Field(
        default="", description="'description' in Chinese, for a report in Chinese."
    )
    keywords: tuple[str, ...] = Field(
        default=(),
        description="Words that locate this clause in a document whose numbering differs "
        "(English and Chinese).",
    )
    clause_name_en: str = Field(default="", description="English name when clause_name is Chinese.")
    provided_by: tuple[str, ...] = Field(
        default=(),
        description="Phrases that show a contract provides this item wherever they stand "
        "(质量保证期, 'defects liability period'): read, with the distinctive keywords, "
        "before the item is reported missing.",
    )
    applies_to: tuple[str, ...] = Field(
        default=(),
        description="The kinds of contract (contract type ids such as 'supply', 'services', "
        "'licence', 'construction') this item is expected in; empty for every kind. An item "
        "that does not apply to the contract under review is never reported missing.",
    )


class DocumentRoleSpec(BaseModel):
    """A kind of document the domain works with (primary contract, ER, disclosure letter...)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    role: str = Field(pattern=IDENTIFIER_PATTERN, description="Role id, e.g. 'primary', 'er'.")
    name: str
    description: str = ""
    required: bool = False
    #: The generic role this maps to: primary, reference, disclosure_letter or baseline.
    kind: str = Field(
        default="reference", pattern=r"^(primary|reference|disclosure_letter|baseline)$"
    )


class ParserSettings(BaseModel):
    """How documents of this domain are split into sections."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    language: str = Field(default="auto", pattern=r"^(auto|en|zh)$")
    definitions_titles: tuple[str, ...] = Field(
        default=(),
        description="Extra section titles (besides 'Definitions', '定义', ...) that hold defined terms.",
    )


def _playbook_of_rules(data: dict[str, Any]) -> Playbook:
    """The playbook of a domain that gives only ``playbook_rules`` (``data`` is the
    fields validated so far; pydantic does not call it when one of them failed)."""
    domain_id: str = data["domain_id"]
    title = f"{data.get('name') or domain_id} (rules given in code)"
    return Playbook.from_rules(domain_id, title, tuple(data.get("playbook_rules", ())))


class DomainSpec(BaseModel):
    """Everything a legal domain declares to core."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    domain_id: str = Field(pattern=IDENTIFIER_PATTERN, description="Stable id, e.g. 'fidic'.")
    name: str = Field(min_length=1)
    name_zh: str = Field(default="", description="The name in Chinese, for a report in Chinese.")
    description: str = ""
    checklist: tuple[ChecklistItem, ...] = ()
    document_roles: tuple[DocumentRoleSpec, ...] = (
        DocumentRoleSpec(role="primary", name="Primary contract", kind="primary", required=True),
    )
    parser_settings: ParserSettings = ParserSettings()
    baseline_texts: dict[str, str] = Field(
        default_factory=dict,
        description="Clause id -> the market-standard text to compare against.",
    )
    playbook_rules: tuple[PlaybookRule, ...] = Field(
        default=(), description="The playbook's rules (the same as playbook.rules)."
    )
    playbook: Playbook = Field(
        default_factory=_playbook_of_rules,
        description="The domain's playbook (id, version, sides, rules). Give it, or only "
        "playbook_rules: a domain that gives bare rules gets a playbook of version 0.0.0 "
        "holding them.",
    )

    @model_validator(mode="before")
    @classmethod
    def _rules_of_playbook(cls, data: Any) -> Any:
        """A domain that gives ``playbook`` without ``playbook_rules`` has its rules."""
        if not isinstance(data, dict) or data.get("playbook") is None:
            return data
        if data.get("playbook_rules") is not None:
            return data
        try:
            rules = Playbook.model_validate(data["playbook"]).rules
        except ValidationError:
            return data  # reported against the playbook field
        return {**data, "playbook_rules": rules}

    @model_validator(mode="after")
    def _consistent(self) -> DomainSpec:
        if self.playbook.domain_id != self.domain_id:
            raise ValueError(
                f"playbook {self.playbook.playbook_id!r} is for domain "
                f"{self.playbook.domain_id!r}, not {self.domain_id!r}"
            )
        if self.playbook.rules != self.playbook_rules:
            raise ValueError("playbook_rules differ from playbook.rules; give one of them")
        ids = [item.clause_id for item in self.checklist]
        duplicates = sorted({cid for cid in ids if ids.count(cid) > 1})
        if duplicates:
            raise ValueError(f"checklist has duplicate clause ids: {', '.join(duplicates)}")
        roles = [role.role for role in self.document_roles]
        if len(set(roles)) != len(roles):
            raise ValueError("document_roles has duplicate role ids")
        known = set(ids)
        orphans = sorted(
            {rule.rule_id for rule in self.playbook_rules if rule.clause_id not in known}
        )
        if orphans:
            raise ValueError(
                f"playbook rules name clauses not in the checklist: {', '.join(orphans)}"
            )
        return self

    def checklist_item(self, clause_id: str) -> ChecklistItem | None:
        """The checklist item with this clause id, or None."""
        return next((item for item in self.checklist if item.clause_id == clause_id), None)

    def referenced_skills(self) -> set[str]:
        """Every skill id named by a checklist item."""
        return {skill for item in self.checklist for skill in item.required_skills}
