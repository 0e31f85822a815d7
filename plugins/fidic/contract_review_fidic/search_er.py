"""Skill ``fidic_search_er``: find the Employer's Requirements sections that bear on a
clause.

A thin wrapper of core's ``search_reference_doc`` (SPEC-16 §3.2) with ``er_structure``
as the reference document. The input and output models are SPEC-16's, unchanged, so
prompts and callers written for them keep working.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from contract_review.retrieval.reference_search import search_reference_doc
from contract_review.skills.generic.reference_search_models import SearchReferenceDocInput


class SearchErInput(BaseModel):
    """Input of ``fidic_search_er`` (SPEC-16, unchanged)."""

    clause_id: str
    document_structure: Any
    er_structure: Any = None
    query: str = ""
    top_k: int = 5


class ErSection(BaseModel):
    """One Employer's Requirements section that matches (SPEC-16, unchanged)."""

    section_id: str
    text: str
    relevance_score: float


class SearchErOutput(BaseModel):
    """Output of ``fidic_search_er`` (SPEC-16, unchanged)."""

    clause_id: str
    relevant_sections: list[ErSection] = Field(default_factory=list)
    total_found: int = 0
    search_method: str = "dashscope_embedding"


async def search_er(input_data: SearchErInput) -> SearchErOutput:
    """Search the Employer's Requirements for the sections related to the clause."""
    generic_input = SearchReferenceDocInput(
        clause_id=input_data.clause_id,
        document_structure=input_data.document_structure,
        reference_structure=input_data.er_structure,
        query=input_data.query,
        top_k=input_data.top_k,
    )
    generic_output = await search_reference_doc(generic_input)

    return SearchErOutput(
        clause_id=generic_output.clause_id,
        relevant_sections=[
            ErSection(
                section_id=s.section_id,
                text=s.text,
                relevance_score=s.relevance_score,
            )
            for s in generic_output.matched_sections
        ],
        total_found=generic_output.total_found,
        search_method=generic_output.search_method,
    )
