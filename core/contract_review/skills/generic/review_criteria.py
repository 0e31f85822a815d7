"""``load_review_criteria``: what the domain asks a reviewer to check in a clause.

The engine fills the checklist item and the domain's playbook rules (internal fields);
the skill returns the item's description, priority, required skills and keywords and
the rules that belong to the clause.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from ...domain import ChecklistItem, PlaybookRule, Priority


class LoadReviewCriteriaInput(BaseModel):
    """Input of ``load_review_criteria``."""

    clause_id: str = Field(min_length=1, description="The checklist clause, e.g. '20.1'.")
    checklist_item: ChecklistItem | None = Field(
        default=None,
        description="The domain's checklist item for the clause (filled by the engine).",
        json_schema_extra={"internal": True},
    )
    playbook_rules: list[PlaybookRule] = Field(
        default_factory=list,
        description="The domain's playbook rules (filled by the engine).",
        json_schema_extra={"internal": True},
    )


class LoadReviewCriteriaOutput(BaseModel):
    """Output of ``load_review_criteria``; ``found=False`` when the clause is not in the checklist."""

    clause_id: str
    found: bool
    clause_name: str = ""
    clause_name_en: str = ""
    description: str = ""
    priority: Priority | None = None
    required_skills: list[str] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    rules: list[PlaybookRule] = Field(
        default_factory=list, description="Playbook rules for this clause."
    )


def load_review_criteria(data: LoadReviewCriteriaInput) -> LoadReviewCriteriaOutput:
    """The checklist item and playbook rules of ``data.clause_id``."""
    rules = [rule for rule in data.playbook_rules if rule.clause_id == data.clause_id]
    item = data.checklist_item
    if item is None or item.clause_id != data.clause_id:
        return LoadReviewCriteriaOutput(clause_id=data.clause_id, found=False, rules=rules)
    return LoadReviewCriteriaOutput(
        clause_id=data.clause_id,
        found=True,
        clause_name=item.clause_name,
        clause_name_en=item.clause_name_en,
        description=item.description,
        priority=item.priority,
        required_skills=list(item.required_skills),
        keywords=list(item.keywords),
        rules=rules,
    )
