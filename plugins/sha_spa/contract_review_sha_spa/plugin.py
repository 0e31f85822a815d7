"""The SHA/SPA plugin (entry point ``sha_spa`` in the ``contract_review.domains`` group)."""

from contract_review import DomainDeclaration, DomainRegister, hookimpl

from . import checklist, clause_locator, indemnity_facts, registrations, skill_inputs

SHA_SPA = DomainDeclaration(
    spec=checklist.DOMAIN_SPEC,
    skills=registrations.SKILLS,
    clause_locator=clause_locator.locate_clause,
    skill_inputs=skill_inputs.SKILL_INPUTS,
    skill_facts={registrations.INDEMNITY_ANALYSIS: indemnity_facts.indemnity_facts},
)


@hookimpl
def register_domains(register: DomainRegister) -> None:
    """Register the SHA/SPA domain: its spec, skills and their functions."""
    register(SHA_SPA)
