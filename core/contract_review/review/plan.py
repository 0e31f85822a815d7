"""Review plans (seed SPEC-21 §1.2/§3.2): which clauses to review, how deeply,
with which tools and in what order, and how a plan is adjusted mid-review.

The plan-routing hooks (``plan_review``, ``adjust_plan``, ``route_after_analyze``)
return these models; :func:`build_default_plan` is core's fallback when no plugin
(and no LLM orchestrator) answers.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from enum import StrEnum

from pydantic import BaseModel, Field

from ..domain import ChecklistItem, Priority


class AnalysisDepth(StrEnum):
    """How deeply one clause is analysed (SPEC-21 §1.3)."""

    QUICK = "quick"  # 1 iteration, get_clause_context only, no diffs or validation
    STANDARD = "standard"  # 3 iterations, the checklist's tools
    DEEP = "deep"  # 5 iterations, every available tool


#: ReAct iteration limit per depth (SPEC-21 §1.3).
MAX_ITERATIONS: dict[AnalysisDepth, int] = {
    AnalysisDepth.QUICK: 1,
    AnalysisDepth.STANDARD: 3,
    AnalysisDepth.DEEP: 5,
}


class ClauseAnalysisPlan(BaseModel):
    """The plan for one clause."""

    clause_id: str
    clause_name: str = ""
    analysis_depth: AnalysisDepth = AnalysisDepth.STANDARD
    suggested_tools: list[str] = Field(default_factory=list)
    max_iterations: int = Field(default=3, ge=1)
    priority_order: int = 0
    rationale: str = ""
    skip_diffs: bool = False
    skip_validate: bool = False
    priority: Priority | None = Field(
        default=None, description="The checklist item's priority, copied from the checklist."
    )

    def with_depth(self, depth: AnalysisDepth) -> ClauseAnalysisPlan:
        """A copy at ``depth``, with the iteration limit and skip flags the depth table
        gives (quick: 1 iteration, no diffs or validation; standard 3; deep 5)."""
        quick = depth is AnalysisDepth.QUICK
        return self.model_copy(
            update={
                "analysis_depth": depth,
                "max_iterations": MAX_ITERATIONS[depth],
                "skip_diffs": quick,
                "skip_validate": quick,
            }
        )

    @property
    def depth_consistent(self) -> bool:
        """Whether the iteration limit and skip flags are those of the depth table."""
        quick = self.analysis_depth is AnalysisDepth.QUICK
        return (self.max_iterations, self.skip_diffs, self.skip_validate) == (
            MAX_ITERATIONS[self.analysis_depth],
            quick,
            quick,
        )


def depth_distribution(clause_plans: Iterable[ClauseAnalysisPlan]) -> dict[str, int]:
    """How many clauses are planned at each depth, e.g. ``{"standard": 2, "deep": 1}``."""
    distribution: dict[str, int] = {}
    for cp in clause_plans:
        distribution[cp.analysis_depth.value] = distribution.get(cp.analysis_depth.value, 0) + 1
    return distribution


class ReviewPlan(BaseModel):
    """The plan for a whole review."""

    clause_plans: list[ClauseAnalysisPlan] = Field(default_factory=list)
    global_strategy: str = ""
    estimated_depth_distribution: dict[str, int] = Field(default_factory=dict)
    plan_version: int = Field(default=1, ge=1)

    def for_clause(self, clause_id: str) -> ClauseAnalysisPlan | None:
        """The plan of one clause, or None when the clause is not planned."""
        return next((cp for cp in self.clause_plans if cp.clause_id == clause_id), None)

    def execution_order(self) -> list[ClauseAnalysisPlan]:
        """The clause plans in the order they are reviewed: by ``priority_order``, ties
        in plan order."""
        return sorted(self.clause_plans, key=lambda cp: cp.priority_order)


class PlanAdjustment(BaseModel):
    """A mid-review change to the remaining plan."""

    adjusted_clauses: list[ClauseAnalysisPlan] = Field(default_factory=list)
    reason: str = ""
    should_adjust: bool = False


def build_default_plan(checklist: Sequence[ChecklistItem]) -> ReviewPlan:
    """The plan used when nothing else plans: checklist order, critical clauses deep,
    everything else standard (SPEC-21 ``_build_default_plan``)."""
    clause_plans: list[ClauseAnalysisPlan] = []
    for index, item in enumerate(checklist):
        depth = AnalysisDepth.DEEP if item.priority is Priority.CRITICAL else AnalysisDepth.STANDARD
        clause_plans.append(
            ClauseAnalysisPlan(
                clause_id=item.clause_id,
                clause_name=item.clause_name,
                analysis_depth=depth,
                suggested_tools=list(item.required_skills),
                max_iterations=MAX_ITERATIONS[depth],
                priority_order=index,
                rationale=f"default plan: priority={item.priority.value}",
                priority=item.priority,
            )
        )
    return ReviewPlan(
        clause_plans=clause_plans,
        global_strategy="default plan: checklist order, critical clauses analysed deeply",
        estimated_depth_distribution=depth_distribution(clause_plans),
    )


def apply_adjustment(
    plan: ReviewPlan, adjustment: PlanAdjustment, *, keep: Collection[str] = ()
) -> ReviewPlan:
    """A new plan with ``adjustment`` applied; ``plan`` is left unchanged.

    Adjusted clauses take the new depth — with that depth's iteration limit and skip
    flags — and the new rationale (tools are kept unless the adjustment names some).
    Clauses the plan does not hold, and clauses in ``keep`` (those already reviewed),
    are ignored, and so is an adjustment that would leave a clause's depth and tools as
    they are (a new rationale alone changes nothing). When something changed the version
    goes up by one and the depth distribution is recounted; otherwise ``plan`` itself is
    returned, its version unchanged.
    """
    if not adjustment.should_adjust or not adjustment.adjusted_clauses:
        return plan
    adjusted = {cp.clause_id: cp for cp in adjustment.adjusted_clauses if cp.clause_id not in keep}
    new_plans: list[ClauseAnalysisPlan] = []
    changed_any = False
    for cp in plan.clause_plans:
        adj = adjusted.get(cp.clause_id)
        changed = (
            None
            if adj is None
            else cp.model_copy(
                update={"suggested_tools": list(adj.suggested_tools) or cp.suggested_tools}
            ).with_depth(adj.analysis_depth)
        )
        if adj is None or changed is None or not plan_differences([cp], [changed]):
            new_plans.append(cp)
            continue
        changed_any = True
        new_plans.append(changed.model_copy(update={"rationale": adj.rationale or cp.rationale}))
    if not changed_any:
        return plan
    return plan.model_copy(
        update={
            "clause_plans": new_plans,
            "estimated_depth_distribution": depth_distribution(new_plans),
            "plan_version": plan.plan_version + 1,
        }
    )


def plan_differences(
    before: Iterable[ClauseAnalysisPlan], after: Iterable[ClauseAnalysisPlan]
) -> list[str]:
    """What changed from ``before`` to ``after`` for the clauses both hold, one line per
    change: ``"17.6: standard → deep"``, ``"4.1: tools a, b → a, b, c"``. Empty when
    nothing that steers the review changed (rationale and order are not counted)."""
    earlier = {cp.clause_id: cp for cp in before}
    lines: list[str] = []
    for cp in after:
        old = earlier.get(cp.clause_id)
        if old is None:
            continue
        if old.analysis_depth is not cp.analysis_depth:
            lines.append(f"{cp.clause_id}: {old.analysis_depth.value} → {cp.analysis_depth.value}")
        if old.suggested_tools != cp.suggested_tools:
            lines.append(
                f"{cp.clause_id}: tools {', '.join(old.suggested_tools) or '(none)'} → "
                f"{', '.join(cp.suggested_tools) or '(none)'}"
            )
    return lines
