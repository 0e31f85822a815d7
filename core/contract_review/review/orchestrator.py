"""The orchestrator (seed SPEC-21 §3): plan a review with an LLM, and adjust the
remaining plan when a clause's findings call for it.

* :func:`generate_review_plan` asks the model once, before the first clause, for a
  :class:`~contract_review.review.plan.ReviewPlan`. The reply is checked: a plan naming
  clauses that are not on the checklist, or naming one twice, is rejected; clauses the
  model left out get their default entry; each depth gets the iteration limit, skip
  flags and tools of the depth table; tools that are not available are dropped. With no
  LLM, or a reply that cannot be used, the default plan is used and
  ``global_strategy`` says why — the report shows it.
* :func:`maybe_adjust_plan` runs after each clause. Only three triggers lead to a
  change: enough high or critical findings in the clause just reviewed, findings in a
  clause planned as a quick scan, and the midpoint of the review. The model (or, with
  none, a fixed rule: deepen the remaining critical/high-priority clauses and those the
  findings mention) decides the change; reviewed clauses are never changed.

Core wires both into the ``plan_review`` / ``adjust_plan`` hooks through
:mod:`contract_review.builtin.orchestration`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence

from ..domain import ChecklistItem, DomainSpec
from ..llm.client_types import ChatMessage, LLMClient
from ..llm.structured_output import chat_for_model, json_instruction
from .findings import Finding
from .orchestrator_rules import (
    AdjustmentReply,
    PlanRejectedError,
    PlanReply,
    Trigger,
    adjustment_from_reply,
    plan_from_reply,
    rule_based_adjustment,
    triggers_for,
)
from .plan import (
    ClauseAnalysisPlan,
    PlanAdjustment,
    ReviewPlan,
    apply_adjustment,
    build_default_plan,
)

logger = logging.getLogger(__name__)

__all__ = [
    "DISPATCH_SYSTEM",
    "PLANNING_SYSTEM",
    "decide_adjustment",
    "default_plan",
    "generate_review_plan",
    "maybe_adjust_plan",
]

PLANNING_SYSTEM = """You plan the legal review of a contract for a senior lawyer.
For every checklist clause choose:
- analysis_depth: "quick" (a scan of the clause text only: definitions, boilerplate),
  "standard" (most clauses: the checklist's tools) or "deep" (every available tool:
  critical clauses, money, time bars, liability caps, allocation of risk);
- suggested_tools: tool ids from the available tools only;
- priority_order: review order, 0 first; critical clauses first, and a clause other
  clauses depend on (e.g. the scope of obligations before the liability cap) before them;
- rationale: one short sentence.
Plan every checklist clause exactly once, use only the clause ids given, and keep deep
analysis for the clauses that need it. Also give a one-sentence global_strategy."""

DISPATCH_SYSTEM = """You manage a contract review in progress. A clause has just been
reviewed; decide whether the plan for the clauses still to review should change.
Change it only for an unexpected serious risk, a risk that links this clause to later
ones (e.g. a wide scope of obligations makes the liability cap matter more), or a clause
that proved more or less complex than planned. Only clauses still to review may be
adjusted. If nothing should change, answer should_adjust false with a short reason."""


def default_plan(
    checklist: Sequence[ChecklistItem], reason: str, available_tools: Sequence[str] | None = None
) -> ReviewPlan:
    """The default plan (checklist order, critical clauses deep, the rest standard), with
    ``global_strategy`` saying that it was used and why; tools not available are dropped."""
    plan = build_default_plan(checklist)
    if available_tools is not None:
        allowed = set(available_tools)
        plan = plan.model_copy(
            update={
                "clause_plans": [
                    cp.model_copy(
                        update={"suggested_tools": [t for t in cp.suggested_tools if t in allowed]}
                    )
                    for cp in plan.clause_plans
                ]
            }
        )
    strategy = (
        f"Default plan used ({reason}): checklist order, critical clauses analysed in depth, "
        "the others at standard depth."
    )
    return plan.model_copy(update={"global_strategy": strategy})


def _planning_prompt(
    checklist: Sequence[ChecklistItem],
    domain: DomainSpec | None,
    document_info: Mapping[str, str] | None,
    available_tools: Sequence[str] | None,
) -> list[ChatMessage]:
    clauses = [
        {
            "clause_id": item.clause_id,
            "clause_name": item.clause_name,
            "priority": item.priority.value,
            "checklist_tools": list(item.required_skills),
            "description": item.description[:200],
        }
        for item in checklist
    ]
    info = dict(document_info or {})
    if domain is not None:
        info.setdefault("domain", f"{domain.domain_id} ({domain.name})")
    user = (
        f"Document: {json.dumps(info, ensure_ascii=False)}\n"
        f"Available tools: {json.dumps(list(available_tools or []), ensure_ascii=False)}\n"
        f"Checklist ({len(clauses)} clauses):\n{json.dumps(clauses, ensure_ascii=False)}"
    )
    system = f"{PLANNING_SYSTEM}\n{json_instruction(PlanReply)}"
    return [ChatMessage.system(system), ChatMessage.user(user)]


def generate_review_plan(
    checklist: Sequence[ChecklistItem],
    *,
    llm: LLMClient | None,
    domain: DomainSpec | None = None,
    document_info: Mapping[str, str] | None = None,
    available_tools: Sequence[str] | None = None,
) -> ReviewPlan:
    """Plan the review of ``checklist`` with ``llm``, or fall back to the default plan.

    :param document_info: What the model is told about the documents (kind, language,
        the party we act for...).
    :param available_tools: The tool ids the review may use; None means unknown (tools
        are then not filtered).
    :returns: A plan covering every checklist clause exactly once, each entry's limits
        matching its depth. LLM errors and unusable replies never propagate: the default
        plan is returned and its ``global_strategy`` names the reason.
    """
    if llm is None:
        return default_plan(checklist, "no LLM is configured", available_tools)
    if not checklist:
        return default_plan(checklist, "the checklist is empty", available_tools)
    messages = _planning_prompt(checklist, domain, document_info, available_tools)
    try:
        reply = chat_for_model(llm, messages, PlanReply, temperature=0.1)
        return plan_from_reply(reply, checklist, available_tools)
    except PlanRejectedError as exc:
        reason = f"the model's plan was rejected: {exc}"
    except Exception as exc:  # LLMError, JSONReplyError and any client failure
        if isinstance(exc, AssertionError):  # test doubles signal misuse this way
            raise
        reason = f"the model could not plan the review: {exc}"
    logger.warning("review plan: %s; using the default plan", reason)
    return default_plan(checklist, reason, available_tools)


def _dispatch_prompt(
    plan: ReviewPlan,
    current_clause_id: str,
    findings: Sequence[Finding],
    remaining: Sequence[ClauseAnalysisPlan],
    triggers: Sequence[Trigger],
) -> list[ChatMessage]:
    done = len(plan.clause_plans) - len(remaining)
    summary = [
        {"risk_level": f.risk_level.value, "title": f.title, "description": f.description[:200]}
        for f in findings[:5]
    ]
    rest = [
        {
            "clause_id": cp.clause_id,
            "clause_name": cp.clause_name,
            "priority": cp.priority.value if cp.priority else "",
            "analysis_depth": cp.analysis_depth.value,
        }
        for cp in remaining[:20]
    ]
    user = (
        f"Clause just reviewed: {current_clause_id}\n"
        f"Why you are asked: {'; '.join(t.description for t in triggers)}\n"
        f"Its findings: {json.dumps(summary, ensure_ascii=False)}\n"
        f"Progress: {done} of {len(plan.clause_plans)} clauses reviewed\n"
        f"Clauses still to review: {json.dumps(rest, ensure_ascii=False)}"
    )
    system = f"{DISPATCH_SYSTEM}\n{json_instruction(AdjustmentReply)}"
    return [ChatMessage.system(system), ChatMessage.user(user)]


def decide_adjustment(
    plan: ReviewPlan,
    *,
    completed_clause_ids: Sequence[str],
    current_findings: Sequence[Finding],
    llm: LLMClient | None = None,
    threshold: int = 1,
    current_clause_id: str | None = None,
) -> PlanAdjustment:
    """The change to the remaining plan after a clause, or "no adjustment".

    :param completed_clause_ids: The clauses reviewed so far, in review order.
    :param current_findings: The findings of the clause just reviewed.
    :param threshold: How many high or critical findings trigger an adjustment
        (setting ``orchestrator_adjust_threshold``).
    :param current_clause_id: The clause just reviewed; defaults to the last completed.
    :returns: An adjustment naming only clauses not yet reviewed. The model is asked only
        when a trigger fires; when it fails, the rule-based adjustment is used.
    """
    completed = set(completed_clause_ids)
    current = current_clause_id or (completed_clause_ids[-1] if completed_clause_ids else "")
    remaining = [cp for cp in plan.execution_order() if cp.clause_id not in completed]
    if not remaining:
        return PlanAdjustment(should_adjust=False, reason="every clause is reviewed")
    triggers = triggers_for(plan, completed, current, current_findings, threshold)
    if not triggers:
        return PlanAdjustment(should_adjust=False, reason="no trigger fired")
    if llm is not None:
        messages = _dispatch_prompt(plan, current, current_findings, remaining, triggers)
        try:
            reply = chat_for_model(llm, messages, AdjustmentReply, temperature=0.1)
            return adjustment_from_reply(reply, remaining)
        except Exception as exc:  # LLMError, JSONReplyError and any client failure
            if isinstance(exc, AssertionError):
                raise
            logger.warning("plan adjustment: the model failed (%s); applying the rules", exc)
    return rule_based_adjustment(remaining, current, current_findings, triggers)


def maybe_adjust_plan(
    plan: ReviewPlan,
    *,
    completed_clause_ids: Sequence[str],
    current_findings: Sequence[Finding],
    llm: LLMClient | None = None,
    threshold: int = 1,
    current_clause_id: str | None = None,
) -> ReviewPlan:
    """The plan after :func:`decide_adjustment`: ``plan`` itself when nothing changes,
    else a new plan (``plan_version`` + 1) in which only unreviewed clauses differ."""
    adjustment = decide_adjustment(
        plan,
        completed_clause_ids=completed_clause_ids,
        current_findings=current_findings,
        llm=llm,
        threshold=threshold,
        current_clause_id=current_clause_id,
    )
    if adjustment.should_adjust:
        logger.info("plan adjusted: %s", adjustment.reason)
    return apply_adjustment(plan, adjustment, keep=set(completed_clause_ids))
