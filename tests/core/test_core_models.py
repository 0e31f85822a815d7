"""Domain models and SPEC-21 plan models."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from contract_review.domain import ChecklistItem, DomainSpec, PlaybookRule, Priority
from contract_review.review.plan import (
    AnalysisDepth,
    ClauseAnalysisPlan,
    PlanAdjustment,
    ReviewPlan,
    apply_adjustment,
    build_default_plan,
)

CHECKLIST = (
    ChecklistItem(
        clause_id="1.1",
        clause_name="定义",
        priority=Priority.LOW,
        required_skills=("get_clause_context",),
    ),
    ChecklistItem(clause_id="4.1", clause_name="承包商义务", priority=Priority.CRITICAL),
    ChecklistItem(clause_id="14.1", clause_name="合同价格", priority=Priority.CRITICAL),
    ChecklistItem(clause_id="8.1", clause_name="开工日期", priority=Priority.MEDIUM),
)


def test_domain_rejects_duplicate_clause_ids() -> None:
    with pytest.raises(ValidationError, match="duplicate clause ids: 1"):
        DomainSpec(
            domain_id="x",
            name="X",
            checklist=(CHECKLIST[0].model_copy(update={"clause_id": "1"}),) * 2,
        )


def test_domain_rejects_rules_for_unknown_clauses() -> None:
    rule = PlaybookRule(rule_id="r", clause_id="99", description="d", patterns=("x",))
    with pytest.raises(ValidationError, match="not in the checklist: r"):
        DomainSpec(domain_id="x", name="X", checklist=CHECKLIST, playbook_rules=(rule,))


def test_rule_rejects_bad_regex_and_half_thresholds() -> None:
    with pytest.raises(ValidationError, match="not a valid regular expression"):
        PlaybookRule(rule_id="r", clause_id="1", description="d", patterns=("(unclosed",))
    with pytest.raises(ValidationError, match="together"):
        PlaybookRule(rule_id="r", clause_id="1", description="d", patterns=("x",), threshold=28)


def test_default_plan_critical_deep_others_standard_in_checklist_order() -> None:
    plan = build_default_plan(CHECKLIST)
    assert [cp.clause_id for cp in plan.clause_plans] == ["1.1", "4.1", "14.1", "8.1"]
    depths = {cp.clause_id: cp.analysis_depth for cp in plan.clause_plans}
    assert depths == {"1.1": "standard", "4.1": "deep", "14.1": "deep", "8.1": "standard"}
    assert plan.for_clause("4.1").max_iterations == 5  # type: ignore[union-attr]
    assert plan.for_clause("1.1").suggested_tools == ["get_clause_context"]  # type: ignore[union-attr]
    assert plan.estimated_depth_distribution == {"standard": 2, "deep": 2}


def test_apply_adjustment_upgrades_depth_and_bumps_version() -> None:
    plan = ReviewPlan(
        clause_plans=[ClauseAnalysisPlan(clause_id="17.6"), ClauseAnalysisPlan(clause_id="8.1")]
    )
    adjustment = PlanAdjustment(
        should_adjust=True,
        adjusted_clauses=[
            ClauseAnalysisPlan(
                clause_id="17.6", analysis_depth=AnalysisDepth.DEEP, max_iterations=5
            )
        ],
    )
    result = apply_adjustment(plan, adjustment)
    assert result.clause_plans[0].analysis_depth is AnalysisDepth.DEEP
    assert result.clause_plans[1].analysis_depth is AnalysisDepth.STANDARD
    assert result.plan_version == 2
    assert plan.clause_plans[0].analysis_depth is AnalysisDepth.STANDARD  # original untouched


def test_apply_adjustment_ignores_unknown_clauses_and_no_adjust() -> None:
    plan = ReviewPlan(clause_plans=[ClauseAnalysisPlan(clause_id="4.1")])
    unknown = PlanAdjustment(
        should_adjust=True,
        adjusted_clauses=[ClauseAnalysisPlan(clause_id="99.9", analysis_depth=AnalysisDepth.DEEP)],
    )
    assert apply_adjustment(plan, unknown).clause_plans == plan.clause_plans
    assert apply_adjustment(plan, PlanAdjustment(should_adjust=False)) is plan


def test_quick_adjustment_skips_diffs_and_validation() -> None:
    plan = ReviewPlan(clause_plans=[ClauseAnalysisPlan(clause_id="1.1")])
    adj = PlanAdjustment(
        should_adjust=True,
        adjusted_clauses=[
            ClauseAnalysisPlan(
                clause_id="1.1", analysis_depth=AnalysisDepth.QUICK, max_iterations=1
            )
        ],
    )
    cp = apply_adjustment(plan, adj).clause_plans[0]
    assert (cp.skip_diffs, cp.skip_validate, cp.max_iterations) == (True, True, 1)


@given(st.lists(st.sampled_from(list(Priority)), max_size=30))
def test_default_plan_covers_every_item_once(priorities: list[Priority]) -> None:
    checklist = [
        ChecklistItem(clause_id=str(i), clause_name=f"c{i}", priority=p)
        for i, p in enumerate(priorities)
    ]
    plan = build_default_plan(checklist)
    assert [cp.clause_id for cp in plan.clause_plans] == [c.clause_id for c in checklist]
    assert [cp.priority_order for cp in plan.clause_plans] == list(range(len(checklist)))
    assert sum(plan.estimated_depth_distribution.values()) == len(checklist)
    for cp, item in zip(plan.clause_plans, checklist, strict=True):
        assert (cp.analysis_depth is AnalysisDepth.DEEP) == (item.priority is Priority.CRITICAL)
