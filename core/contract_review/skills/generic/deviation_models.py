"""Models of ``assess_deviation``: how a clause departs from the domain's position.

The handler (:func:`contract_review.playbooks.deviation_assessment.assess_deviation`)
applies the playbook rules the engine fills in to the clause text, with the offline
assessor the review itself uses.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from ...domain import PlaybookRule, RiskLevel


class AssessDeviationInput(BaseModel):
    """Input of ``assess_deviation``."""

    clause_id: str = Field(min_length=1, description="The clause to assess, e.g. '17.6'.")
    clause_text: str = Field(default="", description="The clause as written in the contract.")
    baseline_text: str = Field(default="", description="The market-standard text, if any.")
    our_party: str = Field(
        default="",
        description="The party we act for: a side ('contractor'), a word the contract uses "
        "('Employer', '甲方') or a party's name; deviations that burden the other side are "
        "reported at low risk.",
    )
    language: Literal["en", "zh"] = "en"
    playbook_rules: list[PlaybookRule] = Field(
        default_factory=list,
        description="The domain's rules for this clause (filled by the engine).",
        json_schema_extra={"internal": True},
    )
    document_structure: Any = Field(
        default=None,
        description="The parsed document under review (filled by the engine).",
        json_schema_extra={"internal": True},
    )


class Deviation(BaseModel):
    """One departure from the domain's position."""

    description: str
    risk_level: RiskLevel
    rule_id: str | None = Field(default=None, description="The playbook rule that found it.")
    evidence: str = Field(default="", description="The words of the clause that show it.")
    rationale: str = ""
    standard_position: str = Field(default="", description="Our standard position on the term.")
    suggested_redline: str = ""


class AssessDeviationOutput(BaseModel):
    """Output of ``assess_deviation``."""

    clause_id: str
    deviations: list[Deviation] = Field(default_factory=list)
    overall_risk: RiskLevel | None = Field(
        default=None, description="The highest risk among the deviations; None when none."
    )
    summary: str = ""
    method: Literal["playbook", "llm"] = "playbook"
