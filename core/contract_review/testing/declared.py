"""Calling a domain declaration's functions as core does, in a plugin's own tests.

::

    from contract_review.testing.declared import declared_input, declared_locations

    built = declared_input(plugin.FIDIC, "fidic_merge_gc_pc", clause, state)
    located = declared_locations(plugin.FIDIC, clause, state)

Each returns None when the declaration has no function for the call (core then asks
the plugins' hooks, and in the end uses its own default).
"""

from __future__ import annotations

from typing import Any, cast

from pydantic import BaseModel

from ..domain import ChecklistItem
from ..domain_declaration import DomainDeclaration, call_with
from ..review.clause_location import ClauseLocation
from ..review.skill_facts import SkillFact
from ..review.state import ReviewState

__all__ = ["declared_facts", "declared_input", "declared_locations"]


def _skill(declaration: DomainDeclaration, skill_id: str) -> Any:
    return next((s for s in declaration.skills if s.skill_id == skill_id), None)


def declared_input(
    declaration: DomainDeclaration, skill_id: str, clause: ChecklistItem, state: ReviewState
) -> BaseModel | None:
    """The input the declaration builds for ``skill_id`` on ``clause``."""
    builder = declaration.skill_inputs.get(skill_id)
    if builder is None:
        return None
    built = call_with(
        builder,
        skill=_skill(declaration, skill_id),
        clause=clause,
        domain=declaration.spec,
        state=state,
    )
    return cast(BaseModel | None, built)


def declared_locations(
    declaration: DomainDeclaration, clause: ChecklistItem, state: ReviewState
) -> list[ClauseLocation] | None:
    """Where the declaration's clause locator finds ``clause``."""
    if declaration.clause_locator is None:
        return None
    located = call_with(
        declaration.clause_locator, domain=declaration.spec, clause=clause, state=state
    )
    return cast(list[ClauseLocation] | None, located)


def declared_facts(
    declaration: DomainDeclaration, skill_id: str, clause_id: str, output: dict[str, Any]
) -> list[SkillFact] | None:
    """The facts the declaration's reader finds in ``skill_id``'s ``output``."""
    reader = declaration.skill_facts.get(skill_id)
    if reader is None:
        return None
    facts = call_with(
        reader, skill=_skill(declaration, skill_id), clause_id=clause_id, output=output
    )
    return cast(list[SkillFact] | None, facts)
