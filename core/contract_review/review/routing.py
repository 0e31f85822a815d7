"""Plan routing: ask the plugins first, fall back to core's defaults.

The review engine calls these three functions; each one calls its firstresult hook
and, when no plugin answers, returns core's default (SPEC-21).
"""

from __future__ import annotations

from typing import Literal

import pluggy

from ..domain import DomainSpec
from ..errors import PluginError
from .plan import ClauseAnalysisPlan, PlanAdjustment, ReviewPlan, build_default_plan
from .state import ReviewState

NextStep = Literal["generate_diffs", "save_clause"]
_STEPS: tuple[NextStep, ...] = ("generate_diffs", "save_clause")


def plan_review(
    pm: pluggy.PluginManager, domain: DomainSpec, state: ReviewState, available_tools: list[str]
) -> ReviewPlan:
    """The plan a plugin returns, or the default plan (checklist order, critical deep)."""
    plan = pm.hook.plan_review(domain=domain, state=state, available_tools=available_tools)
    if plan is None:
        return build_default_plan(domain.checklist)
    if not isinstance(plan, ReviewPlan):
        raise PluginError(
            f"a plan_review hook returned {type(plan).__name__}, not a ReviewPlan",
            plugin="plan_review",
        )
    return plan


def adjust_plan(
    pm: pluggy.PluginManager,
    plan: ReviewPlan,
    clause_id: str,
    completed_count: int,
    total_count: int,
    state: ReviewState,
) -> PlanAdjustment:
    """The adjustment a plugin returns, or "no adjustment"."""
    adjustment = pm.hook.adjust_plan(
        plan=plan,
        clause_id=clause_id,
        completed_count=completed_count,
        total_count=total_count,
        state=state,
    )
    if adjustment is None:
        return PlanAdjustment(should_adjust=False, reason="no plugin asked for an adjustment")
    if not isinstance(adjustment, PlanAdjustment):
        raise PluginError(
            f"an adjust_plan hook returned {type(adjustment).__name__}, not a PlanAdjustment",
            plugin="adjust_plan",
        )
    return adjustment


def route_after_analyze(
    pm: pluggy.PluginManager, state: ReviewState, clause_plan: ClauseAnalysisPlan | None
) -> NextStep:
    """The step after analysing a clause: a plugin's answer, else skip diffs only when
    the clause plan says so."""
    step = pm.hook.route_after_analyze(state=state, clause_plan=clause_plan)
    if step is None:
        return (
            "save_clause"
            if clause_plan is not None and clause_plan.skip_diffs
            else "generate_diffs"
        )
    if step not in _STEPS:
        raise PluginError(
            f"a route_after_analyze hook returned {step!r}; expected one of {', '.join(_STEPS)}",
            plugin="route_after_analyze",
        )
    result: NextStep = step
    return result
