"""What a lawyer would hold against a review report, counted.

:func:`report_problems` reads a :class:`~contract_review.review.report_models.ReviewReport`
for the faults that make a partner stop reading: a high or critical finding that
proposes no change, a redline that repeats a phrase or changes nothing, two redlines
for one clause, PRC law cited in a contract another law governs, and summary counts
that do not add up. Used by the labelled-set benchmark
(``benchmarks/labelled_set_review.py``) and by the tests that hold the engine to it.
"""

from __future__ import annotations

import re
from collections import Counter

from pydantic import BaseModel, ConfigDict, Field

from ..domain import RiskLevel
from ..review.findings import FindingStatus
from ..review.redline_checks import redline_problem
from ..review.report_models import ReviewReport

__all__ = ["ReportProblems", "manifest_subject", "report_problems"]

#: FIDIC checklist items and the subjects a labelled set's manifest names them by (the
#: generic domain's items are named by their own ids).
_FIDIC_SUBJECTS = {
    "4.1": "fitness_for_purpose",
    "4.12": "ground_conditions",
    "8.2": "liquidated_damages",
    "14.7": "payment_terms",
    "17.6": "cap_on_liability",
    "18.1": "insurance",
    "20.1": "claims_notice",
    "20.2": "dispute_resolution",
}


def manifest_subject(domain: str, checklist_item_id: str) -> str:
    """The subject a labelled set's manifest uses for a checklist item ('' when it has
    none): a FIDIC clause number is mapped to its subject, another domain's item id is
    the subject itself."""
    if domain == "fidic":
        return _FIDIC_SUBJECTS.get(checklist_item_id, "")
    return checklist_item_id


# A rationale citing PRC law (statutes, regulations, "PRC", the Civil Code).
_PRC = re.compile(r"民法典|条例|中华人民共和国|\bPRC\b|Civil Code")


class ReportProblems(BaseModel):
    """The faults of one report (finding ids, clause ids), and what was counted."""

    model_config = ConfigDict(frozen=True)

    severe: int = Field(description="High and critical deviations.")
    severe_without_change: list[str] = Field(default_factory=list)
    redlines: int = Field(description="Findings that carry a suggested change.")
    bad_redlines: list[str] = Field(
        default_factory=list, description="Redlines that change nothing or repeat a phrase."
    )
    clauses_with_several_redlines: list[str] = Field(default_factory=list)
    prc_citations_under_other_law: list[str] = Field(default_factory=list)
    counts_add_up: bool = True

    @property
    def clean(self) -> bool:
        """Whether the report has none of these faults."""
        return not (
            self.severe_without_change
            or self.bad_redlines
            or self.clauses_with_several_redlines
            or self.prc_citations_under_other_law
        ) and (self.counts_add_up)


def report_problems(report: ReviewReport) -> ReportProblems:
    """The faults of ``report`` (see the module)."""
    deviations = [f for f in report.findings if f.status is FindingStatus.FOUND]
    severe = [f for f in deviations if f.risk_level.at_least(RiskLevel.HIGH)]
    carriers = [f for f in report.findings if f.suggested_change is not None]
    per_clause = Counter(f.clause_id for f in carriers)
    other_law = report.governing_law is not None and not report.governing_law.is_prc
    s = report.summary
    levels = s.critical + s.high + s.medium + s.low
    return ReportProblems(
        severe=len(severe),
        severe_without_change=[
            f.finding_id for f in severe if f.suggested_change is None and not f.redline_of
        ],
        redlines=len(carriers),
        bad_redlines=[
            f.finding_id
            for f in carriers
            if f.suggested_change is not None
            and redline_problem(f.suggested_change.before, f.suggested_change.after) is not None
        ],
        clauses_with_several_redlines=sorted(c for c, n in per_clause.items() if n > 1),
        prc_citations_under_other_law=[
            f.finding_id
            for f in report.findings
            if other_law and (_PRC.search(f.rationale) or any(e.kind == "law" for e in f.evidence))
        ],
        counts_add_up=levels == s.deviations
        and s.total == s.deviations + s.missing
        and s.deviations == len(deviations)
        and s.checked == len(report.checked),
    )
