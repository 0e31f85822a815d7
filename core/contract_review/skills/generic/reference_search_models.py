"""Models of ``search_reference_doc`` (seed SPEC-16 §3.1), exactly as the seed gives them.

The skill searches a reference document (an Employer's Requirements, a disclosure
letter, another transaction document) for the sections related to a clause; the
handler is :func:`contract_review.retrieval.reference_search.search_reference_doc`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class SearchReferenceDocInput(BaseModel):
    """Input of ``search_reference_doc``."""

    clause_id: str
    document_structure: Any  # the primary document (where the query text comes from)
    reference_structure: Any = None  # the reference document searched
    query: str = ""
    top_k: int = 5
    min_score: float = 0.3  # similarity threshold; callers may override


class MatchedSection(BaseModel):
    """One section of the reference document and how relevant it is."""

    section_id: str
    text: str
    relevance_score: float  # 0-1


class SearchReferenceDocOutput(BaseModel):
    """Output of ``search_reference_doc``."""

    clause_id: str
    matched_sections: list[MatchedSection] = Field(default_factory=list)
    total_found: int = 0
    search_method: str = "dashscope_embedding"
