"""The SHA/SPA plugin's hook implementations (entry point ``sha_spa`` in the
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
from .clause_locator import locate_topic
from .indemnity_facts import indemnity_facts
from .registrations import INDEMNITY_ANALYSIS, SKILLS
from .skill_inputs import build_input


@hookimpl
def register_domains(register: Callable[[DomainSpec], None]) -> None:
    """Register the SHA/SPA domain."""
    register(DOMAIN_SPEC)


@hookimpl
def register_skills(register: Callable[[SkillRegistration], None]) -> None:
    """Register the SHA/SPA skills."""
    for skill in SKILLS:
        register(skill)


@hookimpl
def build_skill_input(
    skill: SkillRegistration, clause: ChecklistItem, domain: DomainSpec, state: ReviewState
) -> BaseModel | None:
    """The input of a SHA/SPA skill; None for every other skill."""
    if skill.domain != DOMAIN_ID:
        return None
    return build_input(skill.skill_id, clause, domain, state)


@hookimpl
def locate_clauses(
    domain: DomainSpec, clause: ChecklistItem, state: ReviewState
) -> list[ClauseLocation] | None:
    """Where an SPA/SHA topic is in the agreement under review, by heading first
    (:func:`~contract_review_sha_spa.clause_locator.locate_topic`); None for every
    other domain."""
    if domain.domain_id != DOMAIN_ID:
        return None
    primary = state.primary
    if primary is None:
        return []
    return locate_topic(primary, clause, domain.checklist)


@hookimpl
def skill_facts(
    skill: SkillRegistration, clause_id: str, output: dict[str, Any]
) -> list[SkillFact] | None:
    """The facts the indemnity analysis read; None for every other skill."""
    if skill.skill_id != INDEMNITY_ANALYSIS:
        return None
    return indemnity_facts(clause_id, output)
