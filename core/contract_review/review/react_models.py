"""What the ReAct worker (seed SPEC-20) takes and gives back.

* :class:`ClauseTask` — one checklist item to analyse: the located passages, the party
  we act for, the playbook's position and rules (the engine fills it).
* :class:`FindingDraft` — one finding as the model writes it in its final JSON answer;
  :func:`contract_review.review.react_findings.findings_from_drafts` turns drafts into
  :class:`~contract_review.review.findings.Finding` objects with exact evidence.
* :class:`ToolInvocation` — one tool call the model made and how it went.
* :class:`WorkerResult` — the drafts, the tool calls, how many LLM calls used tools and
  why the loop stopped.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator, model_validator

from ..domain import ChecklistItem, RiskLevel
from .governing_law import GoverningLaw
from .plan import ClauseAnalysisPlan

__all__ = [
    "ClausePassage",
    "ClauseTask",
    "FindingDraft",
    "FindingsAnswer",
    "StopReason",
    "ToolInvocation",
    "WorkerResult",
]

#: Why the loop stopped: the model answered; the tool budget ran out and the answer was
#: asked for without tools; the LLM failed (the engine then uses the offline playbook).
StopReason = Literal["answered", "max_iterations", "llm_error"]

#: Risk words models write instead of the enum values.
_RISK_WORDS: dict[str, str] = {
    "严重": "critical",
    "重大": "critical",
    "关键": "critical",
    "高": "high",
    "中": "medium",
    "中等": "medium",
    "低": "low",
    "moderate": "medium",
    "severe": "critical",
}


class ClausePassage(BaseModel):
    """One located passage of the clause, as the model is shown it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    clause_id: str = Field(min_length=1, description="The passage as the document numbers it.")
    text: str


class ClauseTask(BaseModel):
    """One checklist item for the ReAct worker to analyse."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    domain: str = Field(min_length=1, description="The domain's name, e.g. 'FIDIC Silver Book'.")
    item: ChecklistItem
    plan: ClauseAnalysisPlan
    passages: list[ClausePassage] = Field(
        default_factory=list, description="Where the item is in the documents, best first."
    )
    our_party: str = Field(default="", description="The party we act for; '' for none.")
    language: Literal["en", "zh"] = Field(
        default="en", description="The report's language: the findings are written in it."
    )
    contract_language: Literal["", "en", "zh"] = Field(
        default="",
        description="The contract's language where it is not the report's: revised text "
        "is written in it ('' when the same).",
    )
    standard_position: str = Field(
        default="", description="The playbook's standard position for the item."
    )
    rules: list[str] = Field(
        default_factory=list, description="The playbook rules for the item, as descriptions."
    )
    governing_law: GoverningLaw | None = Field(
        default=None, description="The law governing the contract (the model cites no other)."
    )


class FindingDraft(BaseModel):
    """One finding in the model's final answer."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    risk_level: RiskLevel = Field(validation_alias=AliasChoices("risk_level", "risk"))
    title: str = Field(min_length=1)
    description: str = ""
    rationale: str = ""
    clause_id: str = Field(
        default="", description="The passage the finding is about; '' for the first one."
    )
    revised_text: str | None = Field(
        default=None,
        validation_alias=AliasChoices("revised_text", "suggested_text", "redline"),
        description="The whole passage as the model proposes it, for a redline.",
    )
    quotes: list[str] = Field(
        default_factory=list, description="Words quoted exactly from the passage."
    )

    @field_validator("risk_level", mode="before")
    @classmethod
    def _risk_word(cls, value: object) -> object:
        if isinstance(value, str):
            word = value.strip().lower()
            return _RISK_WORDS.get(word, word)
        return value

    @field_validator("clause_id", mode="before")
    @classmethod
    def _clause_id_text(cls, value: object) -> object:
        if value is None:
            return ""
        return str(value).strip() if isinstance(value, int | float | str) else value

    @field_validator("quotes", mode="before")
    @classmethod
    def _one_quote(cls, value: object) -> object:
        if value is None:
            return []
        return [value] if isinstance(value, str) else value

    @field_validator("revised_text", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value


class FindingsAnswer(BaseModel):
    """The model's final answer: ``{"findings": [...]}`` (a bare list is accepted)."""

    model_config = ConfigDict(extra="ignore")

    findings: list[FindingDraft]

    @model_validator(mode="before")
    @classmethod
    def _bare_list(cls, value: object) -> object:
        return {"findings": value} if isinstance(value, list) else value


class ToolInvocation(BaseModel):
    """One tool call the model asked for."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    iteration: int = Field(ge=1, description="The LLM call (1 = first) that asked for it.")
    skill_id: str = Field(description="The tool named; '' when the call named none.")
    arguments: dict[str, Any] = Field(default_factory=dict)
    success: bool
    summary: str = Field(default="", description="The start of the output, when it ran.")
    error: str | None = Field(default=None, description="What went wrong, when it failed.")


class WorkerResult(BaseModel):
    """What one ReAct run gives back."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    findings: list[FindingDraft] = Field(default_factory=list)
    tool_calls: list[ToolInvocation] = Field(default_factory=list)
    iterations: int = Field(ge=0, description="LLM calls that were offered the tools.")
    stopped: StopReason
    error: str | None = Field(
        default=None,
        description="Why there are no findings: the LLM failed or its answer could not be used.",
    )
