"""Core's orchestrator as a plugin: answers ``plan_review`` and ``adjust_plan`` (seed
SPEC-21) when the ``use_orchestrator`` setting is on.

It is not a module-level built-in: it needs the review's LLM client, so the review
engine builds one per review with :func:`orchestrator_plugin` and registers it next to
the domain plugins (``get_plugin_manager(extra_plugins=...)`` or
:func:`register_orchestrator`). Its hook implementations are ``trylast``, so a domain
plugin that plans or adjusts still wins, and wrappers still see the result. With the
setting off nothing is registered and :mod:`contract_review.review.routing` falls back
to the default plan and to "no adjustment" — the behaviour before SPEC-21.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pluggy

from ..config import Settings
from ..domain import DomainSpec
from ..hookspecs import hookimpl
from ..llm.client_types import LLMClient
from ..review.findings import Finding
from ..review.orchestrator import decide_adjustment, generate_review_plan
from ..review.plan import PlanAdjustment, ReviewPlan
from ..review.state import ReviewState

#: The name the orchestrator plugin is registered under.
ORCHESTRATOR_PLUGIN_NAME = "contract_review.orchestrator"

#: Reads the findings recorded so far from the review state.
FindingsReader = Callable[[ReviewState], Sequence[Finding]]


def state_findings(state: ReviewState) -> Sequence[Finding]:
    """The findings on ``state`` so far."""
    return list(state.findings)


def document_info(state: ReviewState) -> dict[str, str]:
    """What the planner is told about the review: document kind, language, our party
    and the documents' names."""
    info = {
        "material_type": state.material_type or "contract",
        "language": state.language,
        "our_party": state.our_party,
        "documents": ", ".join(f"{doc.name} ({doc.role})" for doc in state.documents),
    }
    return {key: value for key, value in info.items() if value}


class OrchestratorPlugin:
    """Plans with the LLM (or the default plan when there is none) and adjusts the
    remaining plan on high/critical findings, unexpected risks and at the midpoint.

    :param llm: The review's LLM client; None plans by default and adjusts by rules.
    :param threshold: High/critical findings in one clause that trigger an adjustment.
    :param findings_of: Reads the findings so far from the state.
    """

    def __init__(
        self,
        *,
        llm: LLMClient | None,
        threshold: int = 1,
        findings_of: FindingsReader = state_findings,
    ) -> None:
        self.llm = llm
        self.threshold = threshold
        self.findings_of = findings_of

    @hookimpl(trylast=True)
    def plan_review(
        self, domain: DomainSpec, state: ReviewState, available_tools: list[str]
    ) -> ReviewPlan:
        """Core's planner: the LLM's checked plan, or the default plan saying why."""
        return generate_review_plan(
            domain.checklist,
            llm=self.llm,
            domain=domain,
            document_info=document_info(state),
            available_tools=available_tools,
        )

    @hookimpl(trylast=True)
    def adjust_plan(
        self,
        plan: ReviewPlan,
        clause_id: str,
        completed_count: int,
        total_count: int,
        state: ReviewState,
    ) -> PlanAdjustment:
        """Core's dispatcher: the adjustment of the clauses not yet reviewed.

        The reviewed clauses are the first ``completed_count`` of the plan's execution
        order, and always ``clause_id``; ``total_count`` is implied by the plan.
        """
        order = [cp.clause_id for cp in plan.execution_order()]
        completed = [cid for cid in order[:completed_count] if cid != clause_id]
        completed.append(clause_id)
        findings = [
            f for f in self.findings_of(state) if clause_id in (f.checklist_item_id, f.clause_id)
        ]
        return decide_adjustment(
            plan,
            completed_clause_ids=completed,
            current_findings=findings,
            llm=self.llm,
            threshold=self.threshold,
            current_clause_id=clause_id,
        )


def orchestrator_plugin(
    settings: Settings, llm: LLMClient | None, *, findings_of: FindingsReader = state_findings
) -> OrchestratorPlugin | None:
    """The orchestrator for one review, or None when ``use_orchestrator`` is off."""
    if not settings.use_orchestrator:
        return None
    return OrchestratorPlugin(
        llm=llm, threshold=settings.orchestrator_adjust_threshold, findings_of=findings_of
    )


def register_orchestrator(
    pm: pluggy.PluginManager,
    settings: Settings,
    llm: LLMClient | None,
    *,
    findings_of: FindingsReader = state_findings,
) -> OrchestratorPlugin | None:
    """Register the orchestrator on ``pm`` when ``use_orchestrator`` is on (replacing
    one registered earlier); returns it, or None."""
    previous = pm.get_plugin(ORCHESTRATOR_PLUGIN_NAME)
    if previous is not None:
        pm.unregister(previous)
    plugin = orchestrator_plugin(settings, llm, findings_of=findings_of)
    if plugin is not None:
        pm.register(plugin, name=ORCHESTRATOR_PLUGIN_NAME)
    return plugin
