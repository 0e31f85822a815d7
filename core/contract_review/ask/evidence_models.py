"""What an answer is made from: the passages found for a question (law articles or
contract clauses, each with its full text), their sentences ranked against the question,
and the review findings a contract answer may mention."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .answer_models import AskIntent, CitationKind
from .question_focus import QuestionFocus

__all__ = ["AnswerEvidence", "FindingNote", "Passage", "RankedSentence"]


class Passage(BaseModel):
    """One article or clause found for a question."""

    model_config = ConfigDict(frozen=True)

    kind: CitationKind
    id: str = Field(description="The article id or the clause id.")
    source: str = Field(description="The law's title or the document's name.")
    label: str = Field(description="How a reader names it (劳动合同法 第二十一条, Clause 8.7).")
    reference: str = Field(
        description="How the answer names it, in the answer's language (《劳动合同法》第二十一条)."
    )
    text: str = Field(description="The whole article or clause text; quotes are cut from it.")
    heading: str = Field(default="", description="A clause title: searched, never quoted.")
    prior: float = Field(default=1.0, ge=0.0, le=1.0, description="How the search ranked it.")


class RankedSentence(BaseModel):
    """One sentence of a passage (``passage.text[start:end]``) and how well it answers."""

    model_config = ConfigDict(frozen=True)

    passage: int = Field(ge=0, description="Index of the passage in AnswerEvidence.passages.")
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    score: float = Field(ge=0.0)
    coverage: float = Field(ge=0.0, le=1.0, description="Share of the question's terms it holds.")
    actor_match: bool | None = Field(
        default=None,
        description="Whether its rule binds the question's actor; None when the question "
        "names none or the sentence names no actor.",
    )
    rule: bool = Field(default=False, description="Whether it lays down a rule (不得, shall).")


class FindingNote(BaseModel):
    """A review finding, as a contract answer mentions it."""

    model_config = ConfigDict(frozen=True)

    clause_id: str
    title: str
    risk_level: str
    description: str = ""


class AnswerEvidence(BaseModel):
    """Everything found for one question, before the answer is written."""

    model_config = ConfigDict(frozen=True)

    intent: AskIntent
    focus: QuestionFocus
    passages: list[Passage] = Field(default_factory=list)
    ranked: list[RankedSentence] = Field(
        default_factory=list, description="Sentences sharing words with the question, best first."
    )
    by_meaning: bool = Field(
        default=False,
        description="The sentences were ranked by meaning, none sharing a word with the question.",
    )
    findings: list[FindingNote] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    def quote(self, sentence: RankedSentence) -> str:
        """The text of a ranked sentence."""
        return self.passages[sentence.passage].text[sentence.start : sentence.end]
