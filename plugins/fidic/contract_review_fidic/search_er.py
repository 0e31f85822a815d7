"""Skill ``fidic_search_er`` (preview): find the Employer's Requirements sections that
bear on a clause.

The input and output models are SPEC-16's, unchanged, so prompts and callers written
for them keep working. The skill is registered as a preview; the retrieval work makes it
a thin wrapper of core's ``search_reference_doc`` with ``er_structure`` as the
reference document.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


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
