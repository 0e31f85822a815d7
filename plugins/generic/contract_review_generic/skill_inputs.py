"""Building the inputs of the generic domain's skills from the review state."""

from __future__ import annotations

from pydantic import BaseModel

from contract_review.domain import ChecklistItem, DomainSpec
from contract_review.review.state import ReviewState

from .checklist import LOCATE_SKILL
from .locate import LocateClauseInput


def build_input(
    skill_id: str, clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    """The input of a generic-domain skill for ``clause``; None for any other skill."""
    if skill_id != LOCATE_SKILL:
        return None
    return LocateClauseInput(
        clause_id=clause.clause_id,
        keywords=list(clause.keywords),
        document_structure=state.primary,
    )
