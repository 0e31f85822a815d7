"""The inputs and outputs of the MCP server's own tools (``review``, ``ask``,
``search_reference_doc``) and the document arguments every skill tool adds to its
skill's input. Their JSON schemas are the tools' ``inputSchema`` and ``outputSchema``.

A document is given as a file the server can read (``*_path``) or as its text
(``*_text``, with a ``*_name`` for its file name, whose suffix chooses the parser).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..ask.answer_models import AskMode
from ..review.document_skills import DocumentSkillArguments
from ..review.findings import Finding
from ..review.report_models import ReviewStatus, RiskSummary

__all__ = [
    "AskToolInput",
    "DocumentSkillArguments",
    "ReviewToolInput",
    "ReviewToolOutput",
    "SearchReferenceDocToolInput",
]

_PATH_HELP = "A file the server can read: .txt, .md, .docx or .pdf (give this or the text)."
_TEXT_HELP = "The document's text, when there is no file to give."
_NAME_HELP = "The file name of the text (its suffix chooses the parser: .txt, .md)."


class _Arguments(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _one_of(path: str | None, text: str | None, what: str, prefix: str) -> None:
    """Exactly one of a document's path and text must be given."""
    if (path is None) == (text is None):
        raise ValueError(f"give the {what} as {prefix}_path or as {prefix}_text (one of them)")


class SearchReferenceDocToolInput(_Arguments):
    """Input of the ``search_reference_doc`` tool: search one document's sections."""

    document_path: str | None = Field(default=None, description=_PATH_HELP)
    document_text: str | None = Field(default=None, description=_TEXT_HELP)
    document_name: str = Field(default="document.txt", description=_NAME_HELP)
    query: str = Field(min_length=1, description="What to look for, e.g. a clause's text.")
    clause_id: str = Field(default="", description="The clause the query comes from, if any.")
    top_k: int = Field(default=5, ge=1, le=50, description="The most sections to return.")
    min_score: float = Field(
        default=0.3, ge=0.0, le=1.0, description="Leave out sections scoring below this."
    )

    @model_validator(mode="after")
    def _document_given(self) -> SearchReferenceDocToolInput:
        _one_of(self.document_path, self.document_text, "document", "document")
        return self


class ReviewToolInput(_Arguments):
    """Input of the ``review`` tool: one contract, reviewed as ``contract-review
    review FILE --domain DOMAIN`` reviews it."""

    path: str | None = Field(default=None, description="The contract: " + _PATH_HELP)
    text: str | None = Field(default=None, description="The contract's text.")
    name: str = Field(default="contract.txt", description=_NAME_HELP)
    domain: str = Field(
        min_length=1, description="The domain: generic, fidic, sha_spa, or an installed one."
    )
    party: str = Field(
        default="",
        description="The side we act for: contractor/employer, buyer/seller, 甲方/乙方 or a "
        "party's name; '' ranks terms one-sided against either party.",
    )
    report_language: Literal["", "en", "zh"] = Field(
        default="", description="The report's language; '' for the contract's."
    )
    out_dir: str | None = Field(
        default=None,
        description="Also write report.json, report.md and report.html into this folder.",
    )

    @model_validator(mode="after")
    def _contract_given(self) -> ReviewToolInput:
        if (self.path is None) == (self.text is None):
            raise ValueError("give the contract as path or as text (one of them)")
        return self


class ReviewToolOutput(BaseModel):
    """What the ``review`` tool returns: the summary and the findings; the whole report
    is a resource (``report_json``, ``report_markdown``)."""

    review_id: str
    status: ReviewStatus
    title: str
    summary: RiskSummary
    findings: list[Finding]
    notes: list[str] = Field(default_factory=list)
    report_json: str = Field(description="The report as a resource: review://ID/report.json.")
    report_markdown: str = Field(description="The report as Markdown: review://ID/report.md.")
    store: str = Field(description="The review store the review is kept in.")
    written: list[str] = Field(
        default_factory=list, description="The report files written into out_dir."
    )


class AskToolInput(_Arguments):
    """Input of the ``ask`` tool: a question about the law library, or about a review."""

    question: str = Field(min_length=1, max_length=4000, description="The question.")
    review_id: str | None = Field(
        default=None, description="Answer from this review's contract instead of the laws."
    )
    top_k: int = Field(default=5, ge=1, le=20, description="The most citations to give.")
    mode: AskMode = Field(
        default="auto",
        description="extractive: quote the best sentences; llm: an LLM writes the answer; "
        "auto: the LLM when one is configured.",
    )
    language: Literal["auto", "zh", "en"] = Field(
        default="auto", description="The answer's language; auto: the question's."
    )
