"""Core's generic skills (domain ``*``), available to every domain.

Registers the eight generic skills and answers ``build_skill_input`` for them (and only
them), filling their internal fields from the review state: the primary document, the
reference document (a role of kind 'reference', else the first other document), the
domain's baseline text and playbook rules for the clause.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from ..documents.model import Document, DocumentRole
from ..domain import ALL_DOMAINS, ChecklistItem, DomainSpec
from ..hookspecs import hookimpl
from ..retrieval.reference_search import search_reference_doc
from ..review.skill_facts import SkillFact
from ..review.state import ReviewState
from ..skills.generic.baseline_comparison import (
    CompareWithBaselineInput,
    CompareWithBaselineOutput,
    compare_with_baseline,
)
from ..skills.generic.clause_context import (
    ClauseContextInput,
    ClauseContextOutput,
    get_clause_context,
)
from ..skills.generic.clause_lookup import find_clause
from ..skills.generic.cross_references import (
    CrossReferenceInput,
    CrossReferenceOutput,
    cross_reference_check,
)
from ..skills.generic.definition_lookup import (
    ResolveDefinitionInput,
    ResolveDefinitionOutput,
    resolve_definition,
)
from ..skills.generic.deviation_models import AssessDeviationInput, AssessDeviationOutput
from ..skills.generic.financial_terms import (
    ExtractFinancialTermsInput,
    ExtractFinancialTermsOutput,
    extract_financial_terms,
)
from ..skills.generic.generic_facts import generic_skill_facts
from ..skills.generic.reference_search_models import (
    SearchReferenceDocInput,
    SearchReferenceDocOutput,
)
from ..skills.generic.review_criteria import (
    LoadReviewCriteriaInput,
    LoadReviewCriteriaOutput,
    load_review_criteria,
)
from ..skills.registration import SkillBackend, SkillRegistration
from ..text.clause_text import clause_text

#: How much of the clause text ``search_reference_doc`` uses as its query.
QUERY_CHARS = 500

GENERIC_SKILLS: tuple[SkillRegistration, ...] = (
    SkillRegistration(
        skill_id="get_clause_context",
        name="Clause context",
        description="Find a clause in the contract and return its full text, title, parent, "
        "sub-clauses and what to read with it: the definitions of the terms it uses, its "
        "exception sentences, the clauses it cites and the clauses around it.",
        input_model=ClauseContextInput,
        output_model=ClauseContextOutput,
        handler=get_clause_context,
        domain=ALL_DOMAINS,
        category="context",
    ),
    SkillRegistration(
        skill_id="resolve_definition",
        name="Resolve defined terms",
        description="Look up what defined terms mean in this contract: the given terms, or "
        "every defined term used in a clause.",
        input_model=ResolveDefinitionInput,
        output_model=ResolveDefinitionOutput,
        handler=resolve_definition,
        domain=ALL_DOMAINS,
        category="context",
    ),
    SkillRegistration(
        skill_id="compare_with_baseline",
        name="Compare with baseline",
        description="Compare a clause with the market-standard (baseline) text: similarity, "
        "sentences added and sentences removed.",
        input_model=CompareWithBaselineInput,
        output_model=CompareWithBaselineOutput,
        handler=compare_with_baseline,
        domain=ALL_DOMAINS,
        category="analysis",
    ),
    SkillRegistration(
        skill_id="cross_reference_check",
        name="Cross-reference check",
        description="Find the references to other clauses, articles and chapters in a clause "
        "and report which point at a real section and which dangle.",
        input_model=CrossReferenceInput,
        output_model=CrossReferenceOutput,
        handler=cross_reference_check,
        domain=ALL_DOMAINS,
        category="validation",
    ),
    SkillRegistration(
        skill_id="extract_financial_terms",
        name="Extract financial terms",
        description="Extract the amounts (with currency), percentages and time periods of a "
        "clause, with their values, units and positions.",
        input_model=ExtractFinancialTermsInput,
        output_model=ExtractFinancialTermsOutput,
        handler=extract_financial_terms,
        domain=ALL_DOMAINS,
        category="extraction",
    ),
    SkillRegistration(
        skill_id="search_reference_doc",
        name="Search the reference document",
        description="Search the reference document (Employer's Requirements, disclosure "
        "letter, related transaction documents) for the sections related to a clause.",
        input_model=SearchReferenceDocInput,
        output_model=SearchReferenceDocOutput,
        handler=search_reference_doc,
        domain=ALL_DOMAINS,
        category="validation",
    ),
    SkillRegistration(
        skill_id="load_review_criteria",
        name="Load review criteria",
        description="Return what the review checklist asks about a clause (description, "
        "priority, skills to use) and the playbook rules that apply to it.",
        input_model=LoadReviewCriteriaInput,
        output_model=LoadReviewCriteriaOutput,
        handler=load_review_criteria,
        domain=ALL_DOMAINS,
        category="context",
    ),
    SkillRegistration(
        skill_id="assess_deviation",
        name="Assess deviation",
        description="Assess how a clause departs from the domain's playbook: each rule that "
        "fires (short time bars, long payment periods, uncapped or one-sided liability...) "
        "with its risk level, the words that show it, the rationale and the redline we ask "
        "for.",
        input_model=AssessDeviationInput,
        output_model=AssessDeviationOutput,
        backend=SkillBackend.LOCAL,
        handler="contract_review.playbooks.deviation_assessment:assess_deviation",
        domain=ALL_DOMAINS,
        category="analysis",
    ),
)

GENERIC_SKILL_IDS: frozenset[str] = frozenset(skill.skill_id for skill in GENERIC_SKILLS)


@hookimpl
def register_skills(register: Callable[[SkillRegistration], None]) -> None:
    """Register the generic skills."""
    for skill in GENERIC_SKILLS:
        register(skill)


@hookimpl
def build_skill_input(
    skill: SkillRegistration, clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    """The input of a generic skill for ``clause``; None for every other skill, and for
    skills that need the primary document when the review has none."""
    if skill.skill_id not in GENERIC_SKILL_IDS or skill.domain != ALL_DOMAINS:
        return None
    return _BUILDERS[skill.skill_id](clause, domain, state)


@hookimpl
def skill_facts(
    skill: SkillRegistration, clause_id: str, output: dict[str, Any]
) -> list[SkillFact] | None:
    """The facts of a generic skill's output; None for every other skill."""
    if skill.domain != ALL_DOMAINS:
        return None
    return generic_skill_facts(skill.skill_id, clause_id, output)


# ---------------------------------------------------------------------- builders

_Builder = Callable[[ChecklistItem, DomainSpec, ReviewState], BaseModel | None]


def _primary(state: ReviewState) -> Document | None:
    return state.primary


def _reference(domain: DomainSpec, state: ReviewState) -> Document | None:
    """The document to search: the first whose role is a reference (the generic role,
    or a domain role of kind 'reference' such as FIDIC's 'er'), else any non-primary
    document."""
    reference_roles = {DocumentRole.REFERENCE.value} | {
        spec.role for spec in domain.document_roles if spec.kind == DocumentRole.REFERENCE.value
    }
    documents = [doc for doc in state.documents if doc.role != DocumentRole.PRIMARY.value]
    return next((doc for doc in documents if doc.role in reference_roles), None) or next(
        iter(documents), None
    )


def _clause_text(document: Document, clause: ChecklistItem) -> str:
    section = find_clause(document, clause.clause_id, clause.keywords)
    return "" if section is None else clause_text(document, section).text


def _clause_context(
    clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    document = _primary(state)
    if document is None:
        return None
    return ClauseContextInput(
        clause_id=clause.clause_id, keywords=list(clause.keywords), document_structure=document
    )


def _resolve_definition(
    clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    document = _primary(state)
    if document is None:
        return None
    return ResolveDefinitionInput(
        clause_id=clause.clause_id, keywords=list(clause.keywords), document_structure=document
    )


def _compare_with_baseline(
    clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    document = _primary(state)
    if document is None:
        return None
    return CompareWithBaselineInput(
        clause_id=clause.clause_id,
        baseline_text=domain.baseline_texts.get(clause.clause_id, ""),
        keywords=list(clause.keywords),
        document_structure=document,
    )


def _cross_reference_check(
    clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    document = _primary(state)
    if document is None:
        return None
    return CrossReferenceInput(
        clause_id=clause.clause_id, keywords=list(clause.keywords), document_structure=document
    )


def _extract_financial_terms(
    clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    document = _primary(state)
    if document is None:
        return None
    return ExtractFinancialTermsInput(
        clause_id=clause.clause_id, keywords=list(clause.keywords), document_structure=document
    )


def _search_reference_doc(
    clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    document = _primary(state)
    if document is None:
        return None
    query = _clause_text(document, clause)[:QUERY_CHARS].strip()
    if not query:
        query = " ".join([clause.clause_name, *clause.keywords]).strip() or clause.clause_id
    return SearchReferenceDocInput(
        clause_id=clause.clause_id,
        document_structure=document,
        reference_structure=_reference(domain, state),
        query=query,
    )


def _load_review_criteria(
    clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    # Needs no document. The domain's own item, so a clause outside the checklist
    # (an LLM asking about another clause) is reported as not found.
    return LoadReviewCriteriaInput(
        clause_id=clause.clause_id,
        checklist_item=domain.checklist_item(clause.clause_id),
        playbook_rules=list(domain.playbook_rules),
    )


def _assess_deviation(
    clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    document = _primary(state)
    if document is None:
        return None
    return AssessDeviationInput(
        clause_id=clause.clause_id,
        clause_text=_clause_text(document, clause),
        baseline_text=domain.baseline_texts.get(clause.clause_id, ""),
        our_party=state.our_party,
        language="zh" if state.language == "zh" else "en",
        playbook_rules=[r for r in domain.playbook_rules if r.clause_id == clause.clause_id],
        document_structure=document,
    )


_BUILDERS: dict[str, _Builder] = {
    "get_clause_context": _clause_context,
    "resolve_definition": _resolve_definition,
    "compare_with_baseline": _compare_with_baseline,
    "cross_reference_check": _cross_reference_check,
    "extract_financial_terms": _extract_financial_terms,
    "search_reference_doc": _search_reference_doc,
    "load_review_criteria": _load_review_criteria,
    "assess_deviation": _assess_deviation,
}
