"""Building the inputs of the FIDIC skills from the review state.

Documents are found by role: the General Conditions under ``gc``, the Particular
Conditions under ``pc`` (the primary document stands in when there is no separate
``pc`` document, since the contract under review usually is the Particular
Conditions), the Employer's Requirements under ``er``.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from contract_review.documents.model import Document
from contract_review.domain import ChecklistItem
from contract_review.review.state import ReviewState
from contract_review.skills.generic.clause_lookup import find_clause
from contract_review.text.clause_text import clause_text

from .checklist import ROLE_ER, ROLE_GC, ROLE_PC
from .merge_gc_pc import MergeGcPcInput, merge_gc_pc
from .pc_consistency import PcConsistencyInput
from .registrations import CALCULATE_TIME_BAR, CHECK_PC_CONSISTENCY, MERGE_GC_PC, SEARCH_ER
from .search_er import SearchErInput
from .time_bar import TimeBarInput

#: How much of the clause text the ER search uses as its query.
QUERY_CHARS = 500


def general_conditions(state: ReviewState) -> Document | None:
    """The General Conditions of the review, if supplied."""
    return state.document(ROLE_GC)


def particular_conditions(state: ReviewState) -> Document | None:
    """The Particular Conditions: the ``pc`` document, else the contract under review."""
    return state.document(ROLE_PC) or state.primary


def _primary_clause_text(state: ReviewState, clause: ChecklistItem) -> str:
    document = state.primary
    if document is None:
        return ""
    section = find_clause(document, clause.clause_id, clause.keywords)
    return "" if section is None else clause_text(document, section).text.strip()


def effective_clause_text(state: ReviewState, clause: ChecklistItem) -> str:
    """The clause as it applies: the General Conditions merged with the Particular
    Conditions when both are supplied, else the clause in the contract under review."""
    gc = general_conditions(state)
    pc = particular_conditions(state)
    if gc is not None and pc is not None:
        merged = merge_gc_pc(
            MergeGcPcInput(clause_id=clause.clause_id, gc_structure=gc, pc_structure=pc)
        )
        if merged.merged_text:
            return merged.merged_text
    return _primary_clause_text(state, clause)


def _merge_input(state: ReviewState, clause: ChecklistItem) -> BaseModel:
    return MergeGcPcInput(
        clause_id=clause.clause_id,
        gc_structure=general_conditions(state),
        pc_structure=particular_conditions(state),
    )


def _time_bar_input(state: ReviewState, clause: ChecklistItem) -> BaseModel:
    return TimeBarInput(
        clause_id=clause.clause_id,
        clause_text=effective_clause_text(state, clause),
        document_structure=state.primary,
    )


def _consistency_input(state: ReviewState, clause: ChecklistItem) -> BaseModel:
    return PcConsistencyInput(
        clause_id=clause.clause_id,
        gc_structure=general_conditions(state),
        pc_structure=particular_conditions(state),
    )


def _search_er_input(state: ReviewState, clause: ChecklistItem) -> BaseModel:
    text = _primary_clause_text(state, clause)
    query = " ".join(
        part for part in (clause.clause_name_en, clause.clause_name, text[:QUERY_CHARS]) if part
    )
    return SearchErInput(
        clause_id=clause.clause_id,
        document_structure=state.primary,
        er_structure=state.document(ROLE_ER),
        query=query,
        top_k=5,
    )


#: Skill id -> the function building its input from the review (see
#: :class:`contract_review.DomainDeclaration`).
SKILL_INPUTS: dict[str, Callable[[ReviewState, ChecklistItem], BaseModel]] = {
    MERGE_GC_PC: _merge_input,
    CALCULATE_TIME_BAR: _time_bar_input,
    CHECK_PC_CONSISTENCY: _consistency_input,
    SEARCH_ER: _search_er_input,
}
