"""What a legal domain declares: checklist, document roles, parser settings,
baseline texts and playbook rules.

A domain plugin returns one :class:`DomainSpec` from its ``register_domains`` hook.
Core validates it, records which plugin it came from and makes it available through
the registry; the review engine walks its checklist.
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

#: Domain ids and skill ids: lower-case letters, digits and underscores, starting with a letter.
IDENTIFIER_PATTERN = r"^[a-z][a-z0-9_]*$"
_IDENTIFIER_RE = re.compile(IDENTIFIER_PATTERN)

#: The domain value of a skill that every domain may use.
ALL_DOMAINS = "*"


class Priority(StrEnum):
    """How much a checklist item matters to the reviewer."""

    CRITICAL = "critical"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class RiskLevel(StrEnum):
    """Risk level of a finding, most severe first."""

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
    keywords: tuple[str, ...] = Field(
        default=(),
        description="Words that locate this clause in a document whose numbering differs "
        "(English and Chinese).",
    )
    clause_name_en: str = Field(default="", description="English name when clause_name is Chinese.")


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


class PlaybookRule(BaseModel):
    """A rule that drives review without an LLM.

    A rule fires on a clause when ``patterns`` match (``when='present'``) or none match
    (``when='absent'``); numeric rules compare the first number captured by
    ``patterns`` with ``threshold`` using ``comparison``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    rule_id: str = Field(pattern=IDENTIFIER_PATTERN)
    clause_id: str = Field(min_length=1, description="Checklist item the rule belongs to.")
    description: str
    patterns: tuple[str, ...] = Field(
        min_length=1, description="Regular expressions, case-insensitive."
    )
    when: str = Field(default="present", pattern=r"^(present|absent)$")
    threshold: float | None = None
    comparison: str | None = Field(default=None, pattern=r"^(lt|le|gt|ge)$")
    risk_level: RiskLevel = RiskLevel.MEDIUM
    rationale: str = ""
    suggested_redline: str = ""

    @field_validator("patterns")
    @classmethod
    def _patterns_compile(cls, patterns: tuple[str, ...]) -> tuple[str, ...]:
        for pattern in patterns:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(
                    f"pattern {pattern!r} is not a valid regular expression: {exc}"
                ) from exc
        return patterns

    @model_validator(mode="after")
    def _threshold_needs_comparison(self) -> PlaybookRule:
        if (self.threshold is None) != (self.comparison is None):
            raise ValueError("threshold and comparison must be given together")
        return self


class DomainSpec(BaseModel):
    """Everything a legal domain declares to core."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    domain_id: str = Field(pattern=IDENTIFIER_PATTERN, description="Stable id, e.g. 'fidic'.")
    name: str = Field(min_length=1)
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
    playbook_rules: tuple[PlaybookRule, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> DomainSpec:
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


def is_identifier(value: str) -> bool:
    """True when ``value`` is a valid domain or skill id."""
    return bool(_IDENTIFIER_RE.fullmatch(value))
