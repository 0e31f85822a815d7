"""The FIDIC plugin's hook implementations (entry point ``fidic`` in the
``contract_review.domains`` group)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from contract_review.domain import ChecklistItem, DomainSpec
from contract_review.hookspecs import hookimpl
from contract_review.review.clause_location import ClauseLocation
from contract_review.review.skill_facts import SkillFact
from contract_review.review.state import ReviewState
from contract_review.skills.registration import SkillRegistration

from .checklist import DOMAIN_ID, DOMAIN_SPEC
from .clause_locator import locate_fidic_clause
from .registrations import CALCULATE_TIME_BAR, SKILLS
from .skill_inputs import build_input
from .time_bar_facts import time_bar_facts


@hookimpl
def register_domains(register: Callable[[DomainSpec], None]) -> None:
    """Register the FIDIC Silver Book domain."""
    register(DOMAIN_SPEC)


@hookimpl
def register_skills(register: Callable[[SkillRegistration], None]) -> None:
    """Register the FIDIC skills."""
    for skill in SKILLS:
        register(skill)


@hookimpl
def build_skill_input(
    skill: SkillRegistration, clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    """The input of a FIDIC skill; None for every other skill."""
    if skill.domain != DOMAIN_ID:
        return None
    return build_input(skill.skill_id, clause, domain, state)


@hookimpl
def skill_facts(
    skill: SkillRegistration, clause_id: str, output: dict[str, Any]
) -> list[SkillFact] | None:
    """The facts the time-bar skill read; None for every other skill."""
    if skill.skill_id != CALCULATE_TIME_BAR:
        return None
    return time_bar_facts(clause_id, output)


@hookimpl
def locate_clauses(
    domain: DomainSpec, clause: ChecklistItem, state: ReviewState
) -> list[ClauseLocation] | None:
    """Where a FIDIC sub-clause is: the Particular Conditions over the General
    Conditions (:func:`~contract_review_fidic.clause_locator.locate_fidic_clause`);
    None for every other domain."""
    if domain.domain_id != DOMAIN_ID:
        return None
    return locate_fidic_clause(clause, state)
