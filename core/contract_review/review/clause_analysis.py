"""The engine's ``analyze`` step for one checklist item.

Locate the item (hook ``locate_clauses``). With ``use_react_agent`` on and an LLM, the
ReAct worker analyses it (:mod:`contract_review.review.clause_react`); otherwise — the
setting off, no LLM, or the LLM failing — run the skills its plan names through the
dispatcher (inputs built by the ``build_skill_input`` hook) and apply the playbook to
the located passages. Either way,
quote matching sections of the reference documents (Employer's Requirements,
disclosure letter) as evidence. A located item on which no playbook rule
fires is no finding: it is recorded as checked and in order
(:class:`~contract_review.review.findings.CheckedItem`), pointing at the passage, so
the report shows where every checklist item was found while its findings hold only
issues. Redlines the playbook proposes are kept aside for the ``generate_diffs`` node.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..documents.model import Document, DocumentRole
from ..domain import ChecklistItem, Priority, RiskLevel
from ..skills.generic.reference_search_models import (
    SearchReferenceDocInput,
    SearchReferenceDocOutput,
)
from ..skills.registration import SkillResult
from ..text.sentences import sentences
from .clause_location import ClauseLocation
from .clause_react import analyze_with_llm
from .engine_context import EngineContext
from .findings import CheckedItem, Evidence, Finding, SkillResultSummary
from .item_mentions import item_applies, mentioned_locations
from .plan import AnalysisDepth, ClauseAnalysisPlan
from .report_words import item_name, say
from .routing import locate_clauses
from .skill_facts import SkillFact, facts_of
from .state import ClauseWork, ReviewState

__all__ = [
    "analyze_clause",
    "checked_item",
    "clause_facts",
    "missing_finding",
    "run_planned_skills",
]

#: Skills the engine runs itself (locating, reference search) rather than as planned tools.
_ENGINE_SKILLS = frozenset({"search_reference_doc"})
#: Reference sections quoted per finding, and the least similarity to quote one.
REFERENCE_HITS = 2
REFERENCE_MIN_SCORE = 0.35
#: Characters of the clause used as the reference-search query.
REFERENCE_QUERY_CHARS = 1200
_REFERENCE_KINDS = frozenset({DocumentRole.REFERENCE.value, "disclosure_letter"})


def analyze_clause(
    ctx: EngineContext, state: ReviewState, item: ChecklistItem, plan: ClauseAnalysisPlan
) -> ClauseWork:
    """Locate, analyse (LLM or playbook), quote references: the clause's work so far.

    Every skill runs once for the clause (:class:`~.skill_runs.SkillRuns`); what the
    skills read becomes the clause's facts, which the playbook tests and the report
    shows."""
    ctx.skill_runs.for_clause(item.clause_id)
    locations = locate_clauses(ctx.registry, ctx.domain, item, state)
    work = ClauseWork(checklist_item_id=item.clause_id, locations=locations, steps=["analyze"])
    if not locations:
        # not found where expected; a one-sided term may still sit elsewhere
        elsewhere = ctx.assess(item, [], state.documents)
        if elsewhere:
            work.findings = elsewhere
            _keep_changes_aside(work)
            return work
        if not item_applies(item, state.contract_type):
            work.not_applicable = True  # not expected in this kind of contract
            return work
        contract = state.primary
        mentioned = mentioned_locations(item, contract) if contract is not None else []
        if mentioned:
            # the contract speaks to it where the locator saw no clause of its own: not
            # missing, and not claimed as located either
            work.mentioned_in = [loc.clause_id for loc in mentioned]
        else:
            work.findings = [missing_finding(item, state.reported_in)]
        return work
    react = ctx.use_react_agent and ctx.llm is not None
    answered = analyze_with_llm(ctx, state, item, plan, locations) if react else None
    if answered is not None:
        findings, work.skill_results = answered
        work.worker = "react"
        work.facts = clause_facts(ctx, item.clause_id)
    else:
        if plan.analysis_depth is not AnalysisDepth.QUICK:
            work.skill_results = run_planned_skills(ctx, state, item, plan)
        work.facts = clause_facts(ctx, item.clause_id)
        findings = ctx.assess(item, locations, state.documents, facts=work.facts)
    if not findings:
        in_primary = [loc for loc in locations if loc.role == DocumentRole.PRIMARY.value]
        work.checked = [checked_item(ctx, item, loc, state) for loc in in_primary or locations[:1]]
    references = (
        []
        if plan.analysis_depth is AnalysisDepth.QUICK
        else reference_evidence(ctx, state, item, locations)
    )
    work.findings = [
        finding.model_copy(update={"evidence": [*finding.evidence, *references]})
        for finding in findings
    ]
    _keep_changes_aside(work)
    return work


def _keep_changes_aside(work: ClauseWork) -> None:
    """Move the findings' redlines to ``proposed_changes`` for ``generate_diffs``."""
    for index, finding in enumerate(work.findings):
        if finding.suggested_change is not None:
            work.proposed_changes[finding.finding_id] = finding.suggested_change
            work.findings[index] = finding.model_copy(update={"suggested_change": None})


def missing_finding(item: ChecklistItem, language: str = "") -> Finding:
    """The finding for an item the documents do not hold.

    A missing clause is not in itself one-sided — a contract without a non-compete
    burdens nobody — so it is reported at medium risk for critical items and low
    otherwise; the playbook's "absent" rules flag what must be there.
    """
    risk = RiskLevel.MEDIUM if item.priority is Priority.CRITICAL else RiskLevel.LOW
    return Finding.missing(item, risk_level=risk, language=language)


def checked_item(
    ctx: EngineContext, item: ChecklistItem, location: ClauseLocation, state: ReviewState
) -> CheckedItem:
    """``item`` found at ``location`` and in order: no playbook rule for it fired."""
    document = state.document_named(location.document)
    evidence = []
    if document is not None:
        evidence.append(
            Evidence(
                kind="clause",
                source=document.name,
                id=location.clause_id,
                text=location.text(document),
                start=location.start,
                end=location.end,
            )
        )
    language = state.reported_in
    position, _ = ctx.criteria(item)
    note = in_order_note(position, chinese=language == "zh")
    return CheckedItem(
        checklist_item_id=item.clause_id,
        clause_id=location.clause_id,
        title=item_name(item, language),
        note=note,
        evidence=evidence,
    )


def in_order_note(position: str, *, chinese: bool) -> str:
    """One line on why a checked item is in order: it meets our standard position (its
    first sentence)."""
    first = next(iter(sentences(position)), "").rstrip(".。")
    language = "zh" if chinese else "en"
    return say("in_order", language, position=first) if first else say("in_order_bare", language)


def run_planned_skills(
    ctx: EngineContext, state: ReviewState, item: ChecklistItem, plan: ClauseAnalysisPlan
) -> list[SkillResultSummary]:
    """Run the clause plan's tools (the active skills of the domain among them)."""
    active = {skill.skill_id for skill in ctx.registry.skills_for(ctx.domain.domain_id)}
    summaries: list[SkillResultSummary] = []
    for skill_id in plan.suggested_tools:
        if skill_id not in active or skill_id in _ENGINE_SKILLS:
            continue
        result = ctx.skill_runs.prepare_and_call(skill_id, clause_id=item.clause_id, state=state)
        summaries.append(SkillResultSummary.from_result(result, summary=summarise(result)))
    return summaries


def clause_facts(ctx: EngineContext, clause_id: str) -> list[SkillFact]:
    """What the skills run for the clause read (hook ``skill_facts``), each fact once."""
    facts: dict[tuple[str, str], SkillFact] = {}
    for result in ctx.skill_runs.results():
        for fact in facts_of(ctx.registry, result, clause_id):
            facts.setdefault((fact.skill_id, fact.words), fact)
    return list(facts.values())


def summarise(result: SkillResult) -> str:
    """One line about a skill's output: list fields by length, short scalars by value."""
    if not result.success:
        return result.error or "failed"
    parts: list[str] = []
    for key, value in (result.data or {}).items():
        if isinstance(value, list):
            parts.append(f"{key}: {len(value)}")
        elif isinstance(value, bool | int | float) or (
            isinstance(value, str) and 0 < len(value) < 40
        ):
            parts.append(f"{key}={value}")
    return ", ".join(parts)[:240]


def _reference_documents(ctx: EngineContext, state: ReviewState) -> list[Document]:
    kinds = {spec.role: spec.kind for spec in ctx.domain.document_roles}
    return [
        doc
        for doc in state.documents
        if doc.role != DocumentRole.PRIMARY.value
        and (doc.role in _REFERENCE_KINDS or kinds.get(doc.role) in _REFERENCE_KINDS)
    ]


def reference_evidence(
    ctx: EngineContext,
    state: ReviewState,
    item: ChecklistItem,
    locations: Sequence[ClauseLocation],
) -> list[Evidence]:
    """The reference documents' sections most similar to the located clause."""
    references = _reference_documents(ctx, state)
    primary = state.primary
    if not references or primary is None:
        return []
    first = locations[0]
    holder = state.document_named(first.document) or primary
    query = first.text(holder)[:REFERENCE_QUERY_CHARS].strip() or item.clause_name
    evidence: list[Evidence] = []
    for reference in references:
        payload = SearchReferenceDocInput(
            clause_id=item.clause_id,
            document_structure=primary,
            reference_structure=reference,
            query=query,
            top_k=REFERENCE_HITS,
            min_score=REFERENCE_MIN_SCORE,
        )
        result = ctx.skill_runs.call("search_reference_doc", payload)
        if not result.success or result.data is None:
            continue
        output = SearchReferenceDocOutput.model_validate(result.data)
        evidence.extend(Evidence.from_match(reference, match) for match in output.matched_sections)
    return evidence
