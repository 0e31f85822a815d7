"""The quality grade of an answer or a review finding (seed 002 P2): five dimensions,
each scored from 0 to 1 and weighted, summed into an overall score and a letter grade.

=================  ======  ==================================================
dimension          weight  what it measures
=================  ======  ==================================================
relevance          0.25    the text is about what was asked (or its clause)
completeness       0.25    it cites its grounds: articles, evidence, conditions
clarity            0.20    no hedging, readable sentences, structure
technical_depth    0.15    legal terms, statutes, figures
actionability      0.15    it says what to do: advice, steps, a redline
=================  ======  ==================================================

``overall = sum(score * weight)``; :func:`score_to_grade` maps it to A (>= 0.9), B
(>= 0.8), C (>= 0.7), D (>= 0.6) or F. Scores are rounded to four decimals, and the
grade is always the one of the rounded overall score.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

__all__ = [
    "DIMENSION_WEIGHTS",
    "DimensionScore",
    "EvaluationResult",
    "FindingEvaluation",
    "Grade",
    "QualityDimension",
    "ReportEvaluation",
    "dimension_score",
    "score_to_grade",
]

#: A letter grade, best first.
Grade = Literal["A", "B", "C", "D", "F"]

#: Scores keep this many decimals (so a score prints and compares the same everywhere).
_DECIMALS = 4


class QualityDimension(StrEnum):
    """What a score measures; the order is the order of ``dimension_scores``."""

    RELEVANCE = "relevance"
    COMPLETENESS = "completeness"
    CLARITY = "clarity"
    TECHNICAL_DEPTH = "technical_depth"
    ACTIONABILITY = "actionability"


#: The weight of each dimension in the overall score (they sum to 1).
DIMENSION_WEIGHTS = MappingProxyType(
    {
        QualityDimension.RELEVANCE: 0.25,
        QualityDimension.COMPLETENESS: 0.25,
        QualityDimension.CLARITY: 0.20,
        QualityDimension.TECHNICAL_DEPTH: 0.15,
        QualityDimension.ACTIONABILITY: 0.15,
    }
)


def score_to_grade(score: float) -> Grade:
    """The letter grade of an overall score.

    :param score: An overall score between 0 and 1.
    :returns: "A" from 0.9, "B" from 0.8, "C" from 0.7, "D" from 0.6, else "F".
    """
    if score >= 0.9:
        return "A"
    if score >= 0.8:
        return "B"
    if score >= 0.7:
        return "C"
    if score >= 0.6:
        return "D"
    return "F"


def _clamped(value: float) -> float:
    return round(min(1.0, max(0.0, value)), _DECIMALS)


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DimensionScore(_Model):
    """One dimension's score, its weight and the observations behind it."""

    dimension: QualityDimension
    score: float = Field(ge=0.0, le=1.0, description="0 (absent) to 1 (fully met).")
    weight: float = Field(ge=0.0, le=1.0, description="The dimension's share of the overall.")
    details: list[str] = Field(
        default_factory=list, description="What was observed, one line each."
    )


def dimension_score(
    dimension: QualityDimension, score: float, details: Sequence[str]
) -> DimensionScore:
    """A :class:`DimensionScore` with the dimension's weight from :data:`DIMENSION_WEIGHTS`.

    :param score: Clamped to [0, 1] and rounded to four decimals.
    :param details: The observations, one line each.
    :returns: The score, ready for :meth:`EvaluationResult.of`.
    """
    return DimensionScore(
        dimension=dimension,
        score=_clamped(score),
        weight=DIMENSION_WEIGHTS[dimension],
        details=list(details),
    )


def _weighted(scores: Sequence[DimensionScore]) -> float:
    return _clamped(sum(s.score * s.weight for s in scores))


class EvaluationResult(_Model):
    """The grade of one text (an answer, or a finding): five dimension scores in the
    order of :class:`QualityDimension`, their weighted sum and its letter grade."""

    overall_score: float = Field(ge=0.0, le=1.0, description="sum(score * weight).")
    grade: Grade
    dimension_scores: list[DimensionScore] = Field(
        description="One per dimension, in the order relevance, completeness, clarity, "
        "technical_depth, actionability."
    )
    strengths: list[str] = Field(default_factory=list)
    weaknesses: list[str] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _consistent(self) -> EvaluationResult:
        dimensions = [s.dimension for s in self.dimension_scores]
        if dimensions != list(QualityDimension):
            raise ValueError(
                "dimension_scores must hold one score per dimension, in the order "
                f"{', '.join(QualityDimension)}; got {', '.join(dimensions) or 'none'}"
            )
        expected = _weighted(self.dimension_scores)
        if abs(expected - self.overall_score) > 10**-_DECIMALS:
            raise ValueError(
                f"overall_score {self.overall_score} is not the weighted sum of the "
                f"dimension scores ({expected})"
            )
        if self.grade != score_to_grade(self.overall_score):
            raise ValueError(
                f"grade {self.grade!r} does not match overall_score {self.overall_score} "
                f"(expected {score_to_grade(self.overall_score)!r})"
            )
        return self

    @classmethod
    def of(
        cls,
        scores: Sequence[DimensionScore],
        *,
        strengths: Sequence[str] = (),
        weaknesses: Sequence[str] = (),
        suggestions: Sequence[str] = (),
    ) -> EvaluationResult:
        """The result of ``scores`` (one per dimension, in order): overall and grade computed.

        :returns: The evaluation; repeated strengths, weaknesses or suggestions are kept once.
        :raises pydantic.ValidationError: When a dimension is missing or out of order.
        """
        overall = _weighted(scores)
        return cls(
            overall_score=overall,
            grade=score_to_grade(overall),
            dimension_scores=list(scores),
            strengths=list(dict.fromkeys(strengths)),
            weaknesses=list(dict.fromkeys(weaknesses)),
            suggestions=list(dict.fromkeys(suggestions)),
        )

    def score_of(self, dimension: QualityDimension) -> float:
        """The score of ``dimension``."""
        return next(s.score for s in self.dimension_scores if s.dimension is dimension)


class FindingEvaluation(_Model):
    """The grade of one review finding and the three things a reader checks first."""

    finding_id: str
    clause_id: str
    title: str
    has_evidence: bool = Field(
        description="It quotes something: the clause, a reference section or a law article."
    )
    has_risk_level: bool = Field(
        description="It states a risk level (always true for a finding that passed validation)."
    )
    has_actionable_change: bool = Field(
        description="It proposes a redline with a real change, or says in words what to do."
    )
    result: EvaluationResult


class ReportEvaluation(_Model):
    """The grade of a review report: the mean of its findings' overall scores."""

    review_id: str
    overall_score: float = Field(ge=0.0, le=1.0)
    grade: Grade
    findings: list[FindingEvaluation] = Field(default_factory=list)
    strengths: list[str] = Field(default_factory=list)
    weaknesses: list[str] = Field(default_factory=list)
    suggestions: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _grade_matches(self) -> ReportEvaluation:
        if self.grade != score_to_grade(self.overall_score):
            raise ValueError(
                f"grade {self.grade!r} does not match overall_score {self.overall_score}"
            )
        return self


if abs(sum(DIMENSION_WEIGHTS.values()) - 1.0) > 1e-9:  # pragma: no cover - a typo guard
    raise RuntimeError("the quality dimension weights must sum to 1")
