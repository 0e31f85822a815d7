"""The page outline both renderers share: every finding lands in exactly one place,
clauses come in plan order, findings outside the checklist come last."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from contract_review.reports.appendix_content import approval_caption
from contract_review.reports.report_outline import (
    OTHER_FINDINGS_ANCHOR,
    outline,
    status_warning,
)
from contract_review.review.findings import FindingStatus
from contract_review.review.report_models import ReviewReport
from contract_review.testing.report_builders import make_report

_REPORT = make_report()
_PLANNED = [cp.clause_id for cp in _REPORT.plan.plan.execution_order()]


@given(
    targets=st.lists(
        st.sampled_from([*_PLANNED, None, "99.9"]),
        min_size=len(_REPORT.findings),
        max_size=len(_REPORT.findings),
    ),
    reviewed=st.integers(0, len(_REPORT.clauses)),
)
def test_every_finding_is_placed_exactly_once(targets: list[str | None], reviewed: int) -> None:
    findings = [
        f.model_copy(update={"checklist_item_id": t})
        for f, t in zip(_REPORT.findings, targets, strict=True)
    ]
    report = _REPORT.model_copy(
        update={"findings": findings, "clauses": _REPORT.clauses[:reviewed]}
    )
    shape = outline(report)
    placed = [f.finding_id for s in shape.sections for f in s.findings]
    placed += [f.finding_id for f in shape.missing]
    assert Counter(placed) == Counter(f.finding_id for f in findings)
    assert all(f.status is FindingStatus.MISSING for f in shape.missing)
    assert [s.clause_id for s in shape.sections if s.clause_id][: len(_PLANNED)] == _PLANNED
    anchors = [s.anchor for s in shape.sections]
    assert len(anchors) == len(set(anchors))
    if OTHER_FINDINGS_ANCHOR in anchors:
        assert anchors[-1] == OTHER_FINDINGS_ANCHOR


def test_findings_in_a_section_are_most_severe_first() -> None:
    shape = outline(_REPORT)
    claims = next(s for s in shape.sections if s.clause_id == "20.1")
    assert [f.risk_level.value for f in claims.findings] == ["critical", "medium"]


def test_a_finding_without_a_change_has_nothing_to_approve(report: ReviewReport) -> None:
    plain = next(f for f in report.findings if f.suggested_change is None)
    changed = next(f for f in report.findings if f.suggested_change is not None)
    assert approval_caption(plain, None) == ""
    assert approval_caption(changed, None) == "no decision recorded"


def test_status_warning_counts_reviewed_clauses(report: ReviewReport) -> None:
    assert status_warning(report) == ""
    failed = report.model_copy(update={"status": "failed", "clauses": report.clauses[:1]})
    assert "failed before it finished: 1 of 5 planned clauses" in status_warning(failed)
