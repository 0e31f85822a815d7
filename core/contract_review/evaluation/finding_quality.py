"""Grading review findings and review reports on the five dimensions of
:mod:`.quality_models`.

A finding is read the way a supervising lawyer reads it:

* relevance — its title and description are about the clause it quotes (their words
  occur in the clause text) and it names that clause; for a *missing* checklist item,
  that it names the item and says what the clause should cover;
* completeness — the evidence: the clause quoted (not expected of a missing item),
  reference sections or law articles quoted (a law cited in the rationale but not
  quoted counts half), and a rationale;
* clarity — no hedging, readable sentences (:mod:`.legal_text_signals`);
* technical_depth — legal terms, law or reference support, and a rationale that
  explains the risk;
* actionability — a redline whose ``after`` really differs from ``before`` (full
  marks), or a recommendation in words (a standard position, should, 建议...),
  which for a missing item is all that is expected.

A report's score is the mean of its findings' overall scores. A report with no
findings is graded F (score 0): the engine writes a finding for every checklist item,
even when nothing is wrong, so an empty list means nothing was reviewed, and there is
nothing to show the review's quality.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..domain import RiskLevel
from ..review.findings import Finding
from ..review.report_models import ReviewReport
from .finding_dimensions import LAW_INDEX_HINT, FindingFacts, finding_scores
from .quality_models import (
    EvaluationResult,
    FindingEvaluation,
    QualityDimension,
    ReportEvaluation,
    score_to_grade,
)

__all__ = ["evaluate_finding", "evaluate_report"]

#: How to raise each dimension of a finding (said of a weak finding with no specific fault).
_IMPROVE = {
    QualityDimension.RELEVANCE: "describe what the clause itself says",
    QualityDimension.COMPLETENESS: "quote the clause and the law or reference it rests on",
    QualityDimension.CLARITY: "state the finding firmly, in short sentences",
    QualityDimension.TECHNICAL_DEPTH: "explain the risk in legal terms and name the rule behind it",
    QualityDimension.ACTIONABILITY: "propose wording, or state the position to negotiate for",
}


def evaluate_finding(finding: Finding) -> FindingEvaluation:
    """Grade one finding of a review.

    :param finding: A finding as the review engine (or a plugin) reports it.
    :returns: The three checks (evidence, risk level, actionable change) and the grade.
    """
    return _evaluate(FindingFacts(finding))


def _evaluate(facts: FindingFacts) -> FindingEvaluation:
    finding = facts.finding
    weaknesses: list[str] = []
    suggestions: list[str] = []

    def weak(weakness: str, suggestion: str) -> None:
        weaknesses.append(weakness)
        suggestions.append(suggestion)

    scores = finding_scores(facts, weak)
    strengths = []
    if facts.clause_quotes and facts.support:
        strengths.append(f"{facts.where}: quotes the clause and the reference or law it relies on.")
    if facts.redline:
        strengths.append(f"{facts.where}: proposes a redline.")
    result = EvaluationResult.of(
        scores, strengths=strengths, weaknesses=weaknesses, suggestions=suggestions
    )
    if result.grade in ("D", "F") and not weaknesses:
        lowest = sorted(scores, key=lambda s: s.score)[:2]
        named = " and ".join(f"{s.dimension.value} ({s.score:.2f})" for s in lowest)
        advice = "; ".join(_IMPROVE[s.dimension] for s in lowest)
        weak(f"{facts.where}: scores lowest on {named}.", f"{facts.where}: {advice}.")
        result = result.model_copy(update={"weaknesses": weaknesses, "suggestions": suggestions})
    return FindingEvaluation(
        finding_id=finding.finding_id,
        clause_id=finding.clause_id,
        title=finding.title,
        has_evidence=bool(facts.clause_quotes or facts.support),
        has_risk_level=finding.risk_level is not None,
        has_actionable_change=facts.redline or facts.recommends,
        result=result,
    )


def _ids(facts: Sequence[FindingFacts]) -> str:
    clauses = list(dict.fromkeys(f.finding.clause_id for f in facts))
    return ", ".join(clauses[:10]) + (f" and {len(clauses) - 10} more" if len(clauses) > 10 else "")


def _report_notes(
    report: ReviewReport, facts: Sequence[FindingFacts], graded: Sequence[FindingEvaluation]
) -> tuple[list[str], list[str], list[str]]:
    strengths: list[str] = []
    weaknesses: list[str] = []
    suggestions: list[str] = []
    total = len(facts)
    found = [f for f in facts if not f.missing]
    good = sum(1 for g in graded if g.result.grade in ("A", "B"))
    poor = [f for f, g in zip(facts, graded, strict=True) if g.result.grade in ("D", "F")]
    if good:
        strengths.append(f"{good} of {total} findings grade A or B.")
    if found and all(f.clause_quotes for f in found):
        strengths.append(f"Every finding on a clause in the document quotes it ({len(found)}).")
    redlined = [f for f in facts if f.redline]
    if redlined:
        strengths.append(
            f"{len(redlined)} finding(s) propose a redline (clauses {_ids(redlined)})."
        )
    severe = [f for f in found if f.finding.risk_level.at_least(RiskLevel.HIGH)]
    bare = [f for f in severe if not f.redline]
    checks: list[tuple[list[FindingFacts], str, str]] = [
        (
            bare,
            f"{len(bare)} of {len(severe)} high or critical findings propose no redline",
            "Propose replacement wording for every high or critical finding.",
        ),
        (
            [f for f in facts if f.unquoted_laws],
            "{n} finding(s) cite law articles in their rationale without quoting them",
            LAW_INDEX_HINT,
        ),
        (
            [f for f in found if not f.clause_quotes],
            "{n} finding(s) quote no clause text",
            "Quote the clause each finding is about.",
        ),
        (
            [f for f in facts if f.missing and (f.only_checks or not f.recommends)],
            "{n} missing checklist item(s) do not say what the clause should provide",
            "For each missing clause, say what it should provide, or propose its wording.",
        ),
        (
            [f for f in found if not (f.redline or f.recommends)],
            "{n} finding(s) say what is wrong but not what to do",
            "State the position to negotiate for, or propose wording.",
        ),
        (
            [f for f in facts if len(f.reasons.strip()) < 20],
            "{n} finding(s) give no rationale",
            "Say why each finding matters.",
        ),
        (
            poor,
            "{n} finding(s) grade D or F",
            "Improve the weakest findings first; each lists its own weaknesses.",
        ),
    ]
    for group, message, suggestion in checks:
        if group:
            weaknesses.append(f"{message.format(n=len(group))} (clauses {_ids(group)}).")
            suggestions.append(suggestion)
    if report.status != "complete":
        weaknesses.append(f"The review is {report.status}: the report may not cover every clause.")
        suggestions.append("Resume the review and evaluate the complete report.")
    return strengths, weaknesses, suggestions


def evaluate_report(report: ReviewReport) -> ReportEvaluation:
    """Grade a review report: every finding, and the report as their mean.

    :param report: A review report (``report.json`` validated into :class:`ReviewReport`).
    :returns: The findings' evaluations in report order, the mean score and its grade,
        and what the report as a whole does well and badly. A report with no findings
        is graded F with score 0 and says so.
    """
    if not report.findings:
        clauses = len(report.clauses)
        return ReportEvaluation(
            review_id=report.review_id,
            overall_score=0.0,
            grade="F",
            weaknesses=[
                f"The report has no findings ({clauses} checklist clause(s) recorded): "
                "there is nothing to grade."
            ],
            suggestions=["Check that the review ran against the right domain and document."],
        )
    facts = [FindingFacts(finding) for finding in report.findings]
    graded = [_evaluate(f) for f in facts]
    overall = round(sum(g.result.overall_score for g in graded) / len(graded), 4)
    strengths, weaknesses, suggestions = _report_notes(report, facts, graded)
    return ReportEvaluation(
        review_id=report.review_id,
        overall_score=overall,
        grade=score_to_grade(overall),
        findings=graded,
        strengths=strengths,
        weaknesses=weaknesses,
        suggestions=suggestions,
    )
