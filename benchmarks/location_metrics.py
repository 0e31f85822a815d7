"""Scoring located clauses against labelled passages (the CUAD acceptance measure).

Definitions, kept strict:

* A finding (a located span) is **correct** when it overlaps a labelled span of its
  category by at least half of the shorter of the two.
* **Precision** of a category = correct findings / all findings of the category, over
  every contract; a finding on a contract where the category is not labelled, or one
  that overlaps no label, is wrong. No findings at all gives precision 0.
* **Recall** of a category = labelled contracts with at least one correct finding /
  labelled contracts.
* "Missing" answers (no finding) count for neither. Macro figures are plain means over
  the categories; macro F1 is the mean of the per-category F1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cuad_labels import CuadContract
from pydantic import BaseModel, Field

__all__ = [
    "DEFINITIONS",
    "MIN_OVERLAP",
    "LocationScores",
    "Span",
    "TopicScore",
    "is_correct",
    "score_locations",
]

#: Overlap needed, as a share of the shorter span.
MIN_OVERLAP = 0.5

#: The definitions above, one line each, for benchmark output.
DEFINITIONS: tuple[str, ...] = (
    "finding correct = overlaps a labelled span of its category by >= 50% of the shorter "
    "of the two",
    "precision = correct findings / all findings of the category (findings on contracts "
    "without the label, and findings overlapping no label, are wrong; no findings -> 0)",
    "recall = labelled contracts with >= 1 correct finding / labelled contracts",
    "'missing' answers count for neither; macro = mean over the categories",
)

#: A located passage: (start, end) offsets into the contract text.
Span = tuple[int, int]


class TopicScore(BaseModel):
    """How well one category was located."""

    topic: str
    labelled_contracts: int = Field(ge=0)
    recalled_contracts: int = Field(ge=0, description="Labelled contracts with a correct finding.")
    flagged_contracts: int = Field(ge=0, description="Contracts with at least one finding.")
    findings: int = Field(ge=0)
    correct_findings: int = Field(ge=0)
    precision: float
    recall: float
    f1: float


class LocationScores(BaseModel):
    """Per-category scores and their macro averages."""

    topics: list[TopicScore]
    macro_precision: float
    macro_recall: float
    macro_f1: float
    definitions: list[str] = Field(default_factory=lambda: list(DEFINITIONS))

    def topic(self, topic: str) -> TopicScore:
        """The score of one category."""
        return next(score for score in self.topics if score.topic == topic)


def is_correct(finding: Span, labels: Sequence[Span]) -> bool:
    """Whether ``finding`` overlaps one of ``labels`` by ``MIN_OVERLAP`` of the shorter."""
    for start, end in labels:
        shorter = min(finding[1] - finding[0], end - start)
        overlap = min(finding[1], end) - max(finding[0], start)
        if shorter > 0 and overlap >= MIN_OVERLAP * shorter:
            return True
    return False


def score_locations(
    contracts: Sequence[CuadContract],
    predictions: Mapping[str, Mapping[str, Sequence[Span]]],
    topics: Sequence[str],
) -> LocationScores:
    """Score ``predictions`` (contract name → topic → findings) against the labels.

    A contract missing from ``predictions`` has no findings.
    """
    scores: list[TopicScore] = []
    for topic in topics:
        labelled = recalled = flagged = findings = correct = 0
        for contract in contracts:
            labels = [(span.start, span.end) for span in contract.labels.get(topic, [])]
            found = list(predictions.get(contract.name, {}).get(topic, []))
            hits = sum(1 for span in found if labels and is_correct(span, labels))
            labelled += bool(labels)
            recalled += bool(labels) and hits > 0
            flagged += bool(found)
            findings += len(found)
            correct += hits
        precision = correct / findings if findings else 0.0
        recall = recalled / labelled if labelled else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        scores.append(
            TopicScore(
                topic=topic,
                labelled_contracts=labelled,
                recalled_contracts=recalled,
                flagged_contracts=flagged,
                findings=findings,
                correct_findings=correct,
                precision=precision,
                recall=recall,
                f1=f1,
            )
        )
    count = len(scores) or 1
    return LocationScores(
        topics=scores,
        macro_precision=sum(s.precision for s in scores) / count,
        macro_recall=sum(s.recall for s in scores) / count,
        macro_f1=sum(s.f1 for s in scores) / count,
    )
