"""The ``analyze`` step with an LLM: the ReAct worker (SPEC-20) chooses and runs the
clause plan's skills and answers with findings; an LLM failure returns None so the
engine falls back to the offline playbook."""

from __future__ import annotations

from collections.abc import Sequence

from ..domain import ChecklistItem
from .clause_location import ClauseLocation
from .engine_context import EngineContext
from .findings import Finding, SkillResultSummary
from .law_evidence import without_prc_citations
from .plan import AnalysisDepth, ClauseAnalysisPlan
from .react_models import ClausePassage, ClauseTask
from .react_worker import findings_from_drafts, run_react, tool_runner
from .state import ReviewState

__all__ = ["analyze_with_llm"]


def analyze_with_llm(
    ctx: EngineContext,
    state: ReviewState,
    item: ChecklistItem,
    plan: ClauseAnalysisPlan,
    locations: Sequence[ClauseLocation],
) -> tuple[list[Finding], list[SkillResultSummary]] | None:
    """The worker's findings and tool runs for the located clause, or None when the LLM
    failed (the reason is added to the report's notes)."""
    assert ctx.llm is not None
    passages = []
    for location in locations:
        document = state.document_named(location.document)
        if document is not None:
            passages.append(
                ClausePassage(clause_id=location.clause_id, text=location.text(document))
            )
    position, rules = ctx.criteria(item)
    task = ClauseTask(
        domain=ctx.domain.name,
        item=item,
        plan=plan,
        passages=passages,
        our_party=state.our_party,
        language=state.reported_in,
        contract_language="zh" if state.language == "zh" else "en",
        standard_position=position,
        rules=rules,
        governing_law=state.governing_law,
    )
    active = ctx.registry.skills_for(ctx.domain.domain_id)
    wanted = set(plan.suggested_tools)
    tools = [s for s in active if plan.analysis_depth is AnalysisDepth.DEEP or s.skill_id in wanted]
    result = run_react(
        ctx.llm,
        task,
        tools=tools,
        run_tool=tool_runner(ctx.dispatcher, state, item.clause_id, runs=ctx.skill_runs),
        max_iterations=plan.max_iterations,
    )
    if result.stopped == "llm_error":
        state.notes.append(
            f"{item.clause_id}: the LLM failed ({result.error}); analysed with the playbook instead"
        )
        return None
    if result.error:
        state.notes.append(f"{item.clause_id}: {result.error}")
    findings = findings_from_drafts(
        result.findings,
        item,
        locations,
        state.documents,
        tool_calls=result.tool_calls,
        language=state.reported_in,
    )
    if state.governing_law is not None and not state.governing_law.is_prc:
        findings = [without_prc_citations(finding) for finding in findings]  # not the law here
    runs = [
        SkillResultSummary(
            skill_id=call.skill_id or "(none)",
            success=call.success,
            summary=(call.summary if call.success else call.error or "")[:240],
        )
        for call in result.tool_calls
    ]
    return findings, runs
