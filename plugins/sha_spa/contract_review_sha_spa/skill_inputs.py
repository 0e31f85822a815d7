"""Building the inputs of the SHA/SPA skills from the review state.

The clause is found in the primary document (the SPA or SHA) by
:func:`~contract_review.documents.locate.locate_checklist_item` and its text is
put in the input. Related
transaction documents are the documents with role ``reference``.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from contract_review.documents.locate import locate_checklist_item
from contract_review.domain import ChecklistItem
from contract_review.review.state import ReviewState
from contract_review.skills.generic.reference_search_models import SearchReferenceDocInput
from contract_review.text.clause_text import clause_text

from .checklist import ROLE_REFERENCE
from .clause_location import checklist_clause_body
from .conditions import ExtractConditionsInput
from .governance import GovernanceCheckInput
from .indemnity import IndemnityAnalysisInput
from .registrations import (
    EXTRACT_CONDITIONS,
    EXTRACT_REPS_WARRANTIES,
    GOVERNANCE_CHECK,
    INDEMNITY_ANALYSIS,
    TRANSACTION_DOC_CROSS_CHECK,
)
from .reps_warranties import ExtractRepsWarrantiesInput

#: How much of the clause text the cross-check uses as its query (SPEC-16 §4.3).
QUERY_CHARS = 500


def _clause_fields(state: ReviewState, clause: ChecklistItem) -> dict[str, object]:
    return {
        "clause_id": clause.clause_id,
        "clause_text": checklist_clause_body(state.primary, clause),
        "keywords": list(clause.keywords),
        "document_structure": state.primary,
    }


def _conditions_input(state: ReviewState, clause: ChecklistItem) -> BaseModel:
    return ExtractConditionsInput.model_validate(_clause_fields(state, clause))


def _reps_input(state: ReviewState, clause: ChecklistItem) -> BaseModel:
    return ExtractRepsWarrantiesInput.model_validate(_clause_fields(state, clause))


def _indemnity_input(state: ReviewState, clause: ChecklistItem) -> BaseModel:
    return IndemnityAnalysisInput.model_validate(_clause_fields(state, clause))


def _governance_input(state: ReviewState, clause: ChecklistItem) -> BaseModel:
    return GovernanceCheckInput.model_validate(
        {
            **_clause_fields(state, clause),
            "our_party": state.our_party,
            "material_type": state.material_type,
        }
    )


def _cross_check_input(state: ReviewState, clause: ChecklistItem) -> BaseModel:
    primary = state.primary
    section = locate_checklist_item(primary, clause) if primary is not None else None
    text = clause_text(primary, section).text if primary is not None and section is not None else ""
    query = " ".join(part for part in (text[:QUERY_CHARS], state.material_type) if part)
    return SearchReferenceDocInput(
        clause_id=clause.clause_id,
        document_structure=primary,
        reference_structure=state.document(ROLE_REFERENCE),
        query=query or clause.clause_id,
        top_k=5,
    )


#: Skill id -> the function building its input from the review (see
#: :class:`contract_review.DomainDeclaration`).
SKILL_INPUTS: dict[str, Callable[[ReviewState, ChecklistItem], BaseModel]] = {
    EXTRACT_CONDITIONS: _conditions_input,
    EXTRACT_REPS_WARRANTIES: _reps_input,
    INDEMNITY_ANALYSIS: _indemnity_input,
    GOVERNANCE_CHECK: _governance_input,
    TRANSACTION_DOC_CROSS_CHECK: _cross_check_input,
}
