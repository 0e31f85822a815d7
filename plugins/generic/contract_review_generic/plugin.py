"""The generic-contracts plugin (entry point ``generic`` in ``contract_review.domains``)."""

from contract_review import DomainDeclaration, DomainRegister, hookimpl

from . import checklist, clause_locator, registrations, skill_inputs

GENERIC = DomainDeclaration(
    spec=checklist.DOMAIN_SPEC,
    skills=registrations.SKILLS,
    clause_locator=clause_locator.LOCATOR.locate_clause,
    skill_inputs=skill_inputs.SKILL_INPUTS,
)


@hookimpl
def register_domains(register: DomainRegister) -> None:
    """Register the general commercial contracts domain: its spec, skills and functions."""
    register(GENERIC)
