"""Review findings: what the reviewer reports about one clause, with its evidence.

A :class:`Finding` names the clause as the document numbers it ("20.1", "第四条"), its
risk level, a description and rationale, the evidence it rests on — the quoted clause
text with its offsets, matched reference sections (Employer's Requirements, disclosure
letter) and law articles — and, when the reviewer proposes one, a redline
(:class:`SuggestedChange`, built by :func:`contract_review.review.diffs.suggested_change`).

A checklist item with no matching clause in the document gives a finding with status
``missing`` (:meth:`Finding.missing`). The report (JSON, Markdown, HTML) is built from
these models, so every field is documented and the models reject unknown fields.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..documents.model import Document, Section
from ..domain import ChecklistItem, Priority, RiskLevel
from ..laws.law_models import Article, Law
from ..skills.generic.reference_search_models import MatchedSection
from ..skills.registration import SkillResult
from ..text.clause_text import clause_text

__all__ = [
    "CheckedItem",
    "Evidence",
    "EvidenceKind",
    "Finding",
    "FindingStatus",
    "RiskLevel",
    "SkillResultSummary",
    "SuggestedChange",
    "risk_for_priority",
]

#: What a piece of evidence is: the clause under review, a section of a reference
#: document (ER, disclosure letter...) or a law article.
EvidenceKind = Literal["clause", "reference", "law"]


class FindingStatus(StrEnum):
    """Whether the checklist item was found in the document."""

    FOUND = "found"  # the clause is in the document; the finding is about its wording
    MISSING = "missing"  # no clause of the document matches the checklist item


class Evidence(BaseModel):
    """One quoted passage a finding rests on.

    When ``start``/``end`` are given, ``text`` is exactly ``source_text[start:end]`` of
    the document named by ``source``, so a report can highlight it in place.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: EvidenceKind = Field(
        description="'clause' (the clause under review), 'reference' (a section of a "
        "reference document) or 'law' (a law article)."
    )
    source: str = Field(
        min_length=1, description="The document's name, or the law's title for a law article."
    )
    id: str = Field(
        min_length=1,
        description="The section id as the document writes it ('20.1', '第四条'), or the "
        "law article's article_id.",
    )
    text: str = Field(description="The quoted text.")
    start: int | None = Field(
        default=None, ge=0, description="Offset of the quote in the source document; None for laws."
    )
    end: int | None = Field(
        default=None, ge=0, description="End offset (exclusive) of the quote; None for laws."
    )
    score: float | None = Field(
        default=None,
        description="How relevant the passage is (the search score); None for the clause itself.",
    )

    @model_validator(mode="after")
    def _offsets_consistent(self) -> Evidence:
        if (self.start is None) != (self.end is None):
            raise ValueError(
                f"evidence {self.id!r} from {self.source!r}: give both start and end offsets, "
                "or neither"
            )
        if self.start is not None and self.end is not None:
            if self.start > self.end:
                raise ValueError(
                    f"evidence {self.id!r} from {self.source!r}: start offset {self.start} "
                    f"is after end offset {self.end}"
                )
            if len(self.text) != self.end - self.start:
                raise ValueError(
                    f"evidence {self.id!r} from {self.source!r}: the quote is {len(self.text)} "
                    f"characters long but its offsets {self.start}-{self.end} span "
                    f"{self.end - self.start}; quote the source exactly"
                )
        if self.kind == "clause" and self.score is not None:
            raise ValueError(
                f"evidence {self.id!r}: the clause under review has no relevance score"
            )
        return self

    @classmethod
    def from_section(
        cls,
        document: Document,
        section: Section,
        *,
        kind: EvidenceKind = "clause",
        score: float | None = None,
    ) -> Evidence:
        """Quote ``section`` (heading, own text and sub-clauses) from ``document.source``.

        The offsets point into ``document.source``. A hand-built section whose offsets
        do not locate it in the source is quoted from its own text, without offsets.
        """
        located = clause_text(document, section)
        end = located.offset + len(located.text)
        in_source = document.source[located.offset : end] == located.text
        return cls(
            kind=kind,
            source=document.name,
            id=section.id,
            text=located.text,
            start=located.offset if in_source else None,
            end=end if in_source else None,
            score=score,
        )

    @classmethod
    def from_match(cls, document: Document, match: MatchedSection) -> Evidence:
        """Reference evidence from a ``search_reference_doc`` hit in ``document``.

        The section is quoted from the document with its offsets; when the document has
        no section with the hit's id, the hit's own text is kept without offsets.
        """
        section = document.find(match.section_id)
        if section is not None:
            return cls.from_section(
                document, section, kind="reference", score=match.relevance_score
            )
        return cls(
            kind="reference",
            source=document.name,
            id=match.section_id,
            text=match.text,
            score=match.relevance_score,
        )

    @classmethod
    def from_article(cls, law: Law, article: Article, *, score: float | None = None) -> Evidence:
        """Law evidence: the text of ``article`` of ``law`` (no offsets)."""
        return cls(
            kind="law", source=law.title, id=article.article_id, text=article.text, score=score
        )


class SuggestedChange(BaseModel):
    """A proposed redline of a clause."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    before: str = Field(description="The text as it stands in the contract.")
    after: str = Field(description="The text the reviewer proposes.")
    diff: str = Field(
        description="The change as a unified diff (see contract_review.review.diffs); empty "
        "when before and after are the same."
    )


class SkillResultSummary(BaseModel):
    """One skill run behind a finding, in a line."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    skill_id: str = Field(min_length=1, description="The skill that ran.")
    success: bool = Field(description="Whether the skill answered without an error.")
    summary: str = Field(default="", description="What it found, or the error when it failed.")

    @classmethod
    def from_result(cls, result: SkillResult, *, summary: str = "") -> SkillResultSummary:
        """Summarise a dispatcher result; a failed run without a summary keeps its error."""
        if not summary and not result.success:
            summary = result.error or ""
        return cls(skill_id=result.skill_id, success=result.success, summary=summary)


class Finding(BaseModel):
    """What the review found about one clause (or one missing checklist item)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    finding_id: str = Field(min_length=1, description="Unique within a review.")
    clause_id: str = Field(
        min_length=1,
        description="The clause as the document numbers it ('20.1', '第四条'); for a missing "
        "clause, the checklist item's clause id.",
    )
    checklist_item_id: str | None = Field(
        default=None,
        description="The checklist item (its clause_id) this finding answers; None for a "
        "finding outside the checklist.",
    )
    title: str = Field(min_length=1, description="A short heading for the report.")
    status: FindingStatus = Field(
        default=FindingStatus.FOUND, description="Whether the clause was found in the document."
    )
    risk_level: RiskLevel = Field(description="How much this matters to the party we act for.")
    description: str = Field(description="What is wrong or notable, in a few sentences.")
    rationale: str = Field(default="", description="Why it matters: the position and the law.")
    standard_position: str = Field(
        default="",
        description="Our standard position on the term, in the report's language ('' when "
        "the rule states none).",
    )
    evidence: list[Evidence] = Field(
        default_factory=list,
        description="The clause text, reference sections and law articles relied on.",
    )
    suggested_change: SuggestedChange | None = Field(
        default=None, description="The proposed redline, or None when no change is proposed."
    )
    skill_results: list[SkillResultSummary] = Field(
        default_factory=list, description="The skills that ran for this finding (optional)."
    )
    redline_of: str | None = Field(
        default=None,
        description="The finding whose suggested change also carries this finding's change: "
        "a clause gets one redline, so when several findings change one clause, the first "
        "carries the combined text and the others point to it.",
    )
    change_in_words: str = Field(
        default="",
        description="What to change, in words, when no redline is shown (a proposed edit "
        "failed verification, or no drafting template fits).",
    )

    @model_validator(mode="after")
    def _missing_has_no_clause(self) -> Finding:
        if self.status is FindingStatus.MISSING and any(e.kind == "clause" for e in self.evidence):
            raise ValueError(
                f"finding {self.finding_id!r} says clause {self.clause_id!r} is missing but "
                "quotes clause text as evidence; use status 'found' or drop the clause evidence"
            )
        return self

    @classmethod
    def missing(
        cls,
        item: ChecklistItem,
        *,
        risk_level: RiskLevel | None = None,
        finding_id: str | None = None,
        language: str = "",
    ) -> Finding:
        """The finding for a checklist item no clause of the document matches.

        The risk level defaults to the item's priority. ``language`` ('en', 'zh') is the
        report's: the finding names the item and says why it matters in it; '' names the
        item in both languages.
        """
        from .report_words import item_description, item_name, say

        name = item_name(item, language)
        if language == "" and item.clause_name_en and item.clause_name_en != item.clause_name:
            name = f"{item.clause_name} ({item.clause_name_en})"
        elif language == "":
            name = item.clause_name
        return cls(
            finding_id=finding_id or f"missing:{item.clause_id}",
            clause_id=item.clause_id,
            checklist_item_id=item.clause_id,
            title=say("missing_title", language, name=name),
            status=FindingStatus.MISSING,
            risk_level=risk_level or risk_for_priority(item.priority),
            description=say(
                # a Chinese report names a topic id (change_of_control) by its name alone
                "missing_description_topic"
                if language == "zh" and any(c.isascii() and c.isalpha() for c in item.clause_id)
                else "missing_description",
                language,
                name=name,
                item=item.clause_id,
            ),
            rationale=item_description(item, language),
        )


class CheckedItem(BaseModel):
    """A checklist item the review found in the document and found in order: not a
    finding, listed apart so the findings hold only issues."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    checklist_item_id: str = Field(min_length=1, description="The checklist item checked.")
    clause_id: str = Field(min_length=1, description="Where the document provides it.")
    title: str = Field(min_length=1, description="The item's name, for the report.")
    note: str = Field(description="One line on why it is in order.")
    evidence: list[Evidence] = Field(
        default_factory=list, description="The clause text the item was checked against."
    )


def risk_for_priority(priority: Priority) -> RiskLevel:
    """The risk level of leaving out a checklist item of this priority (the same name:
    a critical item missing is a critical finding)."""
    return RiskLevel(priority.value)
