"""Plan routing: ask the plugins first, fall back to core's defaults.

The review engine calls these functions; each one calls its firstresult hook and,
when no plugin answers, returns core's default (SPEC-21 for the plan hooks). A plugin
whose hook raises is skipped for the review and named in its notes
(:func:`~.contained_hooks.first_answer`). The plan
hooks take the review's own planner (``orchestrator``, from the engine's context):
asked when no plugin answers, before the default — it is never registered on the
shared plugin manager, so one registry serves reviews side by side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

import pluggy

from ..documents.locate import locate_checklist_item
from ..domain import ChecklistItem, DomainSpec
from ..domain_declaration import call_with
from ..errors import PluginError
from .clause_location import ClauseLocation
from .contained_hooks import contained_call, first_answer
from .plan import ClauseAnalysisPlan, PlanAdjustment, ReviewPlan, build_default_plan
from .state import ReviewState

if TYPE_CHECKING:
    from ..registry import Registry

NextStep = Literal["generate_diffs", "save_clause"]
_STEPS: tuple[NextStep, ...] = ("generate_diffs", "save_clause")


class ReviewPlanner(Protocol):
    """A review's own planner (core's orchestrator): plans and adjusts when no plugin does."""

    def plan_review(
        self, domain: DomainSpec, state: ReviewState, available_tools: list[str]
    ) -> ReviewPlan: ...

    def adjust_plan(
        self,
        plan: ReviewPlan,
        clause_id: str,
        completed_count: int,
        total_count: int,
        state: ReviewState,
    ) -> PlanAdjustment: ...


def plan_review(
    pm: pluggy.PluginManager,
    domain: DomainSpec,
    state: ReviewState,
    available_tools: list[str],
    *,
    orchestrator: ReviewPlanner | None = None,
) -> ReviewPlan:
    """The plan a plugin returns, else the review's ``orchestrator``'s, else the default
    plan (checklist order, critical deep)."""
    plan = first_answer(
        pm, "plan_review", state, domain=domain, state=state, available_tools=available_tools
    )
    if plan is None and orchestrator is not None:
        plan = orchestrator.plan_review(domain, state, available_tools)
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
    *,
    orchestrator: ReviewPlanner | None = None,
) -> PlanAdjustment:
    """The adjustment a plugin returns, else the review's ``orchestrator``'s, else "no
    adjustment"."""
    adjustment = first_answer(
        pm,
        "adjust_plan",
        state,
        plan=plan,
        clause_id=clause_id,
        completed_count=completed_count,
        total_count=total_count,
        state=state,
    )
    if adjustment is None and orchestrator is not None:
        adjustment = orchestrator.adjust_plan(plan, clause_id, completed_count, total_count, state)
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
    step = first_answer(pm, "route_after_analyze", state, state=state, clause_plan=clause_plan)
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


def locate_clauses(
    registry: Registry, domain: DomainSpec, item: ChecklistItem, state: ReviewState
) -> list[ClauseLocation]:
    """Where ``item`` is: the domain's declared clause locator, else a plugin's
    ``locate_clauses`` answer, else the primary document's section with the item's number
    (checked against its keywords) or best keyword match."""
    located = None
    locator = registry.clause_locators.get(domain.domain_id)
    if locator is not None:
        located = contained_call(
            state,
            locator.plugin,
            "locate_clauses",
            lambda: call_with(locator.item, domain=domain, clause=item, state=state),
        )
    if located is None:
        located = first_answer(
            registry.pm, "locate_clauses", state, domain=domain, clause=item, state=state
        )
    if located is None:
        primary = state.primary
        section = locate_checklist_item(primary, item) if primary is not None else None
        if primary is None or section is None:
            return []
        return [ClauseLocation.of_section(primary, section, reason="by number and keywords")]
    if not isinstance(located, list) or not all(isinstance(x, ClauseLocation) for x in located):
        raise PluginError(
            f"a locate_clauses hook returned {type(located).__name__} for clause "
            f"{item.clause_id!r}, not a list of ClauseLocation",
            plugin="locate_clauses",
        )
    return located
