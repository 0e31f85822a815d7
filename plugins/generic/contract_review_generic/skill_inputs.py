"""Building the inputs of the generic domain's skills from the review state."""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from contract_review.domain import ChecklistItem
from contract_review.review.state import ReviewState

from .checklist import LOCATE_SKILL
from .locate import LocateClauseInput


def locate_input(clause: ChecklistItem, state: ReviewState) -> BaseModel:
    """The input of the clause-location skill for ``clause``."""
    return LocateClauseInput(
        clause_id=clause.clause_id,
        keywords=list(clause.keywords),
        document_structure=state.primary,
    )


#: Skill id -> the function building its input from the review (see
#: :class:`contract_review.DomainDeclaration`).
SKILL_INPUTS: dict[str, Callable[..., BaseModel]] = {LOCATE_SKILL: locate_input}
