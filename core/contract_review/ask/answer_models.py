"""What crosses the boundary of ``ask`` (seed 002 P3 ``/ask``): the request, the answer
and the citations that back it.

Every citation quotes its source exactly: :attr:`Citation.quote` is a substring of the
cited article's text (:attr:`~contract_review.laws.law_models.Article.text`) or of the
cited clause's text (:attr:`~contract_review.documents.model.Section.text`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "AnswerMode",
    "AskAnswer",
    "AskIntent",
    "AskMode",
    "AskOptions",
    "AskRequest",
    "Citation",
    "CitationKind",
]

#: How an answer is to be made: ``extractive`` quotes the best sentences, ``llm`` has a
#: model write it from the passages found, ``auto`` uses the model when there is one.
AskMode = Literal["auto", "extractive", "llm"]

#: How an answer was made.
AnswerMode = Literal["extractive", "llm"]

#: What was asked about: the law library or a reviewed contract.
AskIntent = Literal["law_question", "contract_question"]

#: What a citation points at: a law article or a clause of a reviewed document.
CitationKind = Literal["article", "clause"]


class AskOptions(BaseModel):
    """How a question is answered."""

    model_config = ConfigDict(extra="forbid")

    mode: AskMode = "auto"
    language: Literal["auto", "zh", "en"] = Field(
        default="auto",
        description="The language of the answer; auto: the language the question is written in.",
    )
    follow_up: bool = Field(
        default=True,
        description="Read a short follow-up question (那试用期多长?) together with the "
        "conversation's earlier questions.",
    )


class AskRequest(BaseModel):
    """A question about the law library, or about a reviewed contract (``review_id``)."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=4000, description="The question.")
    conversation_id: str | None = Field(
        default=None,
        description="The conversation the question belongs to; the question and the "
        "answer are appended to it.",
    )
    review_id: str | None = Field(
        default=None,
        description="Answer from this review's documents (and findings) instead of the laws.",
    )
    top_k: int = Field(default=5, ge=1, le=20, description="The most citations to give.")
    options: AskOptions = Field(default_factory=AskOptions)

    @field_validator("query")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        stripped = value.strip()
        if not stripped:
            raise ValueError("the question is empty; write the question to answer")
        return stripped


class Citation(BaseModel):
    """One passage an answer rests on, quoted exactly."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: CitationKind
    id: str = Field(
        description="The article id (中华人民共和国劳动合同法#第二十一条) or the clause id "
        "as the document numbers it (14.7, 第三条)."
    )
    source: str = Field(description="The law's title, or the document's name.")
    label: str = Field(description="How a reader names it: 劳动合同法 第二十一条, Clause 14.7.")
    quote: str = Field(
        min_length=1, description="Text that occurs exactly in the cited article or clause."
    )
    score: float = Field(description="How well it answers the question; higher is better.")


class AskAnswer(BaseModel):
    """The answer to one question."""

    model_config = ConfigDict(extra="forbid")

    answer: str
    confidence: float = Field(ge=0.0, le=1.0, description="0: nothing found; 1: certain.")
    citations: list[Citation] = Field(default_factory=list)
    conversation_id: str | None = None
    intent: AskIntent
    mode: AnswerMode
    notes: list[str] = Field(
        default_factory=list,
        description="What happened on the way: a follow-up read with the earlier "
        "question, an LLM that failed, citations dropped.",
    )
