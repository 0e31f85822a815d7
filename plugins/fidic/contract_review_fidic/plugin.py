"""The FIDIC plugin (entry point ``fidic`` in the ``contract_review.domains`` group)."""

from contract_review import DomainDeclaration, DomainRegister, hookimpl

from . import checklist, clause_locator, registrations, skill_inputs, time_bar_facts

FIDIC = DomainDeclaration(
    spec=checklist.DOMAIN_SPEC,
    skills=registrations.SKILLS,
    clause_locator=clause_locator.locate_fidic_clause,
    skill_inputs=skill_inputs.SKILL_INPUTS,
    skill_facts={registrations.CALCULATE_TIME_BAR: time_bar_facts.time_bar_facts},
)


@hookimpl
def register_domains(register: DomainRegister) -> None:
    """Register the FIDIC Silver Book domain: its spec, skills and their functions."""
    register(FIDIC)
