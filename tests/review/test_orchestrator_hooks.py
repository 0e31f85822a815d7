"""The orchestrator behind the plan-routing hooks (seed SPEC-21 §4/§6.1.3): off by
default, core's planner and dispatcher when on, and a domain plugin still wins."""

from __future__ import annotations

import json
from typing import Any

import pytest

from contract_review import hookimpl
from contract_review.builtin.orchestration import (
    OrchestratorPlugin,
    orchestrator_plugin,
    register_orchestrator,
)
from contract_review.config import Settings
from contract_review.domain import ChecklistItem, DomainSpec, Priority, RiskLevel
from contract_review.plugins import get_plugin_manager
from contract_review.review import routing
from contract_review.review.findings import Finding
from contract_review.review.plan import (
    AnalysisDepth,
    ClauseAnalysisPlan,
    ReviewPlan,
    build_default_plan,
)
from contract_review.review.state import ReviewState
from contract_review.testing.fake_llm import ScriptedLLM

TOOLS = ["get_clause_context", "fidic_merge_gc_pc", "compare_with_baseline"]
FIVE = tuple(
    ChecklistItem(clause_id=cid, clause_name=name, priority=priority)
    for cid, name, priority in [
        ("1.1", "Definitions", Priority.LOW),
        ("4.1", "Contractor's obligations", Priority.CRITICAL),
        ("8.1", "Commencement", Priority.MEDIUM),
        ("17.6", "Limitation of liability", Priority.HIGH),
        ("20.1", "Claims", Priority.MEDIUM),
    ]
)


def plan_llm(*clause_plans: dict[str, Any], strategy: str) -> ScriptedLLM:
    return ScriptedLLM([json.dumps({"global_strategy": strategy, "clause_plans": clause_plans})])


def finding(clause_id: str, level: RiskLevel, text: str) -> Finding:
    return Finding(
        finding_id=f"f-{clause_id}",
        clause_id=clause_id,
        checklist_item_id=clause_id,
        title=text,
        risk_level=level,
        description=text,
    )


def depths(plan: ReviewPlan) -> dict[str, AnalysisDepth]:
    return {c.clause_id: c.analysis_depth for c in plan.clause_plans}


DOMAIN = DomainSpec(domain_id="fidic", name="FIDIC", checklist=FIVE)


def test_orchestrator_disabled_routing_uses_default_plan() -> None:
    assert orchestrator_plugin(Settings(use_orchestrator=False), ScriptedLLM()) is None
    pm = get_plugin_manager(load_entrypoints=False)
    assert register_orchestrator(pm, Settings(use_orchestrator=False), ScriptedLLM()) is None
    plan = routing.plan_review(pm, DOMAIN, ReviewState(domain_id="fidic"), TOOLS)
    assert depths(plan) == depths(build_default_plan(FIVE))


def test_orchestrator_answers_plan_and_adjust_hooks() -> None:
    llm = plan_llm(
        {"clause_id": "17.6", "analysis_depth": "deep", "priority_order": 0},
        strategy="liability first",
    )
    pm = get_plugin_manager(load_entrypoints=False)
    plugin = register_orchestrator(pm, Settings(use_orchestrator=True), llm)
    assert isinstance(plugin, OrchestratorPlugin)
    state = ReviewState(domain_id="fidic", material_type="EPC contract")
    plan = routing.plan_review(pm, DOMAIN, state, TOOLS)
    assert (
        plan.clause_plans[0].clause_id == "17.6" and "EPC contract" in llm.calls[0].last_user_text
    )

    plugin.llm = None
    plugin.findings_of = lambda _state: [
        finding("1.1", RiskLevel.HIGH, "Definitions widen the scope; see 8.1"),
        finding("20.1", RiskLevel.HIGH, "not the clause just reviewed"),
    ]
    order = [c.clause_id for c in plan.execution_order()]
    adjustment = routing.adjust_plan(pm, plan, order[1], 2, len(order), state)
    assert adjustment.should_adjust
    adjusted = {c.clause_id for c in adjustment.adjusted_clauses}
    assert adjusted == {"8.1"} and adjusted.isdisjoint(order[:2])


def test_domain_plugin_plan_wins_over_orchestrator() -> None:
    class Planner:
        @hookimpl
        def plan_review(self) -> ReviewPlan:
            return ReviewPlan(global_strategy="domain plan")

    pm = get_plugin_manager(load_entrypoints=False, extra_plugins=[("domain", Planner())])
    register_orchestrator(pm, Settings(use_orchestrator=True), ScriptedLLM())
    plan = routing.plan_review(pm, DOMAIN, ReviewState(domain_id="fidic"), TOOLS)
    assert plan.global_strategy == "domain plan"


@pytest.mark.parametrize(("skip", "step"), [(True, "save_clause"), (False, "generate_diffs")])
def test_route_after_analyze_follows_plan(skip: bool, step: str) -> None:
    entry = ClauseAnalysisPlan(clause_id="1.1", skip_diffs=skip)
    pm = get_plugin_manager(load_entrypoints=False)
    assert routing.route_after_analyze(pm, ReviewState(domain_id="fidic"), entry) == step
    assert routing.route_after_analyze(pm, ReviewState(domain_id="fidic"), None) == "generate_diffs"
