"""The review engine's nodes and the routes between them (plain Python, no graph
library).

::

    parse → plan_review → ┌ analyze → route_after_analyze ─┬→ generate_diffs → validate
                          │                                 │      → human_approval ─┐
                          │                                 └────────────────────────┤
                          └──────────────────────────── save_clause ←────────────────┘
                                  (next planned clause, or) → summarize

Each node takes the engine's context and the state, does its one job, and sets
``state.next_node``. Routing decisions go through the plan-routing hooks
(:mod:`contract_review.review.routing`), so a domain can change them. The engine saves
a checkpoint after every node.
"""

from __future__ import annotations

from collections.abc import Callable

from ..documents.model import Document
from ..errors import InputError
from ..storage.records import utc_now
from .clause_analysis import analyze_clause
from .diffs import suggested_change
from .engine_context import EngineContext
from .findings import Evidence, Finding, FindingStatus
from .plan import (
    ClauseAnalysisPlan,
    ReviewPlan,
    apply_adjustment,
    build_default_plan,
    plan_differences,
)
from .report_models import ClauseReview, PlanChange
from .report_words import item_name, say
from .routing import adjust_plan, plan_review, route_after_analyze
from .state import ClauseWork, ReviewState

__all__ = ["DONE", "NODES", "Node", "clause_plan_of", "next_clause"]

Node = Callable[[EngineContext, ReviewState], None]

#: The node after the last clause is saved; the engine stops after it.
DONE = "done"


def _plan(state: ReviewState) -> ReviewPlan:
    if state.review_plan is None:
        raise RuntimeError(f"review {state.review_id}: no plan (plan_review has not run)")
    return state.review_plan


def next_clause(state: ReviewState) -> ClauseAnalysisPlan | None:
    """The first clause of the plan's execution order not yet saved, or None."""
    done = set(state.done_clause_ids)
    return next((cp for cp in _plan(state).execution_order() if cp.clause_id not in done), None)


def clause_plan_of(state: ReviewState) -> ClauseAnalysisPlan:
    """The plan of the clause in progress."""
    found = _plan(state).for_clause(state.current_clause_id)
    if found is None:
        raise RuntimeError(f"clause {state.current_clause_id!r} is not in the plan")
    return found


def _work(state: ReviewState) -> ClauseWork:
    if state.current is None:
        raise RuntimeError(f"review {state.review_id}: no clause in progress")
    return state.current


# --------------------------------------------------------------------------- nodes


def plan_review_node(ctx: EngineContext, state: ReviewState) -> None:
    """Plan depth, tools and order for every checklist item (hook ``plan_review``)."""
    tools = [skill.skill_id for skill in ctx.registry.skills_for(ctx.domain.domain_id)]
    plan = plan_review(ctx.registry.pm, ctx.domain, state, tools, orchestrator=ctx.orchestrator)
    state.review_plan = plan
    if state.plan_source == "orchestrator":
        state.plan_note = plan.global_strategy
    elif plan.model_dump() != build_default_plan(ctx.domain.checklist).model_dump():
        state.plan_source = "plugin"
        state.plan_note = plan.global_strategy or "planned by a domain plugin"
    else:
        state.plan_note = say("plan_default", state.reported_in)
    state.next_node = "analyze" if next_clause(state) is not None else "summarize"


def analyze_node(ctx: EngineContext, state: ReviewState) -> None:
    """Locate the next planned clause and analyse it (playbook offline, or the LLM)."""
    clause_plan = next_clause(state)
    if clause_plan is None:
        state.next_node = "summarize"
        return
    item = ctx.domain.checklist_item(clause_plan.clause_id)
    if item is None:
        raise InputError(
            f"the plan names clause {clause_plan.clause_id!r}, which is not in the "
            f"{ctx.domain.domain_id} checklist"
        )
    state.current_clause_id = item.clause_id
    state.current = analyze_clause(ctx, state, item, clause_plan)
    state.next_node = "route_after_analyze"


def route_after_analyze_node(ctx: EngineContext, state: ReviewState) -> None:
    """Diffs next, or straight to saving (hook ``route_after_analyze``)."""
    work = _work(state)
    step = route_after_analyze(ctx.registry.pm, state, clause_plan_of(state))
    work.steps.append("route_after_analyze")
    state.next_node = step


def generate_diffs_node(ctx: EngineContext, state: ReviewState) -> None:
    """Attach each proposed redline to its finding, as a unified diff."""
    work = _work(state)
    work.findings = [
        finding.model_copy(update={"suggested_change": work.proposed_changes[finding.finding_id]})
        if finding.finding_id in work.proposed_changes
        else finding
        for finding in work.findings
    ]
    work.steps.append("generate_diffs")
    state.next_node = "human_approval" if clause_plan_of(state).skip_validate else "validate"


def validate_node(ctx: EngineContext, state: ReviewState) -> None:
    """Check every quote against its document and every redline against its clause;
    drop what does not hold (and say so in the report's notes)."""
    work = _work(state)
    checked: list[Finding] = []
    for finding in work.findings:
        evidence = [e for e in finding.evidence if _quote_holds(e, state)]
        if len(evidence) != len(finding.evidence):
            state.notes.append(
                say(
                    "quotes_dropped",
                    state.reported_in,
                    finding=finding.finding_id,
                    count=len(finding.evidence) - len(evidence),
                )
            )
        change = finding.suggested_change
        if change is not None and not any(
            e.kind == "clause" and e.text == change.before for e in evidence
        ):
            state.notes.append(
                say("redline_dropped", state.reported_in, finding=finding.finding_id)
            )
            change = None
        checked.append(
            finding.model_copy(update={"evidence": evidence, "suggested_change": change})
        )
    work.findings = checked
    work.steps.append("validate")
    state.next_node = "human_approval"


def _quote_holds(evidence: Evidence, state: ReviewState) -> bool:
    if evidence.start is None or evidence.end is None:
        return True
    document: Document | None = state.document_named(evidence.source)
    return document is not None and document.source[evidence.start : evidence.end] == evidence.text


def human_approval_node(ctx: EngineContext, state: ReviewState) -> None:
    """Ask the approver about each proposed change not yet decided.

    :raises contract_review.review.approval.PauseReview: from the approver; the engine saves and stops, and a resume
        runs this node again (decisions already taken are kept).
    """
    work = _work(state)
    decided = {record.finding_id for record in work.approvals}
    updated: list[Finding] = []
    for finding in work.findings:
        if finding.suggested_change is not None and finding.finding_id not in decided:
            record = ctx.approver.decide(finding, state)  # may raise PauseReview
            work.approvals.append(record)
            if record.decision == "edited" and record.after is not None:
                finding = finding.model_copy(
                    update={
                        "suggested_change": suggested_change(
                            finding.suggested_change.before, record.after
                        )
                    }
                )
        updated.append(finding)
    work.findings = updated
    work.steps.append("human_approval")
    state.next_node = "save_clause"


def save_clause_node(ctx: EngineContext, state: ReviewState) -> None:
    """Record the clause's findings, then let the plan adjust (hook ``adjust_plan``)."""
    work = _work(state)
    clause_plan = clause_plan_of(state)
    item = ctx.domain.checklist_item(work.checklist_item_id)
    work.steps.append("save_clause")
    state.findings.extend(work.findings)
    state.checked.extend(work.checked)
    state.approvals.extend(work.approvals)
    state.clause_reviews.append(
        ClauseReview(
            checklist_item_id=work.checklist_item_id,
            clause_name=item_name(item, state.reported_in) if item is not None else "",
            depth=clause_plan.analysis_depth,
            status=FindingStatus.FOUND
            if work.checked or any(f.status is FindingStatus.FOUND for f in work.findings)
            else FindingStatus.MISSING,
            locations=work.locations,
            finding_ids=[f.finding_id for f in work.findings],
            checked=bool(work.checked),
            not_applicable=work.not_applicable,
            mentioned_in=work.mentioned_in,
            skill_results=work.skill_results,
            facts=work.facts,
            steps=work.steps,
            worker=work.worker,
        )
    )
    plan = _plan(state)
    done = state.done_clause_ids
    adjustment = adjust_plan(
        ctx.registry.pm,
        plan,
        work.checklist_item_id,
        len(done),
        len(plan.clause_plans),
        state,
        orchestrator=ctx.orchestrator,
    )
    adjusted = apply_adjustment(plan, adjustment, keep=done)
    if adjusted.plan_version != plan.plan_version:
        state.plan_changes.append(
            PlanChange(
                after_clause=work.checklist_item_id,
                plan_version=adjusted.plan_version,
                reason=adjustment.reason,
                changes=plan_differences(plan.clause_plans, adjusted.clause_plans),
            )
        )
        state.review_plan = adjusted
    state.current = None
    state.current_clause_id = ""
    state.next_node = "analyze" if next_clause(state) is not None else "summarize"


def summarize_node(ctx: EngineContext, state: ReviewState) -> None:
    """Close the review: every planned clause is done."""
    state.status = "complete"
    state.finished_at = utc_now()
    state.next_node = DONE


NODES: dict[str, Node] = {
    "plan_review": plan_review_node,
    "analyze": analyze_node,
    "route_after_analyze": route_after_analyze_node,
    "generate_diffs": generate_diffs_node,
    "validate": validate_node,
    "human_approval": human_approval_node,
    "save_clause": save_clause_node,
    "summarize": summarize_node,
}
