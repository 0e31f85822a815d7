"""What a user asks the review engine for: the documents with their roles, the domain
and the options. Saved with the review, so ``--resume`` needs only the review id."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["ApprovalMode", "DocumentInput", "ReviewRequest"]

#: How proposed changes are decided: ``auto`` reports them as proposed (the
#: non-interactive default), ``interactive`` asks in the terminal, ``pause`` stops the
#: review at the first change awaiting approval.
ApprovalMode = Literal["auto", "interactive", "pause"]


class DocumentInput(BaseModel):
    """One document of the review and its role."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: str = Field(min_length=1, description="The file, as the user gave it.")
    role: str = Field(
        default="primary",
        description="The domain's role id ('primary', 'gc', 'er', 'disclosure_letter'...).",
    )


class ReviewRequest(BaseModel):
    """A review to run."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    domain_id: str = Field(min_length=1)
    documents: list[DocumentInput] = Field(min_length=1)
    party: str = Field(default="", description="The side or party we act for; '' for none.")
    playbook_path: str | None = Field(
        default=None, description="A playbook file replacing the domain's own."
    )
    use_orchestrator: bool | None = Field(
        default=None, description="Plan with the orchestrator; None uses the setting."
    )
    use_react_agent: bool | None = Field(
        default=None,
        description="Analyse each clause with the ReAct worker (the LLM chooses the tools); "
        "False runs the plan's tools and the playbook; None uses the setting.",
    )
    llm: str | None = Field(
        default=None, description="'none', 'openai', 'dashscope'...; None uses the setting."
    )
    approval: ApprovalMode = "auto"
    report_language: Literal["", "en", "zh"] = Field(
        default="",
        description="The language the report is written in ('en', 'zh'); '' writes it in "
        "the contract's language. Redlines follow the contract's language whatever it is.",
    )
    owner: str = Field(
        default="",
        description="Who the review belongs to in the HTTP service: 'key:<fingerprint>' "
        "of the API key that started it; '' for the server's one keyless user (and the CLI).",
    )
