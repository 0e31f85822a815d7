"""The orchestrator (seed SPEC-21 §6): planning with a scripted LLM and its fallbacks,
the adjustment triggers and the rule-based adjustment. Hooks: test_orchestrator_hooks."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contract_review.domain import ChecklistItem, Priority, RiskLevel
from contract_review.errors import LLMError
from contract_review.review.findings import Finding
from contract_review.review.orchestrator import (
    decide_adjustment,
    generate_review_plan,
    maybe_adjust_plan,
)
from contract_review.review.plan import (
    MAX_ITERATIONS,
    AnalysisDepth,
    ClauseAnalysisPlan,
    PlanAdjustment,
    ReviewPlan,
    apply_adjustment,
    build_default_plan,
    plan_differences,
)
from contract_review.testing.fake_llm import ScriptedLLM
from contract_review.testing.strategies import checklists

TOOLS = [
    "get_clause_context",
    "fidic_merge_gc_pc",
    "compare_with_baseline",
    "extract_financial_terms",
]
CHECKLIST = (
    ChecklistItem(
        clause_id="1.1",
        clause_name="Definitions",
        priority=Priority.LOW,
        required_skills=("get_clause_context",),
    ),
    ChecklistItem(
        clause_id="4.1",
        clause_name="Contractor's obligations",
        priority=Priority.CRITICAL,
        required_skills=("get_clause_context", "fidic_merge_gc_pc", "compare_with_baseline"),
    ),
    ChecklistItem(
        clause_id="14.1",
        clause_name="Contract price",
        priority=Priority.CRITICAL,
        required_skills=("get_clause_context", "extract_financial_terms"),
    ),
    ChecklistItem(clause_id="8.1", clause_name="Commencement", priority=Priority.MEDIUM),
)
FIVE = (
    *CHECKLIST[:2],
    ChecklistItem(clause_id="8.1", clause_name="Commencement", priority=Priority.MEDIUM),
    ChecklistItem(clause_id="17.6", clause_name="Limitation of liability", priority=Priority.HIGH),
    ChecklistItem(clause_id="20.1", clause_name="Claims", priority=Priority.MEDIUM),
)


def cp(clause_id: str, depth: str = "standard", order: int = 0, **extra: Any) -> dict[str, Any]:
    return {"clause_id": clause_id, "analysis_depth": depth, "priority_order": order, **extra}


def plan_llm(*clause_plans: dict[str, Any], strategy: str = "critical first") -> ScriptedLLM:
    reply = {"global_strategy": strategy, "clause_plans": list(clause_plans)}
    return ScriptedLLM([json.dumps(reply)])


def finding(clause_id: str, level: RiskLevel, text: str = "Scope widened") -> Finding:
    return Finding(
        finding_id=f"f-{clause_id}-{level.value}",
        clause_id=clause_id,
        checklist_item_id=clause_id,
        title=text,
        risk_level=level,
        description=text,
    )


def depths(plan: ReviewPlan) -> dict[str, AnalysisDepth]:
    return {c.clause_id: c.analysis_depth for c in plan.clause_plans}


# --------------------------------------------------------------------------- planning


def test_basic_plan_generation_sorted_and_normalised() -> None:
    llm = plan_llm(
        cp("4.1", "deep", 0, max_iterations=2, suggested_tools=["fidic_merge_gc_pc"]),
        cp("14.1", "deep", 1),
        cp("8.1", "standard", 2, skip_diffs=True),
        cp("1.1", "quick", 3, suggested_tools=["compare_with_baseline"]),
    )
    plan = generate_review_plan(CHECKLIST, llm=llm, available_tools=TOOLS)
    assert [c.clause_id for c in plan.clause_plans] == ["4.1", "14.1", "8.1", "1.1"]
    assert [c.priority_order for c in plan.clause_plans] == [0, 1, 2, 3]
    first, _, standard, quick = plan.clause_plans
    assert (first.analysis_depth, first.max_iterations) == (AnalysisDepth.DEEP, 5)
    assert first.suggested_tools[0] == "fidic_merge_gc_pc" and set(first.suggested_tools) == set(
        TOOLS
    )
    assert not standard.skip_diffs  # flags follow the depth, not the model
    assert (quick.max_iterations, quick.skip_diffs, quick.skip_validate) == (1, True, True)
    assert quick.suggested_tools == ["get_clause_context"]
    assert plan.global_strategy.startswith("critical first")
    assert plan.estimated_depth_distribution == {"deep": 2, "standard": 1, "quick": 1}
    assert len(llm.calls) == 1 and "4.1" in llm.calls[0].last_user_text


def test_missing_clauses_get_default_entries() -> None:
    plan = generate_review_plan(CHECKLIST, llm=plan_llm(cp("8.1", "quick")))
    assert sorted(depths(plan)) == sorted(i.clause_id for i in CHECKLIST)
    assert depths(plan)["14.1"] is AnalysisDepth.DEEP  # the default entry: critical is deep
    assert "not planned by the model" in plan.global_strategy


@pytest.mark.parametrize(
    "failure", [RuntimeError("API error"), LLMError("quota exceeded for model qwen-plus")]
)
def test_llm_failure_returns_default_plan_with_reason(failure: Exception) -> None:
    plan = generate_review_plan(CHECKLIST, llm=ScriptedLLM([failure]))
    assert [c.clause_id for c in plan.clause_plans] == [i.clause_id for i in CHECKLIST]
    assert sum(c.analysis_depth is AnalysisDepth.DEEP for c in plan.clause_plans) == 2
    assert plan.global_strategy.startswith("Default plan used")
    assert str(failure) in plan.global_strategy


def test_garbage_json_returns_default_plan() -> None:
    llm = ScriptedLLM(["I would review clause 4.1 first.", "{not json"])
    plan = generate_review_plan(CHECKLIST, llm=llm)
    assert plan == generate_review_plan(CHECKLIST, llm=None).model_copy(
        update={"global_strategy": plan.global_strategy}
    )
    assert "could not plan" in plan.global_strategy and len(llm.calls) == 2  # one repair


def test_no_llm_default_plan_says_so() -> None:
    plan = generate_review_plan(CHECKLIST, llm=None)
    assert "no LLM is configured" in plan.global_strategy


@pytest.mark.parametrize(
    ("clause_plans", "reason"),
    [
        ([cp("4.1"), cp("99.9")], "99.9 are not on the checklist"),
        ([cp("4.1"), cp("4.1", "deep")], "4.1 are planned more than once"),
        ([], "plans no clause"),
    ],
)
def test_invalid_plan_rejected(clause_plans: list[dict[str, Any]], reason: str) -> None:
    plan = generate_review_plan(CHECKLIST, llm=plan_llm(*clause_plans))
    assert plan.global_strategy.startswith("Default plan used") and reason in plan.global_strategy
    assert depths(plan) == depths(build_default_plan(CHECKLIST))


def test_invalid_depth_normalised_and_unavailable_tools_dropped() -> None:
    llm = plan_llm(cp("4.1", "ultra_deep", suggested_tools=["teleport", "fidic_merge_gc_pc"]))
    plan = generate_review_plan(CHECKLIST, llm=llm, available_tools=TOOLS)
    entry = plan.for_clause("4.1")
    assert entry is not None and entry.analysis_depth is AnalysisDepth.STANDARD
    assert entry.suggested_tools == ["fidic_merge_gc_pc"]
    assert "ultra_deep" in plan.global_strategy and "teleport" in plan.global_strategy


def test_default_plan_depths() -> None:
    plan = build_default_plan(CHECKLIST)
    assert depths(plan) == {
        "1.1": AnalysisDepth.STANDARD,
        "4.1": AnalysisDepth.DEEP,
        "14.1": AnalysisDepth.DEEP,
        "8.1": AnalysisDepth.STANDARD,
    }


# --------------------------------------------------------------------------- adjusting


def test_no_trigger_no_llm_call_same_plan() -> None:
    plan = build_default_plan(FIVE)
    llm = ScriptedLLM()
    low = [finding("1.1", RiskLevel.LOW)]
    assert (
        maybe_adjust_plan(plan, completed_clause_ids=["1.1"], current_findings=low, llm=llm) is plan
    )
    assert llm.calls == []


def test_high_finding_deepens_later_clause_offline() -> None:
    plan = build_default_plan(FIVE)
    high = [finding("4.1", RiskLevel.HIGH, "Scope of works widened; see 20.1")]
    new = maybe_adjust_plan(plan, completed_clause_ids=["1.1", "4.1"], current_findings=high)
    assert new.plan_version == plan.plan_version + 1
    assert depths(new)["17.6"] is AnalysisDepth.DEEP  # high priority, not yet reviewed
    assert depths(new)["20.1"] is AnalysisDepth.DEEP  # mentioned by the finding
    assert depths(new)["8.1"] is AnalysisDepth.STANDARD
    assert all(c.depth_consistent for c in new.clause_plans)
    assert "4.1" in (new.for_clause("17.6") or ClauseAnalysisPlan(clause_id="x")).rationale


def test_threshold_counts_serious_findings() -> None:
    plan = build_default_plan(FIVE)
    high = [finding("4.1", RiskLevel.CRITICAL)]
    kept = maybe_adjust_plan(
        plan, completed_clause_ids=["1.1", "4.1"], current_findings=high, threshold=2
    )
    assert kept is plan


def test_high_finding_with_llm_adjustment() -> None:
    reply = {
        "should_adjust": True,
        "reason": "the wide scope in 4.1 makes the liability cap matter",
        "adjusted_clauses": [
            {"clause_id": "17.6", "analysis_depth": "deep", "rationale": "linked risk"},
            {"clause_id": "1.1", "analysis_depth": "quick"},  # already reviewed: ignored
        ],
    }
    llm = ScriptedLLM([json.dumps(reply)])
    plan = build_default_plan(FIVE)
    adjustment = decide_adjustment(
        plan,
        completed_clause_ids=["1.1", "4.1"],
        current_findings=[finding("4.1", RiskLevel.HIGH)],
        llm=llm,
    )
    assert adjustment.should_adjust and [c.clause_id for c in adjustment.adjusted_clauses] == [
        "17.6"
    ]
    assert adjustment.adjusted_clauses[0].max_iterations == MAX_ITERATIONS[AnalysisDepth.DEEP]
    assert "1 high or critical finding(s) in clause 4.1" in llm.calls[0].last_user_text


def test_llm_adjustment_failure_falls_back_to_rules() -> None:
    llm = ScriptedLLM([LLMError("timeout")])
    plan = build_default_plan(FIVE)
    new = maybe_adjust_plan(
        plan,
        completed_clause_ids=["1.1", "4.1"],
        current_findings=[finding("4.1", RiskLevel.HIGH)],
        llm=llm,
    )
    assert depths(new)["17.6"] is AnalysisDepth.DEEP and new.plan_version == 2


def test_midpoint_trigger_fires_once() -> None:
    ids = [f"{i}.1" for i in range(1, 11)]
    plan = build_default_plan([ChecklistItem(clause_id=c, clause_name=c) for c in ids])
    llm = ScriptedLLM(['{"should_adjust": false, "reason": "on track"}'])
    for done in range(1, len(ids) + 1):
        result = maybe_adjust_plan(
            plan,
            completed_clause_ids=ids[:done],
            current_findings=[finding(ids[done - 1], RiskLevel.LOW)],
            llm=llm,
        )
        assert result is plan
    assert len(llm.calls) == 1 and "5 of 10" in llm.calls[0].last_user_text


def test_quick_clause_with_risk_raises_remaining_quick_scans() -> None:
    plan = ReviewPlan(
        clause_plans=[
            ClauseAnalysisPlan(clause_id=c, priority_order=i).with_depth(AnalysisDepth.QUICK)
            for i, c in enumerate(["1.1", "1.2", "1.3"])
        ]
    )
    new = maybe_adjust_plan(
        plan, completed_clause_ids=["1.1"], current_findings=[finding("1.1", RiskLevel.MEDIUM)]
    )
    assert list(depths(new).values()) == [AnalysisDepth.QUICK, *[AnalysisDepth.STANDARD] * 2]


@given(st.data())
@settings(max_examples=40, deadline=None)
def test_completed_clauses_never_change(data: st.DataObject) -> None:
    plan = build_default_plan(FIVE)
    ids = [c.clause_id for c in plan.clause_plans]
    done = data.draw(st.integers(1, len(ids)))
    level = data.draw(st.sampled_from(list(RiskLevel)))
    adjusted = data.draw(st.lists(st.sampled_from(ids)))
    reply = {
        "should_adjust": True,
        "adjusted_clauses": [{"clause_id": c, "analysis_depth": "quick"} for c in adjusted],
    }
    llm = data.draw(st.sampled_from([None, ScriptedLLM([json.dumps(reply)])]))
    new = maybe_adjust_plan(
        plan,
        completed_clause_ids=ids[:done],
        current_findings=[finding(ids[done - 1], level, "see 17.6 and 20.1")],
        llm=llm,
    )
    for before, after in zip(plan.clause_plans[:done], new.clause_plans[:done], strict=True):
        assert before == after
    assert (new.plan_version == plan.plan_version) == (new is plan)


def test_apply_adjustment_is_pure_and_keeps_reviewed() -> None:
    plan = build_default_plan(FIVE)
    adj = PlanAdjustment(
        should_adjust=True,
        adjusted_clauses=[
            ClauseAnalysisPlan(clause_id="1.1", analysis_depth=AnalysisDepth.QUICK),
            ClauseAnalysisPlan(clause_id="8.1", analysis_depth=AnalysisDepth.DEEP),
        ],
    )
    new = apply_adjustment(plan, adj, keep={"1.1"})
    assert depths(new)["1.1"] is AnalysisDepth.STANDARD and depths(new)["8.1"] is AnalysisDepth.DEEP
    assert new.for_clause("8.1").max_iterations == 5  # type: ignore[union-attr]
    assert depths(plan)["8.1"] is AnalysisDepth.STANDARD and new.plan_version == 2
    assert apply_adjustment(plan, adj, keep={"1.1", "8.1"}) is plan


def test_an_adjustment_that_changes_nothing_keeps_the_version() -> None:
    plan = build_default_plan(FIVE)
    same = [
        ClauseAnalysisPlan(
            clause_id=cp.clause_id,
            analysis_depth=cp.analysis_depth,
            rationale="looked again after 4.1: still right",
        )
        for cp in plan.clause_plans
    ]
    adj = PlanAdjustment(should_adjust=True, reason="re-checked", adjusted_clauses=same)
    kept = apply_adjustment(plan, adj)
    assert kept is plan and kept.plan_version == 1
    # applied again and again (a dispatcher answering "adjust" after every clause), the
    # version stays where it was
    for _ in range(9):
        kept = apply_adjustment(kept, adj)
    assert kept.plan_version == 1
    assert plan_differences(plan.clause_plans, kept.clause_plans) == []


def test_a_real_change_still_bumps_the_version_and_says_what() -> None:
    plan = build_default_plan(FIVE)
    deeper = PlanAdjustment(
        should_adjust=True,
        adjusted_clauses=[ClauseAnalysisPlan(clause_id="8.1", analysis_depth=AnalysisDepth.DEEP)],
    )
    new = apply_adjustment(plan, deeper)
    assert new.plan_version == 2
    assert plan_differences(plan.clause_plans, new.clause_plans) == ["8.1: standard → deep"]
    # same depth, other tools: a change too
    tools = PlanAdjustment(
        should_adjust=True,
        adjusted_clauses=[
            ClauseAnalysisPlan(
                clause_id="8.1",
                analysis_depth=AnalysisDepth.DEEP,
                suggested_tools=["get_clause_context", "extract_financial_terms"],
            )
        ],
    )
    newer = apply_adjustment(new, tools)
    assert newer.plan_version == 3
    assert plan_differences(new.clause_plans, newer.clause_plans) == [
        "8.1: tools (none) → get_clause_context, extract_financial_terms"
    ]
    # and asking for what is now the plan changes nothing
    assert apply_adjustment(newer, tools) is newer


# --------------------------------------------------------------------------- property


def _llm_plans(ids: list[str]) -> st.SearchStrategy[str]:
    entry = st.fixed_dictionaries(
        {
            "clause_id": st.sampled_from([*ids, "99.9"]),
            "analysis_depth": st.sampled_from(["quick", "standard", "deep", "DEEP", "ultra"]),
            "max_iterations": st.integers(-3, 50),
            "priority_order": st.integers(-5, 50),
            "skip_diffs": st.booleans(),
            "suggested_tools": st.lists(st.sampled_from([*TOOLS, "teleport"]), max_size=3),
        }
    )
    plans = st.lists(entry, max_size=len(ids) + 2).map(lambda e: json.dumps({"clause_plans": e}))
    return st.one_of(plans, st.just("no plan today"), st.just('{"clause_plans": 7}'))


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_any_llm_plan_covers_every_clause_once(data: st.DataObject) -> None:
    checklist = data.draw(checklists(TOOLS, max_size=6))
    reply = data.draw(_llm_plans([item.clause_id for item in checklist]))
    plan = generate_review_plan(checklist, llm=ScriptedLLM([reply, reply]), available_tools=TOOLS)
    assert sorted(c.clause_id for c in plan.clause_plans) == sorted(i.clause_id for i in checklist)
    assert all(c.depth_consistent for c in plan.clause_plans)
    assert all(set(c.suggested_tools) <= set(TOOLS) for c in plan.clause_plans)
    assert [c.priority_order for c in plan.clause_plans] == list(range(len(checklist)))
    assert sum(plan.estimated_depth_distribution.values()) == len(checklist)
