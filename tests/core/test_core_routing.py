"""Plan routing: plugin answers win, core's defaults otherwise, wrappers can adjust."""

from __future__ import annotations

from typing import Any

import pytest

from contract_review import hookimpl
from contract_review.domain import ChecklistItem, DomainSpec, Priority
from contract_review.errors import PluginError
from contract_review.plugins import get_plugin_manager
from contract_review.review import routing
from contract_review.review.plan import AnalysisDepth, ClauseAnalysisPlan, ReviewPlan
from contract_review.review.state import ReviewState

DOMAIN = DomainSpec(
    domain_id="leases",
    name="Leases",
    checklist=(
        ChecklistItem(clause_id="1", clause_name="Rent", priority=Priority.CRITICAL),
        ChecklistItem(clause_id="2", clause_name="Term"),
    ),
)
STATE = ReviewState(domain_id="leases")


def pm_with(*plugins: object) -> Any:
    return get_plugin_manager(
        load_entrypoints=False, extra_plugins=tuple((f"p{i}", p) for i, p in enumerate(plugins))
    )


def test_default_plan_when_no_plugin_answers() -> None:
    plan = routing.plan_review(pm_with(), DOMAIN, STATE, [])
    assert [(cp.clause_id, cp.analysis_depth) for cp in plan.clause_plans] == [
        ("1", AnalysisDepth.DEEP),
        ("2", AnalysisDepth.STANDARD),
    ]


def test_plugin_plan_wins_and_wrapper_adjusts_it() -> None:
    class Planner:
        @hookimpl
        def plan_review(self, domain: DomainSpec) -> ReviewPlan:
            return ReviewPlan(
                clause_plans=[
                    ClauseAnalysisPlan(clause_id=i.clause_id, analysis_depth=AnalysisDepth.QUICK)
                    for i in domain.checklist
                ],
                global_strategy="skim",
            )

    class Wrapper:
        @hookimpl(wrapper=True)
        def plan_review(self) -> Any:
            plan = yield
            return plan.model_copy(update={"global_strategy": plan.global_strategy + " (wrapped)"})

    plan = routing.plan_review(pm_with(Planner(), Wrapper()), DOMAIN, STATE, [])
    assert plan.global_strategy == "skim (wrapped)"
    assert {cp.analysis_depth for cp in plan.clause_plans} == {AnalysisDepth.QUICK}


def test_wrong_plan_type_is_a_plugin_error() -> None:
    class Bad:
        @hookimpl
        def plan_review(self) -> dict[str, Any]:
            return {"clause_plans": []}

    with pytest.raises(PluginError, match="not a ReviewPlan"):
        routing.plan_review(pm_with(Bad()), DOMAIN, STATE, [])


@pytest.mark.parametrize(("skip", "expected"), [(True, "save_clause"), (False, "generate_diffs")])
def test_default_route_follows_skip_diffs(skip: bool, expected: str) -> None:
    cp = ClauseAnalysisPlan(clause_id="1", skip_diffs=skip)
    assert routing.route_after_analyze(pm_with(), STATE, cp) == expected


def test_route_without_plan_generates_diffs() -> None:
    assert routing.route_after_analyze(pm_with(), STATE, None) == "generate_diffs"


def test_plugin_route_wins_and_bad_route_is_rejected() -> None:
    class AlwaysSave:
        @hookimpl
        def route_after_analyze(self) -> str:
            return "save_clause"

    class Nonsense:
        @hookimpl
        def route_after_analyze(self) -> str:
            return "teleport"

    assert routing.route_after_analyze(pm_with(AlwaysSave()), STATE, None) == "save_clause"
    with pytest.raises(PluginError, match="teleport"):
        routing.route_after_analyze(pm_with(Nonsense()), STATE, None)


def test_adjust_plan_defaults_to_no_adjustment() -> None:
    plan = ReviewPlan()
    adjustment = routing.adjust_plan(pm_with(), plan, "1", 1, 2, STATE)
    assert adjustment.should_adjust is False
