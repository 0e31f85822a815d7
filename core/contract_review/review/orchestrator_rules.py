"""The orchestrator's checks and rules (seed SPEC-21 §1.3, §3): what a model's plan or
adjustment must look like, how it is normalised to the depth table, when an adjustment
is triggered, and the adjustment made without a model.

Used by :mod:`contract_review.review.orchestrator`; everything here is pure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from ..domain import ChecklistItem, Priority, RiskLevel
from .findings import Finding
from .plan import (
    AnalysisDepth,
    ClauseAnalysisPlan,
    PlanAdjustment,
    ReviewPlan,
    build_default_plan,
    depth_distribution,
)

#: The one tool a quick scan uses (SPEC-21 §1.3).
QUICK_TOOL = "get_clause_context"
#: Finding risk levels that count as "high" for the adjustment trigger.
SERIOUS = frozenset({RiskLevel.HIGH, RiskLevel.CRITICAL})
#: Checklist priorities deepened by the rule-based adjustment.
IMPORTANT = frozenset({Priority.CRITICAL, Priority.HIGH})


class ClauseReply(BaseModel):
    """One clause of a model's plan or adjustment, as the model wrote it (lenient:
    depth is free text, limits and flags are recomputed from the depth)."""

    model_config = ConfigDict(extra="ignore")

    clause_id: str
    clause_name: str = ""
    analysis_depth: str = "standard"
    suggested_tools: list[str] = Field(default_factory=list)
    priority_order: int = 0
    rationale: str = ""


class PlanReply(BaseModel):
    """A model's review plan."""

    model_config = ConfigDict(extra="ignore")

    global_strategy: str = ""
    clause_plans: list[ClauseReply] = Field(default_factory=list)


class AdjustmentReply(BaseModel):
    """A model's answer to "should the remaining plan change?"."""

    model_config = ConfigDict(extra="ignore")

    should_adjust: bool = False
    reason: str = ""
    adjusted_clauses: list[ClauseReply] = Field(default_factory=list)


class Trigger(NamedTuple):
    """Why the remaining plan is reconsidered."""

    kind: Literal["serious_finding", "unexpected_risk", "midpoint"]
    description: str


class PlanRejectedError(ValueError):
    """A model's plan that cannot be used (unknown or repeated clause ids, no clauses)."""


def parse_depth(value: str) -> AnalysisDepth | None:
    """The depth named by ``value`` ("Deep", " quick "), or None."""
    try:
        return AnalysisDepth(value.strip().lower())
    except ValueError:
        return None


def tools_for(
    depth: AnalysisDepth,
    suggested: Sequence[str],
    checklist_tools: Sequence[str],
    available: Sequence[str] | None,
) -> list[str]:
    """The tools of the depth table: quick uses ``get_clause_context`` only; standard the
    suggestion, else the checklist's tools; deep those and then every available tool.
    With ``available`` given, nothing else is kept."""
    if depth is AnalysisDepth.QUICK:
        wanted = [QUICK_TOOL]
    else:
        wanted = list(suggested) or list(checklist_tools)
        if depth is AnalysisDepth.DEEP and available is not None:
            wanted += list(available)
    allowed = None if available is None else set(available)
    return list(dict.fromkeys(t for t in wanted if allowed is None or t in allowed))


def _repeated(ids: Sequence[str]) -> list[str]:
    return sorted(cid for cid, count in Counter(ids).items() if count > 1)


def plan_from_reply(
    reply: PlanReply, checklist: Sequence[ChecklistItem], available: Sequence[str] | None
) -> ReviewPlan:
    """Check and normalise a model's plan.

    :raises PlanRejectedError: when it plans no clause, a clause not on the checklist,
        or one clause twice.
    """
    items = {item.clause_id: item for item in checklist}
    ids = [cp.clause_id for cp in reply.clause_plans]
    if not ids:
        raise PlanRejectedError("it plans no clause")
    unknown = sorted({cid for cid in ids if cid not in items})
    if unknown:
        raise PlanRejectedError(f"clause(s) {', '.join(unknown)} are not on the checklist")
    repeated = _repeated(ids)
    if repeated:
        raise PlanRejectedError(f"clause(s) {', '.join(repeated)} are planned more than once")
    notes: list[str] = []
    defaults = {cp.clause_id: cp for cp in build_default_plan(checklist).clause_plans}
    planned: list[ClauseAnalysisPlan] = []
    for reply_cp in sorted(reply.clause_plans, key=lambda cp: cp.priority_order):
        item = items[reply_cp.clause_id]
        depth = parse_depth(reply_cp.analysis_depth)
        if depth is None:
            notes.append(f"{item.clause_id}: unknown depth {reply_cp.analysis_depth!r} -> standard")
            depth = AnalysisDepth.STANDARD
        dropped = [
            t for t in reply_cp.suggested_tools if available is not None and t not in available
        ]
        if dropped:
            notes.append(f"{item.clause_id}: unavailable tools dropped ({', '.join(dropped)})")
        entry = ClauseAnalysisPlan(
            clause_id=item.clause_id,
            clause_name=item.clause_name,
            priority=item.priority,
            rationale=reply_cp.rationale,
            suggested_tools=tools_for(
                depth, reply_cp.suggested_tools, item.required_skills, available
            ),
        )
        planned.append(entry.with_depth(depth))
    missing = [item for item in checklist if item.clause_id not in set(ids)]
    if missing:
        notes.append(
            f"not planned by the model, default entries used: "
            f"{', '.join(i.clause_id for i in missing)}"
        )
    for item in missing:
        entry = defaults[item.clause_id]
        tools = tools_for(entry.analysis_depth, (), item.required_skills, available)
        planned.append(entry.model_copy(update={"suggested_tools": tools}))
    planned = [cp.model_copy(update={"priority_order": i}) for i, cp in enumerate(planned)]
    strategy = reply.global_strategy.strip() or "Plan proposed by the model."
    if notes:
        strategy += " Corrections: " + "; ".join(notes) + "."
    return ReviewPlan(
        clause_plans=planned,
        global_strategy=strategy,
        estimated_depth_distribution=depth_distribution(planned),
    )


def triggers_for(
    plan: ReviewPlan,
    completed: Collection[str],
    current_clause_id: str,
    findings: Sequence[Finding],
    threshold: int,
) -> list[Trigger]:
    """Why the remaining plan should be reconsidered after ``current_clause_id``:
    enough high/critical findings, findings in a clause planned as a quick scan, or the
    midpoint (half of a plan of more than 4 clauses reviewed). Empty: no trigger."""
    triggers: list[Trigger] = []
    serious = [f for f in findings if f.risk_level in SERIOUS]
    if serious and len(serious) >= threshold:
        triggers.append(
            Trigger(
                "serious_finding",
                f"{len(serious)} high or critical finding(s) in clause {current_clause_id}",
            )
        )
    current = plan.for_clause(current_clause_id)
    if (
        current is not None
        and current.analysis_depth is AnalysisDepth.QUICK
        and any(f.risk_level is not RiskLevel.LOW for f in findings)
    ):
        triggers.append(
            Trigger(
                "unexpected_risk",
                f"clause {current_clause_id} was planned as a quick scan but has findings "
                "above low risk",
            )
        )
    total = len(plan.clause_plans)
    done = sum(1 for cp in plan.clause_plans if cp.clause_id in completed)
    if total > 4 and done == total // 2:
        triggers.append(Trigger("midpoint", f"midpoint review: {done} of {total} clauses reviewed"))
    return triggers


def _mentions(finding: Finding, clause_id: str) -> bool:
    text = f"{finding.title} {finding.description} {finding.rationale}"
    return re.search(rf"(?<![\w.]){re.escape(clause_id)}(?!\w|\.\d)", text) is not None


def rule_based_adjustment(
    remaining: Sequence[ClauseAnalysisPlan],
    current_clause_id: str,
    findings: Sequence[Finding],
    triggers: Sequence[Trigger],
) -> PlanAdjustment:
    """The adjustment made without a model: after a high/critical finding, remaining
    critical/high-priority clauses and clauses the findings mention go deep; after
    findings in a quick-scanned clause, remaining quick scans go standard."""
    changes: dict[str, ClauseAnalysisPlan] = {}
    kinds = {t.kind for t in triggers}
    serious = [f for f in findings if f.risk_level in SERIOUS]
    if "serious_finding" in kinds:
        worst = serious[0]
        for cp in remaining:
            related = cp.priority in IMPORTANT or any(_mentions(f, cp.clause_id) for f in serious)
            if related and cp.analysis_depth is not AnalysisDepth.DEEP:
                why = (
                    f"deepened after the {worst.risk_level.value} finding in clause "
                    f"{current_clause_id}: {worst.title}"
                )
                changes[cp.clause_id] = cp.model_copy(update={"rationale": why}).with_depth(
                    AnalysisDepth.DEEP
                )
    if "unexpected_risk" in kinds:
        for cp in remaining:
            if cp.clause_id not in changes and cp.analysis_depth is AnalysisDepth.QUICK:
                why = f"raised from a quick scan: clause {current_clause_id} held unexpected risks"
                changes[cp.clause_id] = cp.model_copy(update={"rationale": why}).with_depth(
                    AnalysisDepth.STANDARD
                )
    reason = "; ".join(t.description for t in triggers)
    if not changes:
        return PlanAdjustment(should_adjust=False, reason=f"{reason}; no rule changes the plan")
    return PlanAdjustment(
        should_adjust=True, reason=f"{reason} (rules)", adjusted_clauses=list(changes.values())
    )


def adjustment_from_reply(
    reply: AdjustmentReply, remaining: Sequence[ClauseAnalysisPlan]
) -> PlanAdjustment:
    """A model's adjustment, restricted to the clauses still to review. Only depth and
    rationale change (tools stay those planned); an unknown depth keeps the current one."""
    if not reply.should_adjust:
        return PlanAdjustment(should_adjust=False, reason=reply.reason or "the model kept the plan")
    by_id = {cp.clause_id: cp for cp in remaining}
    adjusted: list[ClauseAnalysisPlan] = []
    for reply_cp in reply.adjusted_clauses:
        current = by_id.get(reply_cp.clause_id)
        if current is None:  # reviewed already, or not in the plan
            continue
        depth = parse_depth(reply_cp.analysis_depth) or current.analysis_depth
        rationale = reply_cp.rationale or current.rationale
        adjusted.append(current.model_copy(update={"rationale": rationale}).with_depth(depth))
    return PlanAdjustment(
        should_adjust=bool(adjusted), reason=reply.reason, adjusted_clauses=adjusted
    )
